package createnotidempotent_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/reconcilelint/reconcilelint/analyzers/createnotidempotent"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/stubtest"
)

func TestCreateNotIdempotent(t *testing.T) {
	stubtest.RunWithSuggestedFixes(t, analysistest.TestData(), createnotidempotent.Analyzer, "cr")
}
