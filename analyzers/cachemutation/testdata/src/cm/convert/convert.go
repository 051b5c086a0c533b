// Package convert wraps the unstructured converter, as many operators do.
// Its FuncSummary says the result is a conversion of the argument.
package convert

import (
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
)

// ToUnstructured converts obj. For an *unstructured.Unstructured the
// converter returns the object's own map, so the result shares it.
func ToUnstructured(obj interface{}) (*unstructured.Unstructured, error) {
	m, err := runtime.DefaultUnstructuredConverter.ToUnstructured(obj)
	if err != nil {
		return nil, err
	}
	return &unstructured.Unstructured{Object: m}, nil
}
