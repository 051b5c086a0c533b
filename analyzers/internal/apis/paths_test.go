package apis

import "testing"

func TestCanonical(t *testing.T) {
	for in, want := range map[string]string{
		"sigs.k8s.io/controller-runtime/pkg/client":                         "sigs.k8s.io/controller-runtime/pkg/client",
		"example.com/op/vendor/sigs.k8s.io/controller-runtime/pkg/client":   "sigs.k8s.io/controller-runtime/pkg/client",
		"github.com/a/b/vendor/github.com/c/d/vendor/k8s.io/client-go/rest": "k8s.io/client-go/rest",
		"vendor/golang.org/x/net/http2/hpack":                               "golang.org/x/net/http2/hpack",
		"example.com/vendored/pkg":                                          "example.com/vendored/pkg",
		"example.com/op/vendor":                                             "example.com/op/vendor",
	} {
		if got := Canonical(in); got != want {
			t.Errorf("Canonical(%q) = %q, want %q", in, got, want)
		}
	}
}
