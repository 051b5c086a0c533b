package nondetwrite_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/stubtest"
	"github.com/reconcilelint/reconcilelint/analyzers/nondetwrite"
)

func TestNondetWrite(t *testing.T) {
	stubtest.RunWithSuggestedFixes(t, analysistest.TestData(), nondetwrite.Analyzer, "nondet")
}

// TestCorpusCases runs a reduced form of the real-world bug A05 (a clock
// value persisted past an obj == nil presence test, which is not a change
// check) with its fixed form, which must stay silent.
func TestCorpusCases(t *testing.T) {
	stubtest.Run(t, analysistest.TestData(), nondetwrite.Analyzer, "nondet/a05")
}
