package nondetwrite_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/stubtest"
	"github.com/reconcilelint/reconcilelint/analyzers/nondetwrite"
)

func TestNondetWrite(t *testing.T) {
	stubtest.RunWithSuggestedFixes(t, analysistest.TestData(), nondetwrite.Analyzer, "nondet")
}

// TestCorpusCases runs a reduced form of the real-world bug A05 (a clock
// value persisted past an obj == nil presence test, which is not a change
// check) with its fixed form, which must stay silent.
func TestCorpusCases(t *testing.T) {
	stubtest.Run(t, analysistest.TestData(), nondetwrite.Analyzer, "nondet/a05")
}

// TestHeartbeatOptions runs with heartbeat-fields and clock-granularity set:
// a listed field is silent, a value truncated to at least the granularity
// is reported as info with a note, a finer one as before.
func TestHeartbeatOptions(t *testing.T) {
	set := func(name, value string) {
		t.Helper()
		if err := nondetwrite.Analyzer.Flags.Set(name, value); err != nil {
			t.Fatal(err)
		}
	}
	set("heartbeat-fields", "Status.LastUpdated")
	set("clock-granularity", "1m")
	defer func() {
		set("heartbeat-fields", "")
		set("clock-granularity", "0")
	}()
	stubtest.Run(t, analysistest.TestData(), nondetwrite.Analyzer, "nondet/heartbeat")
}

// TestStableConditions runs clock stamps behind conditions that keep their
// outcome after the write (a wait on an object nothing writes, the settled
// edge of AddFinalizer and DeepEqual, a deferred write), which are
// reported, and behind conditions the write can change, which are not.
func TestStableConditions(t *testing.T) {
	stubtest.Run(t, analysistest.TestData(), nondetwrite.Analyzer, "nondet/stable")
}

// TestApply: a clock value in an object sent by server-side apply (Patch
// with client.Apply) changes it on every pass; the same apply without it
// is silent.
func TestApply(t *testing.T) {
	stubtest.Run(t, analysistest.TestData(), nondetwrite.Analyzer, "nondet/apply")
}

// TestDefeatedGuards: a clock value stored into a desired copy before an
// equality check that compares it defeats the check, also through a
// condition setter of the package (plain or generic) that stamps the time
// on every call, and so does an elapsed time in a message compared before
// its store; the stamp on the change edge, meta.SetStatusCondition, a
// setter that stamps only on a change and the message without the elapsed
// time do not.
func TestDefeatedGuards(t *testing.T) {
	stubtest.Run(t, analysistest.TestData(), nondetwrite.Analyzer, "nondet/defeated")
}

// TestMutateFunctions: a clock, random or UUID value from a helper of
// another package, or random inline, merged into the object inside a
// CreateOrUpdate or CreateOrPatch mutate function is reported; stable
// annotations and an identity derived from the owner's UID are not.
func TestMutateFunctions(t *testing.T) {
	stubtest.Run(t, analysistest.TestData(), nondetwrite.Analyzer, "nondet/mutate")
}

// TestWriteThroughInterface: a clock value formatted into an annotation is
// reported when the object is written through an interface method whose
// implementation (in the package) calls the client; a value derived from
// the object is not.
func TestWriteThroughInterface(t *testing.T) {
	stubtest.Run(t, analysistest.TestData(), nondetwrite.Analyzer, "nondet/iface")
}

// TestRetryClosures: a value stamped before a closure that a retry helper
// runs reaches the write inside the closure; stamping only on a change, or
// a closure that only reads, stays silent.
func TestRetryClosures(t *testing.T) {
	stubtest.Run(t, analysistest.TestData(), nondetwrite.Analyzer, "nondet/retry")
}

// TestConditionHelpers: a condition setter of the package whose change
// report compares the whole condition, time included, reports a change on
// every pass; one that compares Status, Reason and Message does not.
func TestConditionHelpers(t *testing.T) {
	stubtest.Run(t, analysistest.TestData(), nondetwrite.Analyzer, "nondet/condhelper")
}

// TestFuncValue: a clock or a stamping function reached through a
// function value (a constructor's field, a factory's result) stamps as a
// direct call does; twins that keep the value from the write, or stamp on
// change, stay silent.
func TestFuncValue(t *testing.T) {
	stubtest.Run(t, analysistest.TestData(), nondetwrite.Analyzer, "nondet/funcvalue")
}

// TestDeadline: a stamp guarded by a deadline over the stamped time (once
// per period) is silent; a guard that compares the stamp with the clock
// is defeated.
func TestDeadline(t *testing.T) {
	stubtest.Run(t, analysistest.TestData(), nondetwrite.Analyzer, "nondet/deadline")
}

// TestOwnVersion: a copy of the written object's own resourceVersion
// stored into the object differs after every write; another object's
// version, a cleared copy, optimistic concurrency, a spec snapshot and a
// generation-gated record stay silent.
func TestOwnVersion(t *testing.T) {
	stubtest.Run(t, analysistest.TestData(), nondetwrite.Analyzer, "nondet/ownversion")
}

