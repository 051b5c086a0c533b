package unconditionalwrite

import (
	"fmt"
	"go/token"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/diag"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/summary"
)

// A merge patch whose base was copied after the change it should capture
// (summary.LateBase) sends none of that change.

// lateFinding reports a late base at the MergeFrom call.
func lateFinding(pass *analysis.Pass, lb *summary.LateBase) diag.Finding {
	var paths []string
	var related []analysis.RelatedInformation
	for _, e := range lb.Lost {
		if p := summary.PathString(e.Path); !slices.ContainsFunc(paths, func(q string) bool { return summary.CoversPath(q, p) }) {
			paths = append(paths, p)
		}
		related = append(related, analysis.RelatedInformation{Pos: e.Instr.Pos(), Message: "changed here, before the base is copied"})
	}
	related = append(related, analysis.RelatedInformation{Pos: lb.Write.Pos(), Message: "the " + lb.Write.Method() + " that sends the patch"})
	pos := lb.MergeFrom.Pos()
	if !pos.IsValid() {
		pos = lb.Write.Pos()
	}
	line := pass.Fset.Position(lb.Lost[0].Instr.Pos()).Line
	msg := fmt.Sprintf("the base of this merge patch is copied from the object after %s was changed (line %d): "+
		"the patch is the difference from that copy, so the %s sends none of that change, and makes a request on every pass; "+
		"copy the base before the first change",
		strings.Join(paths, ", "), line, lb.Write.Method())
	return diag.Finding{Pos: pos, End: token.NoPos, Message: msg, Related: related}
}
