// Package v1 is a stub of k8s.io/api/apps/v1.
package v1

import (
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/intstr"
)

// Deployment enables declarative updates for Pods and ReplicaSets.
type Deployment struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              DeploymentSpec   `json:"spec,omitempty"`
	Status            DeploymentStatus `json:"status,omitempty"`
}

// DeploymentList is a list of Deployments.
type DeploymentList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Deployment `json:"items"`
}

// DeploymentSpec is the specification of the desired behavior of the
// Deployment.
type DeploymentSpec struct {
	Replicas                *int32                 `json:"replicas,omitempty"`
	Selector                *metav1.LabelSelector  `json:"selector"`
	Template                corev1.PodTemplateSpec `json:"template"`
	Strategy                DeploymentStrategy     `json:"strategy,omitempty"`
	MinReadySeconds         int32                  `json:"minReadySeconds,omitempty"`
	RevisionHistoryLimit    *int32                 `json:"revisionHistoryLimit,omitempty"`
	Paused                  bool                   `json:"paused,omitempty"`
	ProgressDeadlineSeconds *int32                 `json:"progressDeadlineSeconds,omitempty"`
}

// DeploymentStrategyType is the kind of deployment strategy.
type DeploymentStrategyType string

// The deployment strategy types.
const (
	RecreateDeploymentStrategyType      DeploymentStrategyType = "Recreate"
	RollingUpdateDeploymentStrategyType DeploymentStrategyType = "RollingUpdate"
)

// DeploymentStrategy describes how to replace existing pods with new ones.
type DeploymentStrategy struct {
	Type          DeploymentStrategyType   `json:"type,omitempty"`
	RollingUpdate *RollingUpdateDeployment `json:"rollingUpdate,omitempty"`
}

// RollingUpdateDeployment controls the desired behavior of rolling update.
type RollingUpdateDeployment struct {
	MaxUnavailable *intstr.IntOrString `json:"maxUnavailable,omitempty"`
	MaxSurge       *intstr.IntOrString `json:"maxSurge,omitempty"`
}

// DeploymentStatus is the most recently observed status of the Deployment.
type DeploymentStatus struct {
	ObservedGeneration  int64                 `json:"observedGeneration,omitempty"`
	Replicas            int32                 `json:"replicas,omitempty"`
	UpdatedReplicas     int32                 `json:"updatedReplicas,omitempty"`
	ReadyReplicas       int32                 `json:"readyReplicas,omitempty"`
	AvailableReplicas   int32                 `json:"availableReplicas,omitempty"`
	UnavailableReplicas int32                 `json:"unavailableReplicas,omitempty"`
	Conditions          []DeploymentCondition `json:"conditions,omitempty"`
	CollisionCount      *int32                `json:"collisionCount,omitempty"`
}

// DeploymentConditionType is a valid value for DeploymentCondition.Type.
type DeploymentConditionType string

// The deployment condition types.
const (
	DeploymentAvailable      DeploymentConditionType = "Available"
	DeploymentProgressing    DeploymentConditionType = "Progressing"
	DeploymentReplicaFailure DeploymentConditionType = "ReplicaFailure"
)

// DeploymentCondition describes the state of a deployment at a certain
// point.
type DeploymentCondition struct {
	Type               DeploymentConditionType `json:"type"`
	Status             corev1.ConditionStatus  `json:"status"`
	LastUpdateTime     metav1.Time             `json:"lastUpdateTime,omitempty"`
	LastTransitionTime metav1.Time             `json:"lastTransitionTime,omitempty"`
	Reason             string                  `json:"reason,omitempty"`
	Message            string                  `json:"message,omitempty"`
}

// StatefulSet represents a set of pods with consistent identities.
type StatefulSet struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              StatefulSetSpec   `json:"spec,omitempty"`
	Status            StatefulSetStatus `json:"status,omitempty"`
}

// StatefulSetList is a collection of StatefulSets.
type StatefulSetList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []StatefulSet `json:"items"`
}

