// Package v1 is a stub of k8s.io/client-go/applyconfigurations/core/v1.
package v1

// ConfigMapApplyConfiguration represents a declarative configuration of the ConfigMap
// type for use with apply.
type ConfigMapApplyConfiguration struct {
	name        *string
	namespace   *string
	labels      map[string]string
	annotations map[string]string
	kind        string
	Data        map[string]string `json:"data,omitempty"`
}

// ConfigMap constructs a declarative configuration of the ConfigMap type for use with
// apply.
func ConfigMap(name, namespace string) *ConfigMapApplyConfiguration {
	b := &ConfigMapApplyConfiguration{kind: "ConfigMap"}
	b.WithName(name)
	b.WithNamespace(namespace)
	return b
}

// IsApplyConfiguration implements runtime.ApplyConfiguration.
func (b ConfigMapApplyConfiguration) IsApplyConfiguration() {}

// WithName sets the Name field.
func (b *ConfigMapApplyConfiguration) WithName(value string) *ConfigMapApplyConfiguration {
	b.name = &value
	return b
}

// WithNamespace sets the Namespace field.
func (b *ConfigMapApplyConfiguration) WithNamespace(value string) *ConfigMapApplyConfiguration {
	b.namespace = &value
	return b
}

// WithLabels puts the entries into the Labels field.
func (b *ConfigMapApplyConfiguration) WithLabels(entries map[string]string) *ConfigMapApplyConfiguration {
	if b.labels == nil {
		b.labels = make(map[string]string, len(entries))
	}
	for k, v := range entries {
		b.labels[k] = v
	}
	return b
}

// WithAnnotations puts the entries into the Annotations field.
func (b *ConfigMapApplyConfiguration) WithAnnotations(entries map[string]string) *ConfigMapApplyConfiguration {
	if b.annotations == nil {
		b.annotations = make(map[string]string, len(entries))
	}
	for k, v := range entries {
		b.annotations[k] = v
	}
	return b
}

// WithData puts the entries into the Data field.
func (b *ConfigMapApplyConfiguration) WithData(entries map[string]string) *ConfigMapApplyConfiguration {
	if b.Data == nil && len(entries) > 0 {
		b.Data = make(map[string]string, len(entries))
	}
	for k, v := range entries {
		b.Data[k] = v
	}
	return b
}

// GetName retrieves the value of the Name field.
func (b *ConfigMapApplyConfiguration) GetName() *string { return b.name }

// GetNamespace retrieves the value of the Namespace field.
func (b *ConfigMapApplyConfiguration) GetNamespace() *string { return b.namespace }

// GetKind retrieves the value of the Kind field.
func (b *ConfigMapApplyConfiguration) GetKind() *string { return &b.kind }

// PodApplyConfiguration represents a declarative configuration of the Pod
// type for use with apply.
type PodApplyConfiguration struct {
	name        *string
	namespace   *string
	labels      map[string]string
	annotations map[string]string
	kind        string
}

// Pod constructs a declarative configuration of the Pod type for use with
// apply.
func Pod(name, namespace string) *PodApplyConfiguration {
	b := &PodApplyConfiguration{kind: "Pod"}
	b.WithName(name)
	b.WithNamespace(namespace)
	return b
}

// IsApplyConfiguration implements runtime.ApplyConfiguration.
func (b PodApplyConfiguration) IsApplyConfiguration() {}

// WithName sets the Name field.
func (b *PodApplyConfiguration) WithName(value string) *PodApplyConfiguration {
	b.name = &value
	return b
}

// WithNamespace sets the Namespace field.
func (b *PodApplyConfiguration) WithNamespace(value string) *PodApplyConfiguration {
	b.namespace = &value
	return b
}

// WithLabels puts the entries into the Labels field.
func (b *PodApplyConfiguration) WithLabels(entries map[string]string) *PodApplyConfiguration {
	if b.labels == nil {
		b.labels = make(map[string]string, len(entries))
	}
	for k, v := range entries {
		b.labels[k] = v
	}
	return b
}

// WithAnnotations puts the entries into the Annotations field.
func (b *PodApplyConfiguration) WithAnnotations(entries map[string]string) *PodApplyConfiguration {
	if b.annotations == nil {
		b.annotations = make(map[string]string, len(entries))
	}
	for k, v := range entries {
		b.annotations[k] = v
	}
	return b
}

// GetName retrieves the value of the Name field.
func (b *PodApplyConfiguration) GetName() *string { return b.name }

