package apis

// Setter describes a function or method that stores into a field path of
// one of its arguments (checks.md §1.3): metadata setters, finalizer and
// owner-reference helpers, SetStatusCondition, maps.Copy.
type Setter struct {
	// Arg is the index of the argument whose object is stored into
	// (counting the receiver of a method as argument 0).
	Arg int
	// Path is the field path stored, relative to the object when the
	// argument is the object (or its ObjectMeta), empty when the argument
	// is itself the address of the field (SetStatusCondition(&x.Status.Conditions, …)).
	Path []string
	// Value is the index of the argument that carries the stored value,
	// or -1.
	Value int
	// KeyArg, when positive, is the index of the argument naming the key
	// the setter stores under a map path (SetMetaDataLabel's label). The
	// object is always an earlier argument, so 0 means none.
	KeyArg int
}

// Unstructured is the package of unstructured.Unstructured.
const Unstructured = "k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"

var objectMetaSetters = map[string]string{
	"SetLabels": "Labels", "SetAnnotations": "Annotations", "SetFinalizers": "Finalizers",
	"SetOwnerReferences": "OwnerReferences", "SetName": "Name", "SetNamespace": "Namespace",
	"SetGenerateName": "GenerateName", "SetResourceVersion": "ResourceVersion",
	"SetDeletionTimestamp": "DeletionTimestamp", "SetManagedFields": "ManagedFields",
}

var funcSetters = map[Func]Setter{
	{MetaV1, "", "SetMetaDataLabel"}:                  {Arg: 0, Path: []string{LabelsField}, Value: 2, KeyArg: 1},
	{MetaV1, "", "SetMetaDataAnnotation"}:             {Arg: 0, Path: []string{AnnotationsField}, Value: 2, KeyArg: 1},
	{Controllerutil, "", "AddFinalizer"}:              {Arg: 0, Path: []string{"ObjectMeta", "Finalizers"}, Value: 1},
	{Controllerutil, "", "RemoveFinalizer"}:           {Arg: 0, Path: []string{"ObjectMeta", "Finalizers"}, Value: -1},
	{Controllerutil, "", "SetControllerReference"}:    {Arg: 1, Path: []string{"ObjectMeta", "OwnerReferences"}, Value: 0},
	{Controllerutil, "", "SetOwnerReference"}:         {Arg: 1, Path: []string{"ObjectMeta", "OwnerReferences"}, Value: 0},
	{Controllerutil, "", "RemoveControllerReference"}: {Arg: 1, Path: []string{"ObjectMeta", "OwnerReferences"}, Value: -1},
	{Controllerutil, "", "RemoveOwnerReference"}:      {Arg: 1, Path: []string{"ObjectMeta", "OwnerReferences"}, Value: -1},
	{Meta, "", "SetStatusCondition"}:                  {Arg: 0, Value: 1},
	// maps.Copy(dst, src) stores src's entries into the map dst, which may
	// be a field of an object (maps.Copy(obj.Annotations, common(...))).
	{"maps", "", "Copy"}:                {Arg: 0, Path: []string{"[]"}, Value: 1},
	{Meta, "", "RemoveStatusCondition"}: {Arg: 0, Value: -1},
}

// SetterOf returns how f stores into its arguments, if it is a setter.
// Methods of metav1.ObjectMeta, and methods of the same names promoted to
// API objects or called through the metav1.Object/client.Object
// interfaces, store into ObjectMeta.<Field>.
func SetterOf(f Func) (Setter, bool) {
	if s, ok := funcSetters[f]; ok {
		return s, true
	}
	if field, ok := objectMetaSetters[f.Name]; ok {
		switch {
		case f.Pkg == MetaV1 && (f.Recv == "ObjectMeta" || f.Recv == "Object"):
			if f.Recv == "ObjectMeta" {
				return Setter{Arg: 0, Path: []string{field}, Value: 1}, true
			}
			return Setter{Arg: 0, Path: []string{"ObjectMeta", field}, Value: 1}, true
		case f.Pkg == Client && f.Recv == "Object":
			return Setter{Arg: 0, Path: []string{"ObjectMeta", field}, Value: 1}, true
		case f.Pkg == "sigs.k8s.io/controller-runtime/pkg/cache/cacheapi" && f.Recv == "Object":
			return Setter{Arg: 0, Path: []string{"ObjectMeta", field}, Value: 1}, true
		case f.Pkg == Unstructured && f.Recv == "Unstructured":
			// Stores into the object's metadata map, which a shallow copy
			// or a cached object shares.
			return Setter{Arg: 0, Path: []string{"ObjectMeta", field}, Value: 1}, true
		}
	}
	return Setter{}, false
}

// nestedSetters are the functions of package unstructured that store a
// value into unstructured content at the path of their trailing string
// arguments: SetNestedField(obj, value, fields...).
var nestedSetters = map[string]bool{"SetNestedField": true, "SetNestedStringSlice": true, "SetNestedSlice": true,
	"SetNestedMap": true, "SetNestedStringMap": true}

