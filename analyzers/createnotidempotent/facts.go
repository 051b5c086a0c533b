package createnotidempotent

import (
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/summary"
)

// CreateFact is the fact RL2003 exports for a function of an analysed
// package that creates objects, directly or through helpers: what the
// Creates among its writes (summary.WriteFact, by Site) do when another
// package calls the function.
type CreateFact struct {
	// GenerateName are the sites of the Creates whose object the package
	// gives a GenerateName and no Name.
	GenerateName []string
	// Leaks are the sites of the Creates whose AlreadyExists error reaches
	// the function's error result unhandled.
	Leaks []string
	// EveryPass are the sites of the Creates the function makes on every
	// call: no existence check before them (in the function or on the way
	// to them), and their AlreadyExists error handled as success.
	EveryPass []string
}

// AFact marks CreateFact as a fact.
func (*CreateFact) AFact() {}

func (f *CreateFact) String() string {
	var parts []string
	for _, g := range f.GenerateName {
		parts = append(parts, "generate-name "+g)
	}
	for _, l := range f.Leaks {
		parts = append(parts, "already-exists "+l)
	}
	for _, e := range f.EveryPass {
		parts = append(parts, "every-pass "+e)
	}
	return "CreateFact(" + strings.Join(parts, ", ") + ")"
}

// factsAnalyzer exports the CreateFacts of a package and imports those of
// its dependencies; its result is the package's detection (*creates). It
// is an analyzer of its own rather than facts of the check's analyzer:
// analysistest checks the facts of the analyzer under test
// against the want comments of the test packages, which expect none.
var factsAnalyzer = summary.NewAnalysis("rlcreatefacts",
	"rlcreatefacts: the Create facts of RL2003 (createnotidempotent): GenerateName and unhandled AlreadyExists through helpers",
	"the Creates", nil, []analysis.Fact{new(CreateFact)},
	func() *creates { return nil }, func(pass *analysis.Pass, s *summary.Summary) (*creates, error) {
		d := newCreates(pass, s)
		d.exportFacts(pass)
		return d, nil
	})

// FactsAnalyzer is the analyzer of the Create facts, for the checks that
// ask what the package's Creates do (EveryPass): a check requires it.
var FactsAnalyzer = factsAnalyzer