// GetNamespace retrieves the value of the Namespace field.
func (b *PodApplyConfiguration) GetNamespace() *string { return b.namespace }

// GetKind retrieves the value of the Kind field.
func (b *PodApplyConfiguration) GetKind() *string { return &b.kind }

// SecretApplyConfiguration represents a declarative configuration of the Secret
// type for use with apply.
type SecretApplyConfiguration struct {
	name        *string
	namespace   *string
	labels      map[string]string
	annotations map[string]string
	kind        string
}

// Secret constructs a declarative configuration of the Secret type for use with
// apply.
func Secret(name, namespace string) *SecretApplyConfiguration {
	b := &SecretApplyConfiguration{kind: "Secret"}
	b.WithName(name)
	b.WithNamespace(namespace)
	return b
}

// IsApplyConfiguration implements runtime.ApplyConfiguration.
func (b SecretApplyConfiguration) IsApplyConfiguration() {}

// WithName sets the Name field.
func (b *SecretApplyConfiguration) WithName(value string) *SecretApplyConfiguration {
	b.name = &value
	return b
}

// WithNamespace sets the Namespace field.
func (b *SecretApplyConfiguration) WithNamespace(value string) *SecretApplyConfiguration {
	b.namespace = &value
	return b
}

// WithLabels puts the entries into the Labels field.
func (b *SecretApplyConfiguration) WithLabels(entries map[string]string) *SecretApplyConfiguration {
	if b.labels == nil {
		b.labels = make(map[string]string, len(entries))
	}
	for k, v := range entries {
		b.labels[k] = v
	}
	return b
}

// WithAnnotations puts the entries into the Annotations field.
func (b *SecretApplyConfiguration) WithAnnotations(entries map[string]string) *SecretApplyConfiguration {
	if b.annotations == nil {
		b.annotations = make(map[string]string, len(entries))
	}
	for k, v := range entries {
		b.annotations[k] = v
	}
	return b
}

// GetName retrieves the value of the Name field.
func (b *SecretApplyConfiguration) GetName() *string { return b.name }

// GetNamespace retrieves the value of the Namespace field.
func (b *SecretApplyConfiguration) GetNamespace() *string { return b.namespace }

// GetKind retrieves the value of the Kind field.
func (b *SecretApplyConfiguration) GetKind() *string { return &b.kind }

// ServiceApplyConfiguration represents a declarative configuration of the Service
// type for use with apply.
type ServiceApplyConfiguration struct {
	name        *string
	namespace   *string
	labels      map[string]string
	annotations map[string]string
	kind        string
}

// Service constructs a declarative configuration of the Service type for use with
// apply.
func Service(name, namespace string) *ServiceApplyConfiguration {
	b := &ServiceApplyConfiguration{kind: "Service"}
	b.WithName(name)
	b.WithNamespace(namespace)
	return b
}

// IsApplyConfiguration implements runtime.ApplyConfiguration.
func (b ServiceApplyConfiguration) IsApplyConfiguration() {}

// WithName sets the Name field.
func (b *ServiceApplyConfiguration) WithName(value string) *ServiceApplyConfiguration {
	b.name = &value
	return b
}

// WithNamespace sets the Namespace field.
func (b *ServiceApplyConfiguration) WithNamespace(value string) *ServiceApplyConfiguration {
	b.namespace = &value
	return b
}

// WithLabels puts the entries into the Labels field.
func (b *ServiceApplyConfiguration) WithLabels(entries map[string]string) *ServiceApplyConfiguration {
	if b.labels == nil {
		b.labels = make(map[string]string, len(entries))
	}
	for k, v := range entries {
		b.labels[k] = v
	}
	return b
}

// WithAnnotations puts the entries into the Annotations field.
func (b *ServiceApplyConfiguration) WithAnnotations(entries map[string]string) *ServiceApplyConfiguration {
	if b.annotations == nil {
		b.annotations = make(map[string]string, len(entries))
	}
	for k, v := range entries {
		b.annotations[k] = v
	}
	return b
}

// GetName retrieves the value of the Name field.
func (b *ServiceApplyConfiguration) GetName() *string { return b.name }

// GetNamespace retrieves the value of the Namespace field.
func (b *ServiceApplyConfiguration) GetNamespace() *string { return b.namespace }

// GetKind retrieves the value of the Kind field.
func (b *ServiceApplyConfiguration) GetKind() *string { return &b.kind }

