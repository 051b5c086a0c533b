package stubtest_test

import (
	"testing"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/stubtest"
	"github.com/reconcilelint/reconcilelint/analyzers/nondetwrite"
)

// BenchmarkRunNondetWrite runs the main testdata of one check
// (nondetwrite) end to end, as its test does: merging the stub GOPATH,
// loading the packages and the standard library from source, running the
// summary and the check on every package with facts (SanityCheck on), and
// matching the // want comments and the .golden files.
//
//	go test ./analyzers/internal/stubtest -run '^$' -bench RunNondetWrite -benchmem
func BenchmarkRunNondetWrite(b *testing.B) {
	for b.Loop() {
		stubtest.RunWithSuggestedFixes(b, "../../nondetwrite/testdata", nondetwrite.Analyzer, "nondet")
	}
}
