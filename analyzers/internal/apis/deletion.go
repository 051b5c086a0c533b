package apis

import (
	"go/types"
	"strings"
)

// lingeringBuiltins are the built-in kinds whose objects outlive a Delete
// that returned nil as a rule: the API server or the core controllers hold
// them with finalizers (kubernetes.io/pvc-protection, pv-protection, the
// namespace's kubernetes finalizer) or a graceful termination (a Pod
// terminates before it is gone).
var lingeringBuiltins = map[string]bool{
	"PersistentVolumeClaim": true,
	"PersistentVolume":      true,
	"Namespace":             true,
	"Pod":                   true,
}

// DeletionMayLinger reports whether an object of type t can still exist
// after a Delete of it returned nil: a custom resource (a type of neither
// k8s.io/api nor apimachinery, which another controller may hold with a
// finalizer of its own), or a built-in kind that the cluster holds until
// its own cleanup ends (lingeringBuiltins). The other built-in kinds
// (ConfigMap, Secret, Deployment, …) are gone when the Delete returns
// unless someone added a finalizer; an object of unknown kind
// (unstructured, an interface) is not known to linger.
func DeletionMayLinger(t types.Type) bool {
	pkg, name, ok := NamedOf(t)
	if !ok || !IsObject(types.NewPointer(types.Unalias(derefNamed(t)))) {
		return false
	}
	switch {
	case strings.HasPrefix(pkg, "k8s.io/api/"):
		return lingeringBuiltins[name]
	case strings.HasPrefix(pkg, "k8s.io/apimachinery/"), isK8sPath(pkg):
		return false
	}
	return true
}

// derefNamed returns the type t points to, or t.
func derefNamed(t types.Type) types.Type {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		return p.Elem()
	}
	return t
}

// IsForegroundDeletion reports whether a delete option of type t with the
// constant value v asks for foreground deletion (the object stays until
// its dependents are gone): client.PropagationPolicy or
// metav1.DeletionPropagation "Foreground".
func IsForegroundDeletion(t types.Type, v string) bool {
	pkg, name, ok := NamedOf(t)
	return ok && v == "Foreground" &&
		(pkg == Client && name == "PropagationPolicy" || pkg == MetaV1 && name == "DeletionPropagation")
}
