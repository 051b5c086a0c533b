package resultwitherror_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/stubtest"
	"github.com/reconcilelint/reconcilelint/analyzers/resultwitherror"
)

func TestResultWithError(t *testing.T) {
	stubtest.RunWithSuggestedFixes(t, analysistest.TestData(), resultwitherror.Analyzer, "rwe", "rwealias", "rwedefer", "rwecaller", "rweforeign", "rwesentinel", "rwector", "rweoptions")
}
