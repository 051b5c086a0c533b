package roots

import (
	"go/parser"
	"testing"
)

func TestRecvTypeName(t *testing.T) {
	for src, want := range map[string]string{
		"T":        "T",
		"*T":       "T",
		"(*T)":     "T",
		"T[P]":     "T",
		"*T[K, V]": "T",
		"pkg.T":    "",
		"func()":   "",
	} {
		e, err := parser.ParseExpr(src)
		if err != nil {
			t.Fatalf("parse %q: %v", src, err)
		}
		if got := recvTypeName(e); got != want {
			t.Errorf("recvTypeName(%s) = %q, want %q", src, got, want)
		}
	}
}

func TestKindString(t *testing.T) {
	if got := Object.String(); got != "R1b ObjectReconciler" {
		t.Errorf("Object.String() = %q", got)
	}
	if got := Kind(99).String(); got != "?" {
		t.Errorf("Kind(99).String() = %q", got)
	}
}
