package apis

import (
	"go/types"
	"strings"
)

// Builder-chain and predicate APIs.

// generationLessKinds are k8s.io/api kinds that have a Spec field but for
// which the API server never sets metadata.generation, so a deletion does
// not bump it either (the "> 0" guard of rest.BeforeDelete and
// Store.markAsDeleting). Re-verify against each target server version with
// the apiserver-experiment harness.
var generationLessKinds = map[string]bool{
	"Service":               true,
	"Namespace":             true,
	"PersistentVolume":      true,
	"PersistentVolumeClaim": true,
	"Node":                  true,
}

// IsGenerationLessKind reports whether t (an API object type, or a pointer
// to one) is a built-in k8s.io/api kind whose metadata.generation the API
// server never sets: a kind without a Spec field (ConfigMap, Secret,
// ServiceAccount, Endpoints, the RBAC kinds) or one of the table's kinds.
// known is false when t is not a k8s.io/api kind.
func IsGenerationLessKind(t types.Type) (genLess, known bool) {
	pkg, name, ok := NamedOf(t)
	if !ok || !strings.HasPrefix(pkg, "k8s.io/api/") {
		return false, false
	}
	if generationLessKinds[name] {
		return true, true
	}
	t = types.Unalias(t)
	if p, isPtr := t.(*types.Pointer); isPtr {
		t = p.Elem()
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return false, false
	}
	for i := 0; i < st.NumFields(); i++ {
		if st.Field(i).Name() == "Spec" {
			return false, true
		}
	}
	return true, true
}

// IsBuilderStart reports whether f starts a controller builder chain:
// builder.ControllerManagedBy or builder.TypedControllerManagedBy.
func IsBuilderStart(f Func) bool {
	return f.Pkg == Builder && f.Recv == "" && (f.Name == "ControllerManagedBy" || f.Name == "TypedControllerManagedBy")
}

// IsBuilderStartVar reports whether the package-level variable pkg.name is
// a function variable initialised to a builder start, such as
// ctrl.NewControllerManagedBy (= builder.ControllerManagedBy).
func IsBuilderStartVar(pkg, name string) bool {
	return pkg == CR && name == "NewControllerManagedBy"
}

// BuilderMethod classifies a method of builder.TypedBuilder. Chained
// methods return their receiver.
type BuilderMethod int

// Builder methods.
const (
	NotBuilder      BuilderMethod = iota
	BuilderChain                  // Owns, Watches, Named, WithOptions, …: returns the builder
	BuilderFor                    // For(obj, opts...)
	BuilderFilter                 // WithEventFilter(p)
	BuilderComplete               // Complete(r) or Build(r): ends the chain with the reconciler
)

var builderMethods = map[string]BuilderMethod{
	"For": BuilderFor, "WithEventFilter": BuilderFilter, "Complete": BuilderComplete, "Build": BuilderComplete,
	"Owns": BuilderChain, "Watches": BuilderChain, "WatchesMetadata": BuilderChain, "WatchesRawSource": BuilderChain,
	"Named": BuilderChain, "WithOptions": BuilderChain, "WithLogConstructor": BuilderChain,
}

// ClassifyBuilderMethod classifies f when it is a method of
// builder.TypedBuilder.
func ClassifyBuilderMethod(f Func) BuilderMethod {
	if f.Pkg != Builder || (f.Recv != "TypedBuilder" && f.Recv != "Builder") { // Builder: controller-runtime < v0.19
		return NotBuilder
	}
	return builderMethods[f.Name]
}

// IsWithPredicates reports whether f is builder.WithPredicates, whose
// variadic arguments are the predicates of a For, Owns or Watches option.
func IsWithPredicates(f Func) bool {
	return f.Pkg == Builder && f.Recv == "" && f.Name == "WithPredicates"
}

// IsControllerNew reports whether f creates a controller from options with
// a Reconciler field: controller.New, NewTyped, NewUnmanaged,
// NewTypedUnmanaged. It returns the index of the options argument.
func IsControllerNew(f Func) (bool, int) {
	if f.Pkg != Controller || f.Recv != "" {
		return false, 0
	}
	switch f.Name {
	case "New", "NewTyped":
		return true, 2
	case "NewUnmanaged", "NewTypedUnmanaged":
		return true, 1
	}
	return false, 0
}

// IsControllerWatch reports whether f is the Watch method of
// controller.TypedController.
func IsControllerWatch(f Func) bool {
	return f.Pkg == Controller && (f.Recv == "TypedController" || f.Recv == "Controller") && f.Name == "Watch"
}

// IsSourceKind reports whether f is source.Kind or source.TypedKind:
// func(cache, obj, handler, predicates...).
func IsSourceKind(f Func) bool {
	return f.Pkg == Source && f.Recv == "" && (f.Name == "Kind" || f.Name == "TypedKind")
}

