package verify_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"time"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/equality"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"github.com/reconcilelint/reconcilelint/verify/internal/testapi"
)

// Each reconciler below has one known bug, named after the reconcilelint
// check or the research result that describes it.

// timestamp writes metav1.Now() into status on every pass (RL1001): every
// write is effective, its event re-triggers the reconcile: a hot loop.
type timestamp struct{ client.Client }

func (r *timestamp) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	w := &testapi.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return reconcile.Result{}, client.IgnoreNotFound(err)
	}
	now := metav1.Now()
	w.Status.LastUpdated = &now
	w.Status.Phase = "Ready"
	return reconcile.Result{}, r.Status().Update(ctx, w)
}

// everyPass writes the same status on every pass: a request that changes
// nothing (RL2001).
type everyPass struct{ client.Client }

func (r *everyPass) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	w := &testapi.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return reconcile.Result{}, client.IgnoreNotFound(err)
	}
	w.Status.Phase = "Ready"
	w.Status.ObservedGeneration = w.Generation
	return reconcile.Result{}, r.Status().Update(ctx, w)
}

// mapOrder copies spec.labels keys into status.children in map order (RL1002).
type mapOrder struct{ client.Client }

func (r *mapOrder) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	w := &testapi.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return reconcile.Result{}, client.IgnoreNotFound(err)
	}
	var keys []string
	for k := range w.Spec.Labels {
		keys = append(keys, k)
	}
	if !slices.Equal(keys, w.Status.Children) {
		w.Status.Children = keys
		return reconcile.Result{}, r.Status().Update(ctx, w)
	}
	return reconcile.Result{}, nil
}

// counter increments status.count on every pass (RL2001); a generation
// predicate hides the loop from NoHotLoop, not from Converges.
type counter struct{ client.Client }

func (r *counter) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	w := &testapi.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return reconcile.Result{}, client.IgnoreNotFound(err)
	}
	w.Status.Count++
	return reconcile.Result{}, r.Status().Update(ctx, w)
}

// requeue asks to be requeued forever (RL5003).
type requeue struct{ client.Client }

func (r *requeue) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	w := &testapi.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return reconcile.Result{}, client.IgnoreNotFound(err)
	}
	return reconcile.Result{RequeueAfter: 10 * 1000 * 1000}, nil // 10ms
}

// notFound returns the NotFound error of the primary (RL5001).
type notFound struct{ client.Client }

func (r *notFound) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	w := &testapi.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return reconcile.Result{}, fmt.Errorf("get widget: %w", err)
	}
	return reconcile.Result{}, nil
}

// dropsFinalizers handles deletion by clearing every finalizer, including
// other controllers' ones.
type dropsFinalizers struct{ client.Client }

func (r *dropsFinalizers) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	w := &testapi.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return reconcile.Result{}, client.IgnoreNotFound(err)
	}
	if !w.DeletionTimestamp.IsZero() {
		if len(w.Finalizers) > 0 {
			w.Finalizers = nil
			return reconcile.Result{}, r.Update(ctx, w)
		}
		return reconcile.Result{}, nil
	}
	if controllerutil.AddFinalizer(w, finalizer) {
		return reconcile.Result{}, r.Update(ctx, w)
	}
	return reconcile.Result{}, nil
}

// addsWhileDeleting ensures its finalizer before looking at the deletion
// timestamp, so it adds one to an object being deleted.
type addsWhileDeleting struct{ client.Client }

func (r *addsWhileDeleting) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	w := &testapi.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return reconcile.Result{}, client.IgnoreNotFound(err)
	}
	if controllerutil.AddFinalizer(w, finalizer) {
		return reconcile.Result{}, r.Update(ctx, w)
	}
	if !w.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(w, finalizer)
		return reconcile.Result{}, r.Update(ctx, w)
	}
	return reconcile.Result{}, nil
}

// recordsAfterCreate creates its child with generateName and then records
// the name in status: a crash between the two writes (Sieve's intermediate
// state) creates a second child on restart.
type recordsAfterCreate struct {
	client.Client
	Scheme *runtime.Scheme
}

func (r *recordsAfterCreate) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	w := &testapi.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return reconcile.Result{}, client.IgnoreNotFound(err)
	}
	if len(w.Status.Children) > 0 {
		return reconcile.Result{}, nil
	}
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Namespace: w.Namespace, GenerateName: w.Name + "-"}}
	if err := controllerutil.SetControllerReference(w, cm, r.Scheme); err != nil {
		return reconcile.Result{}, err
	}
	if err := r.Create(ctx, cm); err != nil {
		return reconcile.Result{}, err
	}
	w.Status.Children = []string{cm.Name}
	return reconcile.Result{}, r.Status().Update(ctx, w)
}

