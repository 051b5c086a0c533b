package apis

import "go/types"

// The update-event model used to evaluate predicate Update functions
// (checks.md §1.7): which fields of an update event hold the old
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

// ObjectMeta fields the update-event model names.
const (
	GenerationField      = "Generation"
	ResourceVersionField = "ResourceVersion"
	ManagedFieldsField   = "ManagedFields"
	LabelsField          = "Labels"
	AnnotationsField     = "Annotations"
	// SpecField is the object's own spec (a field of the object, not of
	// ObjectMeta), whose change bumps metadata.generation.
	SpecField = "Spec"
)

// metaGetters maps the metav1.Object getters to the ObjectMeta field they
// read.
var metaGetters = map[string]string{
	"GetGeneration":        GenerationField,
	"GetFinalizers":        FinalizersField,
	"GetDeletionTimestamp": DeletionTimestampField,
	"GetResourceVersion":   ResourceVersionField,
	"GetLabels":            LabelsField,
	"GetAnnotations":       AnnotationsField,
	"GetName":              "Name",
	"GetNamespace":         "Namespace",
	"GetUID":               "UID",
	"GetOwnerReferences":   "OwnerReferences",
	"GetManagedFields":     ManagedFieldsField,
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

// Fields of metav1.Condition that fixes rewrite.
const (
	ConditionTypeField = "Type"
	ConditionTimeField = "LastTransitionTime"
)

// IsCondition reports whether t is metav1.Condition.
func IsCondition(t types.Type) bool { return IsNamed(t, MetaV1, "Condition", false) }

// Predicate callbacks the predicate model evaluates: the methods of
// predicate.TypedPredicate and the fields of predicate.TypedFuncs that
// implement them.
const (
	PredicateUpdate  = "Update"
	PredicateCreate  = "Create"
	FuncsUpdateField = "UpdateFunc"
	FuncsCreateField = "CreateFunc"
)
