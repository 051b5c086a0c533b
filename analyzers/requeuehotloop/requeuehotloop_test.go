package requeuehotloop_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/stubtest"
	"github.com/reconcilelint/reconcilelint/analyzers/requeuehotloop"
)

func TestRequeueHotLoop(t *testing.T) {
	stubtest.RunWithSuggestedFixes(t, analysistest.TestData(), requeuehotloop.Analyzer, "rhl", "rhlnotime")
}

// TestMinRequeue raises the threshold: a 5m RequeueAfter is then reported,
// and the fix writes the threshold.
func TestMinRequeue(t *testing.T) {
	a := requeuehotloop.Analyzer
	if err := a.Flags.Set("min-requeue", "10m"); err != nil {
		t.Fatal(err)
	}
	defer func() { _ = a.Flags.Set("min-requeue", "1s") }()
	stubtest.RunWithSuggestedFixes(t, analysistest.TestData(), a, "rhlmin")
}