// listThenCreate trusts a List for existence and creates with generateName:
// a stale List (Sieve's stale state) creates a duplicate.
type listThenCreate struct {
	client.Client
	Scheme *runtime.Scheme
}

func (r *listThenCreate) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	w := &testapi.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return reconcile.Result{}, client.IgnoreNotFound(err)
	}
	var l corev1.ConfigMapList
	if err := r.List(ctx, &l, client.InNamespace(w.Namespace), client.MatchingLabels{"owner": w.Name}); err != nil {
		return reconcile.Result{}, err
	}
	if len(l.Items) == 0 {
		cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Namespace: w.Namespace, GenerateName: w.Name + "-", Labels: map[string]string{"owner": w.Name}}}
		if err := controllerutil.SetControllerReference(w, cm, r.Scheme); err != nil {
			return reconcile.Result{}, err
		}
		return reconcile.Result{}, r.Create(ctx, cm)
	}
	if w.Status.Phase != "Ready" {
		w.Status.Phase = "Ready"
		return reconcile.Result{}, r.Status().Update(ctx, w)
	}
	return reconcile.Result{}, nil
}

// swallowsErrors logs API errors away and returns success, so nothing
// retries a failed write.
type swallowsErrors struct {
	client.Client
	Scheme *runtime.Scheme
}

func (r *swallowsErrors) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	w := &testapi.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return reconcile.Result{}, nil
	}
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, cm); apierrors.IsNotFound(err) {
		cm = &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Namespace: w.Namespace, Name: w.Name}, Data: map[string]string{"image": w.Spec.Image}}
		_ = controllerutil.SetControllerReference(w, cm, r.Scheme)
		if err := r.Create(ctx, cm); err != nil {
			return reconcile.Result{}, nil // the bug
		}
	}
	return reconcile.Result{}, nil
}

// createOnly sets the child's content when creating it and never again, so
// the result depends on the history of spec changes (Acto).
type createOnly struct {
	client.Client
	Scheme *runtime.Scheme
}

func (r *createOnly) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	w := &testapi.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return reconcile.Result{}, client.IgnoreNotFound(err)
	}
	cm := &corev1.ConfigMap{}
	err := r.Get(ctx, req.NamespacedName, cm)
	if apierrors.IsNotFound(err) {
		cm = &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Namespace: w.Namespace, Name: w.Name},
			Data: map[string]string{"replicas": fmt.Sprint(w.Spec.Replicas)}}
		if err := controllerutil.SetControllerReference(w, cm, r.Scheme); err != nil {
			return reconcile.Result{}, err
		}
		return reconcile.Result{}, r.Create(ctx, cm)
	}
	return reconcile.Result{}, err
}

// randomID stamps a random ID into the child when creating it: each run
// writes different content.
type randomID struct {
	client.Client
	Scheme *runtime.Scheme
}

func (r *randomID) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	w := &testapi.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return reconcile.Result{}, client.IgnoreNotFound(err)
	}
	cm := &corev1.ConfigMap{}
	err := r.Get(ctx, req.NamespacedName, cm)
	if apierrors.IsNotFound(err) {
		cm = &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Namespace: w.Namespace, Name: w.Name},
			Data: map[string]string{"id": fmt.Sprintf("%016x", rand.Uint64())}}
		if err := controllerutil.SetControllerReference(w, cm, r.Scheme); err != nil {
			return reconcile.Result{}, err
		}
		return reconcile.Result{}, r.Create(ctx, cm)
	}
	return reconcile.Result{}, err
}

// stepper moves status.count towards 5 by one per pass, each step written
// on its own: every write's event triggers the next step. The queue drains
// and the state settles, but write → event → reconcile → write ran five
// times in a row: a hot loop by cause.
type stepper struct{ client.Client }

func (r *stepper) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	w := &testapi.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return reconcile.Result{}, client.IgnoreNotFound(err)
	}
	if w.Status.Count < 5 {
		w.Status.Count++
		return reconcile.Result{}, r.Status().Update(ctx, w)
	}
	return reconcile.Result{}, nil
}

// conditionsInMapOrder builds one condition per label, ranging over the
// labels map (RL1002); each condition is long, so the list's rendering is
// truncated in the report, but the hint still comes from the reordering.
type conditionsInMapOrder struct{ client.Client }

