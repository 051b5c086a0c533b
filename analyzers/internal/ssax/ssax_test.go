package ssax

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
		if got := RecvTypeName(e); got != want {
			t.Errorf("RecvTypeName(%s) = %q, want %q", src, got, want)
		}
	}
}
