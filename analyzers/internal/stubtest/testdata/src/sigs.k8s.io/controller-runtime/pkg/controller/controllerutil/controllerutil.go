// Package controllerutil is a stub of
// sigs.k8s.io/controller-runtime/pkg/controller/controllerutil.
package controllerutil

import (
	"context"
	"fmt"
	"reflect"
	"slices"

	"k8s.io/apimachinery/pkg/api/equality"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"

	"sigs.k8s.io/controller-runtime/pkg/client"
)

// AlreadyOwnedError is an error returned if the object you are trying to
// assign a controller reference is already owned by another controller.
type AlreadyOwnedError struct {
	Object metav1.Object
	Owner  metav1.OwnerReference
}

func (e *AlreadyOwnedError) Error() string {
	return fmt.Sprintf("Object %s/%s is already owned by another %s controller %s",
		e.Object.GetNamespace(), e.Object.GetName(), e.Owner.Kind, e.Owner.Name)
}

// OwnerReferenceOption is a function that can modify a OwnerReference.
type OwnerReferenceOption func(*metav1.OwnerReference)

// WithBlockOwnerDeletion allows configuring the BlockOwnerDeletion field
// on the OwnerReference.
func WithBlockOwnerDeletion(blockOwnerDeletion bool) OwnerReferenceOption {
	return func(ref *metav1.OwnerReference) {
		ref.BlockOwnerDeletion = &blockOwnerDeletion
	}
}

func gvkFor(obj runtime.Object, scheme *runtime.Scheme) (schema.GroupVersionKind, error) {
	gvks, _, err := scheme.ObjectKinds(obj)
	if err != nil {
		return schema.GroupVersionKind{}, err
	}
	if len(gvks) == 0 {
		return schema.GroupVersionKind{}, fmt.Errorf("no kind registered for %T", obj)
	}
	return gvks[0], nil
}

func sameOwner(a, b metav1.OwnerReference) bool {
	aGV, errA := schema.ParseGroupVersion(a.APIVersion)
	bGV, errB := schema.ParseGroupVersion(b.APIVersion)
	if errA != nil || errB != nil {
		return false
	}
	return aGV.Group == bGV.Group && a.Kind == b.Kind && a.Name == b.Name
}

func upsertOwnerRef(ref metav1.OwnerReference, object metav1.Object) {
	owners := object.GetOwnerReferences()
	for i := range owners {
		if sameOwner(owners[i], ref) {
			owners[i] = ref
			object.SetOwnerReferences(owners)
			return
		}
	}
	object.SetOwnerReferences(append(owners, ref))
}

// SetControllerReference sets owner as a Controller OwnerReference on
// controlled.
func SetControllerReference(owner, controlled metav1.Object, scheme *runtime.Scheme, opts ...OwnerReferenceOption) error {
	ro, ok := owner.(runtime.Object)
	if !ok {
		return fmt.Errorf("%T is not a runtime.Object, cannot call SetControllerReference", owner)
	}
	gvk, err := gvkFor(ro, scheme)
	if err != nil {
		return err
	}
	yes := true
	ref := metav1.OwnerReference{
		APIVersion:         gvk.GroupVersion().String(),
		Kind:               gvk.Kind,
		Name:               owner.GetName(),
		UID:                owner.GetUID(),
		BlockOwnerDeletion: &yes,
		Controller:         &yes,
	}
	for _, opt := range opts {
		opt(&ref)
	}
	if existing := metav1.GetControllerOf(controlled); existing != nil && !sameOwner(*existing, ref) {
		return &AlreadyOwnedError{Object: controlled, Owner: *existing}
	}
	upsertOwnerRef(ref, controlled)
	return nil
}

// SetOwnerReference is a helper method to make sure the given object
// contains an object reference to the object provided.
func SetOwnerReference(owner, object metav1.Object, scheme *runtime.Scheme, opts ...OwnerReferenceOption) error {
	ro, ok := owner.(runtime.Object)
	if !ok {
		return fmt.Errorf("%T is not a runtime.Object, cannot call SetOwnerReference", owner)
	}
	gvk, err := gvkFor(ro, scheme)
	if err != nil {
		return err
	}
	ref := metav1.OwnerReference{
		APIVersion: gvk.GroupVersion().String(),
		Kind:       gvk.Kind,
		UID:        owner.GetUID(),
		Name:       owner.GetName(),
	}
	for _, opt := range opts {
		opt(&ref)
	}
	upsertOwnerRef(ref, object)
	return nil
}