func (r *conditionsInMapOrder) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	w := &testapi.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return reconcile.Result{}, client.IgnoreNotFound(err)
	}
	var conds []metav1.Condition
	for k, v := range w.Spec.Labels {
		conds = append(conds, metav1.Condition{Type: "Label" + k, Status: metav1.ConditionTrue, Reason: "LabelPresent",
			Message: fmt.Sprintf("label %s has the value %q and is copied to every child of the widget", k, v)})
	}
	if !equality.Semantic.DeepEqual(conds, w.Status.Conditions) {
		w.Status.Conditions = conds
		return reconcile.Result{}, r.Status().Update(ctx, w)
	}
	return reconcile.Result{}, nil
}

// createdFlag creates its child under a fixed name but decides from a
// status flag written afterwards: after a crash between the two writes it
// creates again, gets AlreadyExists, and retries forever. The cause is the
// non-idempotent create (RL2003), not a permanent error.
type createdFlag struct {
	client.Client
	Scheme *runtime.Scheme
}

func (r *createdFlag) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	w := &testapi.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return reconcile.Result{}, client.IgnoreNotFound(err)
	}
	if w.Status.Phase == "Created" {
		return reconcile.Result{}, nil
	}
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Namespace: w.Namespace, Name: w.Name}}
	if err := controllerutil.SetControllerReference(w, cm, r.Scheme); err != nil {
		return reconcile.Result{}, err
	}
	if err := r.Create(ctx, cm); err != nil {
		return reconcile.Result{}, fmt.Errorf("create child: %w", err)
	}
	w.Status.Phase = "Created"
	return reconcile.Result{}, r.Status().Update(ctx, w)
}

// deltaScaler applies the change of spec.replicas since the last value it
// saw as one step: it adds or removes one child per observed change, on the
// assumption that users change replicas one at a time. One at a time it is
// right; a coalesced update (1 → 3 in one write) leaves it one child short.
type deltaScaler struct {
	client.Client
	Scheme *runtime.Scheme
}

const seenAnnotation = "example.com/seen-replicas"

func (r *deltaScaler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	w := &testapi.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return reconcile.Result{}, client.IgnoreNotFound(err)
	}
	seen, ok := w.Annotations[seenAnnotation]
	var have int32
	if ok {
		if _, err := fmt.Sscan(seen, &have); err != nil {
			return reconcile.Result{}, reconcile.TerminalError(fmt.Errorf("annotation %s: %w", seenAnnotation, err))
		}
	}
	if ok && have == w.Spec.Replicas {
		return reconcile.Result{}, nil
	}
	var children corev1.ConfigMapList
	if err := r.List(ctx, &children, client.InNamespace(w.Namespace), client.MatchingLabels{"owner": w.Name}); err != nil {
		return reconcile.Result{}, err
	}
	n := int32(len(children.Items))
	switch {
	case !ok:
		for i := n; i < w.Spec.Replicas; i++ {
			if err := r.createChild(ctx, w, i); err != nil {
				return reconcile.Result{}, err
			}
		}
	case w.Spec.Replicas > have:
		if err := r.createChild(ctx, w, n); err != nil { // the bug: one step, whatever the delta
			return reconcile.Result{}, err
		}
	case w.Spec.Replicas < have && n > 0:
		last := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Namespace: w.Namespace, Name: fmt.Sprintf("%s-%d", w.Name, n-1)}}
		if err := r.Delete(ctx, last); client.IgnoreNotFound(err) != nil {
			return reconcile.Result{}, err
		}
	}
	if w.Annotations == nil {
		w.Annotations = map[string]string{}
	}
	w.Annotations[seenAnnotation] = fmt.Sprint(w.Spec.Replicas)
	return reconcile.Result{}, r.Update(ctx, w)
}

func (r *deltaScaler) createChild(ctx context.Context, w *testapi.Widget, i int32) error {
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Namespace: w.Namespace, Name: fmt.Sprintf("%s-%d", w.Name, i), Labels: map[string]string{"owner": w.Name}}}
	if err := controllerutil.SetControllerReference(w, cm, r.Scheme); err != nil {
		return err
	}
	if err := r.Create(ctx, cm); client.IgnoreAlreadyExists(err) != nil {
		return fmt.Errorf("create child %d: %w", i, err)
	}
	return nil
}

