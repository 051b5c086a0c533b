package unconditionalwrite_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/stubtest"
	"github.com/reconcilelint/reconcilelint/analyzers/unconditionalwrite"
)

func TestUnconditionalWrite(t *testing.T) {
	stubtest.RunWithSuggestedFixes(t, analysistest.TestData(), unconditionalwrite.Analyzer, "uw", "uw/cr")
}

// TestCorpusCases runs reduced forms of the real-world bugs B01 (a status
// helper reached past an error branch that falls through, a Result test and
// a nil test of a non-API value) and B02 (a client-go sync handler), each
// with its fixed form, which must stay silent.
func TestCorpusCases(t *testing.T) {
	stubtest.Run(t, analysistest.TestData(), unconditionalwrite.Analyzer, "corpus/b01", "corpus/b02")
}

// TestApplySpellings: server-side apply spelled as Patch with client.Apply
// (also held in a variable) or as client-go's Patch with
// types.ApplyPatchType is not an unconditional write; a merge patch sent
// the same way is.
func TestApplySpellings(t *testing.T) {
	stubtest.Run(t, analysistest.TestData(), unconditionalwrite.Analyzer, "uw/apply")
}

// TestChangeFlags: a flag set only by comparisons or change reports guards
// the write; a flag also set on a path without a comparison (on the main
// path, or under a test of configuration) does not.
func TestChangeFlags(t *testing.T) {
	stubtest.Run(t, analysistest.TestData(), unconditionalwrite.Analyzer, "uw/flags")
}

// TestDispatchedRoots: the Sync method of a client-go controller that a
// generic worker of another package runs through an interface, with the
// key it takes from its queue, is a reconcile root (R6) however it splits
// the key; its fixed twin stays silent, and so does a Sync method that no
// worker runs. The methods of an external client that a generic managed
// reconciler calls only when another method reported the need (Create,
// Update after Observe) are guarded by that report.
func TestDispatchedRoots(t *testing.T) {
	stubtest.Run(t, analysistest.TestData(), unconditionalwrite.Analyzer, "uw/dispatch", "uw/external")
}

// TestUnrelatedGuards: an early return on a condition that compares nothing
// the write changes (a spec switch, a pause annotation read by a helper,
// another object's readiness) leaves the write unconditional; a condition
// that reads what the reconcile then sets, a comparison with a copy, a
// helper that compares the desired status and a generation test the write
// records all guard it.
func TestUnrelatedGuards(t *testing.T) {
	stubtest.Run(t, analysistest.TestData(), unconditionalwrite.Analyzer, "uw/unrelated")
}

// TestMergeFromBase: a MergeFrom base copied after a change of the object
// sends an empty patch (the change is lost); the base copied first, or the
// field changed again after the copy, is a real patch.
func TestMergeFromBase(t *testing.T) {
	stubtest.Run(t, analysistest.TestData(), unconditionalwrite.Analyzer, "uw/mergefrom", "uw/latebase")
}

// TestDiffPatch: a length or nil test of a diff library's patch ("{}" when
// nothing differs) guards nothing; a comparison with "{}", or of the
// objects before the diff, does.
func TestDiffPatch(t *testing.T) {
	stubtest.Run(t, analysistest.TestData(), unconditionalwrite.Analyzer, "uw/diffpatch")
}

// TestCreatesEveryPass: a Create whose AlreadyExists error the code takes
// as success, with nothing looking the object up first (directly, in steps
// held as method values, a typed clientset's, a helper of another
// package), is a request on every pass; a Get or a List that decides it, a
// helper that looks up itself, a status flag the pass records, errors
// ignored altogether, a returned error and GenerateName are not reported.
func TestCreatesEveryPass(t *testing.T) {
	stubtest.Run(t, analysistest.TestData(), unconditionalwrite.Analyzer, "uw/creates")
}

// TestTables: a handler a reconciler looks up in its table of handlers,
// and a stage of a list of structs its constructor filled, are reached on
// every pass (the lookup's ok decides which entry runs, not whether the
// object changed): their unguarded writes are reported, the guarded ones
// next to them are not; also when a generic helper makes the call. A
// per-reconcile job's dirty flag, a field set only when something changed,
// guards its write; one set on every call does not. A scope of another
// package that diffs before it writes, after an ignored AddFinalizer on
// the object it holds, is reported mid-reconcile (corpus case B04), not as
// the last word on the object.
func TestTables(t *testing.T) {
	stubtest.Run(t, analysistest.TestData(), unconditionalwrite.Analyzer, "uw/tables")
}

// TestVarFuncs: a write helper held in an exported variable of another
// package is judged by the function it holds: one that writes on every
// pass is reported at the call, one that compares first, or runs
// CreateOrUpdate, is not.
func TestVarFuncs(t *testing.T) {
	stubtest.Run(t, analysistest.TestData(), unconditionalwrite.Analyzer, "uw/varfuncs")
}
