package maporderwrite_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/stubtest"
	"github.com/reconcilelint/reconcilelint/analyzers/maporderwrite"
)

func TestMapOrderWrite(t *testing.T) {
	stubtest.RunWithSuggestedFixes(t, analysistest.TestData(), maporderwrite.Analyzer, "maporder")
}
