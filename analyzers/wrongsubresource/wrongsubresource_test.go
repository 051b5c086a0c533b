package wrongsubresource_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/stubtest"
	"github.com/reconcilelint/reconcilelint/analyzers/wrongsubresource"
)

func TestWrongSubresource(t *testing.T) {
	stubtest.RunWithSuggestedFixes(t, analysistest.TestData(), wrongsubresource.Analyzer, "wsr")
}
