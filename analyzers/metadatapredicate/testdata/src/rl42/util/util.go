// Package util holds helpers that read metadata of their argument.
package util

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// PausedAnnotation pauses reconciliation.
const PausedAnnotation = "example.com/paused"

// IsPaused reads an annotation of o; its result decides at call sites.
func IsPaused(o metav1.Object) bool {
	return o.GetAnnotations()[PausedAnnotation] == "true"
}

// Tier returns a label of o.
func Tier(o metav1.Object) string {
	return o.GetLabels()["example.com/tier"]
}

// LogName only logs a label: the value decides nothing.
func LogName(o metav1.Object) string {
	return o.GetName()
}
