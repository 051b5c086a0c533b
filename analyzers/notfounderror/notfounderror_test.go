package notfounderror_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/stubtest"
	"github.com/reconcilelint/reconcilelint/analyzers/notfounderror"
)

func TestNotFoundError(t *testing.T) {
	stubtest.RunWithSuggestedFixes(t, analysistest.TestData(), notfounderror.Analyzer, "notfound", "noimport", "addimport", "deferred")
}

// TestGeneratedFiles: a file whose header says it is generated ("// Code
// generated … DO NOT EDIT.") gets no finding and so no fix, while the same
// defect in a hand-written file of the package, or under a header without
// the DO NOT EDIT mark, is reported.
func TestGeneratedFiles(t *testing.T) {
	stubtest.Run(t, analysistest.TestData(), notfounderror.Analyzer, "generatedfile")
}

// TestOptions: a key built by functional options is the request's when
// every option stores a field of the request.
func TestOptions(t *testing.T) {
	stubtest.Run(t, analysistest.TestData(), notfounderror.Analyzer, "notfound/options")
}
