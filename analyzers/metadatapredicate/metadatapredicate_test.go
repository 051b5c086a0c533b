package metadatapredicate_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/stubtest"
	"github.com/reconcilelint/reconcilelint/analyzers/metadatapredicate"
)

func TestMetadataPredicate(t *testing.T) {
	stubtest.RunWithSuggestedFixes(t, analysistest.TestData(), metadatapredicate.Analyzer, "rl42", "rl42/cmd")
}
