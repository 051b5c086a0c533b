package main_test

import (
	"strings"
	"testing"

	"github.com/reconcilelint/reconcilelint/internal/gopathtree"
)

// gopathTree makes the GOPATH of package gopathtree in a temporary
// directory, sets the environment of GOPATH mode for the test and returns
// the operator's directory.
func gopathTree(t *testing.T) string {
	t.Helper()
	root := t.TempDir()
	op, err := gopathtree.Make(root)
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range gopathtree.Env(root) {
		t.Setenv(k, v)
	}
	return op
}

// TestGOPATHVendored: on an operator built in GOPATH mode with its client
// libraries vendored (every API package under example.com/legacyop/vendor/),
// the standalone command and go vet -vettool report the BUG markers, as on
// a module, and -roots lists the reconciler. The operator's own generated
// lister lives at a path of its choosing (listers_generated) and is known
// by its shape.
func TestGOPATHVendored(t *testing.T) {
	bin := binary(t)
	op := gopathTree(t)
	want := expected(t, op)
	got, code := standalone(t, op, "-no-cache", "./...")
	diff(t, "standalone, GOPATH mode", want, got)
	if code != 1 {
		t.Errorf("exit code %d, want 1 (findings)", code)
	}
	diff(t, "go vet -vettool, GOPATH mode", want, vet(t, op))

	doc := listRoots(t, bin, op)
	found := false
	for _, p := range doc.Packages {
		if strings.Contains(p.Package, "/vendor/") {
			t.Errorf("-roots lists the vendored package %s", p.Package)
		}
		for _, r := range p.Roots {
			if p.Package == "example.com/legacyop/controllers" && r.Function == "(*ShopReconciler).Reconcile" {
				found = true
			}
		}
	}
	if !found {
		t.Errorf("-roots does not list (*ShopReconciler).Reconcile: %+v", doc)
	}
}
