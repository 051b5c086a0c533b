package cachemutation_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/reconcilelint/reconcilelint/analyzers/cachemutation"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/stubtest"
)

func TestCacheMutation(t *testing.T) {
	stubtest.RunWithSuggestedFixes(t, analysistest.TestData(), cachemutation.Analyzer, "cm", "cmgen")
}
