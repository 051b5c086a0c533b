// Package bench holds reconcilelint's benchmarks: the Go benchmarks of the
// analysis hot paths (this package; run them with
// `go test -run '^$' -bench . ./bench/`), the speed comparison against go
// vet and staticcheck (bench/cmd/speed) and the real-world corpus runner
// (bench/cmd/corpus). See bench/README.md.
//
// The Go benchmarks analyse a synthetic operator that Generate writes into
// a temporary module: many reconcilers over a small, self-written stub of
// the controller-runtime client and reconcile packages and of apimachinery,
// so that they need no network and no third-party code.
package bench

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// Reconcilers is the number of reconcilers in the synthetic operator (the
// benchmarks take $RECONCILELINT_BENCH_RECONCILERS instead when it is set).
const Reconcilers = 120

// Generate writes the synthetic operator module into dir: the module
// bench.example/op with packages controllers (n reconcilers, each with its
// own API type and helpers) and internal/util (helpers shared across
// packages, so that facts are exported and imported), and the stub modules
// it replaces controller-runtime and apimachinery with.
func Generate(dir string, n int) error {
	files := map[string]string{
		"go.mod": `module bench.example/op

go 1.22

require (
	k8s.io/apimachinery v0.0.0
	sigs.k8s.io/controller-runtime v0.0.0
)

replace (
	k8s.io/apimachinery => ./stubs/apimachinery
	sigs.k8s.io/controller-runtime => ./stubs/controller-runtime
)
`,
		"stubs/apimachinery/go.mod": "module k8s.io/apimachinery\n\ngo 1.22\n",
		"stubs/apimachinery/pkg/types/types.go": `// Package types is a benchmark stub.
package types

// NamespacedName names an object.
type NamespacedName struct{ Namespace, Name string }
`,
		"stubs/apimachinery/pkg/api/errors/errors.go": `// Package errors is a benchmark stub.
package errors

// StatusError is an API error.
type StatusError struct{ Reason string }

func (e *StatusError) Error() string { return e.Reason }

// IsNotFound reports a NotFound error.
func IsNotFound(err error) bool { e, ok := err.(*StatusError); return ok && e.Reason == "NotFound" }

// IsAlreadyExists reports an AlreadyExists error.
func IsAlreadyExists(err error) bool { e, ok := err.(*StatusError); return ok && e.Reason == "AlreadyExists" }
`,
		"stubs/apimachinery/pkg/apis/meta/v1/meta.go": `// Package v1 is a benchmark stub.
package v1

import "time"

// ObjectKind is the kind of an object.
type ObjectKind interface{ GroupVersionKind() string }

// TypeMeta is the kind and API version.
type TypeMeta struct{ Kind, APIVersion string }

// GroupVersionKind returns the kind.
func (t *TypeMeta) GroupVersionKind() string { return t.APIVersion + "/" + t.Kind }

// GetObjectKind returns the kind.
func (t *TypeMeta) GetObjectKind() ObjectKind { return t }

// ObjectMeta is the metadata of an object.
type ObjectMeta struct {
	Name, Namespace, ResourceVersion string
	Generation                       int64
	Labels, Annotations              map[string]string
	Finalizers                       []string
	DeletionTimestamp                *Time
}

// GetName returns the name.
func (m *ObjectMeta) GetName() string { return m.Name }

// GetNamespace returns the namespace.
func (m *ObjectMeta) GetNamespace() string { return m.Namespace }

// GetFinalizers returns the finalizers.
func (m *ObjectMeta) GetFinalizers() []string { return m.Finalizers }

// SetFinalizers sets the finalizers.
func (m *ObjectMeta) SetFinalizers(f []string) { m.Finalizers = f }

// GetLabels returns the labels.
func (m *ObjectMeta) GetLabels() map[string]string { return m.Labels }

// SetLabels sets the labels.
func (m *ObjectMeta) SetLabels(l map[string]string) { m.Labels = l }

// GetGeneration returns the generation.
func (m *ObjectMeta) GetGeneration() int64 { return m.Generation }

// GetResourceVersion returns the resource version.
func (m *ObjectMeta) GetResourceVersion() string { return m.ResourceVersion }

// Time is a timestamp.
type Time struct{ time.Time }

// Now returns the current time.
func Now() Time { return Time{time.Now()} }

// Condition is a status condition.
type Condition struct {
	Type, Status, Reason, Message string
	ObservedGeneration            int64
	LastTransitionTime            Time
}
`,
		"stubs/controller-runtime/go.mod": "module sigs.k8s.io/controller-runtime\n\ngo 1.22\n\nrequire k8s.io/apimachinery v0.0.0\n",
		"stubs/controller-runtime/pkg/reconcile/reconcile.go": `// Package reconcile is a benchmark stub.
package reconcile

import (
	"context"
	"time"

	"k8s.io/apimachinery/pkg/types"
)

// Request names the object to reconcile.
type Request struct{ types.NamespacedName }

// Result tells whether to requeue.
type Result struct {
	Requeue      bool
	RequeueAfter time.Duration
}

// Reconciler reconciles one object.
type Reconciler interface {
	Reconcile(context.Context, Request) (Result, error)
}
`,
		"stubs/controller-runtime/pkg/client/client.go": `// Package client is a benchmark stub.
package client

import (
	"context"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
)

// Object is an API object.
type Object interface {
	GetName() string
	GetNamespace() string
	GetFinalizers() []string
	SetFinalizers([]string)
	GetLabels() map[string]string
	GetGeneration() int64
	GetResourceVersion() string
	GetObjectKind() metav1.ObjectKind
	DeepCopyObject() Object
}

// ObjectKey names an object.
type ObjectKey = types.NamespacedName

// Patch is a patch.
type Patch interface{ Data(Object) ([]byte, error) }

// Reader reads objects.
type Reader interface {
	Get(ctx context.Context, key ObjectKey, obj Object, opts ...any) error
}

// Writer writes objects.
type Writer interface {
	Create(ctx context.Context, obj Object, opts ...any) error
	Update(ctx context.Context, obj Object, opts ...any) error
	Patch(ctx context.Context, obj Object, patch Patch, opts ...any) error
	Delete(ctx context.Context, obj Object, opts ...any) error
}

// SubResourceWriter writes a subresource.
type SubResourceWriter interface {
	Update(ctx context.Context, obj Object, opts ...any) error
	Patch(ctx context.Context, obj Object, patch Patch, opts ...any) error
}

// StatusClient returns the status writer.
type StatusClient interface{ Status() SubResourceWriter }

// Client reads and writes objects.
type Client interface {
	Reader
	Writer
	StatusClient
}

// IgnoreNotFound returns nil for a NotFound error.
func IgnoreNotFound(err error) error {
	if apierrors.IsNotFound(err) {
		return nil
	}
	return err
}
`,
		"internal/util/util.go": `// Package util holds helpers shared by the controllers.
package util

import (
	"sort"
	"strconv"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// Stamp returns the current time as text.
func Stamp() string { return strconv.FormatInt(time.Now().Unix(), 10) }

// Args turns labels into arguments, in map order.
func Args(labels map[string]string) []string {
	var out []string
	for k, v := range labels {
		out = append(out, "--label="+k+"="+v)
	}
	return out
}

// SortedArgs turns labels into arguments, sorted.
func SortedArgs(labels map[string]string) []string {
	out := Args(labels)
	sort.Strings(out)
	return out
}

// SetCondition sets or replaces a condition, stamping the transition time.
func SetCondition(conds *[]metav1.Condition, c metav1.Condition) {
	c.LastTransitionTime = metav1.Now()
	for i := range *conds {
		if (*conds)[i].Type == c.Type {
			(*conds)[i] = c
			return
		}
	}
	*conds = append(*conds, c)
}
`,
	}
	var b strings.Builder
	b.WriteString(`// Package controllers is a generated synthetic operator for benchmarks.
package controllers

import (
	"context"
	"reflect"
	"time"

	"bench.example/op/internal/util"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

var _ = time.Second
`)
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, controllerTmpl, i)
	}
	files["controllers/controllers.go"] = b.String()
	for name, body := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			return err
		}
	}
	return nil
}

