package notfounderror

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/stubtest"
)

// TestNotFoundFact checks the facts that carry the detection across
// packages: a helper whose error result is the error of a Get keyed by its
// parameter gets a NotFoundFact naming that parameter; a helper that
// ignores NotFound gets none.
//
// Its packages are in testdata/facts, apart from the check's cases.
func TestNotFoundFact(t *testing.T) {
	stubtest.Run(t, filepath.Join(analysistest.TestData(), "facts"), leaksAnalyzer, "nffacts")
}
