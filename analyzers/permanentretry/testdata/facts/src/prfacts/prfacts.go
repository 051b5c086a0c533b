// Package prfacts holds helpers whose error result may carry a permanent
// error: their PermanentFact carries that to the reconcilers of other
// packages.
package prfacts

import (
	"fmt"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/labels"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Selector parses the selector it is given: permanent for parameter 0.
func Selector(s *metav1.LabelSelector) (labels.Selector, error) { // want Selector:`permanent-of-param-0`
	sel, err := metav1.LabelSelectorAsSelector(s)
	if err != nil {
		return nil, fmt.Errorf("bad selector: %w", err)
	}
	return sel, nil
}

// CreateOrInvalid returns an Invalid error as it is: permanent whatever
// the arguments.
func CreateOrInvalid(c client.Writer, obj client.Object) error { // want CreateOrInvalid:`permanent-of-param--1`
	if err := c.Create(nil, obj); err != nil {
		if apierrors.IsInvalid(err) {
			return fmt.Errorf("rejected: %w", err)
		}
		return nil
	}
	return nil
}

// Create returns any error of the Create: no fact.
func Create(c client.Writer, obj client.Object) error {
	return c.Create(nil, obj)
}
