// Package api declares a CRD type for the tests.
package api

import (
	"reflect"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// Widget is a CRD type with a status subresource.
// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
type Widget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              WidgetSpec   `json:"spec,omitempty"`
	Status            WidgetStatus `json:"status,omitempty"`
}

// WidgetSpec is the desired state.
type WidgetSpec struct {
	Replicas int32             `json:"replicas,omitempty"`
	Params   map[string]string `json:"params,omitempty"`
}

// WidgetStatus is the observed state.
type WidgetStatus struct {
	ObservedGeneration int64              `json:"observedGeneration,omitempty"`
	Phase              string             `json:"phase,omitempty"`
	Keys               []string           `json:"keys,omitempty"`
	Conditions         []metav1.Condition `json:"conditions,omitempty"`
	Message            string             `json:"message,omitempty"`
	LastUpdated        metav1.Time        `json:"lastUpdated,omitempty"`
	LastTransition     metav1.Time        `json:"lastTransition,omitempty"`
	StartTime          *metav1.Time       `json:"startTime,omitempty"`
}

// DeepCopy copies the Widget.
func (in *Widget) DeepCopy() *Widget {
	out := *in
	in.ObjectMeta.DeepCopyInto(&out.ObjectMeta)
	return &out
}

// DeepCopyObject implements runtime.Object.
func (in *Widget) DeepCopyObject() runtime.Object { return in.DeepCopy() }

// ConditionsEqual compares the conditions' types and statuses, and
// nothing else of the two statuses.
func (in *WidgetStatus) ConditionsEqual(other *WidgetStatus) bool {
	if len(in.Conditions) != len(other.Conditions) {
		return false
	}
	for i := range in.Conditions {
		if in.Conditions[i].Type != other.Conditions[i].Type || in.Conditions[i].Status != other.Conditions[i].Status {
			return false
		}
	}
	return true
}

// Same compares the whole statuses.
func (in *WidgetStatus) Same(other *WidgetStatus) bool {
	return reflect.DeepEqual(in, other)
}

// DeepCopy copies the WidgetStatus.
func (in *WidgetStatus) DeepCopy() *WidgetStatus {
	out := *in
	if in.StartTime != nil {
		t := *in.StartTime
		out.StartTime = &t
	}
	return &out
}

// Equal compares two statuses field by field, the times included.
func Equal(a, b *WidgetStatus) bool {
	if a.Phase != b.Phase || a.ObservedGeneration != b.ObservedGeneration || a.Message != b.Message {
		return false
	}
	return a.StartTime.Equal(b.StartTime) && a.LastUpdated.Equal(&b.LastUpdated)
}

// SameOutcome compares two statuses without their times.
func SameOutcome(a, b *WidgetStatus) bool {
	return a.Phase == b.Phase && a.ObservedGeneration == b.ObservedGeneration && a.Message == b.Message
}

// SameStatus compares two statuses with early returns, the start time
// and the conditions' types included.
func SameStatus(a, b *WidgetStatus) bool {
	if a.Phase != b.Phase || a.ObservedGeneration != b.ObservedGeneration {
		return false
	}
	if !a.StartTime.Equal(b.StartTime) {
		return false
	}
	if len(a.Conditions) != len(b.Conditions) {
		return false
	}
	for i := range a.Conditions {
		if a.Conditions[i].Type != b.Conditions[i].Type {
			return false
		}
	}
	return true
}
