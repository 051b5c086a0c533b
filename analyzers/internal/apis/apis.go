// Package apis is the one place that knows the Kubernetes client APIs by
// import path and name: controller-runtime, client-go and apimachinery.
// Paths are canonical (PathOf): a vendored copy of an API is the API.
// Checks and the summary consult its tables; adding an API means editing a
// table here, not an analyzer.
//
// It imports only the standard library and go/types helpers; it must never
// import controller-runtime or k8s.io modules.
package apis

import (
	"go/types"
	"strings"
	"sync"
)

// Import paths of the APIs the analysis knows.
const (
	CR             = "sigs.k8s.io/controller-runtime"
	Reconcile      = CR + "/pkg/reconcile"
	Client         = CR + "/pkg/client"
	Controller     = CR + "/pkg/controller"
	Controllerutil = CR + "/pkg/controller/controllerutil"
	Builder        = CR + "/pkg/builder"
	Predicate      = CR + "/pkg/predicate"
	Handler        = CR + "/pkg/handler"
	Event          = CR + "/pkg/event"
	Source         = CR + "/pkg/source"

	APIErrors     = "k8s.io/apimachinery/pkg/api/errors"
	Meta          = "k8s.io/apimachinery/pkg/api/meta"
	MetaV1        = "k8s.io/apimachinery/pkg/apis/meta/v1"
	Equality      = "k8s.io/apimachinery/pkg/api/equality"
	ForkedReflect = "k8s.io/apimachinery/third_party/forked/golang/reflect"
	Types         = "k8s.io/apimachinery/pkg/types"
	Watch         = "k8s.io/apimachinery/pkg/watch"
	Sets          = "k8s.io/apimachinery/pkg/util/sets"
	Resource      = "k8s.io/apimachinery/pkg/api/resource"

	Dynamic = "k8s.io/client-go/dynamic"

	PkgErrors = "github.com/pkg/errors"
)

// Func identifies a function or method by package path, receiver type name
// (empty for package-level functions; the declaring interface for abstract
// methods) and name.
type Func struct {
	Pkg, Recv, Name string
}

// FuncOf returns the identity of fn, looking through generic instantiation.
func FuncOf(fn *types.Func) Func {
	if fn == nil {
		return Func{}
	}
	fn = fn.Origin()
	k := Func{Name: fn.Name()}
	k.Pkg = PathOf(fn.Pkg())
	sig, _ := fn.Type().(*types.Signature)
	if sig != nil && sig.Recv() != nil {
		k.Recv = RecvName(sig.Recv().Type())
		if types.IsInterface(sig.Recv().Type()) {
			noteGenerated(k.Pkg, sig.Recv().Type())
		}
	}
	return k
}

// RecvName returns the name of the named type behind t, looking through
// pointers, aliases and instantiation; "" when t is not named.
func RecvName(t types.Type) string {
	t = types.Unalias(t)
	if p, ok := t.(*types.Pointer); ok {
		t = types.Unalias(p.Elem())
	}
	if n, ok := t.(*types.Named); ok {
		return n.Origin().Obj().Name()
	}
	return ""
}

// IsNamed reports whether t (after unaliasing, looking through one pointer
// when ptr is true) is the named type pkg.name, or an instantiation of it.
func IsNamed(t types.Type, pkg, name string, ptr bool) bool {
	t = types.Unalias(t)
	if ptr {
		if p, ok := t.(*types.Pointer); ok {
			t = types.Unalias(p.Elem())
		}
	}
	n, ok := t.(*types.Named)
	if !ok {
		return false
	}
	obj := n.Origin().Obj()
	return obj.Name() == name && obj.Pkg() != nil && PathOf(obj.Pkg()) == pkg
}

// NamedOf returns the package path and name of the named type behind t
// (looking through aliases and one pointer).
func NamedOf(t types.Type) (pkg, name string, ok bool) {
	t = types.Unalias(t)
	if p, isPtr := t.(*types.Pointer); isPtr {
		t = types.Unalias(p.Elem())
	}
	n, isNamed := t.(*types.Named)
	if !isNamed || n.Origin().Obj().Pkg() == nil {
		return "", "", false
	}
	obj := n.Origin().Obj()
	return PathOf(obj.Pkg()), obj.Name(), true
}

// objectMethods are methods that every Kubernetes API object (metav1.Object
// plus runtime.Object) has.
var objectMethods = []string{"GetObjectKind", "DeepCopyObject", "GetName", "GetNamespace", "GetFinalizers"}

// listMethods are methods that every Kubernetes list object has.
var listMethods = []string{"GetObjectKind", "DeepCopyObject", "GetResourceVersion", "GetContinue"}

// IsObject reports whether t is a Kubernetes API object: a pointer to a
// struct type with the methods of client.Object, or an interface that has
// them (client.Object itself, metav1.Object plus runtime.Object).
func IsObject(t types.Type) bool {
	return hasMethods(t, objectMethods)
}

// IsObjectList reports whether t is a Kubernetes list type (client.ObjectList).
func IsObjectList(t types.Type) bool {
	return hasMethods(t, listMethods) && !hasMethods(t, objectMethods)
}

// IsObjectStruct reports whether t is a (non-pointer) struct type whose
// pointer is an API object, such as corev1.Pod.
func IsObjectStruct(t types.Type) bool {
	t = types.Unalias(t)
	if _, ok := t.(*types.Named); !ok {
		return false
	}
	if _, ok := t.Underlying().(*types.Struct); !ok {
		return false
	}
	return IsObject(types.NewPointer(t))
}