// waitsForever never gets what it waits for and returns an error on every
// pass: there is no fixpoint, so the properties that compare with a
// settled reference run cannot be checked.
type waitsForever struct{ client.Client }

func (r *waitsForever) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	w := &testapi.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return reconcile.Result{}, client.IgnoreNotFound(err)
	}
	return reconcile.Result{}, fmt.Errorf("widget %s: the backing service is not ready", req.Name)
}

// firstLabel names its child's primary label after the first key of a
// map range and never updates it: whether two histories agree depends on
// the map order drawn in each, so one run of HistoryIndependent passes now
// and then.
type firstLabel struct {
	client.Client
	Scheme *runtime.Scheme
}

func (r *firstLabel) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	w := &testapi.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return reconcile.Result{}, client.IgnoreNotFound(err)
	}
	cm := &corev1.ConfigMap{}
	err := r.Get(ctx, req.NamespacedName, cm)
	if !apierrors.IsNotFound(err) {
		return reconcile.Result{}, err
	}
	var primary string
	for k := range w.Spec.Labels {
		primary = k
		break
	}
	cm = &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Namespace: w.Namespace, Name: w.Name}, Data: map[string]string{"primary": primary}}
	if err := controllerutil.SetControllerReference(w, cm, r.Scheme); err != nil {
		return reconcile.Result{}, err
	}
	return reconcile.Result{}, r.Create(ctx, cm)
}

// recordsThenLists records the observed generation in status, then trusts
// a List of its children for existence and creates with generateName.
// When only the ConfigMap cache lags (the Widget cache has seen the status
// write), the List misses the child just created: a duplicate (RL2003).
// Making every read stale hides it: the stale Widget's status write gets a
// Conflict before the List.
type recordsThenLists struct {
	client.Client
	Scheme *runtime.Scheme
}

func (r *recordsThenLists) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	w := &testapi.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return reconcile.Result{}, client.IgnoreNotFound(err)
	}
	if w.Status.ObservedGeneration != w.Generation {
		w.Status.ObservedGeneration = w.Generation
		if err := r.Status().Update(ctx, w); err != nil {
			return reconcile.Result{}, err
		}
	}
	var l corev1.ConfigMapList
	if err := r.List(ctx, &l, client.InNamespace(w.Namespace), client.MatchingLabels{"owner": w.Name}); err != nil {
		return reconcile.Result{}, err
	}
	if len(l.Items) > 0 {
		return reconcile.Result{}, nil
	}
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Namespace: w.Namespace, GenerateName: w.Name + "-", Labels: map[string]string{"owner": w.Name}}}
	if err := controllerutil.SetControllerReference(w, cm, r.Scheme); err != nil {
		return reconcile.Result{}, err
	}
	return reconcile.Result{}, r.Create(ctx, cm)
}

// waitsBriefly requeues itself after 10ms a fixed number of times, then
// is done: fewer than HotLoopWrites immediate requeues in a row are not a
// hot loop.
type waitsBriefly struct {
	client.Client
	left int
}

func (r *waitsBriefly) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	w := &testapi.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return reconcile.Result{}, client.IgnoreNotFound(err)
	}
	if r.left > 0 {
		r.left--
		return reconcile.Result{RequeueAfter: 10 * time.Millisecond}, nil
	}
	return reconcile.Result{}, nil
}

// phased walks status.phase through its phases, one status write per
// pass, each pass enqueued by the event of the previous write. In the
// first phase and in the last one it ensures one child ConfigMap. With
// listed set it looks the child up with a List and creates it with
// generateName (RL2003): the List of the last phase comes two reconciles
// after the create, so a child cache that lags two reconciles (not one)
// makes it create a duplicate. Without listed it names the child
// deterministically and treats AlreadyExists as success, which is correct.
type phased struct {
	client.Client
	Scheme *runtime.Scheme
	phases []string
	listed bool
}

func (r *phased) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	w := &testapi.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return reconcile.Result{}, client.IgnoreNotFound(err)
	}
	i := slices.Index(r.phases, w.Status.Phase)
	if i == 0 || i == len(r.phases)-1 {
		if err := r.ensureChild(ctx, w); err != nil {
			return reconcile.Result{}, err
		}
	}
	if i == len(r.phases)-1 {
		return reconcile.Result{}, nil
	}
	w.Status.Phase = r.phases[i+1]
	return reconcile.Result{}, r.Status().Update(ctx, w)
}

