package wrongsubresource_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/stubtest"
	"github.com/reconcilelint/reconcilelint/analyzers/wrongsubresource"
)

// TestWrongSubresource: status stores lost to a later Update of the
// object, made directly, through options, or through a scope that holds
// the object (also one its constructor builds in a closure, storing from a
// closure of its method); the twins write in the other order.
func TestWrongSubresource(t *testing.T) {
	stubtest.RunWithSuggestedFixes(t, analysistest.TestData(), wrongsubresource.Analyzer, "wsr")
}