// methodCache memoises hasMethods: computing method sets is the most
// expensive part of classifying values, and the same types come up over
// and over. Keys are the type (for pointers, the pointed-to type) and the
// method list.
var methodCache sync.Map

type methodKey struct {
	t     types.Type
	ptr   bool
	names string
}

func hasMethods(t types.Type, names []string) bool {
	t = types.Unalias(t)
	key := methodKey{t: t, names: strings.Join(names, ",")}
	if p, ok := t.(*types.Pointer); ok {
		key.t, key.ptr = types.Unalias(p.Elem()), true
	}
	if v, ok := methodCache.Load(key); ok {
		return v.(bool)
	}
	r := hasMethods1(t, names)
	methodCache.Store(key, r)
	return r
}

func hasMethods1(t types.Type, names []string) bool {
	if _, ok := t.Underlying().(*types.Interface); !ok {
		p, ok := t.(*types.Pointer)
		if !ok {
			return false
		}
		if _, ok := p.Elem().Underlying().(*types.Struct); !ok {
			return false
		}
	}
	ms := types.NewMethodSet(t)
	for _, n := range names {
		if ms.Lookup(nil, n) == nil && lookupAny(ms, n) == nil {
			return false
		}
	}
	return true
}

func lookupAny(ms *types.MethodSet, name string) *types.Selection {
	for i := 0; i < ms.Len(); i++ {
		if ms.At(i).Obj().Name() == name {
			return ms.At(i)
		}
	}
	return nil
}

// IsCloseMethod reports whether m is an io.Closer-style Close() error: it
// releases the program's own handle (a connection, a session, a file),
// not a resource outside it.
func IsCloseMethod(m *types.Func) bool {
	sig, ok := m.Type().(*types.Signature)
	return ok && m.Name() == "Close" && sig.Params().Len() == 0 && sig.Results().Len() == 1 && IsError(sig.Results().At(0).Type())
}

// IsError reports whether t is an error type: the error interface or a
// type that implements it.
func IsError(t types.Type) bool {
	if t == nil {
		return false
	}
	errType := types.Universe.Lookup("error").Type()
	if types.Identical(t, errType) {
		return true
	}
	if _, ok := t.Underlying().(*types.Interface); ok {
		return types.Implements(t, errType.Underlying().(*types.Interface))
	}
	return types.Implements(t, errType.Underlying().(*types.Interface))
}

// IsResult reports whether t is reconcile.Result (ctrl.Result is an alias).
func IsResult(t types.Type) bool { return IsNamed(t, Reconcile, "Result", false) }

// IsRequest reports whether t is reconcile.Request (ctrl.Request is an alias).
func IsRequest(t types.Type) bool { return IsNamed(t, Reconcile, "Request", false) }

// ReconcileMethod is the method of a reconcile.Reconciler (and of its
// typed and object forms).
const ReconcileMethod = "Reconcile"

// IsContext reports whether t is context.Context.
func IsContext(t types.Type) bool { return IsNamed(t, "context", "Context", false) }

// IsTypedClientPkg reports whether path is a client-go typed client package
// or a generated clientset's typed package.
func IsTypedClientPkg(path string) bool {
	return strings.HasPrefix(path, "k8s.io/client-go/kubernetes/typed/") ||
		strings.Contains(path, "/clientset/versioned/typed/") ||
		strings.Contains(path, "/clientset/typed/") ||
		(strings.Contains(path, "/typed/") && strings.Contains(path, "clientset"))
}

// IsListerPkg reports whether path is a client-go or generated lister package.
func IsListerPkg(path string) bool {
	return strings.HasPrefix(path, "k8s.io/client-go/listers/") || strings.Contains(path, "/listers/")
}

// HasDeepCopy reports whether the pointer type t has a DeepCopy method
// returning t, as generated API types do.
func HasDeepCopy(t types.Type) bool {
	if _, ok := t.Underlying().(*types.Pointer); !ok {
		return false
	}
	ms := types.NewMethodSet(t)
	sel := lookupAny(ms, "DeepCopy")
	if sel == nil {
		return false
	}
	sig, ok := sel.Type().(*types.Signature)
	return ok && sig.Params().Len() == 0 && sig.Results().Len() == 1 && types.Identical(sig.Results().At(0).Type(), t)
}

// IsReconcileFunc reports whether t is reconcile.TypedFunc[Q] (reconcile.Func
// is an alias of TypedFunc[reconcile.Request]): a function converted to a
// reconciler.
func IsReconcileFunc(t types.Type) bool {
	return IsNamed(t, Reconcile, "TypedFunc", false)
}

// ReturnsError reports whether the last result of sig is an error: its
// caller learns of a failure and can retry.
func ReturnsError(sig *types.Signature) bool {
	res := sig.Results()
	return res.Len() > 0 && IsError(res.At(res.Len()-1).Type())
}

// IsTypeMetaField reports whether name is a field of an object's TypeMeta
// (or TypeMeta itself): the kind a client reads or writes by, which no
// write persists as a change.
func IsTypeMetaField(name string) bool {
	return name == TypeMetaField || name == "APIVersion" || name == "Kind"
}

// TypeMetaField is the name of the embedded TypeMeta of an object.
const TypeMetaField = "TypeMeta"
