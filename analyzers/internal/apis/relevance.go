package apis

import (
	"go/build"
	"go/types"
	"os"
	"path/filepath"
	"strings"
	"sync"
)

// skippedPrefixes are dependency packages whose bodies the model never
// needs: generated API types and clients, which the tables describe.
var skippedPrefixes = []string{
	"k8s.io/api/",
	"k8s.io/client-go/",
	"k8s.io/apimachinery/pkg/runtime",
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured",
	"k8s.io/apimachinery/pkg/util/managedfields",
	"k8s.io/kube-openapi/",
	"sigs.k8s.io/structured-merge-diff/",
}

// UsesClientLibraries reports whether pkg uses the Kubernetes client libraries (or is
// one of the libraries whose function bodies the model summarises).
func UsesClientLibraries(pkg *types.Package) bool {
	path := PathOf(pkg)
	for _, p := range skippedPrefixes {
		if strings.HasPrefix(path, p) {
			return false
		}
	}
	if strings.Contains(path, "/applyconfiguration") || strings.Contains(path, "/clientset/") ||
		strings.Contains(path, "/informers/") || strings.Contains(path, "/listers/") {
		return false
	}
	if isK8sPath(path) {
		return true
	}
	seen := make(map[*types.Package]bool)
	var visit func(p *types.Package) bool
	visit = func(p *types.Package) bool {
		if seen[p] {
			return false
		}
		seen[p] = true
		for _, imp := range p.Imports() {
			if isK8sPath(PathOf(imp)) || visit(imp) {
				return true
			}
		}
		return false
	}
	return visit(pkg)
}

// DescribedByTables reports whether the functions of the package path are
// described by this package's tables rather than by analysis facts: a
// package of controller-runtime, client-go or apimachinery, or of the
// standard library (which the model never analyses).
func DescribedByTables(path string) bool {
	if isK8sPath(Canonical(path)) {
		return true
	}
	return IsStandard(path)
}

var stdPaths sync.Map // import path → bool

// IsStandard reports whether path is a package of the standard library: a
// first element without a dot (the convention that keeps module paths
// apart from it), and a directory under GOROOT/src.
func IsStandard(path string) bool {
	if v, ok := stdPaths.Load(path); ok {
		return v.(bool)
	}
	first, _, _ := strings.Cut(path, "/")
	std := false
	if root := build.Default.GOROOT; root != "" && !strings.Contains(first, ".") {
		fi, err := os.Stat(filepath.Join(root, "src", filepath.FromSlash(path)))
		std = err == nil && fi.IsDir()
	}
	stdPaths.Store(path, std)
	return std
}

// isK8sPath reports whether path is a package of controller-runtime,
// client-go or apimachinery.
func isK8sPath(path string) bool {
	return strings.HasPrefix(path, CR) || strings.HasPrefix(path, "k8s.io/client-go") ||
		strings.HasPrefix(path, "k8s.io/apimachinery")
}

// HoldsAPIData reports whether a value of type t can hold data of the
// Kubernetes API types: t is, points to, or has elements or fields
// (a few levels deep) of a type of k8s.io/api or k8s.io/apimachinery
// (metav1.Condition, ObjectMeta, a core type), as an object's status or
// its conditions do. A parser's or a cache's own state does not.
func HoldsAPIData(t types.Type) bool {
	return holdsAPIData(t, 0, make(map[types.Type]bool))
}

func holdsAPIData(t types.Type, depth int, seen map[types.Type]bool) bool {
	if depth > 4 || seen[t] {
		return false
	}
	seen[t] = true
	switch x := types.Unalias(t).(type) {
	case *types.Named:
		if obj := x.Obj(); obj.Pkg() != nil {
			if p := PathOf(obj.Pkg()); strings.HasPrefix(p, "k8s.io/api/") || strings.HasPrefix(p, "k8s.io/apimachinery/") {
				return true
			}
		}
		return holdsAPIData(x.Underlying(), depth+1, seen)
	case *types.Pointer:
		return holdsAPIData(x.Elem(), depth, seen)
	case *types.Slice:
		return holdsAPIData(x.Elem(), depth, seen)
	case *types.Array:
		return holdsAPIData(x.Elem(), depth, seen)
	case *types.Map:
		return holdsAPIData(x.Elem(), depth, seen)
	case *types.Struct:
		for i := 0; i < x.NumFields(); i++ {
			if holdsAPIData(x.Field(i).Type(), depth+1, seen) {
				return true
			}
		}
	}
	return false
}