// RemoveOwnerReference is a helper method to make sure the given object
// removes an owner reference to the object provided.
func RemoveOwnerReference(owner, object metav1.Object, scheme *runtime.Scheme) error {
	owners := object.GetOwnerReferences()
	kept := owners[:0]
	found := false
	for _, ref := range owners {
		if ref.UID == owner.GetUID() {
			found = true
			continue
		}
		kept = append(kept, ref)
	}
	if !found {
		return fmt.Errorf("%T does not have an owner reference for %s", object, owner.GetName())
	}
	object.SetOwnerReferences(kept)
	return nil
}

// HasControllerReference returns true if the object has an owner ref with
// controller equal to true.
func HasControllerReference(object metav1.Object) bool {
	for _, ref := range object.GetOwnerReferences() {
		if ref.Controller != nil && *ref.Controller {
			return true
		}
	}
	return false
}

// HasOwnerReference checks if the ownerreferences of the given object
// contain an object reference to obj.
func HasOwnerReference(ownerRefs []metav1.OwnerReference, obj client.Object, scheme *runtime.Scheme) (bool, error) {
	gvk, err := gvkFor(obj, scheme)
	if err != nil {
		return false, err
	}
	for _, ref := range ownerRefs {
		if ref.Kind == gvk.Kind && ref.Name == obj.GetName() {
			return true, nil
		}
	}
	return false, nil
}

// RemoveControllerReference removes an owner reference where the
// controller equals true.
func RemoveControllerReference(owner, object metav1.Object, scheme *runtime.Scheme) error {
	if !metav1.IsControlledBy(object, owner) {
		return fmt.Errorf("%s is not controlled by %s", object.GetName(), owner.GetName())
	}
	return RemoveOwnerReference(owner, object, scheme)
}

// OperationResult is the action result of a CreateOrUpdate or
// CreateOrPatch call.
type OperationResult string

// The operation results.
const (
	// OperationResultNone means that the resource has not been changed.
	OperationResultNone OperationResult = "unchanged"
	// OperationResultCreated means that a new resource is created.
	OperationResultCreated OperationResult = "created"
	// OperationResultUpdated means that an existing resource is updated.
	OperationResultUpdated OperationResult = "updated"
	// OperationResultUpdatedStatus means that an existing resource and its
	// status is updated.
	OperationResultUpdatedStatus OperationResult = "updatedStatus"
	// OperationResultUpdatedStatusOnly means that only an existing status
	// is updated.
	OperationResultUpdatedStatusOnly OperationResult = "updatedStatusOnly"
)

// MutateFn is a function which mutates the existing object into its
// desired state.
type MutateFn func() error

// mutate calls f and checks that it did not change obj's identity.
func mutate(f MutateFn, key client.ObjectKey, obj client.Object) error {
	if err := f(); err != nil {
		return err
	}
	if newKey := client.ObjectKeyFromObject(obj); key != newKey {
		return fmt.Errorf("MutateFn cannot mutate object name and/or object namespace")
	}
	return nil
}

// CreateOrUpdate attempts to fetch the given object from the Kubernetes
// cluster. If the object didn't exist, MutateFn will be called, and it
// will be created. If the object did exist, MutateFn will be called, and
// if it changed the object, it will be updated. Otherwise, it will be left
// unchanged.
func CreateOrUpdate(ctx context.Context, c client.Client, obj client.Object, f MutateFn) (OperationResult, error) {
	key := client.ObjectKeyFromObject(obj)
	err := c.Get(ctx, key, obj)
	if err != nil && !apierrors.IsNotFound(err) {
		return OperationResultNone, err
	}
	if err != nil {
		// Not found: build the object from scratch and create it.
		if f != nil {
			if mErr := mutate(f, key, obj); mErr != nil {
				return OperationResultNone, mErr
			}
		}
		if cErr := c.Create(ctx, obj); cErr != nil {
			return OperationResultNone, cErr
		}
		return OperationResultCreated, nil
	}

	existing := obj.DeepCopyObject()
	if f != nil {
		if mErr := mutate(f, key, obj); mErr != nil {
			return OperationResultNone, mErr
		}
	}
	if equality.Semantic.DeepEqual(existing, obj) {
		return OperationResultNone, nil
	}
	if uErr := c.Update(ctx, obj); uErr != nil {
		return OperationResultNone, uErr
	}
	return OperationResultUpdated, nil
}

