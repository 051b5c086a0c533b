package apis

import "strings"

// WriteKind is the kind of an API write.
type WriteKind int

// Write kinds, as in checks.md §1.7.
const (
	NoWrite WriteKind = iota
	Update
	Patch
	StatusUpdate
	StatusPatch
	SubResourceWrite // Update, Patch or Create on a named subresource other than status
	Apply
	StatusApply
	Create
	Delete
	DeleteAllOf
	CreateOrUpdate // controllerutil.CreateOrUpdate: self-guarded
	CreateOrPatch  // controllerutil.CreateOrPatch: self-guarded
)

var writeKindNames = [...]string{
	NoWrite: "none", Update: "Update", Patch: "Patch", StatusUpdate: "Status().Update",
	StatusPatch: "Status().Patch", SubResourceWrite: "SubResource write", Apply: "Apply",
	StatusApply: "Status().Apply", Create: "Create", Delete: "Delete", DeleteAllOf: "DeleteAllOf",
	CreateOrUpdate: "CreateOrUpdate", CreateOrPatch: "CreateOrPatch",
}

// String returns the name used in messages.
func (k WriteKind) String() string {
	if int(k) < len(writeKindNames) {
		return writeKindNames[k]
	}
	return "write"
}

// IsMutation reports whether k changes an existing object (Update, Patch,
// Apply and their status and subresource forms), as opposed to Create and
// Delete.
func (k WriteKind) IsMutation() bool {
	switch k {
	case Update, Patch, StatusUpdate, StatusPatch, SubResourceWrite, Apply, StatusApply:
		return true
	}
	return false
}

// IsStatus reports whether k writes through the status subresource.
func (k WriteKind) IsStatus() bool {
	return k == StatusUpdate || k == StatusPatch || k == StatusApply
}

// IsSelfGuarded reports whether the writer compares before writing.
func (k WriteKind) IsSelfGuarded() bool { return k == CreateOrUpdate || k == CreateOrPatch }

// Client flavours of a write.
const (
	FlavorCR      = "controller-runtime"
	FlavorTyped   = "client-go"
	FlavorDynamic = "dynamic"
	// FlavorCLI is k8s.io/cli-runtime's resource.Helper (kubectl's and
	// helm's generic REST writer).
	FlavorCLI = "cli-runtime"
)

// crWriterMethods maps client.Writer methods to their kinds.
var crWriterMethods = map[string]WriteKind{
	"Update": Update, "Patch": Patch, "Apply": Apply,
	"Create": Create, "Delete": Delete, "DeleteAllOf": DeleteAllOf,
}

// subResourceWriterMethods maps client.SubResourceWriter methods to the
// kinds they have when the writer came from Status().
var subResourceWriterMethods = map[string]WriteKind{
	"Update": StatusUpdate, "Patch": StatusPatch, "Apply": StatusApply, "Create": SubResourceWrite,
}

// typedWriterMethods maps client-go typed and dynamic client methods.
var typedWriterMethods = map[string]WriteKind{
	"Update": Update, "UpdateStatus": StatusUpdate, "Patch": Patch,
	"Apply": Apply, "ApplyStatus": StatusApply, "Create": Create,
	"Delete": Delete, "DeleteCollection": DeleteAllOf,
}

// CLIResource is k8s.io/cli-runtime's resource package.
const CLIResource = "k8s.io/cli-runtime/pkg/resource"

// cliHelperMethods maps the writing methods of resource.Helper.
var cliHelperMethods = map[string]WriteKind{
	"Create": Create, "Replace": Update, "Patch": Patch, "Delete": Delete, "DeleteWithOptions": Delete,
}

// ObjectArg returns the index of the object argument of a write (not
// counting the receiver), or -1 when the write has none.
func ObjectArg(flavor string, k WriteKind) int {
	switch flavor {
	case FlavorCR:
		switch k {
		case DeleteAllOf:
			return 1
		case CreateOrUpdate, CreateOrPatch:
			return 2
		}
		return 1
	case FlavorTyped, FlavorDynamic:
		switch k {
		case Update, StatusUpdate, Create, Apply, StatusApply:
			return 1
		}
	case FlavorCLI:
		switch k {
		case Create: // Create(namespace, modify, obj)
			return 2
		case Update: // Replace(namespace, name, overwrite, obj)
			return 3
		}
	}
	return -1
}

