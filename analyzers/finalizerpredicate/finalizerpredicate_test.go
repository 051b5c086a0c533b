package finalizerpredicate_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/reconcilelint/reconcilelint/analyzers/finalizerpredicate"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/stubtest"
)

func TestFinalizerPredicate(t *testing.T) {
	stubtest.RunWithSuggestedFixes(t, analysistest.TestData(), finalizerpredicate.Analyzer, "rl4", "rl4/cmd")
}