// splitStatus returns a copy of obj's Status field (if the object is a
// pointer to a struct with one) and a copy of the object with the Status
// field zeroed.
func splitStatus(obj runtime.Object) (status any, hasStatus bool, rest any) {
	cp := reflect.ValueOf(obj.DeepCopyObject())
	if cp.Kind() != reflect.Pointer || cp.Elem().Kind() != reflect.Struct {
		return nil, false, cp.Interface()
	}
	field := cp.Elem().FieldByName("Status")
	if !field.IsValid() || !field.CanSet() {
		return nil, false, cp.Elem().Interface()
	}
	status = field.Interface()
	field.Set(reflect.Zero(field.Type()))
	return status, true, cp.Elem().Interface()
}

// CreateOrPatch attempts to fetch the given object from the Kubernetes
// cluster. If the object didn't exist, MutateFn will be called, and it
// will be created. If the object did exist, MutateFn will be called, and
// if it changed the object, it will be patched; a changed status is
// patched through the status subresource.
func CreateOrPatch(ctx context.Context, c client.Client, obj client.Object, f MutateFn) (OperationResult, error) {
	key := client.ObjectKeyFromObject(obj)
	if err := c.Get(ctx, key, obj); err != nil {
		if !apierrors.IsNotFound(err) {
			return OperationResultNone, err
		}
		if f != nil {
			if err := mutate(f, key, obj); err != nil {
				return OperationResultNone, err
			}
		}
		if err := c.Create(ctx, obj); err != nil {
			return OperationResultNone, err
		}
		return OperationResultCreated, nil
	}

	objPatch := client.MergeFrom(obj.DeepCopyObject().(client.Object))
	statusPatch := client.MergeFrom(obj.DeepCopyObject().(client.Object))

	beforeStatus, hasBeforeStatus, before := splitStatus(obj)
	if f != nil {
		if err := mutate(f, key, obj); err != nil {
			return OperationResultNone, err
		}
	}
	afterStatus, hasAfterStatus, after := splitStatus(obj)

	result := OperationResultNone
	if !reflect.DeepEqual(before, after) {
		if err := c.Patch(ctx, obj, objPatch); err != nil {
			return result, err
		}
		result = OperationResultUpdated
	}

	if (hasBeforeStatus || hasAfterStatus) && !reflect.DeepEqual(beforeStatus, afterStatus) {
		if err := c.Status().Patch(ctx, obj, statusPatch); err != nil {
			return result, err
		}
		if result == OperationResultUpdated {
			result = OperationResultUpdatedStatus
		} else {
			result = OperationResultUpdatedStatusOnly
		}
	}
	return result, nil
}

// AddFinalizer accepts an Object and adds the provided finalizer if not
// present. It returns an indication of whether it updated the object's
// list of finalizers.
func AddFinalizer(o client.Object, finalizer string) (finalizersUpdated bool) {
	f := o.GetFinalizers()
	if slices.Contains(f, finalizer) {
		return false
	}
	o.SetFinalizers(append(f, finalizer))
	return true
}

// RemoveFinalizer accepts an Object and removes the provided finalizer if
// present. It returns an indication of whether it updated the object's
// list of finalizers.
func RemoveFinalizer(o client.Object, finalizer string) (finalizersUpdated bool) {
	f := o.GetFinalizers()
	length := len(f)
	kept := make([]string, 0, length)
	for _, x := range f {
		if x != finalizer {
			kept = append(kept, x)
		}
	}
	if len(kept) == length {
		return false
	}
	o.SetFinalizers(kept)
	return true
}

// ContainsFinalizer checks an Object that the provided finalizer is
// present.
func ContainsFinalizer(o client.Object, finalizer string) bool {
	return slices.Contains(o.GetFinalizers(), finalizer)
}