// ServiceAccountApplyConfiguration represents a declarative configuration of the ServiceAccount
// type for use with apply.
type ServiceAccountApplyConfiguration struct {
	name        *string
	namespace   *string
	labels      map[string]string
	annotations map[string]string
	kind        string
}

// ServiceAccount constructs a declarative configuration of the ServiceAccount type for use with
// apply.
func ServiceAccount(name, namespace string) *ServiceAccountApplyConfiguration {
	b := &ServiceAccountApplyConfiguration{kind: "ServiceAccount"}
	b.WithName(name)
	b.WithNamespace(namespace)
	return b
}

// IsApplyConfiguration implements runtime.ApplyConfiguration.
func (b ServiceAccountApplyConfiguration) IsApplyConfiguration() {}

// WithName sets the Name field.
func (b *ServiceAccountApplyConfiguration) WithName(value string) *ServiceAccountApplyConfiguration {
	b.name = &value
	return b
}

// WithNamespace sets the Namespace field.
func (b *ServiceAccountApplyConfiguration) WithNamespace(value string) *ServiceAccountApplyConfiguration {
	b.namespace = &value
	return b
}

// WithLabels puts the entries into the Labels field.
func (b *ServiceAccountApplyConfiguration) WithLabels(entries map[string]string) *ServiceAccountApplyConfiguration {
	if b.labels == nil {
		b.labels = make(map[string]string, len(entries))
	}
	for k, v := range entries {
		b.labels[k] = v
	}
	return b
}

// WithAnnotations puts the entries into the Annotations field.
func (b *ServiceAccountApplyConfiguration) WithAnnotations(entries map[string]string) *ServiceAccountApplyConfiguration {
	if b.annotations == nil {
		b.annotations = make(map[string]string, len(entries))
	}
	for k, v := range entries {
		b.annotations[k] = v
	}
	return b
}

// GetName retrieves the value of the Name field.
func (b *ServiceAccountApplyConfiguration) GetName() *string { return b.name }

// GetNamespace retrieves the value of the Namespace field.
func (b *ServiceAccountApplyConfiguration) GetNamespace() *string { return b.namespace }

// GetKind retrieves the value of the Kind field.
func (b *ServiceAccountApplyConfiguration) GetKind() *string { return &b.kind }

// NamespaceApplyConfiguration represents a declarative configuration of the Namespace
// type for use with apply.
type NamespaceApplyConfiguration struct {
	name        *string
	namespace   *string
	labels      map[string]string
	annotations map[string]string
	kind        string
}

// Namespace constructs a declarative configuration of the Namespace type for use with
// apply.
func Namespace(name string) *NamespaceApplyConfiguration {
	b := &NamespaceApplyConfiguration{kind: "Namespace"}
	b.WithName(name)
	return b
}

// IsApplyConfiguration implements runtime.ApplyConfiguration.
func (b NamespaceApplyConfiguration) IsApplyConfiguration() {}

// WithName sets the Name field.
func (b *NamespaceApplyConfiguration) WithName(value string) *NamespaceApplyConfiguration {
	b.name = &value
	return b
}

// WithNamespace sets the Namespace field.
func (b *NamespaceApplyConfiguration) WithNamespace(value string) *NamespaceApplyConfiguration {
	b.namespace = &value
	return b
}

// WithLabels puts the entries into the Labels field.
func (b *NamespaceApplyConfiguration) WithLabels(entries map[string]string) *NamespaceApplyConfiguration {
	if b.labels == nil {
		b.labels = make(map[string]string, len(entries))
	}
	for k, v := range entries {
		b.labels[k] = v
	}
	return b
}

// WithAnnotations puts the entries into the Annotations field.
func (b *NamespaceApplyConfiguration) WithAnnotations(entries map[string]string) *NamespaceApplyConfiguration {
	if b.annotations == nil {
		b.annotations = make(map[string]string, len(entries))
	}
	for k, v := range entries {
		b.annotations[k] = v
	}
	return b
}

// GetName retrieves the value of the Name field.
func (b *NamespaceApplyConfiguration) GetName() *string { return b.name }

// GetNamespace retrieves the value of the Namespace field.
func (b *NamespaceApplyConfiguration) GetNamespace() *string { return b.namespace }

// GetKind retrieves the value of the Kind field.
func (b *NamespaceApplyConfiguration) GetKind() *string { return &b.kind }
