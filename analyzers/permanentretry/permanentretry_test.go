package permanentretry_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/stubtest"
	"github.com/reconcilelint/reconcilelint/analyzers/permanentretry"
)

func TestPermanentRetry(t *testing.T) {
	stubtest.RunWithSuggestedFixes(t, analysistest.TestData(), permanentretry.Analyzer, "pr", "prnoimport")
}
