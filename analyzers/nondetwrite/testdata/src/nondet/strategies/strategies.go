// Package strategies: the stamp is made by one of several values of an
// interface type that the caller hands a helper in a list (strategies,
// visitors), or that the reconciler ranges over itself, or by a function
// in a field of a table of structs (tables.go: method expressions and
// literals). Which implementations run is the caller's: a helper called
// by one reconciler with a stamping strategy and by another with stable
// ones is judged per call.
package strategies

import (
	"context"
	"strconv"

	"nondet/api"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// A rule sets one part of a Widget's status.
type rule interface {
	Apply(w *api.Widget)
}

type generationRule struct{}

func (generationRule) Apply(w *api.Widget) { w.Status.ObservedGeneration = w.Generation }

type phaseRule struct{ phase string }

func (p phaseRule) Apply(w *api.Widget) { w.Status.Phase = p.phase }

type clockRule struct{}

func (clockRule) Apply(w *api.Widget) { w.Status.LastUpdated = metav1.Now() }

type sizeRule struct{}

func (*sizeRule) Apply(w *api.Widget) { w.Status.Message = strconv.Itoa(int(w.Spec.Replicas)) }

// applyRules applies each rule, in order.
func applyRules(w *api.Widget, rules []rule) {
	for _, r := range rules {
		r.Apply(w)
	}
}

// Positives.

// Rules kept in a field the constructor fills; one stamps the clock.
type RuleReconciler struct {
	client.Client
	rules []rule
}

func NewRuleReconciler(c client.Client) *RuleReconciler {
	return &RuleReconciler{Client: c, rules: []rule{generationRule{}, clockRule{}}}
}

func (r *RuleReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	applyRules(&w, r.rules) // want `nondetwrite: metav1.Now\(\) flows into Widget.Status.LastUpdated, written by Status\(\).Update on every reconcile`
	return ctrl.Result{}, r.Status().Update(ctx, &w)
}

// The reconciler ranges over a literal list of rules itself.
type RangeReconciler struct{ client.Client }

func (r *RangeReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	for _, rl := range []rule{phaseRule{phase: "Ready"}, clockRule{}} {
		rl.Apply(&w) // want `nondetwrite: metav1.Now\(\) flows into Widget.Status.LastUpdated, written by Status\(\).Update on every reconcile`
	}
	return ctrl.Result{}, r.Status().Update(ctx, &w)
}

// defaultRules builds the rules a constructor keeps; one stamps.
func defaultRules() []rule {
	return []rule{generationRule{}, clockRule{}}
}

// stableRules builds rules that read the object only.
func stableRules() []rule {
	return []rule{generationRule{}, &sizeRule{}}
}

// Rules a function of the package built, kept in a field.
type FactoryRuleReconciler struct {
	client.Client
	rules []rule
}

func NewFactoryRuleReconciler(c client.Client) *FactoryRuleReconciler {
	return &FactoryRuleReconciler{Client: c, rules: defaultRules()}
}

func (r *FactoryRuleReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	applyRules(&w, r.rules) // want `nondetwrite: metav1.Now\(\) flows into Widget.Status.LastUpdated, written by Status\(\).Update on every reconcile`
	return ctrl.Result{}, r.Status().Update(ctx, &w)
}

// Negatives: the same helper, the same range, with stable rules only.

// StableFactoryRuleReconciler's rules come from stableRules.
type StableFactoryRuleReconciler struct {
	client.Client
	rules []rule
}

func NewStableFactoryRuleReconciler(c client.Client) *StableFactoryRuleReconciler {
	return &StableFactoryRuleReconciler{Client: c, rules: stableRules()}
}

func (r *StableFactoryRuleReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	applyRules(&w, r.rules)
	return ctrl.Result{}, r.Status().Update(ctx, &w)
}

// StableRuleReconciler hands applyRules rules that read the object only.
type StableRuleReconciler struct {
	client.Client
	rules []rule
}

func NewStableRuleReconciler(c client.Client) *StableRuleReconciler {
	return &StableRuleReconciler{Client: c, rules: []rule{generationRule{}, &sizeRule{}, phaseRule{phase: "Ready"}}}
}

func (r *StableRuleReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	applyRules(&w, r.rules)
	return ctrl.Result{}, r.Status().Update(ctx, &w)
}

// StableRangeReconciler ranges over stable rules.
type StableRangeReconciler struct{ client.Client }

func (r *StableRangeReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	for _, rl := range []rule{generationRule{}, &sizeRule{}} {
		rl.Apply(&w)
	}
	return ctrl.Result{}, r.Status().Update(ctx, &w)
}

// OnceRuleReconciler has the clock rule but writes only when the phase
// changed: guarded, silent.
type OnceRuleReconciler struct {
	client.Client
	rules []rule
}

func NewOnceRuleReconciler(c client.Client) *OnceRuleReconciler {
	return &OnceRuleReconciler{Client: c, rules: []rule{clockRule{}}}
}

func (r *OnceRuleReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if w.Status.Phase == "Ready" {
		return ctrl.Result{}, nil
	}
	w.Status.Phase = "Ready"
	applyRules(&w, r.rules)
	return ctrl.Result{}, r.Status().Update(ctx, &w)
}