// controllerTmpl is one reconciler with its API type; %[1]d is its number.
// Its code mixes the patterns the checks look for (clock values and map
// order persisted through helpers, unconditional status writes, creates
// without existence checks, NotFound returned as an error) with their
// correct forms (guarded writes, sorted keys, IgnoreNotFound).
const controllerTmpl = `
// Widget%[1]d is an API type.
type Widget%[1]d struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec   Widget%[1]dSpec
	Status Widget%[1]dStatus
}

// Widget%[1]dSpec is the desired state.
type Widget%[1]dSpec struct {
	Replicas int32
	Image    string
	Labels   map[string]string
	Args     []string
}

// Widget%[1]dStatus is the observed state.
type Widget%[1]dStatus struct {
	Conditions         []metav1.Condition
	LastSync           metav1.Time
	Version            string
	Phase              string
	ObservedGeneration int64
	Nodes              []string
}

// DeepCopyObject copies the object.
func (w *Widget%[1]d) DeepCopyObject() client.Object { c := *w; return &c }

// Reconciler%[1]d reconciles Widget%[1]d.
type Reconciler%[1]d struct {
	client.Client
	Owner string
}

// Reconcile reconciles one Widget%[1]d.
func (r *Reconciler%[1]d) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	var w Widget%[1]d
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		if %[1]d%%3 == 0 {
			return reconcile.Result{}, err
		}
		return reconcile.Result{}, client.IgnoreNotFound(err)
	}
	if w.DeletionTimestamp != nil {
		return reconcile.Result{}, r.finalize%[1]d(ctx, &w)
	}
	if err := r.ensureChild%[1]d(ctx, &w); err != nil {
		return reconcile.Result{}, err
	}
	if err := r.syncSpec%[1]d(ctx, &w); err != nil {
		return reconcile.Result{}, err
	}
	if err := r.updateStatus%[1]d(ctx, &w); err != nil {
		return reconcile.Result{RequeueAfter: time.Second}, err
	}
	if w.Spec.Replicas == 0 {
		return reconcile.Result{Requeue: true}, nil
	}
	return reconcile.Result{}, nil
}

func (r *Reconciler%[1]d) desired%[1]d(w *Widget%[1]d) *Widget%[1]d {
	child := &Widget%[1]d{}
	child.Name = w.Name + "-child"
	child.Namespace = w.Namespace
	child.Labels = map[string]string{"owner": r.Owner}
	child.Spec.Image = w.Spec.Image
	child.Spec.Replicas = w.Spec.Replicas
	if %[1]d%%2 == 0 {
		child.Spec.Args = util.Args(w.Spec.Labels)
	} else {
		child.Spec.Args = util.SortedArgs(w.Spec.Labels)
	}
	return child
}

func (r *Reconciler%[1]d) ensureChild%[1]d(ctx context.Context, w *Widget%[1]d) error {
	want := r.desired%[1]d(w)
	var have Widget%[1]d
	err := r.Get(ctx, types.NamespacedName{Namespace: want.Namespace, Name: want.Name}, &have)
	if apierrors.IsNotFound(err) {
		return r.Create(ctx, want)
	}
	if err != nil {
		return err
	}
	if reflect.DeepEqual(have.Spec, want.Spec) {
		return nil
	}
	have.Spec = want.Spec
	return r.Update(ctx, &have)
}

func (r *Reconciler%[1]d) syncSpec%[1]d(ctx context.Context, w *Widget%[1]d) error {
	if w.Annotations == nil {
		w.Annotations = map[string]string{}
	}
	if %[1]d%%4 == 1 {
		w.Annotations["synced-at"] = util.Stamp()
	}
	for k, v := range w.Spec.Labels {
		w.Spec.Args = append(w.Spec.Args, k+"="+v)
	}
	return r.Update(ctx, w)
}

func stamp%[1]d() metav1.Time { return metav1.Now() }

func version%[1]d(w *Widget%[1]d) string {
	if w.Spec.Image == "" {
		return "none"
	}
	return w.Spec.Image + "@" + util.Stamp()
}

func (r *Reconciler%[1]d) updateStatus%[1]d(ctx context.Context, w *Widget%[1]d) error {
	before := w.Status
	util.SetCondition(&w.Status.Conditions, metav1.Condition{Type: "Ready", Status: "True", ObservedGeneration: w.Generation})
	w.Status.ObservedGeneration = w.Generation
	w.Status.Phase = "Running"
	switch %[1]d %% 3 {
	case 0:
		w.Status.LastSync = stamp%[1]d()
		return r.Status().Update(ctx, w)
	case 1:
		w.Status.Version = version%[1]d(w)
		if reflect.DeepEqual(before, w.Status) {
			return nil
		}
		return r.Status().Update(ctx, w)
	}
	var nodes []string
	for node := range w.Spec.Labels {
		nodes = append(nodes, node)
	}
	w.Status.Nodes = nodes
	return r.Status().Update(ctx, w)
}

func (r *Reconciler%[1]d) finalize%[1]d(ctx context.Context, w *Widget%[1]d) error {
	var kept []string
	for _, f := range w.Finalizers {
		if f != "example.com/widget%[1]d" {
			kept = append(kept, f)
		}
	}
	if len(kept) == len(w.Finalizers) {
		return nil
	}
	w.Finalizers = kept
	return r.Update(ctx, w)
}
`
