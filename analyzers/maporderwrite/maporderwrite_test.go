package maporderwrite_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/stubtest"
	"github.com/reconcilelint/reconcilelint/analyzers/maporderwrite"
)

func TestMapOrderWrite(t *testing.T) {
	stubtest.RunWithSuggestedFixes(t, analysistest.TestData(), maporderwrite.Analyzer, "maporder")
}

// TestCorpusCases runs a reduced form of the real-world bug A10 (a map-ordered
// env list stored under a DeepEqual guard that compares the map-ordered value
// itself, so the guard never settles) with its fixed form (sorted keys),
// which must stay silent.
func TestCorpusCases(t *testing.T) {
	stubtest.Run(t, analysistest.TestData(), maporderwrite.Analyzer, "corpus/a10")
}

// TestDeferredPatchHelper runs corpus case A08's shape: items of a cached
// List appended to a field that a deferred cluster-api patch helper
// persists, past a finalizer test on its settled edge and a wait on an
// object nothing writes (reported); the fix that sorts the list, and a
// condition on an object the package writes, stay silent.
func TestDeferredPatchHelper(t *testing.T) {
	stubtest.Run(t, analysistest.TestData(), maporderwrite.Analyzer, "maporder/capi")
}

// TestSortedKeys: keys collected from a map and sorted (in a helper of the
// package or of another package, a generic helper, slices.Sorted of
// maps.Keys, sort.Slice) and then ranged over to build a list do not carry
// map order; keys from an unsorted helper do.
func TestSortedKeys(t *testing.T) {
	stubtest.Run(t, analysistest.TestData(), maporderwrite.Analyzer, "maporder/sortedkeys")
}

// TestStatusSlice: a status list built by a helper in map order, assigned
// to a desired status (or the object), or stored by a helper into a
// desired status through a pointer, compared whole with DeepEqual before
// Status().Update, never settles; the helpers that sort it (sort.Strings,
// slices.Sorted of maps.Keys) do.
func TestStatusSlice(t *testing.T) {
	stubtest.Run(t, analysistest.TestData(), maporderwrite.Analyzer, "maporder/statusslice")
}

// TestInterfaceDispatch runs a map order reached through an interface
// method whose implementation a constructor chose, and the twin whose
// constructor chose the sorted one.
func TestInterfaceDispatch(t *testing.T) {
	stubtest.Run(t, analysistest.TestData(), maporderwrite.Analyzer, "maporder/dispatch")
}

// TestBuiltObjects runs constructors of another package that build the
// written object through a wrapper and accessors (reported when they
// append in map order; the sorted twin and a map-valued field stay
// silent).
func TestBuiltObjects(t *testing.T) {
	stubtest.Run(t, analysistest.TestData(), maporderwrite.Analyzer, "maporder/built")
}

// TestSelected: a select that takes values of two ready channels into one
// list, and a client-go store's keys, give orders that differ between
// runs; a list fed by one channel, and sorted keys, do not.
func TestSelected(t *testing.T) {
	stubtest.Run(t, analysistest.TestData(), maporderwrite.Analyzer, "maporder/selected")
}

// TestOptions: a map-ordered list passed to a functional option of a
// status builder, stored whole behind a comparison of the whole status;
// a status a helper built, stored whole behind a comparison of the one
// field in map order (in the reconciler, and in a manager holding the
// object); the twins sort first, or compare a field the order misses.
func TestOptions(t *testing.T) {
	stubtest.Run(t, analysistest.TestData(), maporderwrite.Analyzer, "maporder/options")
}

// TestLocated: an element found by name (through a helper's index, in a
// loop) and another of its fields set from a map in its order: the test
// that finds it compares the name, not the field set, so the order
// reaches the write; the twins sort.
func TestLocated(t *testing.T) {
	stubtest.Run(t, analysistest.TestData(), maporderwrite.Analyzer, "maporder/located")
}

// TestKeyed: functions and interface values held in a map, called in
// its order. A key and value each call computes, stored under its key,
// is the same map in any order; a list of their results, or a field
// they all set, is not.
func TestKeyed(t *testing.T) {
	stubtest.Run(t, analysistest.TestData(), maporderwrite.Analyzer, "maporder/keyed")
}

// TestRegistered: a step registered on one reconciler's set of steps by
// its constructor, the same type's set of another reconciler holding the
// sorting step.
func TestRegistered(t *testing.T) {
	stubtest.Run(t, analysistest.TestData(), maporderwrite.Analyzer, "maporder/registered")
}

// TestVarFuncs: a map's keys listed, sorted in place or reversed
// by function values that exported variables of another package hold
// (their facts are the held functions').
func TestVarFuncs(t *testing.T) {
	stubtest.Run(t, analysistest.TestData(), maporderwrite.Analyzer, "maporder/varfuncs")
}
