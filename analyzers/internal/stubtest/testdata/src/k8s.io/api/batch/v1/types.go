// Package v1 is a stub of k8s.io/api/batch/v1.
package v1

import (
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// Job represents the configuration of a single job.
type Job struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              JobSpec   `json:"spec,omitempty"`
	Status            JobStatus `json:"status,omitempty"`
}

// JobList is a collection of jobs.
type JobList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Job `json:"items"`
}

// JobSpec describes how the job execution will look like.
type JobSpec struct {
	Parallelism             *int32                 `json:"parallelism,omitempty"`
	Completions             *int32                 `json:"completions,omitempty"`
	ActiveDeadlineSeconds   *int64                 `json:"activeDeadlineSeconds,omitempty"`
	BackoffLimit            *int32                 `json:"backoffLimit,omitempty"`
	Selector                *metav1.LabelSelector  `json:"selector,omitempty"`
	ManualSelector          *bool                  `json:"manualSelector,omitempty"`
	Template                corev1.PodTemplateSpec `json:"template"`
	TTLSecondsAfterFinished *int32                 `json:"ttlSecondsAfterFinished,omitempty"`
	Suspend                 *bool                  `json:"suspend,omitempty"`
}

// JobStatus represents the current state of a Job.
type JobStatus struct {
	Conditions     []JobCondition `json:"conditions,omitempty"`
	StartTime      *metav1.Time   `json:"startTime,omitempty"`
	CompletionTime *metav1.Time   `json:"completionTime,omitempty"`
	Active         int32          `json:"active,omitempty"`
	Succeeded      int32          `json:"succeeded,omitempty"`
	Failed         int32          `json:"failed,omitempty"`
	Ready          *int32         `json:"ready,omitempty"`
}

// JobConditionType is a valid value for JobCondition.Type.
type JobConditionType string

// The job condition types.
const (
	JobSuspended JobConditionType = "Suspended"
	JobComplete  JobConditionType = "Complete"
	JobFailed    JobConditionType = "Failed"
)

// JobCondition describes current state of a job.
type JobCondition struct {
	Type               JobConditionType       `json:"type"`
	Status             corev1.ConditionStatus `json:"status"`
	LastProbeTime      metav1.Time            `json:"lastProbeTime,omitempty"`
	LastTransitionTime metav1.Time            `json:"lastTransitionTime,omitempty"`
	Reason             string                 `json:"reason,omitempty"`
	Message            string                 `json:"message,omitempty"`
}

// CronJob represents the configuration of a single cron job.
type CronJob struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              CronJobSpec   `json:"spec,omitempty"`
	Status            CronJobStatus `json:"status,omitempty"`
}

// CronJobList is a collection of cron jobs.
type CronJobList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []CronJob `json:"items"`
}

// ConcurrencyPolicy describes how the job will be handled.
type ConcurrencyPolicy string

// The concurrency policies.
const (
	AllowConcurrent   ConcurrencyPolicy = "Allow"
	ForbidConcurrent  ConcurrencyPolicy = "Forbid"
	ReplaceConcurrent ConcurrencyPolicy = "Replace"
)

// CronJobSpec describes how the job execution will look like and when it
// will actually run.
type CronJobSpec struct {
	Schedule                   string            `json:"schedule"`
	TimeZone                   *string           `json:"timeZone,omitempty"`
	StartingDeadlineSeconds    *int64            `json:"startingDeadlineSeconds,omitempty"`
	ConcurrencyPolicy          ConcurrencyPolicy `json:"concurrencyPolicy,omitempty"`
	Suspend                    *bool             `json:"suspend,omitempty"`
	JobTemplate                JobTemplateSpec   `json:"jobTemplate"`
	SuccessfulJobsHistoryLimit *int32            `json:"successfulJobsHistoryLimit,omitempty"`
	FailedJobsHistoryLimit     *int32            `json:"failedJobsHistoryLimit,omitempty"`
}

// CronJobStatus represents the current state of a cron job.
type CronJobStatus struct {
	Active             []corev1.ObjectReference `json:"active,omitempty"`
	LastScheduleTime   *metav1.Time             `json:"lastScheduleTime,omitempty"`
	LastSuccessfulTime *metav1.Time             `json:"lastSuccessfulTime,omitempty"`
}

// JobTemplateSpec describes the data a Job should have when created from a
// template.
type JobTemplateSpec struct {
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              JobSpec `json:"spec,omitempty"`
}
