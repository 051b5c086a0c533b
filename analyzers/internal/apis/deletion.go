package apis

import (
	"go/types"
	"strings"
)

// DeletionMayLinger reports whether an object of type t can still exist
// after a Delete of it returned nil in a way its deleter must wait for: a
// custom resource (a type of neither k8s.io/api nor apimachinery), which
// another controller may hold with a finalizer of its own whose cleanup
// can need the deleter's object. A built-in kind is not: what holds a
// Pod, a PersistentVolumeClaim or a Namespace after the Delete (a graceful
// termination, pvc-protection, the namespace's own finalizer) is the
// cluster's, and it completes whatever happens to the deleter; waiting for
// it can even deadlock (a claim kept while the pods of the deleter's
// StatefulSet still mount it). An object of unknown kind (unstructured,
// an interface) is not known to linger.
func DeletionMayLinger(t types.Type) bool {
	pkg, _, ok := NamedOf(t)
	if !ok || !IsObject(types.NewPointer(types.Unalias(derefNamed(t)))) {
		return false
	}
	return !strings.HasPrefix(pkg, "k8s.io/api/") && !strings.HasPrefix(pkg, "k8s.io/apimachinery/") && !isK8sPath(pkg)
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
