package controller

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	kbatch "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/equality"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	ref "k8s.io/client-go/tools/reference"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	logf "sigs.k8s.io/controller-runtime/pkg/log"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	appsv1alpha1 "github.com/reconcilelint/example-operator/api/v1alpha1"
)

const (
	jobOwnerKey             = ".metadata.controller"
	scheduledTimeAnnotation = "apps.example.com/scheduled-at"
)

// Clock knows how to get the current time. It can be used to fake out timing
// for testing.
type Clock interface {
	Now() time.Time
}

type realClock struct{}

func (realClock) Now() time.Time { return time.Now() }

// CronJobReconciler reconciles a CronJob object. It follows the kubebuilder
// book's CronJob tutorial: the status is derived from the child Jobs on every
// run, and the clock is only used to decide when to run and when to come back.
type CronJobReconciler struct {
	client.Client
	Scheme *runtime.Scheme
	Clock
}

// +kubebuilder:rbac:groups=apps.example.com,resources=cronjobs,verbs=get;list;watch;create;update;patch;delete
// +kubebuilder:rbac:groups=apps.example.com,resources=cronjobs/status,verbs=get;update;patch
// +kubebuilder:rbac:groups=batch,resources=jobs,verbs=get;list;watch;create;update;patch;delete

// Reconcile updates the status from the child Jobs and starts the Job for the
// most recent missed run.
func (r *CronJobReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	log := logf.FromContext(ctx)

	var cronJob appsv1alpha1.CronJob
	if err := r.Get(ctx, req.NamespacedName, &cronJob); err != nil {
		// We'll ignore not-found errors, since they can't be fixed by an
		// immediate requeue, and we can get them on deleted requests.
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	// Pre-image for the status comparison below.
	orig := cronJob.DeepCopy()

	var childJobs kbatch.JobList
	if err := r.List(ctx, &childJobs, client.InNamespace(req.Namespace), client.MatchingFields{jobOwnerKey: req.Name}); err != nil {
		log.Error(err, "unable to list child Jobs")
		return ctrl.Result{}, err
	}

	var activeJobs []*kbatch.Job
	var mostRecentTime *time.Time
	for i := range childJobs.Items {
		job := &childJobs.Items[i]
		if !isJobFinished(job) {
			activeJobs = append(activeJobs, job)
		}
		scheduledTimeForJob, err := getScheduledTimeForJob(job)
		if err != nil {
			log.Error(err, "unable to parse schedule time for child job", "job", job.Name)
			continue
		}
		if scheduledTimeForJob != nil && (mostRecentTime == nil || mostRecentTime.Before(*scheduledTimeForJob)) {
			mostRecentTime = scheduledTimeForJob
		}
	}

	if mostRecentTime != nil {
		cronJob.Status.LastScheduleTime = &metav1.Time{Time: *mostRecentTime}
	} else {
		cronJob.Status.LastScheduleTime = nil
	}
	// List order comes from the informer's index and is not stable; sort so
	// that the same set of Jobs always produces the same status.
	slices.SortFunc(activeJobs, func(a, b *kbatch.Job) int { return strings.Compare(a.Name, b.Name) })
	cronJob.Status.Active = nil
	for _, activeJob := range activeJobs {
		jobRef, err := ref.GetReference(r.Scheme, activeJob)
		if err != nil {
			log.Error(err, "unable to make reference to active job", "job", activeJob)
			continue
		}
		cronJob.Status.Active = append(cronJob.Status.Active, *jobRef)
	}

	// Only write the status when it differs from what we read.
	if !equality.Semantic.DeepEqual(orig.Status, cronJob.Status) {
		if err := r.Status().Update(ctx, &cronJob); err != nil {
			log.Error(err, "unable to update CronJob status")
			return ctrl.Result{}, err
		}
	}

	missedRun, nextRun, err := getNextSchedule(&cronJob, r.Now())
	if err != nil {
		// A bad schedule will not fix itself; wait for the user to edit the
		// spec instead of retrying with backoff.
		return ctrl.Result{}, reconcile.TerminalError(err)
	}
	// RequeueAfter is computed from the schedule, so this is not a hot loop.
	scheduledResult := ctrl.Result{RequeueAfter: nextRun.Sub(r.Now())}
	log = log.WithValues("now", r.Now(), "next run", nextRun)

	if missedRun.IsZero() {
		log.V(1).Info("no upcoming scheduled times, sleeping until next")
		return scheduledResult, nil
	}

	// The clock only decides whether we are too late; it is never stored.
	if d := cronJob.Spec.StartingDeadlineSeconds; d != nil && missedRun.Add(time.Duration(*d)*time.Second).Before(r.Now()) {
		log.V(1).Info("missed starting deadline for last run, sleeping till next")
		return scheduledResult, nil
	}

	if cronJob.Spec.ConcurrencyPolicy == appsv1alpha1.ForbidConcurrent && len(activeJobs) > 0 {
		log.V(1).Info("concurrency policy blocks concurrent runs, skipping", "num active", len(activeJobs))
		return scheduledResult, nil
	}

	job, err := r.constructJobForCronJob(&cronJob, missedRun)
	if err != nil {
		// Don't bother requeuing until we get a change to the spec.
		log.Error(err, "unable to construct job from template")
		return scheduledResult, nil
	}
	// The Job name is derived from the scheduled time, so a repeated
	// reconcile of the same run hits AlreadyExists instead of duplicating it.
	if err := client.IgnoreAlreadyExists(r.Create(ctx, job)); err != nil {
		log.Error(err, "unable to create Job for CronJob", "job", job)
		return ctrl.Result{}, err
	}
	log.V(1).Info("created Job for CronJob run", "job", job)

	// Log how late we were; time.Since is only logged, never stored.
	log.V(1).Info("scheduling latency", "delay", time.Since(missedRun))
	return scheduledResult, nil
}

func isJobFinished(job *kbatch.Job) bool {
	for _, c := range job.Status.Conditions {
		if (c.Type == kbatch.JobComplete || c.Type == kbatch.JobFailed) && c.Status == corev1.ConditionTrue {
			return true
		}
	}
	return false
}

func getScheduledTimeForJob(job *kbatch.Job) (*time.Time, error) {
	timeRaw := job.Annotations[scheduledTimeAnnotation]
	if len(timeRaw) == 0 {
		return nil, nil
	}
	timeParsed, err := time.Parse(time.RFC3339, timeRaw)
	if err != nil {
		return nil, err
	}
	return &timeParsed, nil
}

// getNextSchedule returns the most recent run that should have happened by
// now (zero if none was missed) and the time of the next run. Only schedules
// of the form "@every <duration>" are supported.
func getNextSchedule(cronJob *appsv1alpha1.CronJob, now time.Time) (lastMissed, next time.Time, err error) {
	rest, ok := strings.CutPrefix(cronJob.Spec.Schedule, "@every ")
	if !ok {
		return time.Time{}, time.Time{}, fmt.Errorf("unsupported schedule %q: want \"@every <duration>\"", cronJob.Spec.Schedule)
	}
	interval, err := time.ParseDuration(rest)
	if err != nil {
		return time.Time{}, time.Time{}, fmt.Errorf("unparseable schedule %q: %w", cronJob.Spec.Schedule, err)
	}
	if interval < time.Minute {
		return time.Time{}, time.Time{}, fmt.Errorf("schedule %q: the interval must be at least one minute", cronJob.Spec.Schedule)
	}
	// For optimization purposes, cheat a bit and start from our last
	// observed run time.
	earliestTime := cronJob.CreationTimestamp.Time
	if cronJob.Status.LastScheduleTime != nil {
		earliestTime = cronJob.Status.LastScheduleTime.Time
	}
	if earliestTime.After(now) {
		return time.Time{}, earliestTime.Add(interval), nil
	}
	missed := now.Sub(earliestTime) / interval
	if missed > 0 {
		lastMissed = earliestTime.Add(missed * interval)
	}
	return lastMissed, earliestTime.Add((missed + 1) * interval), nil
}

// constructJobForCronJob builds the Job for the run scheduled at scheduledTime.
func (r *CronJobReconciler) constructJobForCronJob(cronJob *appsv1alpha1.CronJob, scheduledTime time.Time) (*kbatch.Job, error) {
	// We want job names for a given nominal start time to have a
	// deterministic name to avoid the same job being created twice.
	name := fmt.Sprintf("%s-%d", cronJob.Name, scheduledTime.Unix())

	job := &kbatch.Job{
		ObjectMeta: metav1.ObjectMeta{
			Labels:      make(map[string]string),
			Annotations: make(map[string]string),
			Name:        name,
			Namespace:   cronJob.Namespace,
		},
		Spec: *cronJob.Spec.JobTemplate.Spec.DeepCopy(),
	}
	// Copying map to map is order-independent.
	for k, v := range cronJob.Spec.JobTemplate.Annotations {
		job.Annotations[k] = v
	}
	job.Annotations[scheduledTimeAnnotation] = scheduledTime.Format(time.RFC3339)
	for k, v := range cronJob.Spec.JobTemplate.Labels {
		job.Labels[k] = v
	}
	if err := ctrl.SetControllerReference(cronJob, job, r.Scheme); err != nil {
		return nil, err
	}
	return job, nil
}

// SetupWithManager sets up the controller with the Manager.
func (r *CronJobReconciler) SetupWithManager(mgr ctrl.Manager) error {
	if r.Clock == nil {
		r.Clock = realClock{}
	}
	if err := mgr.GetFieldIndexer().IndexField(context.Background(), &kbatch.Job{}, jobOwnerKey, func(rawObj client.Object) []string {
		job := rawObj.(*kbatch.Job)
		owner := metav1.GetControllerOf(job)
		if owner == nil || owner.APIVersion != appsv1alpha1.GroupVersion.String() || owner.Kind != "CronJob" {
			return nil
		}
		return []string{owner.Name}
	}); err != nil {
		return err
	}

	return ctrl.NewControllerManagedBy(mgr).
		For(&appsv1alpha1.CronJob{}).
		Owns(&kbatch.Job{}).
		Named("cronjob").
		Complete(r)
}