// ClassifyCRWriter classifies a controller-runtime method by the interface
// that declares it (recv) and its name. fromStatus tells, for
// SubResourceWriter methods, whether the writer was obtained from Status()
// or SubResource("status").
func ClassifyCRWriter(f Func, fromStatus bool) WriteKind {
	if f.Pkg != Client {
		return NoWrite
	}
	switch f.Recv {
	case "Writer":
		return crWriterMethods[f.Name]
	case "SubResourceWriter", "StatusWriter":
		k := subResourceWriterMethods[f.Name]
		if k != NoWrite && k != SubResourceWrite && !fromStatus {
			return SubResourceWrite
		}
		return k
	}
	return NoWrite
}

// ClassifyTypedWriter classifies a method of a client-go typed, generated
// or dynamic client interface.
func ClassifyTypedWriter(f Func) (WriteKind, string) {
	switch {
	case f.Pkg == Dynamic && f.Recv == "ResourceInterface":
		return typedWriterMethods[f.Name], FlavorDynamic
	case IsTypedClient(f):
		return typedWriterMethods[f.Name], FlavorTyped
	case f.Pkg == CLIResource && f.Recv == "Helper":
		return cliHelperMethods[f.Name], FlavorCLI
	}
	return NoWrite, ""
}

// ClassifySelfGuarded recognises controllerutil's comparing writers.
func ClassifySelfGuarded(f Func) WriteKind {
	if f.Pkg == Controllerutil && f.Recv == "" {
		switch f.Name {
		case "CreateOrUpdate":
			return CreateOrUpdate
		case "CreateOrPatch":
			return CreateOrPatch
		}
	}
	return NoWrite
}

// ClusterAPIPatch is cluster-api's patch helper package.
const ClusterAPIPatch = "sigs.k8s.io/cluster-api/util/patch"

// IsSnapshotPatch reports whether f is cluster-api's (*patch.Helper).Patch
// (ctx, obj, opts...): it patches obj's metadata and spec, and its status,
// with the difference from the snapshot patch.NewHelper took, and writes
// nothing when they are equal. Its own code writes unstructured copies
// that the analysis cannot tie to obj, hence this entry.
func IsSnapshotPatch(f Func) bool {
	return f.Pkg == ClusterAPIPatch && f.Recv == "Helper" && f.Name == "Patch"
}

// IsReaderGet reports whether f is client.Reader.Get (also reached through
// client.Client and client.WithWatch, which embed Reader).
func IsReaderGet(f Func) bool {
	return f.Pkg == Client && f.Recv == "Reader" && f.Name == "Get"
}

// IsReaderList reports whether f is client.Reader.List.
func IsReaderList(f Func) bool {
	return f.Pkg == Client && f.Recv == "Reader" && f.Name == "List"
}

// IsTypedGet reports whether f is Get of a client-go typed client, a
// generated clientset or a lister: func(…, name string, …) (*T, error).
func IsTypedGet(f Func) bool {
	if f.Name != "Get" {
		return false
	}
	switch {
	case f.Pkg == Dynamic && f.Recv == "ResourceInterface":
		return true
	case IsTypedClient(f):
		return true
	case IsLister(f):
		return true
	}
	return false
}

// Guard tables (checks.md §1.5).

// equalityFuncs are G1 guards: functions whose result compares values.
var equalityFuncs = map[Func]bool{
	{"reflect", "", "DeepEqual"}:                          true,
	{ForkedReflect, "Equalities", "DeepEqual"}:            true,
	{ForkedReflect, "Equalities", "DeepDerivative"}:       true,
	{"github.com/google/go-cmp/cmp", "", "Equal"}:         true,
	{"github.com/google/go-cmp/cmp", "", "Diff"}:          true,
	{"maps", "", "Equal"}:                                 true,
	{"maps", "", "EqualFunc"}:                             true,
	{"slices", "", "Equal"}:                               true,
	{"slices", "", "EqualFunc"}:                           true,
	{"slices", "", "Contains"}:                            true,
	{"slices", "", "ContainsFunc"}:                        true,
	{"slices", "", "Index"}:                               true,
	{"slices", "", "IndexFunc"}:                           true,
	{"slices", "", "Compare"}:                             true,
	{"bytes", "", "Equal"}:                                true,
	{"strings", "", "EqualFold"}:                          true,
	{Sets, "Set", "Has"}:                                  true,
	{Sets, "Set", "HasAll"}:                               true,
	{Sets, "Set", "HasAny"}:                               true,
	{Sets, "Set", "Equal"}:                                true,
	{Sets, "String", "Has"}:                               true,
	{Sets, "String", "Equal"}:                             true,
	{MetaV1, "Time", "Equal"}:                             true,
	{MetaV1, "Time", "Before"}:                            true,
	{Resource, "Quantity", "Equal"}:                       true,
	{Resource, "Quantity", "Cmp"}:                         true,
	{Meta, "", "IsStatusConditionTrue"}:                   true,
	{Meta, "", "IsStatusConditionFalse"}:                  true,
	{Meta, "", "IsStatusConditionPresentAndEqual"}:        true,
	{Meta, "", "FindStatusCondition"}:                     true,
	{Controllerutil, "", "ContainsFinalizer"}:             true,
	{Controllerutil, "", "HasControllerReference"}:        true,
	{Controllerutil, "", "HasOwnerReference"}:             true,
	{"k8s.io/apimachinery/pkg/api/equality", "", "Equal"}: true,
}

