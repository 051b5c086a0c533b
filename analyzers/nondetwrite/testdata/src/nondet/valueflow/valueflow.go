// Package valueflow: non-determinism that reaches a write through an
// in-memory counter, a channel, or a condition set on a local copy; and
// the negatives where only a part of an object that is stamped elsewhere
// flows, or a counter is never stored.
package valueflow

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"log"
	"strconv"
	"sync/atomic"
	"time"

	"nondet/api"

	"k8s.io/apimachinery/pkg/api/equality"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// reconciles counts the passes of this process.
var reconciles int

type CounterReconciler struct{ client.Client }

func (r *CounterReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	reconciles++
	w.Status.Message = fmt.Sprintf("pass %d", reconciles) // want `nondetwrite: the in-memory counter reconciles flows into Widget.Status.Message`
	return ctrl.Result{}, r.Status().Update(ctx, w)
}

// seq numbers the widgets this process has seen.
var seq atomic.Int64

type AtomicCounterReconciler struct{ client.Client }

func (r *AtomicCounterReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	w.Status.Phase = "seen-" + strconv.FormatInt(seq.Add(1), 10) // want `nondetwrite: the in-memory counter seq flows into Widget.Status.Phase`
	return ctrl.Result{}, r.Status().Update(ctx, w)
}

// defaultPhase is configuration set once, not a counter.
var defaultPhase = "Ready"

// SetDefaultPhase configures the phase.
func SetDefaultPhase(p string) { defaultPhase = p }

// served counts requests for a log line only.
var served int

type ConfiguredReconciler struct{ client.Client }

func (r *ConfiguredReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	served++
	log.Printf("served %d", served)
	if w.Status.Phase != defaultPhase {
		w.Status.Phase = defaultPhase
		return ctrl.Result{}, r.Status().Update(ctx, w)
	}
	return ctrl.Result{}, nil
}

type ChannelReconciler struct{ client.Client }

func (r *ChannelReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	done := make(chan string, 1)
	go func() {
		done <- time.Now().Format(time.RFC3339)
	}()
	w.Status.Message = "probed at " + <-done // want `nondetwrite: time.Now\(\) flows into Widget.Status.Message`
	return ctrl.Result{}, r.Status().Update(ctx, w)
}

// describe reads only the spec of the object it is given.
func describe(w *api.Widget) string { return fmt.Sprintf("%d replicas", w.Spec.Replicas) }

// A value computed by a goroutine from the object's spec, a changed flag on
// it, and a stamp that rides along with a real change: the stamp stored
// into the same object elsewhere does not flow into what describe reads.
type ChannelSpecReconciler struct{ client.Client }

func (r *ChannelSpecReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	out := make(chan string, 1)
	go func() { out <- describe(w) }()
	msg := <-out
	changed := w.Status.Message != msg
	w.Status.Message = msg
	w.Status.LastUpdated = metav1.Now()
	if changed {
		return ctrl.Result{}, r.Status().Update(ctx, w)
	}
	return ctrl.Result{}, nil
}

// Conditions set on a local copy, then stored back: the message the caller
// passes ends up in the object; the transition time the setter stamps
// itself only on a change does not make every write a change.
type LocalConditionsReconciler struct{ client.Client }

func (r *LocalConditionsReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	conds := append([]metav1.Condition(nil), w.Status.Conditions...)
	meta.SetStatusCondition(&conds, metav1.Condition{Type: "Ready", Status: metav1.ConditionTrue, Reason: "Checked",
		Message: "checked at " + time.Now().String()})
	w.Status.Conditions = conds // want `nondetwrite: time.Now\(\) flows into Widget.Status.Conditions`
	return ctrl.Result{}, r.Status().Update(ctx, w)
}

type LocalConditionsStableReconciler struct{ client.Client }

func (r *LocalConditionsStableReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	conds := append([]metav1.Condition(nil), w.Status.Conditions...)
	if meta.SetStatusCondition(&conds, metav1.Condition{Type: "Ready", Status: metav1.ConditionTrue, Reason: "Checked", Message: describe(w)}) {
		w.Status.Conditions = conds
		return ctrl.Result{}, r.Status().Update(ctx, w)
	}
	return ctrl.Result{}, nil
}

