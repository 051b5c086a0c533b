// Package report holds the driver-independent form of a finding and the
// output formats the CLI prints it in (text, JSON, SARIF 2.1.0 and GitHub
// Actions annotations) and the exit-code gate. It imports the standard
// library, analyzers/checkdoc and github.com/owenrumney/go-sarif/v2, and no
// analyzer or driver code.
package report

import "fmt"

// Position is a place in a source file. Line and Column are 1-based;
// Offset is the 0-based byte offset, or -1 when unknown.
type Position struct {
	File   string `json:"file"`
	Line   int    `json:"line"`
	Column int    `json:"column"`
	Offset int    `json:"-"`
}

// String formats the position as file:line:col.
func (p Position) String() string {
	return fmt.Sprintf("%s:%d:%d", p.File, p.Line, p.Column)
}

// Edit replaces the bytes [Start, End) of File with New.
type Edit struct {
	File  string `json:"file"`
	Start int    `json:"start"`
	End   int    `json:"end"`
	New   string `json:"new"`
}

// Fix is one suggested fix: a set of edits applied together.
type Fix struct {
	Message string `json:"message"`
	Edits   []Edit `json:"edits"`
}

// Related is a secondary position of a finding, such as the store or write
// that causes it.
type Related struct {
	Position
	Message string `json:"message"`
}

// Finding is one diagnostic of one check.
type Finding struct {
	ID       string    `json:"id"`       // check ID, e.g. "RL5001"
	Check    string    `json:"check"`    // check name, e.g. "notfounderror"
	Severity string    `json:"severity"` // "info", "warning" or "error"
	Package  string    `json:"package"`  // import path of the analysed package
	Function string    `json:"function,omitempty"`
	Message  string    `json:"message"`
	Pos      Position  `json:"pos"`
	End      Position  `json:"end"`
	Related  []Related `json:"related,omitempty"`
	Fixes    []Fix     `json:"fixes,omitempty"`
}
