package apis

import "go/types"

// Runtime is the package of runtime.Object and of the unstructured
// converter.
const Runtime = "k8s.io/apimachinery/pkg/runtime"

// isConverter reports whether f is a method of apimachinery's unstructured
// converter: runtime.DefaultUnstructuredConverter (of the unexported type
// unstructuredConverter) or the runtime.UnstructuredConverter interface.
func isConverter(f Func) bool {
	return f.Pkg == Runtime && (f.Recv == "unstructuredConverter" || f.Recv == "UnstructuredConverter")
}

// ToUnstructuredArg returns the index (receiver first) of the object
// argument of runtime.DefaultUnstructuredConverter.ToUnstructured. Its
// result is made from that object: for an Unstructured argument it is the
// object's own content map (UnstructuredContent, no copy), for any other
// object a converted copy.
func ToUnstructuredArg(f Func) (int, bool) {
	if isConverter(f) && f.Name == "ToUnstructured" {
		return 1, true
	}
	return 0, false
}

// FromUnstructuredArgs returns the indices (receiver first) of the content
// map and of the object that runtime.DefaultUnstructuredConverter.
// FromUnstructured fills from it.
func FromUnstructuredArgs(f Func) (src, dst int, ok bool) {
	if isConverter(f) && (f.Name == "FromUnstructured" || f.Name == "FromUnstructuredWithValidation") {
		return 1, 2, true
	}
	return 0, 0, false
}

// IsUnstructured reports whether t is unstructured.Unstructured or a
// pointer to it.
func IsUnstructured(t types.Type) bool {
	return IsNamed(t, Unstructured, "Unstructured", true)
}

// UnstructuredContentField is the field of unstructured.Unstructured that
// holds the object's content.
const UnstructuredContentField = "Object"
