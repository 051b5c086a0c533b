// Package schema is a stub of k8s.io/apimachinery/pkg/runtime/schema.
package schema

import "strings"

// GroupVersion identifies an API group and version.
type GroupVersion struct {
	Group   string
	Version string
}

// Empty reports whether the group and version are both empty.
func (gv GroupVersion) Empty() bool { return gv.Group == "" && gv.Version == "" }

// String returns group/version, or just the version for the core group.
func (gv GroupVersion) String() string {
	if gv.Group == "" {
		return gv.Version
	}
	return gv.Group + "/" + gv.Version
}

// Identifier implements runtime.GroupVersioner.
func (gv GroupVersion) Identifier() string { return gv.String() }

// KindForGroupVersionKinds picks the kind that belongs to gv.
func (gv GroupVersion) KindForGroupVersionKinds(kinds []GroupVersionKind) (target GroupVersionKind, ok bool) {
	for _, k := range kinds {
		if k.Group == gv.Group && k.Version == gv.Version {
			return k, true
		}
	}
	return GroupVersionKind{}, false
}

// WithKind adds a kind.
func (gv GroupVersion) WithKind(kind string) GroupVersionKind {
	return GroupVersionKind{Group: gv.Group, Version: gv.Version, Kind: kind}
}

// WithResource adds a resource.
func (gv GroupVersion) WithResource(resource string) GroupVersionResource {
	return GroupVersionResource{Group: gv.Group, Version: gv.Version, Resource: resource}
}

// ParseGroupVersion parses "group/version" or "version".
func ParseGroupVersion(gv string) (GroupVersion, error) {
	if gv == "" || gv == "/" {
		return GroupVersion{}, nil
	}
	if g, v, ok := strings.Cut(gv, "/"); ok {
		return GroupVersion{Group: g, Version: v}, nil
	}
	return GroupVersion{Version: gv}, nil
}

// GroupKind identifies a kind within a group.
type GroupKind struct {
	Group string
	Kind  string
}

// Empty reports whether both fields are empty.
func (gk GroupKind) Empty() bool { return gk.Group == "" && gk.Kind == "" }

// WithVersion adds a version.
func (gk GroupKind) WithVersion(version string) GroupVersionKind {
	return GroupVersionKind{Group: gk.Group, Version: version, Kind: gk.Kind}
}

// String returns Kind.Group.
func (gk GroupKind) String() string {
	if gk.Group == "" {
		return gk.Kind
	}
	return gk.Kind + "." + gk.Group
}

// GroupResource identifies a resource within a group.
type GroupResource struct {
	Group    string
	Resource string
}

// WithVersion adds a version.
func (gr GroupResource) WithVersion(version string) GroupVersionResource {
	return GroupVersionResource{Group: gr.Group, Version: version, Resource: gr.Resource}
}

// Empty reports whether both fields are empty.
func (gr GroupResource) Empty() bool { return gr.Group == "" && gr.Resource == "" }

// String returns resource.group.
func (gr GroupResource) String() string {
	if gr.Group == "" {
		return gr.Resource
	}
	return gr.Resource + "." + gr.Group
}

// GroupVersionKind unambiguously identifies a kind.
type GroupVersionKind struct {
	Group   string
	Version string
	Kind    string
}

// Empty reports whether all fields are empty.
func (gvk GroupVersionKind) Empty() bool { return gvk == GroupVersionKind{} }

// GroupKind drops the version.
func (gvk GroupVersionKind) GroupKind() GroupKind { return GroupKind{Group: gvk.Group, Kind: gvk.Kind} }

// GroupVersion drops the kind.
func (gvk GroupVersionKind) GroupVersion() GroupVersion {
	return GroupVersion{Group: gvk.Group, Version: gvk.Version}
}

// String renders the triple.
func (gvk GroupVersionKind) String() string {
	return gvk.Group + "/" + gvk.Version + ", Kind=" + gvk.Kind
}

// ToAPIVersionAndKind returns the apiVersion and kind strings.
func (gvk GroupVersionKind) ToAPIVersionAndKind() (string, string) {
	return gvk.GroupVersion().String(), gvk.Kind
}

// FromAPIVersionAndKind builds a GroupVersionKind.
func FromAPIVersionAndKind(apiVersion, kind string) GroupVersionKind {
	gv, err := ParseGroupVersion(apiVersion)
	if err != nil {
		return GroupVersionKind{Kind: kind}
	}
	return gv.WithKind(kind)
}

// GroupVersionResource unambiguously identifies a resource.
type GroupVersionResource struct {
	Group    string
	Version  string
	Resource string
}

// Empty reports whether all fields are empty.
func (gvr GroupVersionResource) Empty() bool { return gvr == GroupVersionResource{} }

// GroupResource drops the version.
func (gvr GroupVersionResource) GroupResource() GroupResource {
	return GroupResource{Group: gvr.Group, Resource: gvr.Resource}
}

// GroupVersion drops the resource.
func (gvr GroupVersionResource) GroupVersion() GroupVersion {
	return GroupVersion{Group: gvr.Group, Version: gvr.Version}
}

// String renders the triple.
func (gvr GroupVersionResource) String() string {
	return gvr.Group + "/" + gvr.Version + ", Resource=" + gvr.Resource
}

// ObjectKind is implemented by objects that carry their own kind.
type ObjectKind interface {
	SetGroupVersionKind(kind GroupVersionKind)
	GroupVersionKind() GroupVersionKind
}

type emptyObjectKind struct{}

func (emptyObjectKind) SetGroupVersionKind(gvk GroupVersionKind) {}
func (emptyObjectKind) GroupVersionKind() GroupVersionKind       { return GroupVersionKind{} }

// EmptyObjectKind is an ObjectKind that ignores updates.
var EmptyObjectKind = emptyObjectKind{}
