package report

import (
	"bufio"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/reconcilelint/reconcilelint/analyzers/checkdoc"
)

// WriteGitHub writes the findings as GitHub Actions workflow commands, one
// per line, sorted as by Sort, which the runner turns into annotations:
//
//	::error file=pkg/r.go,line=12,col=3,title=RL5001 notfounderror::message
//
// Severity error gives ::error, warning ::warning and info ::notice. The
// file is relative to the working directory (the checkout) when it lies
// under it. Related positions follow the message on lines of their own.
// Property values escape %, CR, LF, ':' and ','; the message escapes %,
// CR and LF, as the workflow command syntax requires.
//
// errs are the errors that stopped the run; each becomes an ::error
// command titled "reconcilelint" before the findings, so that a failed
// run shows why in the workflow summary.
func WriteGitHub(w io.Writer, findings []Finding, errs []string) error {
	bw := bufio.NewWriter(w)
	wd := workDir()
	for _, e := range slices.Sorted(slices.Values(errs)) {
		if _, err := fmt.Fprintln(bw, "::error title=reconcilelint::"+escapeData(e)); err != nil {
			return fmt.Errorf("report: write GitHub annotations: %w", err)
		}
	}
	for _, f := range sorted(findings) {
		var props []string
		if f.Pos.File != "" {
			file, _ := relPath(wd, f.Pos.File)
			props = append(props, "file="+escapeProperty(toSlash(file)))
			if f.Pos.Line > 0 {
				props = append(props, "line="+strconv.Itoa(f.Pos.Line))
				if f.Pos.Column > 0 {
					props = append(props, "col="+strconv.Itoa(f.Pos.Column))
				}
				if f.End.Line > f.Pos.Line && (f.End.File == "" || f.End.File == f.Pos.File) {
					props = append(props, "endLine="+strconv.Itoa(f.End.Line))
				} else if f.End.Line == f.Pos.Line && f.End.Column > f.Pos.Column && f.Pos.Column > 0 {
					props = append(props, "endColumn="+strconv.Itoa(f.End.Column))
				}
			}
		}
		if title := strings.TrimSpace(f.ID + " " + f.Check); title != "" {
			props = append(props, "title="+escapeProperty(title))
		}
		msg := f.Message
		for _, r := range f.Related {
			pos := textPos(wd, r.Position)
			if pos != "" {
				pos += ": "
			}
			msg += "\n" + pos + r.Message
		}
		line := "::" + githubCommand(SeverityOf(f))
		if len(props) > 0 {
			line += " " + strings.Join(props, ",")
		}
		line += "::" + escapeData(msg)
		if _, err := fmt.Fprintln(bw, line); err != nil {
			return fmt.Errorf("report: write GitHub annotations: %w", err)
		}
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("report: write GitHub annotations: %w", err)
	}
	return nil
}

func githubCommand(s checkdoc.Severity) string {
	switch s {
	case checkdoc.Info:
		return "notice"
	case checkdoc.Warning:
		return "warning"
	}
	return "error"
}

var (
	dataEscaper     = strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A")
	propertyEscaper = strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C")
)

// escapeData escapes the message part of a workflow command.
func escapeData(s string) string { return dataEscaper.Replace(s) }

// escapeProperty escapes a property value of a workflow command.
func escapeProperty(s string) string { return propertyEscaper.Replace(s) }
