package permanentretry

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/stubtest"
)

// TestPermanentFact checks the facts that carry the detection across
// packages: a helper that returns the error of parsing its parameter's
// data, or an error identified as Invalid, gets a PermanentFact naming the
// parameter (-1 for Invalid); a helper whose error is transient gets none.
//
// Its packages are in testdata/facts, apart from the check's cases.
func TestPermanentFact(t *testing.T) {
	stubtest.Run(t, filepath.Join(analysistest.TestData(), "facts"), leaksAnalyzer, "prfacts")
}
