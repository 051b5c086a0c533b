package difftest

import (
	"context"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"

	"github.com/reconcilelint/reconcilelint/difftest/gen"
)

// Minimised is a disagreement and the smallest program found that
// disagrees the same way (same executed label, same static verdict).
type Minimised struct {
	From, To Row
	// Rounds is how many rounds moved it.
	Rounds int
}

// Minimise shrinks every disagreement of rows whose program the oracle
// labelled: round after round, it tries, for each dimension of each
// current program, every simpler value (one listed earlier in gen.Values,
// the first being the neutral one) that makes a valid program, builds all
// candidates as one module, and keeps for each program the first
// candidate that disagrees the same way. It stops when a round moves no
// program, or after maxRounds rounds when maxRounds is positive; every
// round lowers a value's index, so it ends.
func Minimise(ctx context.Context, opts Options, rows []Row, maxRounds int) ([]Minimised, error) {
	var cur []Minimised
	for _, r := range rows {
		if !r.Agrees() && r.GeneratorBug() == "" {
			cur = append(cur, Minimised{From: r, To: r})
		}
	}
	for round := 1; len(cur) > 0 && (maxRounds <= 0 || round <= maxRounds); round++ {
		var progs []gen.Program
		owner := map[string]int{} // candidate name → index in cur
		for i, m := range cur {
			for _, c := range gen.Simpler(m.To.Program.Choices) {
				name := fmt.Sprintf("m%02dc%04d", round, len(progs)+1)
				p, err := gen.Build(name, c)
				if err != nil {
					return nil, err
				}
				owner[name] = i
				progs = append(progs, p)
			}
		}
		if len(progs) == 0 {
			break
		}
		ropts := opts
		ropts.Dir = filepath.Join(opts.Dir, fmt.Sprintf("round%02d", round))
		got, err := Run(ctx, ropts, progs)
		if err != nil {
			return nil, err
		}
		moved := map[int]bool{}
		for _, r := range got {
			i := owner[r.Program.Name]
			if moved[i] {
				continue
			}
			want := cur[i].To
			if r.Executed.Label == want.Executed.Label && r.Static == want.Static {
				cur[i].To, cur[i].Rounds = r, round
				moved[i] = true
			}
		}
		if len(moved) == 0 {
			break
		}
	}
	return cur, nil
}

// WriteMinimised writes every minimised disagreement with its program.
func WriteMinimised(w io.Writer, ms []Minimised) {
	fmt.Fprintf(w, "\n## Minimised disagreements (%d)\n", len(ms))
	for _, m := range ms {
		fmt.Fprintf(w, "\n### %s: executed %s, static %s\n\nfrom `%s`\n\nto `%s`\n\n", m.From.Program.Name, m.From.Executed.Label, m.From.Static, m.From.Program.Choices, m.To.Program.Choices)
		for _, name := range sortedKeys(m.To.Program.Files) {
			fmt.Fprintf(w, "```go\n// %s\n%s```\n", name, strings.TrimLeft(m.To.Program.Files[name], "\n"))
		}
	}
}

func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
