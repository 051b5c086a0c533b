// Package scheduled makes a backup on a schedule: the reconcile registers
// a job whose closure creates a new backup with GenerateName on each tick.
// The create runs when the scheduler fires, not on every reconcile.
package scheduled

import (
	"context"

	"cr/sched"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type BackupReconciler struct {
	client.Client
	crons *sched.Scheduler
	jobs  map[string]string
}

func (r *BackupReconciler) backupTask(ctx context.Context, cm *corev1.ConfigMap) func() {
	return func() {
		b := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{GenerateName: cm.Name + "-backup-", Namespace: cm.Namespace}}
		_ = r.Create(ctx, b)
	}
}

func (r *BackupReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	schedule := cm.Data["schedule"]
	if r.jobs[cm.Name] == schedule {
		return ctrl.Result{}, nil
	}
	if _, err := r.crons.AddFunc(schedule, r.backupTask(ctx, &cm)); err != nil {
		return ctrl.Result{}, err
	}
	r.jobs[cm.Name] = schedule
	return ctrl.Result{}, nil
}

// Twin: the same closure called at once, on every pass.
type NowReconciler struct{ client.Client }

func (r *NowReconciler) backupTask(ctx context.Context, cm *corev1.ConfigMap) func() {
	return func() {
		b := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{GenerateName: cm.Name + "-backup-", Namespace: cm.Namespace}}
		_ = r.Create(ctx, b) // want `createnotidempotent: Create of an object with GenerateName`
	}
}

func (r *NowReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	r.backupTask(ctx, &cm)()
	return ctrl.Result{}, nil
}