// IsEnqueueForObject reports whether t is handler.EnqueueRequestForObject
// (or its typed form): the handler of a primary watch.
func IsEnqueueForObject(t types.Type) bool {
	return IsNamed(t, Handler, "TypedEnqueueRequestForObject", true) || IsNamed(t, Handler, "EnqueueRequestForObject", true)
}

// PredicateKind names a predicate of the predicate package whose Update
// behaviour is known.
type PredicateKind int

// Predicate kinds.
const (
	PredOther             PredicateKind = iota
	PredGenerationChanged               // ObjectNew.GetGeneration() != ObjectOld.GetGeneration()
	PredResourceVersion                 // passes every real update
	PredAnnotationChanged               // compares annotations only
	PredLabelChanged                    // compares labels only
	PredFuncs                           // TypedFuncs: UpdateFunc, nil means pass
)

var predicateTypes = map[string]PredicateKind{
	"TypedGenerationChangedPredicate":      PredGenerationChanged,
	"TypedResourceVersionChangedPredicate": PredResourceVersion,
	"TypedAnnotationChangedPredicate":      PredAnnotationChanged,
	"TypedLabelChangedPredicate":           PredLabelChanged,
	"TypedFuncs":                           PredFuncs,
	// controller-runtime < v0.19: non-generic types of the same names.
	"GenerationChangedPredicate":      PredGenerationChanged,
	"ResourceVersionChangedPredicate": PredResourceVersion,
	"AnnotationChangedPredicate":      PredAnnotationChanged,
	"LabelChangedPredicate":           PredLabelChanged,
	"Funcs":                           PredFuncs,
}

// PredicateKindOf classifies a concrete predicate type of the predicate
// package (after unaliasing: GenerationChangedPredicate is
// TypedGenerationChangedPredicate[client.Object]).
func PredicateKindOf(t types.Type) PredicateKind {
	pkg, name, ok := NamedOf(t)
	if !ok || pkg != Predicate {
		return PredOther
	}
	return predicateTypes[name]
}

// PredicateCombinator classifies predicate.Or, And and Not; "" otherwise.
func PredicateCombinator(f Func) string {
	if f.Pkg == Predicate && f.Recv == "" {
		switch f.Name {
		case "Or", "And", "Not":
			return f.Name
		}
	}
	return ""
}

// IsPredicateType reports whether t is a predicate: the TypedPredicate
// interface or a type with its four methods.
func IsPredicateType(t types.Type) bool {
	if IsNamed(t, Predicate, "TypedPredicate", false) {
		return true
	}
	ms := types.NewMethodSet(t)
	if _, isPtr := types.Unalias(t).(*types.Pointer); !isPtr {
		if _, isIface := t.Underlying().(*types.Interface); !isIface {
			ms = types.NewMethodSet(types.NewPointer(t))
		}
	}
	for _, n := range []string{"Create", "Update", "Delete", "Generic"} {
		sel := lookupAny(ms, n)
		if sel == nil {
			return false
		}
		sig, ok := sel.Type().(*types.Signature)
		if !ok || sig.Params().Len() != 1 || sig.Results().Len() != 1 {
			return false
		}
		if pkg, _, ok := NamedOf(sig.Params().At(0).Type()); !ok || pkg != Event {
			return false
		}
	}
	return true
}

// Finalizer APIs.

// FinalizerOp classifies a call that manages finalizers.
type FinalizerOp int

// Finalizer operations.
const (
	NoFinalizerOp     FinalizerOp = iota
	FinalizerAdd                  // controllerutil.AddFinalizer(obj, name)
	FinalizerRemove               // controllerutil.RemoveFinalizer(obj, name)
	FinalizerSet                  // obj.SetFinalizers(list)
	FinalizerContains             // controllerutil.ContainsFinalizer(obj, name)
	FinalizerGet                  // obj.GetFinalizers()
)

// ClassifyFinalizerCall classifies f as a finalizer operation.
func ClassifyFinalizerCall(f Func) FinalizerOp {
	if f.Pkg == Controllerutil && f.Recv == "" {
		switch f.Name {
		case "AddFinalizer":
			return FinalizerAdd
		case "RemoveFinalizer":
			return FinalizerRemove
		case "ContainsFinalizer":
			return FinalizerContains
		}
		return NoFinalizerOp
	}
	if f.Recv == "" {
		return NoFinalizerOp
	}
	switch f.Name {
	case "SetFinalizers":
		return FinalizerSet
	case "GetFinalizers":
		return FinalizerGet
	}
	return NoFinalizerOp
}

// FinalizersField is the field name of metadata.finalizers.
const FinalizersField = "Finalizers"

// SourceKindTypeField is the field of the struct source.Kind of
// controller-runtime before v0.15 that holds the watched object.
const SourceKindTypeField = "Type"

// IsOldSourceKind reports whether t is the struct source.Kind of
// controller-runtime before v0.15 (Watch(&source.Kind{Type: obj}, …)).
func IsOldSourceKind(t types.Type) bool {
	_, isStruct := types.Unalias(t).Underlying().(*types.Struct)
	return isStruct && IsNamed(t, Source, "Kind", false)
}
