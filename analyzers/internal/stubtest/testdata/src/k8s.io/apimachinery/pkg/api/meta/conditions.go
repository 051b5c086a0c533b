// Package meta is a stub of k8s.io/apimachinery/pkg/api/meta.
package meta

import (
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// SetStatusCondition sets the corresponding condition in conditions to
// newCondition and returns true if the conditions are changed by this call.
// LastTransitionTime is only updated when the condition is new or its
// status changes; when newCondition.LastTransitionTime is zero, now is used.
func SetStatusCondition(conditions *[]metav1.Condition, newCondition metav1.Condition) (changed bool) {
	if conditions == nil {
		return false
	}
	existing := FindStatusCondition(*conditions, newCondition.Type)
	if existing == nil {
		if newCondition.LastTransitionTime.IsZero() {
			newCondition.LastTransitionTime = metav1.NewTime(time.Now())
		}
		*conditions = append(*conditions, newCondition)
		return true
	}

	if existing.Status != newCondition.Status {
		existing.Status = newCondition.Status
		if !newCondition.LastTransitionTime.IsZero() {
			existing.LastTransitionTime = newCondition.LastTransitionTime
		} else {
			existing.LastTransitionTime = metav1.NewTime(time.Now())
		}
		changed = true
	}
	if existing.Reason != newCondition.Reason {
		existing.Reason = newCondition.Reason
		changed = true
	}
	if existing.Message != newCondition.Message {
		existing.Message = newCondition.Message
		changed = true
	}
	if existing.ObservedGeneration != newCondition.ObservedGeneration {
		existing.ObservedGeneration = newCondition.ObservedGeneration
		changed = true
	}
	return changed
}

// RemoveStatusCondition removes the condition of conditionType from
// conditions and reports whether one was removed.
func RemoveStatusCondition(conditions *[]metav1.Condition, conditionType string) (removed bool) {
	if conditions == nil || len(*conditions) == 0 {
		return false
	}
	kept := make([]metav1.Condition, 0, len(*conditions))
	for _, c := range *conditions {
		if c.Type == conditionType {
			removed = true
			continue
		}
		kept = append(kept, c)
	}
	*conditions = kept
	return removed
}

// FindStatusCondition finds the conditionType in conditions.
func FindStatusCondition(conditions []metav1.Condition, conditionType string) *metav1.Condition {
	for i := range conditions {
		if conditions[i].Type == conditionType {
			return &conditions[i]
		}
	}
	return nil
}

// IsStatusConditionTrue returns true when the conditionType is present and
// set to metav1.ConditionTrue.
func IsStatusConditionTrue(conditions []metav1.Condition, conditionType string) bool {
	return IsStatusConditionPresentAndEqual(conditions, conditionType, metav1.ConditionTrue)
}

// IsStatusConditionFalse returns true when the conditionType is present and
// set to metav1.ConditionFalse.
func IsStatusConditionFalse(conditions []metav1.Condition, conditionType string) bool {
	return IsStatusConditionPresentAndEqual(conditions, conditionType, metav1.ConditionFalse)
}

// IsStatusConditionPresentAndEqual returns true when conditionType is
// present and equal to status.
func IsStatusConditionPresentAndEqual(conditions []metav1.Condition, conditionType string, status metav1.ConditionStatus) bool {
	for _, condition := range conditions {
		if condition.Type == conditionType {
			return condition.Status == status
		}
	}
	return false
}