// changeReporters are G3 guards: functions whose boolean result says whether
// they changed the object.
var changeReporters = map[Func]bool{
	{Controllerutil, "", "AddFinalizer"}:    true,
	{Controllerutil, "", "RemoveFinalizer"}: true,
	{Meta, "", "SetStatusCondition"}:        true,
	{Meta, "", "RemoveStatusCondition"}:     true,
}

// ConditionsField is the field that holds an object's status conditions.
const ConditionsField = "Conditions"

// StatusField is the field that holds an object's status.
const StatusField = "Status"

// IsConditionTest reports whether f reads a condition of a conditions
// list: meta.FindStatusCondition and the IsStatusCondition tests.
func IsConditionTest(f Func) bool {
	return f.Pkg == Meta && f.Recv == "" && (f.Name == "FindStatusCondition" || strings.HasPrefix(f.Name, "IsStatusCondition"))
}

// IsEqualityFunc reports whether f is a G1 equality or membership test.
func IsEqualityFunc(f Func) bool { return equalityFuncs[f] }

// IsChangeReporter reports whether f is a G3 change reporter.
func IsChangeReporter(f Func) bool { return changeReporters[f] }

// OperationResultNone is the value of controllerutil.OperationResultNone:
// the object was not changed.
const OperationResultNone = "unchanged"

// ServerWrittenFields are the ObjectMeta fields the API server changes on
// every write that changes the object.
var ServerWrittenFields = []string{"ResourceVersion", "Generation", "ManagedFields"}

// StoredObjectFields are the ObjectMeta fields that only an object the API
// server has stored carries: a freshly built object has none of them, so a
// test of one of them on an object read earlier tells whether it exists.
var StoredObjectFields = []string{"CreationTimestamp", "UID", "ResourceVersion"}

// IsOperationResult reports whether the named type pkg.name is
// controllerutil.OperationResult (comparisons of it are G3 guards).
func IsOperationResult(pkg, name string) bool {
	return pkg == Controllerutil && name == "OperationResult"
}

// IsErrorIdentityTest reports whether f tests whether an error is (or
// wraps) a given one: errors.Is of the standard library or of
// github.com/pkg/errors.
func IsErrorIdentityTest(f Func) bool {
	return (f.Pkg == "errors" || f.Pkg == PkgErrors) && f.Recv == "" && f.Name == "Is"
}

// IsErrorTestFunc reports whether f tests an error: apierrors.Is*,
// errors.Is/As, meta.IsNoMatchError and the like. The true edge of such a
// test is the failure path.
func IsErrorTestFunc(f Func) bool {
	switch {
	case f.Pkg == APIErrors && f.Recv == "" && strings.HasPrefix(f.Name, "Is"):
		return true
	case (f.Pkg == "errors" || f.Pkg == PkgErrors) && (f.Name == "Is" || f.Name == "As"):
		return true
	case f.Pkg == Meta && f.Recv == "" && (f.Name == "IsNoMatchError" || f.Name == "IsAmbiguousError"):
		return true
	}
	return false
}

// IsNotFoundTest reports whether f is apierrors.IsNotFound.
func IsNotFoundTest(f Func) bool {
	return f.Pkg == APIErrors && f.Recv == "" && f.Name == "IsNotFound"
}

