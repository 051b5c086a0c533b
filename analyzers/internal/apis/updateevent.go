package apis

// The update-event model used to evaluate predicate Update functions
// (checks.md §1.7, RL4001): which fields of an update event hold the old
// and the new object, which getters read which metadata field, and which
// functions compare two values for equality.

// Sides of an update event.
const (
	NoSide  = 0
	OldSide = 1
	NewSide = 2
)

// UpdateEventSide returns the side of an update event's field: OldSide
// for ObjectOld (and the MetaOld of controller-runtime before v0.7),
// NewSide for ObjectNew and MetaNew, NoSide for anything else.
func UpdateEventSide(field string) int {
	switch field {
	case "ObjectOld", "MetaOld":
		return OldSide
	case "ObjectNew", "MetaNew":
		return NewSide
	}
	return NoSide
}

// metaGetters maps the metav1.Object getters to the ObjectMeta field they
// read.
var metaGetters = map[string]string{
	"GetGeneration":        "Generation",
	"GetFinalizers":        FinalizersField,
	"GetDeletionTimestamp": DeletionTimestampField,
	"GetResourceVersion":   "ResourceVersion",
	"GetLabels":            "Labels",
	"GetAnnotations":       "Annotations",
	"GetName":              "Name",
	"GetNamespace":         "Namespace",
	"GetUID":               "UID",
	"GetOwnerReferences":   "OwnerReferences",
	"GetManagedFields":     "ManagedFields",
}

// MetaGetterField returns the ObjectMeta field that the metav1.Object
// getter name reads, or "".
func MetaGetterField(name string) string { return metaGetters[name] }

// ObjectMetaField is the embedded metadata field of API object structs.
const ObjectMetaField = "ObjectMeta"

// IsTwoValueEquality reports whether f compares its first two value
// arguments for deep equality and nothing else: reflect.DeepEqual,
// equality.Semantic.DeepEqual, cmp.Equal, maps.Equal and slices.Equal.
func IsTwoValueEquality(f Func) bool {
	switch f {
	case Func{"reflect", "", "DeepEqual"}, Func{ForkedReflect, "Equalities", "DeepEqual"},
		Func{"github.com/google/go-cmp/cmp", "", "Equal"}, Func{"maps", "", "Equal"}, Func{"slices", "", "Equal"}:
		return true
	}
	return false
}

// IsTimeIsZero reports whether f is (*metav1.Time).IsZero, which is true
// for a nil *Time.
func IsTimeIsZero(f Func) bool {
	return f.Pkg == MetaV1 && f.Recv == "Time" && f.Name == "IsZero"
}
