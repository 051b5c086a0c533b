// Package conds holds condition setters of another package.
package conds

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Set stamps the time into the condition of type t on every call, or
// appends a new condition stamped with it.
func Set(conds *[]metav1.Condition, t string, s metav1.ConditionStatus) {
	for i := range *conds {
		if (*conds)[i].Type == t {
			(*conds)[i].Status = s
			(*conds)[i].LastTransitionTime = metav1.Now()
			return
		}
	}
	*conds = append(*conds, metav1.Condition{Type: t, Status: s, LastTransitionTime: metav1.Now()})
}

// SetOnChange stamps the time only when the status changes or the
// condition is new.
func SetOnChange(conds *[]metav1.Condition, t string, s metav1.ConditionStatus) {
	for i := range *conds {
		if (*conds)[i].Type == t {
			if (*conds)[i].Status != s {
				(*conds)[i].Status = s
				(*conds)[i].LastTransitionTime = metav1.Now()
			}
			return
		}
	}
	*conds = append(*conds, metav1.Condition{Type: t, Status: s, LastTransitionTime: metav1.Now()})
}