// A stamp stored before the base of a merge patch is copied is not in the
// patch: the write sends none of it (RL2001 reports the late base), so it
// changes nothing in the object on any pass.
type LateBaseReconciler struct{ client.Client }

func (r *LateBaseReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	w.Status.Message = "at " + time.Now().String()
	base := w.DeepCopy()
	return ctrl.Result{}, r.Status().Patch(ctx, w, client.MergeFrom(base))
}

// checkError prints when it was detected; quietError keeps the time for a
// log line only.
type checkError struct {
	Field string
	At    time.Time
}

func (e *checkError) Error() string { return e.Field + " invalid since " + e.At.String() }

type quietError struct {
	Field string
	At    time.Time
}

func (e *quietError) Error() string { return e.Field + " invalid" }

func check(w *api.Widget) error {
	if w.Spec.Replicas > 10 {
		return &checkError{Field: "replicas", At: time.Now()}
	}
	return nil
}

func checkQuietly(w *api.Widget) error {
	if w.Spec.Replicas > 10 {
		return &quietError{Field: "replicas", At: time.Now()}
	}
	return nil
}

// The text of an error whose Error method prints a time: stored, it
// differs on every pass; an error that keeps the time out of its text does
// not carry it.
type ErrorTextReconciler struct{ client.Client }

func (r *ErrorTextReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	w.Status.Message = fmt.Errorf("widget %s: %w", w.Name, check(w)).Error() // want `nondetwrite: time.Now\(\) flows into Widget.Status.Message`
	if err := checkQuietly(w); err != nil {
		var qe *quietError
		if errors.As(err, &qe) {
			log.Printf("invalid at %s", qe.At)
		}
		w.Status.Phase = fmt.Errorf("widget %s: %w", w.Name, err).Error()
	}
	return ctrl.Result{}, r.Status().Update(ctx, w)
}

type stampKey struct{}

// A value carried in a context, and the new value of an atomic counter
// that is a field of the reconciler.
type CarriedReconciler struct {
	client.Client
	syncs atomic.Int64
}

func (r *CarriedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	ctx = context.WithValue(ctx, stampKey{}, time.Now().Format(time.RFC3339))
	stamp, _ := ctx.Value(stampKey{}).(string)
	w.Status.Message = "seen " + stamp          // want `nondetwrite: time.Now\(\) flows into Widget.Status.Message`
	w.Status.Phase = fmt.Sprint(r.syncs.Add(1)) // want `nondetwrite: an in-memory atomic counter flows into Widget.Status.Phase`
	return ctrl.Result{}, r.Status().Update(ctx, w)
}

// newToken fills a buffer with random bytes.
func newToken() string {
	b := make([]byte, 8)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// A token regenerated on every pass into a copy of the status, and its
// twin that generates it only while it is empty and writes only a change.
type TokenReconciler struct{ client.Client }

func (r *TokenReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	st := w.Status
	st.Message = newToken()
	w.Status = st // want `nondetwrite: rand.Read\(\) flows into Widget.Status`
	return ctrl.Result{}, r.Status().Update(ctx, w)
}

type TokenOnceReconciler struct{ client.Client }

func (r *TokenOnceReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	st := w.Status
	if st.Message == "" {
		st.Message = newToken()
	}
	if equality.Semantic.DeepEqual(st, w.Status) {
		return ctrl.Result{}, nil
	}
	w.Status = st
	return ctrl.Result{}, r.Status().Update(ctx, w)
}

// Generated once while the list is empty, on a copy compared before the
// write.
type KeysOnceReconciler struct{ client.Client }

func (r *KeysOnceReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	st := w.Status
	if len(st.Keys) == 0 {
		st.Keys = []string{newToken()}
	}
	if equality.Semantic.DeepEqual(st, w.Status) {
		return ctrl.Result{}, nil
	}
	w.Status = st
	return ctrl.Result{}, r.Status().Update(ctx, w)
}
