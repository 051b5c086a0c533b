package createnotidempotent_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/reconcilelint/reconcilelint/analyzers/createnotidempotent"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/stubtest"
)

func TestCreateNotIdempotent(t *testing.T) {
	stubtest.RunWithSuggestedFixes(t, analysistest.TestData(), createnotidempotent.Analyzer, "cr")
}

// TestObservedExistence: a Create reached only when an observed object
// passed in by the caller is nil or has no creation timestamp, or when a
// List of the children found no match, is existence-checked; a check of
// the object being created, or none, is not.
func TestObservedExistence(t *testing.T) {
	stubtest.Run(t, analysistest.TestData(), createnotidempotent.Analyzer, "cr/observed")
}

// TestFreshName: a Create whose name is new on every call (random, a UUID,
// the clock, also through helpers of another package, a regexp and
// slicing) cannot fail with AlreadyExists; the same shapes with a name
// that repeats are reported.
func TestFreshName(t *testing.T) {
	stubtest.Run(t, analysistest.TestData(), createnotidempotent.Analyzer, "cr/freshname")
}

// TestSteps: a Create in one of the steps kept in a map of function values
// leaks AlreadyExists as a direct Create does. An error helper of the
// package that takes AlreadyExists as success handles it; one that only
// wraps the error (a nil test) hands it back, also when a closure over the
// error does the wrapping or the deciding.
func TestSteps(t *testing.T) {
	stubtest.Run(t, analysistest.TestData(), createnotidempotent.Analyzer, "cr/steps")
}

// TestGeneratedClient: a typed client of the project's own API, generated
// at a path of its choosing, is known by its shape: its Create is a
// Create, its Get an existence check.
func TestGeneratedClient(t *testing.T) {
	stubtest.Run(t, analysistest.TestData(), createnotidempotent.Analyzer, "cr/genclient")
}

// TestVarFuncs: Create helpers of another package called through the
// function values that exported variables of a third package hold, by a
// package that does not import the one making the Creates.
func TestVarFuncs(t *testing.T) {
	stubtest.Run(t, analysistest.TestData(), createnotidempotent.Analyzer, "cr/varfuncs")
}

// TestOptions: objects built by a constructor that applies functional
// options are judged by what the options store.
func TestOptions(t *testing.T) {
	stubtest.Run(t, analysistest.TestData(), createnotidempotent.Analyzer, "cr/options")
}

// TestScheduled: a create in a closure the reconcile hands a scheduler of
// another package runs when the scheduler fires, not on every pass; the
// same closure called at once is reported.
func TestScheduled(t *testing.T) {
	stubtest.Run(t, analysistest.TestData(), createnotidempotent.Analyzer, "cr/scheduled")
}