// IsAlreadyExistsHandler reports whether f decides on an AlreadyExists
// error: apierrors.IsAlreadyExists, or client.IgnoreAlreadyExists, which
// turns it into success. Code that passes a Create's error to one expects
// the object to exist already on a later pass.
func IsAlreadyExistsHandler(f Func) bool {
	return (f.Pkg == APIErrors && f.Recv == "" && f.Name == "IsAlreadyExists") ||
		(f.Pkg == Client && f.Recv == "" && f.Name == "IgnoreAlreadyExists")
}

// IsIgnoreNotFound reports whether f is client.IgnoreNotFound.
func IsIgnoreNotFound(f Func) bool {
	return f.Pkg == Client && f.Recv == "" && f.Name == "IgnoreNotFound"
}

// IsErrorWrapper reports whether f wraps its error argument so that
// errors.As still finds it: fmt.Errorf (with %w) and github.com/pkg/errors'
// Wrap family. It returns the index of the error argument, or -1 for
// fmt.Errorf whose arguments are variadic.
func IsErrorWrapper(f Func) (bool, int) {
	switch {
	case f.Pkg == "fmt" && f.Recv == "" && f.Name == "Errorf":
		return true, -1
	case f.Pkg == PkgErrors && f.Recv == "":
		switch f.Name {
		case "Wrap", "Wrapf", "WithMessage", "WithMessagef", "WithStack":
			return true, 0
		}
	}
	return false, 0
}

// ErrorfKeepsChain reports whether fmt.Errorf with the format format
// keeps its error arguments in the returned error's chain (errors.Is/As
// see them): only a %w verb does. A format that is not a constant
// (isConst false) may, so it counts as keeping them.
func ErrorfKeepsChain(format string, isConst bool) bool {
	return !isConst || strings.Contains(format, "%w")
}

// IsDeletionTimestampAccess reports whether f reads the deletion timestamp.
func IsDeletionTimestampAccess(f Func) bool {
	return f.Name == "GetDeletionTimestamp"
}

// DeletionTimestampField is the field name of the deletion mark.
const DeletionTimestampField = "DeletionTimestamp"

// IsMergeFromPatch reports whether f builds a patch that diffs against a
// base object (client.MergeFrom, MergeFromWithOptions, StrategicMergeFrom):
// its base argument is the pre-image of the patched object.
func IsMergeFromPatch(f Func) bool {
	return f.Pkg == Client && f.Recv == "" &&
		(f.Name == "MergeFrom" || f.Name == "MergeFromWithOptions" || f.Name == "StrategicMergeFrom")
}

// IsUnsortedList reports whether f is a sets method that returns the
// members in map order (sets.Set[T].UnsortedList, sets.String.UnsortedList).
func IsUnsortedList(f Func) bool { return f.Pkg == Sets && f.Recv != "" && f.Name == "UnsortedList" }

// IsSymmetricEquality reports whether f is a G1 test that holds exactly
// when its arguments are equal (DeepEqual, DeepDerivative, cmp.Equal,
// maps.Equal, slices.EqualFunc, …), as opposed to a membership or order
// test: its true edge is the one taken when nothing differs.
func IsSymmetricEquality(f Func) bool {
	if !equalityFuncs[f] {
		return false
	}
	return f.Name == "DeepEqual" || f.Name == "DeepDerivative" || f.Name == "Equal" || f.Name == "EqualFunc"
}

// IsApplyPatchVar reports whether the package variable pkg.name is a
// controller-runtime patch that sends a server-side apply: client.Apply,
// used as Patch(ctx, obj, client.Apply, client.FieldOwner(…)) and
// Status().Patch(…, client.Apply, …), the spelling of server-side apply
// before client.Client had an Apply method.
func IsApplyPatchVar(pkg, name string) bool {
	return pkg == Client && name == "Apply"
}

// IsApplyPatchType reports whether a patch type (the types.PatchType
// argument of a client-go typed or dynamic Patch) is a server-side apply:
// types.ApplyPatchType ("application/apply-patch+yaml") and its CBOR form.
func IsApplyPatchType(pt string) bool {
	return strings.HasPrefix(pt, "application/apply-patch+")
}

// PatchArg is the index of the patch argument of a Patch write (not
// counting the receiver), in every flavor: the client.Patch of
// controller-runtime's Patch(ctx, obj, patch, opts...), the
// types.PatchType of client-go's Patch(ctx, name, pt, data, opts,
// subresources...).
const PatchArg = 2
