package apiserver

import (
	"errors"
	"fmt"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/util/managedfields"
	"k8s.io/client-go/applyconfigurations"
	clientgoscheme "k8s.io/client-go/kubernetes/scheme"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/structured-merge-diff/v6/fieldpath"
	"sigs.k8s.io/structured-merge-diff/v6/typed"
)

// typeConverters tries the OpenAPI models of the built-in kinds first and
// falls back to customResourceConverter: ObjectMeta-typed metadata, spec and
// status deduced from the object (maps merge granularly, lists are atomic).
type typeConverters []managedfields.TypeConverter

func (c typeConverters) ObjectToTyped(o runtime.Object, opts ...typed.ValidationOptions) (*typed.TypedValue, error) {
	var errs []error
	for _, tc := range c {
		tv, err := tc.ObjectToTyped(o, opts...)
		if err == nil {
			return tv, nil
		}
		errs = append(errs, err)
	}
	return nil, errors.Join(errs...)
}

func (c typeConverters) TypedToObject(tv *typed.TypedValue) (runtime.Object, error) {
	return c[len(c)-1].TypedToObject(tv)
}

// objectConverter converts between the typed and unstructured forms of one
// version; the server stores a single version per kind.
type objectConverter struct{ s *Server }

func (c objectConverter) Convert(in, out, context any) error {
	return c.s.scheme.Convert(in, out, context)
}

func (c objectConverter) ConvertToVersion(in runtime.Object, gv runtime.GroupVersioner) (runtime.Object, error) {
	gvk := in.GetObjectKind().GroupVersionKind()
	if target, ok := gv.KindForGroupVersionKinds([]schema.GroupVersionKind{gvk}); ok {
		gvk = target
	}
	if u, ok := in.(*unstructured.Unstructured); ok && c.s.isTyped(gvk) {
		o, err := c.s.scheme.New(gvk)
		if err != nil {
			return nil, fmt.Errorf("apiserver: new %s: %w", gvk, err)
		}
		if err := runtime.DefaultUnstructuredConverter.FromUnstructured(u.Object, o); err != nil {
			return nil, fmt.Errorf("apiserver: convert %s: %w", gvk.Kind, err)
		}
		o.GetObjectKind().SetGroupVersionKind(gvk)
		return o, nil
	}
	out := in.DeepCopyObject()
	out.GetObjectKind().SetGroupVersionKind(gvk)
	return out, nil
}

func (c objectConverter) ConvertFieldLabel(_ schema.GroupVersionKind, label, value string) (string, string, error) {
	return label, value, nil
}

type objectCreater struct{ s *Server }

func (c objectCreater) New(gvk schema.GroupVersionKind) (runtime.Object, error) {
	if c.s.isTyped(gvk) {
		o, err := c.s.scheme.New(gvk)
		if err != nil {
			return nil, fmt.Errorf("apiserver: new %s: %w", gvk, err)
		}
		o.GetObjectKind().SetGroupVersionKind(gvk)
		return o, nil
	}
	u := &unstructured.Unstructured{}
	u.SetGroupVersionKind(gvk)
	return u, nil
}

type noDefaults struct{}

func (noDefaults) Default(runtime.Object) {}

// fieldManagerFor returns the field manager of kind k and subresource sub.
// The caller holds s.mu.
func (s *Server) fieldManagerFor(k *Kind, sub string) (*managedfields.FieldManager, error) {
	fk := fmKey{gvk: k.GVK, subresource: sub}
	if fm, ok := s.managers[fk]; ok {
		return fm, nil
	}
	if s.typeConv == nil {
		s.typeConv = typeConverters{applyconfigurations.NewTypeConverter(clientgoscheme.Scheme), customResourceConverter{}}
	}
	gv := k.GVK.GroupVersion()
	var reset map[fieldpath.APIVersion]fieldpath.Filter
	switch {
	case sub == "status":
		reset = map[fieldpath.APIVersion]fieldpath.Filter{fieldpath.APIVersion(gv.String()): fieldpath.NewExcludeSetFilter(
			fieldpath.NewSet(fieldpath.MakePathOrDie("metadata"), fieldpath.MakePathOrDie("spec")))}
	case k.StatusSubresource:
		reset = map[fieldpath.APIVersion]fieldpath.Filter{fieldpath.APIVersion(gv.String()): fieldpath.NewExcludeSetFilter(
			fieldpath.NewSet(fieldpath.MakePathOrDie("status")))}
	}
	var fm *managedfields.FieldManager
	var err error
	if s.isTyped(k.GVK) {
		fm, err = managedfields.NewDefaultFieldManager(s.typeConv, objectConverter{s}, noDefaults{}, objectCreater{s}, k.GVK, gv, sub, reset)
	} else {
		fm, err = managedfields.NewDefaultCRDFieldManager(customResourceConverter{}, objectConverter{s}, noDefaults{}, objectCreater{s}, k.GVK, gv, sub, reset)
	}
	if err != nil {
		return nil, fmt.Errorf("apiserver: field manager for %s: %w", k.GVK, err)
	}
	s.managers[fk] = fm
	return fm, nil
}

// trackUpdate records a non-apply write by manager in obj's managedFields.
// Failures leave obj as it is, as the real server does.
func (s *Server) trackUpdate(k *Kind, old, obj client.Object, sub, manager string) client.Object {
	fm, err := s.fieldManagerFor(k, sub)
	if err != nil {
		return obj
	}
	var live runtime.Object = old
	if live == nil {
		l, err := objectCreater{s}.New(k.GVK)
		if err != nil {
			return obj
		}
		live = l
	}
	out := fm.UpdateNoErrors(live, obj, manager)
	co, err := s.canonical(out, k.GVK)
	if err != nil {
		return obj
	}
	return co
}

// applyLocked merges the apply configuration patch (JSON or YAML) into the
// live object, or into a new one, and returns the desired state.
func (s *Server) applyLocked(k *Kind, live client.Object, applied *unstructured.Unstructured, sub, manager string, force bool) (client.Object, error) {
	fm, err := s.fieldManagerFor(k, sub)
	if err != nil {
		return nil, err
	}
	var l runtime.Object = live
	if live == nil {
		n, err := objectCreater{s}.New(k.GVK)
		if err != nil {
			return nil, err
		}
		nc := n.(client.Object)
		nc.SetName(applied.GetName())
		nc.SetNamespace(applied.GetNamespace())
		l = nc
	} else {
		l = live.DeepCopyObject()
	}
	out, err := fm.Apply(l, applied, manager, force)
	if err != nil {
		if _, ok := err.(apierrors.APIStatus); ok {
			return nil, err
		}
		return nil, apierrors.NewBadRequest(fmt.Sprintf("apply: %v", err))
	}
	co, err := s.canonical(out, k.GVK)
	if err != nil {
		return nil, err
	}
	return co, nil
}