// IsNestedSetter reports whether f stores its second argument into the
// content map given first, at the path its trailing fields name.
func IsNestedSetter(f Func) bool {
	return f.Pkg == Unstructured && f.Recv == "" && nestedSetters[f.Name]
}

// ContentPath maps the keys of a path into an object's unstructured
// content to the field path of the typed object they stand for: the
// top-level "status", "spec" and "metadata" name the Status, Spec and
// ObjectMeta fields; deeper keys stay as they are.
func ContentPath(keys []string) []string {
	if len(keys) == 0 {
		return nil
	}
	out := append([]string(nil), keys...)
	switch keys[0] {
	case "status":
		out[0] = StatusField
	case "spec":
		out[0] = "Spec"
	case "metadata":
		out[0] = "ObjectMeta"
	}
	return out
}

// IsUnstructuredSetter reports whether f is a metadata setter of
// unstructured.Unstructured. Its code stores into the content map; the
// table gives the field it means (ObjectMeta.Labels, not Object).
func IsUnstructuredSetter(f Func) bool {
	_, ok := objectMetaSetters[f.Name]
	return ok && f.Pkg == Unstructured && f.Recv == "Unstructured"
}

// builtinStatus lists k8s.io/api kinds by package and name, with whether
// they have a /status subresource. Kinds not listed are unknown.
var builtinStatus = map[[2]string]bool{
	{"k8s.io/api/core/v1", "Pod"}: true, {"k8s.io/api/core/v1", "Service"}: true,
	{"k8s.io/api/core/v1", "Node"}: true, {"k8s.io/api/core/v1", "Namespace"}: true,
	{"k8s.io/api/core/v1", "PersistentVolume"}: true, {"k8s.io/api/core/v1", "PersistentVolumeClaim"}: true,
	{"k8s.io/api/core/v1", "ReplicationController"}: true, {"k8s.io/api/core/v1", "ResourceQuota"}: true,
	{"k8s.io/api/core/v1", "ConfigMap"}: false, {"k8s.io/api/core/v1", "Secret"}: false,
	{"k8s.io/api/core/v1", "ServiceAccount"}: false, {"k8s.io/api/core/v1", "Endpoints"}: false,
	{"k8s.io/api/apps/v1", "Deployment"}: true, {"k8s.io/api/apps/v1", "StatefulSet"}: true,
	{"k8s.io/api/apps/v1", "DaemonSet"}: true, {"k8s.io/api/apps/v1", "ReplicaSet"}: true,
	{"k8s.io/api/batch/v1", "Job"}: true, {"k8s.io/api/batch/v1", "CronJob"}: true,
	{"k8s.io/api/autoscaling/v2", "HorizontalPodAutoscaler"}: true,
	{"k8s.io/api/policy/v1", "PodDisruptionBudget"}:          true,
	{"k8s.io/api/networking/v1", "Ingress"}:                  true, {"k8s.io/api/networking/v1", "NetworkPolicy"}: false,
	{"k8s.io/api/coordination/v1", "Lease"}: false,
	{"k8s.io/api/rbac/v1", "Role"}:          false, {"k8s.io/api/rbac/v1", "RoleBinding"}: false,
	{"k8s.io/api/rbac/v1", "ClusterRole"}: false, {"k8s.io/api/rbac/v1", "ClusterRoleBinding"}: false,
}

// BuiltinStatusSubresource tells whether the k8s.io/api kind pkg.name has a
// /status subresource; known is false for kinds the table does not list.
func BuiltinStatusSubresource(pkg, name string) (has, known bool) {
	has, known = builtinStatus[[2]string{pkg, name}]
	return has, known
}

// aliasingGetters are the metadata getters whose result shares memory
// with the object: a map or slice field returned as it is.
var aliasingGetters = map[string]string{
	"GetLabels": "Labels", "GetAnnotations": "Annotations", "GetFinalizers": "Finalizers",
	"GetOwnerReferences": "OwnerReferences", "GetManagedFields": "ManagedFields",
}

// AliasingGetter returns the field path, relative to the receiver, whose
// map or slice a metadata getter returns without copying: methods of
// metav1.ObjectMeta ([Labels]) and of the metav1.Object/client.Object
// interfaces ([ObjectMeta Labels]). Unstructured's getters copy and are
// not listed.
func AliasingGetter(f Func) ([]string, bool) {
	field, ok := aliasingGetters[f.Name]
	if !ok {
		return nil, false
	}
	switch {
	case f.Pkg == MetaV1 && f.Recv == "ObjectMeta":
		return []string{field}, true
	case f.Pkg == MetaV1 && f.Recv == "Object", f.Pkg == Client && f.Recv == "Object":
		return []string{"ObjectMeta", field}, true
	}
	return nil, false
}
