// Package helpers holds helpers of another package: their facts carry
// ErrResult.Permanent across the package boundary.
package helpers

import (
	"fmt"

	"pr/api"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/labels"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Selector parses the Widget's selector: permanent for parameter 0.
func Selector(w *api.Widget) (labels.Selector, error) {
	sel, err := metav1.LabelSelectorAsSelector(w.Spec.Selector)
	if err != nil {
		return nil, fmt.Errorf("bad selector: %w", err)
	}
	return sel, nil
}

// CreateOrInvalid returns an Invalid error as it is: permanent whatever
// the arguments.
func CreateOrInvalid(c client.Writer, obj client.Object) error {
	if err := c.Create(nil, obj); err != nil {
		if apierrors.IsInvalid(err) {
			return fmt.Errorf("rejected: %w", err)
		}
		return nil
	}
	return nil
}
