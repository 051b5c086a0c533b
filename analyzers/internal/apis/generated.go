package apis

import (
	"go/types"
	"strings"
	"sync"
)

// Generated client code (client-gen, lister-gen) is recognised by its
// shape, wherever it lives: a project may keep its clientset and listers
// under any import path (pkg/client/listers_generated, a fork, a vendored
// copy). The path conventions of IsTypedClientPkg and IsListerPkg remain
// for the packages of client-go itself and for generated code whose
// interfaces the analysis never sees (an identity read back from a fact).

// Labels is apimachinery's label selector package.
const Labels = "k8s.io/apimachinery/pkg/labels"

// genShape is the generated role of an interface type.
type genShape uint8

const (
	genNone        genShape = iota
	genLister               // a lister-gen lister or namespace lister
	genTypedClient          // a client-gen typed client interface
)

// genShapes records, per "canonical package path.type name", the
// generated shape of the interfaces FuncOf has met. FuncOf fills it before
// a Func exists, so the predicates below answer for every Func made by
// FuncOf; the shape is a property of the type, so concurrent analyses
// store the same value.
var genShapes sync.Map

func genKey(pkg, recv string) string { return pkg + "." + recv }

// noteGenerated classifies the declaring interface of a method, once.
func noteGenerated(pkg string, recv types.Type) {
	n, ok := types.Unalias(recv).(*types.Named)
	if !ok {
		return
	}
	n = n.Origin()
	key := genKey(pkg, n.Obj().Name())
	if _, ok := genShapes.Load(key); ok {
		return
	}
	genShapes.Store(key, shapeOf(n))
}

// shapeOf classifies a named interface by its methods:
//   - a lister: List(labels.Selector) ([]*T, error), with T an API object
//     type (lister-gen's TLister and TNamespaceLister);
//   - a typed client: Get(context.Context, string, metav1.GetOptions)
//     (*T, error), or Create(context.Context, *T, metav1.CreateOptions)
//     (*T, error), with T an API object type (client-gen's TInterface).
func shapeOf(n *types.Named) genShape {
	it, ok := n.Underlying().(*types.Interface)
	if !ok {
		return genNone
	}
	for i := 0; i < it.NumMethods(); i++ {
		m := it.Method(i)
		sig := m.Type().(*types.Signature)
		switch m.Name() {
		case "List":
			if isListerList(sig) {
				return genLister
			}
		case "Get":
			if sig.Params().Len() == 3 && IsContext(sig.Params().At(0).Type()) &&
				isString(sig.Params().At(1).Type()) && IsNamed(sig.Params().At(2).Type(), MetaV1, "GetOptions", false) &&
				returnsObject(sig) {
				return genTypedClient
			}
		case "Create":
			if sig.Params().Len() == 3 && IsContext(sig.Params().At(0).Type()) &&
				IsObject(sig.Params().At(1).Type()) && IsNamed(sig.Params().At(2).Type(), MetaV1, "CreateOptions", false) &&
				returnsObject(sig) {
				return genTypedClient
			}
		}
	}
	return genNone
}

// isListerList reports whether sig is func(labels.Selector) ([]*T, error)
// with T an API object type.
func isListerList(sig *types.Signature) bool {
	if sig.Params().Len() != 1 || sig.Results().Len() != 2 || !IsNamed(sig.Params().At(0).Type(), Labels, "Selector", false) {
		return false
	}
	s, ok := sig.Results().At(0).Type().Underlying().(*types.Slice)
	return ok && IsObject(s.Elem()) && IsError(sig.Results().At(1).Type())
}

// returnsObject reports whether sig returns (T, error) with T an API
// object type.
func returnsObject(sig *types.Signature) bool {
	return sig.Results().Len() == 2 && IsObject(sig.Results().At(0).Type()) && IsError(sig.Results().At(1).Type())
}

func isString(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Kind() == types.String
}

func shapeAt(f Func) genShape {
	v, ok := genShapes.Load(genKey(f.Pkg, f.Recv))
	if !ok {
		return genNone
	}
	return v.(genShape)
}

// IsLister reports whether f is a method of a lister: client-go's or a
// generated lister (lister-gen's TLister or TNamespaceLister, by path or
// by shape).
func IsLister(f Func) bool {
	return IsListerPkg(f.Pkg) && strings.HasSuffix(f.Recv, "Lister") || shapeAt(f) == genLister
}

// IsTypedClient reports whether f is a method of a client-go typed client
// or of a generated clientset's typed client (by path or by shape).
func IsTypedClient(f Func) bool {
	return IsTypedClientPkg(f.Pkg) && strings.HasSuffix(f.Recv, "Interface") || shapeAt(f) == genTypedClient
}
