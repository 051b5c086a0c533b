package appendnocheck_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/reconcilelint/reconcilelint/analyzers/appendnocheck"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/stubtest"
)

func TestAppendNoCheck(t *testing.T) {
	stubtest.RunWithSuggestedFixes(t, analysistest.TestData(), appendnocheck.Analyzer, "an", "an/options")
}
