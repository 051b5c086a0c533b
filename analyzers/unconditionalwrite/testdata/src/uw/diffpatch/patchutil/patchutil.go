// Package patchutil has patch helpers of another package than the
// reconcilers that use them.
package patchutil

import appsclient "k8s.io/client-go/kubernetes/typed/apps/v1"

// HasChanges reports whether the patch has content: a length test only.
func HasChanges(patch []byte) bool {
	return len(patch) > 0
}

// IsEmpty reports whether the patch changes nothing, "{}" included.
func IsEmpty(patch []byte) bool {
	return len(patch) == 0 || string(patch) == "{}"
}

// Target is one object a visitor patches, with the client that reaches it.
type Target struct {
	Name string
	Deps appsclient.DeploymentInterface
}

// Visitor is run on each target.
type Visitor func(t Target, err error) error

// Visit runs fn on each target in turn.
func Visit(targets []Target, fn Visitor) error {
	for _, t := range targets {
		if err := fn(t, nil); err != nil {
			return err
		}
	}
	return nil
}
