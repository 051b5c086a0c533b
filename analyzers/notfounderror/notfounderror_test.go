package notfounderror_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/stubtest"
	"github.com/reconcilelint/reconcilelint/analyzers/notfounderror"
)

func TestNotFoundError(t *testing.T) {
	stubtest.RunWithSuggestedFixes(t, analysistest.TestData(), notfounderror.Analyzer, "notfound", "noimport", "addimport")
}