func (r *phased) ensureChild(ctx context.Context, w *testapi.Widget) error {
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Namespace: w.Namespace, Name: w.Name + "-child", Labels: map[string]string{"owner": w.Name}}}
	if r.listed {
		var l corev1.ConfigMapList
		if err := r.List(ctx, &l, client.InNamespace(w.Namespace), client.MatchingLabels{"owner": w.Name}); err != nil {
			return fmt.Errorf("list children: %w", err)
		}
		if len(l.Items) > 0 {
			return nil
		}
		cm.Name, cm.GenerateName = "", w.Name+"-"
	}
	if err := controllerutil.SetControllerReference(w, cm, r.Scheme); err != nil {
		return fmt.Errorf("owner of child: %w", err)
	}
	if err := r.Create(ctx, cm); client.IgnoreAlreadyExists(err) != nil {
		return fmt.Errorf("create child: %w", err)
	}
	return nil
}

// helperLabel marks a helper Widget with the name of the Widget it serves.
const helperLabel = "example.com/helper-of"

// spawner gives each Widget a helper Widget of its own kind: it records
// the observed generation first, then, with listed set, lists the Widgets
// labelled for it and creates one with generateName when the List is
// empty (RL2003). The Widget cache has then seen the status write (the
// event that enqueues the next reconcile) but may not yet hold the helper
// created after it, so the next reconcile creates a second helper.
// Without listed it names the helper deterministically and treats
// AlreadyExists as success, which is correct. Helpers are left alone.
type spawner struct {
	client.Client
	Scheme *runtime.Scheme
	listed bool
}

func (r *spawner) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	w := &testapi.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return reconcile.Result{}, client.IgnoreNotFound(err)
	}
	if w.Labels[helperLabel] != "" {
		return reconcile.Result{}, nil
	}
	if w.Status.ObservedGeneration != w.Generation {
		w.Status.ObservedGeneration = w.Generation
		if err := r.Status().Update(ctx, w); err != nil {
			return reconcile.Result{}, fmt.Errorf("record observed generation: %w", err)
		}
	}
	helper := &testapi.Widget{ObjectMeta: metav1.ObjectMeta{Namespace: w.Namespace, Name: w.Name + "-helper", Labels: map[string]string{helperLabel: w.Name}}}
	if r.listed {
		var l testapi.WidgetList
		if err := r.List(ctx, &l, client.InNamespace(w.Namespace), client.MatchingLabels{helperLabel: w.Name}); err != nil {
			return reconcile.Result{}, fmt.Errorf("list helpers: %w", err)
		}
		if len(l.Items) > 0 {
			return reconcile.Result{}, nil
		}
		helper.Name, helper.GenerateName = "", w.Name+"-"
	}
	if err := controllerutil.SetControllerReference(w, helper, r.Scheme); err != nil {
		return reconcile.Result{}, fmt.Errorf("owner of helper: %w", err)
	}
	if err := r.Create(ctx, helper); client.IgnoreAlreadyExists(err) != nil {
		return reconcile.Result{}, fmt.Errorf("create helper: %w", err)
	}
	return reconcile.Result{}, nil
}

// registrar has the first Widget of a namespace create the namespace's
// shared registry ConfigMap (with generateName) and mark itself
// Registered; every other Widget sees a Registered sibling in a List and
// leaves the registry alone. The decision rests on a sibling's status in
// the Widget cache: when that cache has not yet seen the sibling's status
// write, a second registry is created (RL2003: name it deterministically
// and treat AlreadyExists as success). A crash between the create and the
// status write has the same effect, which CrashSafe reports.
type registrar struct{ client.Client }

func (r *registrar) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	w := &testapi.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return reconcile.Result{}, client.IgnoreNotFound(err)
	}
	if w.Status.Phase != "" {
		return reconcile.Result{}, nil
	}
	var all testapi.WidgetList
	if err := r.List(ctx, &all, client.InNamespace(w.Namespace)); err != nil {
		return reconcile.Result{}, fmt.Errorf("list widgets: %w", err)
	}
	w.Status.Phase = "Member"
	if !slices.ContainsFunc(all.Items, func(s testapi.Widget) bool { return s.Status.Phase == "Registered" }) {
		reg := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Namespace: w.Namespace, GenerateName: "registry-", Labels: map[string]string{"app": "registry"}}}
		if err := r.Create(ctx, reg); err != nil {
			return reconcile.Result{}, fmt.Errorf("create registry: %w", err)
		}
		w.Status.Phase = "Registered"
	}
	return reconcile.Result{}, r.Status().Update(ctx, w)
}
