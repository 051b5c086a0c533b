package finalizerorder_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/reconcilelint/reconcilelint/analyzers/finalizerorder"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/stubtest"
)

func TestFinalizerOrder(t *testing.T) {
	stubtest.Run(t, analysistest.TestData(), finalizerorder.Analyzer, "rl7", "rl7/teardown")
}

// TestVarFuncs: the deletion test, the cleanup, the removal and its write
// made through function values that exported variables of another
// package hold.
func TestVarFuncs(t *testing.T) {
	stubtest.Run(t, analysistest.TestData(), finalizerorder.Analyzer, "rl7/varfuncs")
}