// TestValueFlow runs the value-flow shapes: an in-memory counter, a
// channel, a condition set on a local copy (positives), and a helper that
// reads only the spec of an object stamped elsewhere, configuration
// globals, a counter only logged, a condition whose message is stable
// (negatives).
func TestValueFlow(t *testing.T) {
	stubtest.Run(t, analysistest.TestData(), nondetwrite.Analyzer, "nondet/valueflow")
}

// TestGenericEntries: a Sync(ctx, key) and a ReconcileKind(ctx, obj) that
// a generic controller of another package calls through its interfaces
// are reconcile entries; their stamps are reported.
func TestGenericEntries(t *testing.T) {
	stubtest.Run(t, analysistest.TestData(), nondetwrite.Analyzer, "nondet/generic")
}

// TestHeapValues runs values kept in the heap: a counter kept by a
// closure a factory returns, and the negatives (a builder of another
// package whose written report field holds no timing, a pass-local
// counter, a copy through a pointer taken before a stamp).
func TestHeapValues(t *testing.T) {
	stubtest.Run(t, analysistest.TestData(), nondetwrite.Analyzer, "nondet/heap")
}

// TestStructResults: a struct a helper of another package returns by
// value carries each field's own taint (FuncSummary.ResultFields): the
// map-ordered names and the clock's stamp are reported, the count and the
// constant reason next to them are not. A copy assigned back through the
// pointer (`*w = *cp`) holds what was stored into the copy, a setter's
// condition included; go-cmp on a field that holds the time is no guard,
// on sorted keys it is.
func TestStructResults(t *testing.T) {
	stubtest.Run(t, analysistest.TestData(), nondetwrite.Analyzer, "nondet/results")
}

// TestOwnGeneration: a value derived from the object's own generation
// stored into its spec and written by Update or Patch is new after every
// write (the server increments the generation), also when a helper reads
// it in a closure over the object it is given; in an annotation, in the
// status, or in a spec that only a status write follows, it is not.
func TestOwnGeneration(t *testing.T) {
	stubtest.Run(t, analysistest.TestData(), nondetwrite.Analyzer, "nondet/owngeneration")
}

// TestCarried: stamps that reach the written object through a diffing
// patch helper writing a copy made for the write, a local struct holding
// a pointer into the object, a map a helper ranges over, and a helper
// that stores into the object it is given and compares it back, a holder
// a constructor's closure builds around the object's status; their twins
// carry stable values, or hold a copy.
func TestCarried(t *testing.T) {
	stubtest.Run(t, analysistest.TestData(), nondetwrite.Analyzer, "nondet/carried")
}

// TestInstances: values that reach the write through generic code (a
// generic editor's function parameters, a generic type's function field,
// a generic reconciler instantiated for a kind), analysed in the instance
// of each use.
func TestInstances(t *testing.T) {
	stubtest.Run(t, analysistest.TestData(), nondetwrite.Analyzer, "nondet/instances", "nondet/instances/fixed")
}

// TestHandedHelpers: a CreateOrUpdate helper reached through a function
// value (handed to a runner, kept in a field), each call site pairing its
// object with its mutate function.
func TestHandedHelpers(t *testing.T) {
	stubtest.Run(t, analysistest.TestData(), nondetwrite.Analyzer, "nondet/handed")
}

func TestSteps(t *testing.T) {
	stubtest.Run(t, analysistest.TestData(), nondetwrite.Analyzer, "nondet/steps")
}

// TestStrategies: values of an interface type in a list, handed to a
// helper or ranged over, each applied by a method call, and functions in
// a field of a table of structs; the stamping implementation is found
// per caller.
func TestStrategies(t *testing.T) {
	stubtest.Run(t, analysistest.TestData(), nondetwrite.Analyzer, "nondet/strategies")
}

// TestRegistered: functions registered on an object (a pipeline in a
// reconciler's field, a package variable's registry, a clock's setter)
// and run by its method; which run depends on where the object sits.
func TestRegistered(t *testing.T) {
	stubtest.Run(t, analysistest.TestData(), nondetwrite.Analyzer, "nondet/registered")
}

// TestKept: a value drawn only while the one it replaces is empty is
// drawn once; drawn under any other test, it is new on every pass.
func TestKept(t *testing.T) {
	stubtest.Run(t, analysistest.TestData(), nondetwrite.Analyzer, "nondet/kept")
}

// TestOptions: a condition built by functional options carries, in each
// field, what the option that stores it was given: a stamp an option
// stores into the transition time is not in the fields a library setter
// compares; the clock in the message is.
func TestOptions(t *testing.T) {
	stubtest.Run(t, analysistest.TestData(), nondetwrite.Analyzer, "nondet/options")
}

// TestPartCopy: a part of an object changed through a deep copy of the
// part that is assigned back by dereference on every path is changed in
// place.
func TestPartCopy(t *testing.T) {
	stubtest.Run(t, analysistest.TestData(), nondetwrite.Analyzer, "nondet/partcopy")
}
