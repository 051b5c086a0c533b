// Package testapi defines a small custom resource, Widget, used by the tests
// of verify and apiserver: a typed kind registered in a scheme, with a spec,
// a status subresource and finalizers, the way kubebuilder generates them.
package testapi

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	clientgoscheme "k8s.io/client-go/kubernetes/scheme"
)

// GroupVersion is the API group of Widget.
var GroupVersion = schema.GroupVersion{Group: "example.com", Version: "v1"}

// WidgetSpec is the desired state of a Widget.
type WidgetSpec struct {
	// Replicas is the desired number of replicas of the Widget's Deployment.
	Replicas int32 `json:"replicas,omitempty"`
	// Image is the container image of the Deployment.
	Image string `json:"image,omitempty"`
	// Labels are copied to the Widget's ConfigMap.
	Labels map[string]string `json:"labels,omitempty"`
}

// WidgetStatus is the observed state of a Widget.
type WidgetStatus struct {
	// Phase is a one-word summary.
	Phase string `json:"phase,omitempty"`
	// ObservedGeneration is the generation last acted upon.
	ObservedGeneration int64 `json:"observedGeneration,omitempty"`
	// LastUpdated is when the status was last written.
	LastUpdated *metav1.Time `json:"lastUpdated,omitempty"`
	// Children names the objects the Widget owns.
	Children []string `json:"children,omitempty"`
	// Count counts something.
	Count int64 `json:"count,omitempty"`
	// Conditions are the standard conditions.
	Conditions []metav1.Condition `json:"conditions,omitempty"`
}

// Widget is a namespaced custom resource with a status subresource.
type Widget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	// Spec is the desired state.
	Spec WidgetSpec `json:"spec,omitempty"`
	// Status is the observed state.
	Status WidgetStatus `json:"status,omitempty"`
}

// WidgetList is a list of Widgets.
type WidgetList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	// Items are the Widgets.
	Items []Widget `json:"items"`
}

// DeepCopyInto copies the receiver into out.
func (in *WidgetSpec) DeepCopyInto(out *WidgetSpec) {
	*out = *in
	if in.Labels != nil {
		out.Labels = make(map[string]string, len(in.Labels))
		for k, v := range in.Labels {
			out.Labels[k] = v
		}
	}
}

// DeepCopyInto copies the receiver into out.
func (in *WidgetStatus) DeepCopyInto(out *WidgetStatus) {
	*out = *in
	if in.LastUpdated != nil {
		out.LastUpdated = in.LastUpdated.DeepCopy()
	}
	if in.Children != nil {
		out.Children = append([]string(nil), in.Children...)
	}
	if in.Conditions != nil {
		out.Conditions = make([]metav1.Condition, len(in.Conditions))
		for i := range in.Conditions {
			in.Conditions[i].DeepCopyInto(&out.Conditions[i])
		}
	}
}

// DeepCopyInto copies the receiver into out.
func (in *Widget) DeepCopyInto(out *Widget) {
	*out = *in
	out.TypeMeta = in.TypeMeta
	in.ObjectMeta.DeepCopyInto(&out.ObjectMeta)
	in.Spec.DeepCopyInto(&out.Spec)
	in.Status.DeepCopyInto(&out.Status)
}

// DeepCopy returns a copy of the receiver.
func (in *Widget) DeepCopy() *Widget {
	if in == nil {
		return nil
	}
	out := new(Widget)
	in.DeepCopyInto(out)
	return out
}

// DeepCopyObject implements runtime.Object.
func (in *Widget) DeepCopyObject() runtime.Object { return in.DeepCopy() }

// DeepCopyObject implements runtime.Object.
func (in *WidgetList) DeepCopyObject() runtime.Object {
	if in == nil {
		return nil
	}
	out := new(WidgetList)
	*out = *in
	in.ListMeta.DeepCopyInto(&out.ListMeta)
	if in.Items != nil {
		out.Items = make([]Widget, len(in.Items))
		for i := range in.Items {
			in.Items[i].DeepCopyInto(&out.Items[i])
		}
	}
	return out
}

// NewScheme returns a scheme with the built-in kinds and Widget.
func NewScheme() *runtime.Scheme {
	s := runtime.NewScheme()
	_ = clientgoscheme.AddToScheme(s)
	s.AddKnownTypes(GroupVersion, &Widget{}, &WidgetList{})
	metav1.AddToGroupVersion(s, GroupVersion)
	return s
}