// StatefulSetSpec is the specification of a StatefulSet.
type StatefulSetSpec struct {
	Replicas             *int32                 `json:"replicas,omitempty"`
	Selector             *metav1.LabelSelector  `json:"selector"`
	Template             corev1.PodTemplateSpec `json:"template"`
	ServiceName          string                 `json:"serviceName,omitempty"`
	RevisionHistoryLimit *int32                 `json:"revisionHistoryLimit,omitempty"`
	MinReadySeconds      int32                  `json:"minReadySeconds,omitempty"`
}

// StatefulSetStatus represents the current state of a StatefulSet.
type StatefulSetStatus struct {
	ObservedGeneration int64  `json:"observedGeneration,omitempty"`
	Replicas           int32  `json:"replicas"`
	ReadyReplicas      int32  `json:"readyReplicas,omitempty"`
	CurrentReplicas    int32  `json:"currentReplicas,omitempty"`
	UpdatedReplicas    int32  `json:"updatedReplicas,omitempty"`
	CurrentRevision    string `json:"currentRevision,omitempty"`
	UpdateRevision     string `json:"updateRevision,omitempty"`
	CollisionCount     *int32 `json:"collisionCount,omitempty"`
	AvailableReplicas  int32  `json:"availableReplicas"`
}

// DaemonSet represents the configuration of a daemon set.
type DaemonSet struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              DaemonSetSpec   `json:"spec,omitempty"`
	Status            DaemonSetStatus `json:"status,omitempty"`
}

// DaemonSetList is a collection of daemon sets.
type DaemonSetList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []DaemonSet `json:"items"`
}

// DaemonSetSpec is the specification of a daemon set.
type DaemonSetSpec struct {
	Selector             *metav1.LabelSelector  `json:"selector"`
	Template             corev1.PodTemplateSpec `json:"template"`
	MinReadySeconds      int32                  `json:"minReadySeconds,omitempty"`
	RevisionHistoryLimit *int32                 `json:"revisionHistoryLimit,omitempty"`
}

// DaemonSetStatus represents the current status of a daemon set.
type DaemonSetStatus struct {
	CurrentNumberScheduled int32 `json:"currentNumberScheduled"`
	NumberMisscheduled     int32 `json:"numberMisscheduled"`
	DesiredNumberScheduled int32 `json:"desiredNumberScheduled"`
	NumberReady            int32 `json:"numberReady"`
	ObservedGeneration     int64 `json:"observedGeneration,omitempty"`
	UpdatedNumberScheduled int32 `json:"updatedNumberScheduled,omitempty"`
	NumberAvailable        int32 `json:"numberAvailable,omitempty"`
	NumberUnavailable      int32 `json:"numberUnavailable,omitempty"`
}

// ReplicaSet ensures that a specified number of pod replicas are running.
type ReplicaSet struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              ReplicaSetSpec   `json:"spec,omitempty"`
	Status            ReplicaSetStatus `json:"status,omitempty"`
}

// ReplicaSetList is a collection of ReplicaSets.
type ReplicaSetList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []ReplicaSet `json:"items"`
}

// ReplicaSetSpec is the specification of a ReplicaSet.
type ReplicaSetSpec struct {
	Replicas        *int32                 `json:"replicas,omitempty"`
	MinReadySeconds int32                  `json:"minReadySeconds,omitempty"`
	Selector        *metav1.LabelSelector  `json:"selector"`
	Template        corev1.PodTemplateSpec `json:"template,omitempty"`
}

// ReplicaSetStatus represents the current status of a ReplicaSet.
type ReplicaSetStatus struct {
	Replicas             int32 `json:"replicas"`
	FullyLabeledReplicas int32 `json:"fullyLabeledReplicas,omitempty"`
	ReadyReplicas        int32 `json:"readyReplicas,omitempty"`
	AvailableReplicas    int32 `json:"availableReplicas,omitempty"`
	ObservedGeneration   int64 `json:"observedGeneration,omitempty"`
}
