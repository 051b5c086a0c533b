package cli

import (
	"fmt"
	"io"
	"strings"

	"github.com/reconcilelint/reconcilelint/internal/progress"
	"github.com/reconcilelint/reconcilelint/internal/scaffold"
)

// scaffoldVerify runs -scaffold-verify: it writes a verify test for each
// reconciler of the packages, prints the files written on stdout and the
// reconcilers it skipped on stderr. Packages that do not load, a pattern
// that matches nothing, no reconciler to scaffold and a file that already
// exists are errors (exit 2), and then nothing is written.
func scaffoldVerify(dir string, patterns []string, stdout, stderr io.Writer) (int, error) {
	g, err := newGoCommand(dir, progress.New(stderr, false, progressInterval))
	if err != nil {
		return 0, err
	}
	// go list gives the one-line errors of the linter for a missing
	// module, a pattern that matches nothing and code that does not load.
	if _, err := g.listPackages(patterns); err != nil {
		return 0, err
	}
	files, notes, err := scaffold.Plan(dir, patterns)
	for _, n := range notes {
		fmt.Fprintf(stderr, "reconcilelint: %s\n", n)
	}
	if err != nil {
		return 0, fmt.Errorf("-scaffold-verify: %w", err)
	}
	if err := scaffold.Write(files); err != nil {
		return 0, fmt.Errorf("-scaffold-verify: %w", err)
	}
	for _, f := range files {
		fmt.Fprintf(stdout, "%s\t%s\n", scaffold.Display(f.Path), strings.Join(f.Tests, " "))
	}
	fmt.Fprintf(stderr, "reconcilelint: wrote %d file(s); they import %s: add that module to go.mod (go get, or a replace to a clone) before go test\n", len(files), scaffold.VerifyPath)
	return ExitClean, nil
}
