package createnotidempotent

import (
	"fmt"
	"reflect"
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
	return "CreateFact(" + strings.Join(parts, ", ") + ")"
}

// factsAnalyzer exports the CreateFacts of a package and imports those of
// its dependencies; its result is the package's detection (*creates). It
// is an analyzer of its own rather than facts of the check's analyzer:
// analysistest checks the facts of the analyzer under test
// against the want comments of the test packages, which expect none.
var factsAnalyzer = &analysis.Analyzer{
	Name:       "rlcreatefacts",
	Doc:        "rlcreatefacts: the Create facts of RL2003 (createnotidempotent): GenerateName and unhandled AlreadyExists through helpers",
	Requires:   []*analysis.Analyzer{summary.Analyzer},
	ResultType: reflect.TypeFor[*creates](),
	FactTypes:  []analysis.Fact{new(CreateFact)},
	Run:        runFacts,
}

func runFacts(pass *analysis.Pass) (res any, err error) {
	s := summary.Of(pass)
	if s == nil || !s.Relevant() {
		return (*creates)(nil), nil
	}
	defer func() {
		if r := recover(); r != nil {
			res, err = nil, fmt.Errorf("internal error in %s analysing %s: %v (please report this)", pass.Analyzer.Name, pass.Pkg.Path(), r)
		}
	}()
	d := newCreates(pass, s)
	d.exportFacts(pass)
	return d, nil
}
