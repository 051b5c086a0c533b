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

// IsApplyConfiguration reports whether t (or what it points to) is an
// apply configuration: a type named …ApplyConfiguration of a package of
// apply configurations (client-go's applyconfigurations, or one
// applyconfiguration-gen wrote for an operator's types).
func IsApplyConfiguration(t types.Type) bool {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return false
	}
	return strings.HasSuffix(n.Obj().Name(), "ApplyConfiguration") && strings.Contains(n.Obj().Pkg().Path(), "/applyconfiguration")
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

// TurnsMapsIntoSlices reports whether pkg (a package that does not use the
// Kubernetes libraries) declares an exported function or method that takes
// a map (a parameter whose core type is a map, or a variadic of maps) and
// returns a slice: a collection utility (golang.org/x/exp/maps.Keys,
// samber/lo's Keys and MapToSlice) whose result may be in map order. The
// model summarises such packages, so that the map order their results
// carry comes from their bodies rather than from a list of names. The
// standard library is described by the tables instead.
func TurnsMapsIntoSlices(pkg *types.Package) bool {
	if IsStandard(pkg.Path()) {
		return false
	}
	takesMap := func(sig *types.Signature) bool {
		for i := 0; i < sig.Params().Len(); i++ {
			t := sig.Params().At(i).Type()
			if sl, ok := t.(*types.Slice); ok && sig.Variadic() && i == sig.Params().Len()-1 {
				t = sl.Elem()
			}
			if _, ok := coreType(t).(*types.Map); ok {
				return true
			}
		}
		return false
	}
	returnsSlice := func(sig *types.Signature) bool {
		for i := 0; i < sig.Results().Len(); i++ {
			if _, ok := coreType(sig.Results().At(i).Type()).(*types.Slice); ok {
				return true
			}
		}
		return false
	}
	scope := pkg.Scope()
	for _, name := range scope.Names() {
		switch obj := scope.Lookup(name).(type) {
		case *types.Func:
			if sig, ok := obj.Type().(*types.Signature); ok && obj.Exported() && takesMap(sig) && returnsSlice(sig) {
				return true
			}
		case *types.TypeName:
			named, ok := obj.Type().(*types.Named)
			if !ok || !obj.Exported() {
				continue
			}
			if _, isMap := named.Underlying().(*types.Map); !isMap {
				continue
			}
			for i := 0; i < named.NumMethods(); i++ {
				m := named.Method(i)
				if sig, ok := m.Type().(*types.Signature); ok && m.Exported() && returnsSlice(sig) {
					return true
				}
			}
		}
	}
	return false
}

// coreType is the underlying type of t, or, for a type parameter whose
// constraint's type set has one underlying type (~map[K]V), that type.
func coreType(t types.Type) types.Type {
	t = types.Unalias(t)
	tp, ok := t.(*types.TypeParam)
	if !ok {
		return t.Underlying()
	}
	iface, ok := tp.Constraint().Underlying().(*types.Interface)
	if !ok {
		return nil
	}
	var core types.Type
	for i := 0; i < iface.NumEmbeddeds(); i++ {
		u, ok := iface.EmbeddedType(i).(*types.Union)
		if !ok {
			if _, isIface := iface.EmbeddedType(i).Underlying().(*types.Interface); isIface {
				continue
			}
			return iface.EmbeddedType(i).Underlying()
		}
		for j := 0; j < u.Len(); j++ {
			ut := u.Term(j).Type().Underlying()
			if core != nil && !types.Identical(core, ut) {
				return nil
			}
			core = ut
		}
	}
	return core
}
