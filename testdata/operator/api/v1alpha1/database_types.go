package v1alpha1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// DatabaseSpec defines the desired state of Database.
type DatabaseSpec struct {
	// Version is the PostgreSQL major version.
	// +kubebuilder:validation:Enum="15";"16";"17"
	// +required
	Version string `json:"version"`

	// Replicas is the number of PostgreSQL instances.
	// +kubebuilder:default=1
	// +optional
	Replicas *int32 `json:"replicas,omitempty"`

	// Storage is the size of each data volume, e.g. "10Gi".
	// +required
	Storage string `json:"storage"`

	// CredentialsSecretName names a Secret in the same namespace with the
	// keys "username" and "password" for the superuser.
	// +required
	CredentialsSecretName string `json:"credentialsSecretName"`

	// Parameters are passed to postgres as "-c key=value".
	// +optional
	Parameters map[string]string `json:"parameters,omitempty"`
}

// DatabasePhase is a coarse summary of where the Database is in its lifecycle.
type DatabasePhase string

// The phases of a Database.
const (
	DatabasePending      DatabasePhase = "Pending"
	DatabaseProvisioning DatabasePhase = "Provisioning"
	DatabaseReady        DatabasePhase = "Ready"
)

// DatabaseStatus defines the observed state of Database.
type DatabaseStatus struct {
	// +optional
	Phase DatabasePhase `json:"phase,omitempty"`
	// +optional
	ObservedGeneration int64 `json:"observedGeneration,omitempty"`
	// +optional
	ReadyReplicas int32 `json:"readyReplicas,omitempty"`
	// StartTime is when the operator first reported on this Database.
	// +optional
	StartTime *metav1.Time `json:"startTime,omitempty"`
	// +listType=map
	// +listMapKey=type
	// +optional
	Conditions []metav1.Condition `json:"conditions,omitempty"`
}

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
// +kubebuilder:printcolumn:name="Phase",type=string,JSONPath=`.status.phase`

// Database is a PostgreSQL instance managed by the operator.
type Database struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   DatabaseSpec   `json:"spec,omitempty"`
	Status DatabaseStatus `json:"status,omitempty"`
}

// +kubebuilder:object:root=true

// DatabaseList contains a list of Database.
type DatabaseList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Database `json:"items"`
}

func init() {
	SchemeBuilder.Register(&Database{}, &DatabaseList{})
}
