package ignoredirective_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/reconcilelint/reconcilelint/analyzers"
	"github.com/reconcilelint/reconcilelint/analyzers/ignoredirective"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/stubtest"
	"github.com/reconcilelint/reconcilelint/analyzers/resultwitherror"
)

// TestIgnoreDirective runs RL0001 after every check (package analyzers
// wires its Requires): directives that suppress a finding stay silent,
// directives without a reason, naming no or unknown checks, or suppressing
// nothing are reported.
func TestIgnoreDirective(t *testing.T) {
	if len(analyzers.All()) < 2 || len(ignoredirective.Analyzer.Requires) == 0 {
		t.Fatal("ignoredirective is not wired to the other checks")
	}
	stubtest.Run(t, analysistest.TestData(), ignoredirective.Analyzer, "dir")
}

// TestSuppression checks which directives suppress a check's findings, on
// RL5002: see testdata/src/supp.
func TestSuppression(t *testing.T) {
	stubtest.Run(t, analysistest.TestData(), resultwitherror.Analyzer, "supp")
}
