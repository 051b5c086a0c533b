package verify_test

import (
	"flag"
	"fmt"
	"testing"

	appsv1 "k8s.io/api/apps/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"github.com/reconcilelint/reconcilelint/verify"
	"github.com/reconcilelint/reconcilelint/verify/internal/testapi"
)

// TestWidgetReconciler is what a user adds to the controller's package:
// five lines that run every property against the real Reconcile.
func TestWidgetReconciler(t *testing.T) {
	verify.Run(t, verify.Spec{
		Scheme: scheme, For: &testapi.Widget{}, Owns: []client.Object{&appsv1.Deployment{}},
		Objects: []client.Object{widget()},
		New:     func(c client.Client) reconcile.Reconciler { return &memcached{c, scheme} },
	})
}

// Example adopts verify for a reconciler. In a real project the test
// function above is all there is: `go test` runs it. Here the example runs
// it itself and prints whether every property held.
func Example() {
	fmt.Println("all properties hold:", runTest("TestWidgetReconciler", TestWidgetReconciler))
	// Output: all properties hold: true
}

// runTest runs one test function the way `go test` does, quietly.
func runTest(name string, f func(*testing.T)) bool {
	if v := flag.Lookup("test.v"); v != nil {
		old := v.Value.String()
		_ = v.Value.Set("false")
		defer func() { _ = v.Value.Set(old) }()
	}
	return testing.RunTests(func(string, string) (bool, error) { return true, nil },
		[]testing.InternalTest{{Name: name, F: f}})
}
