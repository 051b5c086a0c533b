// Package conds is a condition library of another package: Merge compares
// the whole condition it is given, time included; MergeOnChange compares
// what the condition says.
package conds

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Merge replaces the condition of c's type whenever it differs from c.
func Merge(conds *[]metav1.Condition, c metav1.Condition) bool {
	for i := range *conds {
		if (*conds)[i].Type != c.Type {
			continue
		}
		if (*conds)[i] == c {
			return false
		}
		(*conds)[i] = c
		return true
	}
	*conds = append(*conds, c)
	return true
}

// MergeOnChange replaces the condition of c's type when its status, reason
// or message changed.
func MergeOnChange(conds *[]metav1.Condition, c metav1.Condition) bool {
	for i := range *conds {
		old := (*conds)[i]
		if old.Type != c.Type {
			continue
		}
		if old.Status == c.Status && old.Reason == c.Reason && old.Message == c.Message {
			return false
		}
		(*conds)[i] = c
		return true
	}
	*conds = append(*conds, c)
	return true
}
