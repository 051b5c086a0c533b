package unconditionalwrite_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/stubtest"
	"github.com/reconcilelint/reconcilelint/analyzers/unconditionalwrite"
)

func TestUnconditionalWrite(t *testing.T) {
	stubtest.RunWithSuggestedFixes(t, analysistest.TestData(), unconditionalwrite.Analyzer, "uw")
}
