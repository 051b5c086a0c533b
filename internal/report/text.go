package report

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// WriteText writes one line per finding, sorted (see Sort):
//
//	path/to/file.go:12:3: notfounderror: message text [RL5001]
//
// The position is file:line:col, as go vet prints it, with the file made
// relative to the working directory when it lies under it. A missing
// column or line is left out. The check ID ends the line in brackets, so
// that the ID to put in a //reconcilelint:ignore comment is at hand. A
// message that spans lines has its continuation lines indented by a tab,
// so that every line starting in column 1 is one finding.
func WriteText(w io.Writer, findings []Finding) error {
	bw := bufio.NewWriter(w)
	wd := workDir()
	for _, f := range sorted(findings) {
		pos := textPos(wd, f.Pos)
		if pos != "" {
			pos += ": "
		}
		id := ""
		if f.ID != "" {
			id = " [" + f.ID + "]"
		}
		msg := strings.ReplaceAll(strings.ReplaceAll(f.Message, "\r\n", "\n"), "\n", "\n\t")
		if _, err := fmt.Fprintf(bw, "%s%s%s\n", pos, msg, id); err != nil {
			return fmt.Errorf("report: write text: %w", err)
		}
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("report: write text: %w", err)
	}
	return nil
}

// textPos formats p as file:line:col, relative to wd where possible.
func textPos(wd string, p Position) string {
	if p.File == "" {
		return ""
	}
	file, _ := relPath(wd, p.File)
	s := file
	if p.Line > 0 {
		s += ":" + strconv.Itoa(p.Line)
		if p.Column > 0 {
			s += ":" + strconv.Itoa(p.Column)
		}
	}
	return s
}
