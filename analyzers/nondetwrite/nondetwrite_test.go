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
