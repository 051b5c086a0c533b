// Package v1 is a stub of k8s.io/client-go/applyconfigurations/apps/v1.
package v1

// DeploymentApplyConfiguration represents a declarative configuration of the Deployment
// type for use with apply.
type DeploymentApplyConfiguration struct {
	name        *string
	namespace   *string
	labels      map[string]string
	annotations map[string]string
	kind        string
}

// Deployment constructs a declarative configuration of the Deployment type for use with
// apply.
func Deployment(name, namespace string) *DeploymentApplyConfiguration {
	b := &DeploymentApplyConfiguration{kind: "Deployment"}
	b.WithName(name)
	b.WithNamespace(namespace)
	return b
}

// IsApplyConfiguration implements runtime.ApplyConfiguration.
func (b DeploymentApplyConfiguration) IsApplyConfiguration() {}

// WithName sets the Name field.
func (b *DeploymentApplyConfiguration) WithName(value string) *DeploymentApplyConfiguration {
	b.name = &value
	return b
}

// WithNamespace sets the Namespace field.
func (b *DeploymentApplyConfiguration) WithNamespace(value string) *DeploymentApplyConfiguration {
	b.namespace = &value
	return b
}

// WithLabels puts the entries into the Labels field.
func (b *DeploymentApplyConfiguration) WithLabels(entries map[string]string) *DeploymentApplyConfiguration {
	if b.labels == nil {
		b.labels = make(map[string]string, len(entries))
	}
	for k, v := range entries {
		b.labels[k] = v
	}
	return b
}

// WithAnnotations puts the entries into the Annotations field.
func (b *DeploymentApplyConfiguration) WithAnnotations(entries map[string]string) *DeploymentApplyConfiguration {
	if b.annotations == nil {
		b.annotations = make(map[string]string, len(entries))
	}
	for k, v := range entries {
		b.annotations[k] = v
	}
	return b
}

// GetName retrieves the value of the Name field.
func (b *DeploymentApplyConfiguration) GetName() *string { return b.name }

// GetNamespace retrieves the value of the Namespace field.
func (b *DeploymentApplyConfiguration) GetNamespace() *string { return b.namespace }

// GetKind retrieves the value of the Kind field.
func (b *DeploymentApplyConfiguration) GetKind() *string { return &b.kind }

// StatefulSetApplyConfiguration represents a declarative configuration of the StatefulSet
// type for use with apply.
type StatefulSetApplyConfiguration struct {
	name        *string
	namespace   *string
	labels      map[string]string
	annotations map[string]string
	kind        string
}

// StatefulSet constructs a declarative configuration of the StatefulSet type for use with
// apply.
func StatefulSet(name, namespace string) *StatefulSetApplyConfiguration {
	b := &StatefulSetApplyConfiguration{kind: "StatefulSet"}
	b.WithName(name)
	b.WithNamespace(namespace)
	return b
}

// IsApplyConfiguration implements runtime.ApplyConfiguration.
func (b StatefulSetApplyConfiguration) IsApplyConfiguration() {}

// WithName sets the Name field.
func (b *StatefulSetApplyConfiguration) WithName(value string) *StatefulSetApplyConfiguration {
	b.name = &value
	return b
}

// WithNamespace sets the Namespace field.
func (b *StatefulSetApplyConfiguration) WithNamespace(value string) *StatefulSetApplyConfiguration {
	b.namespace = &value
	return b
}

// WithLabels puts the entries into the Labels field.
func (b *StatefulSetApplyConfiguration) WithLabels(entries map[string]string) *StatefulSetApplyConfiguration {
	if b.labels == nil {
		b.labels = make(map[string]string, len(entries))
	}
	for k, v := range entries {
		b.labels[k] = v
	}
	return b
}

// WithAnnotations puts the entries into the Annotations field.
func (b *StatefulSetApplyConfiguration) WithAnnotations(entries map[string]string) *StatefulSetApplyConfiguration {
	if b.annotations == nil {
		b.annotations = make(map[string]string, len(entries))
	}
	for k, v := range entries {
		b.annotations[k] = v
	}
	return b
}

// GetName retrieves the value of the Name field.
func (b *StatefulSetApplyConfiguration) GetName() *string { return b.name }

// GetNamespace retrieves the value of the Namespace field.
func (b *StatefulSetApplyConfiguration) GetNamespace() *string { return b.namespace }

// GetKind retrieves the value of the Kind field.
func (b *StatefulSetApplyConfiguration) GetKind() *string { return &b.kind }
