// Package record builds records of objects for status reporting, in
// another package than the reconcilers that store them.
package record

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Ref identifies an object as it was seen.
type Ref struct {
	Name            string `json:"name"`
	ResourceVersion string `json:"resourceVersion"`
}

// Of records obj's name and resourceVersion.
func Of(obj metav1.Object) Ref {
	return Ref{Name: obj.GetName(), ResourceVersion: obj.GetResourceVersion()}
}
