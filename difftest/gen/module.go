package gen

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
)

// VerifyModule is the module path of verify, which the oracle imports.
const VerifyModule = "github.com/reconcilelint/reconcilelint/verify"

// LabelsEnv names the file the oracle test writes its labels to, one JSON
// object per line.
const LabelsEnv = "DIFFTEST_LABELS"

// WriteModule writes the generated module into dir: go.mod (the versions
// of verify's go.mod, with verify replaced by verifyDir), the Widget API,
// every program, and the oracle test that labels them by running them.
func WriteModule(dir, verifyDir string, progs []Program) error {
	mod, err := os.ReadFile(filepath.Join(verifyDir, "go.mod"))
	if err != nil {
		return fmt.Errorf("gen: %w", err)
	}
	sum, err := os.ReadFile(filepath.Join(verifyDir, "go.sum"))
	if err != nil {
		return fmt.Errorf("gen: %w", err)
	}
	files := map[string]string{
		"go.mod": goMod(string(mod), verifyDir),
		"go.sum": string(sum) + xexpSum,
		// The oracle counts a server-side apply that changes nothing as a
		// request like any other write; RL2001 leaves such applies alone
		// unless asked, so the run asks.
		".reconcilelint.yaml": "options:\n  unconditionalwrite:\n    apply: true\n",
	}
	api, err := file0("api/v1", apiSource)
	if err != nil {
		return err
	}
	files["api/v1/types.go"] = api
	run, err := file0("runner", runnerSource)
	if err != nil {
		return err
	}
	files["runner/runner.go"] = run
	ext, err := file0("external", externalSource)
	if err != nil {
		return err
	}
	files["external/external.go"] = ext
	oracle, err := oracleSource(progs)
	if err != nil {
		return err
	}
	files["oracle/oracle_test.go"] = oracle
	for _, p := range progs {
		for name, src := range p.Files {
			files[name] = src
		}
	}
	for name, src := range files {
		path := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return fmt.Errorf("gen: %w", err)
		}
		if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
			return fmt.Errorf("gen: %w", err)
		}
	}
	return nil
}

var moduleLine = regexp.MustCompile(`(?m)^module .*$`)

// goMod is verify's go.mod under the generated module's path, requiring
// verify from verifyDir.
func goMod(verifyMod, verifyDir string) string {
	s := moduleLine.ReplaceAllString(verifyMod, "module "+Module)
	return s + fmt.Sprintf("\nrequire %s v0.0.0-00010101000000-000000000000\n\nrequire %s %s\n\nreplace %s => %s\n", VerifyModule, xexpModule, xexpVersion, VerifyModule, filepath.ToSlash(verifyDir))
}

// The golang.org/x/exp the programs use for its maps.Keys of the time
// it returned a slice (source xexp-maps-keys), and the go.sum lines it
// adds to verify's.
const (
	xexpModule  = "golang.org/x/exp"
	xexpVersion = "v0.0.0-20231110203233-9a3e6036ecaa"
	xexpSum     = xexpModule + " " + xexpVersion + " h1:FRnLl4eNAQl8hwxVVC17teOw8kdjVDVAiFMtgUdTSRQ=\n" +
		xexpModule + " " + xexpVersion + "/go.mod h1:zk2irFbV9DP96SEBUUAy67IdHUaZuSnrz1n472HUCLE=\n" +
		"golang.org/x/sys v0.14.0/go.mod h1:/VUhepiaJMQUp4+oa/7Zr1D23ma6VTLIYjOOTFZPUcA=\n"
)

// oracleSource is the oracle test: it runs every program with verify and
// writes one label a line.
func oracleSource(progs []Program) (string, error) {
	var imp, table strings.Builder
	for _, p := range progs {
		fmt.Fprintf(&imp, "\t%s %q\n", p.Name, Module+"/"+p.Name)
		switch p.Choices.Class() {
		case ClassD:
			fmt.Fprintf(&table, "\t{name: %q, class: %q, new: %s.New, setup: %s.Setup, updates: []func(client.Object){func(o client.Object) {\nw := o.(*v1.Widget)\n%s\n}}},\n", p.Name, ClassD, p.Name, p.Name, DUpdate(p.Choices))
			continue
		case ClassC:
			// Two edits of the spec: one at a time, or coalesced, they
			// deliver different numbers of events.
			fmt.Fprintf(&table, "\t{name: %q, class: %q, new: %s.New, setup: %s.Setup, updates: []func(client.Object){grow, grow}},\n", p.Name, ClassC, p.Name, p.Name)
			continue
		}
		fmt.Fprintf(&table, "\t{name: %q, class: %q, new: %s.New},\n", p.Name, p.Choices.Class(), p.Name)
	}
	src := strings.Replace(strings.Replace(oracleTemplate, "\t// PROGRAMS\n", imp.String(), 1), "\t// TABLE\n", table.String(), 1)
	return file0("oracle", src)
}

// file0 formats a complete file.
func file0(name, src string) (string, error) {
	out, err := formatSource(src)
	if err != nil {
		return "", fmt.Errorf("gen: %s does not parse: %w", name, err)
	}
	return out, nil
}

const oracleTemplate = `// Written by the difftest generator of reconcilelint (not marked generated: the linter skips generated files).

// Package oracle labels every generated program by running it with verify.
package oracle

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"sync"
	"testing"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	clientgoscheme "k8s.io/client-go/kubernetes/scheme"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"github.com/reconcilelint/reconcilelint/verify"
	v1 "difftest.example/gen/api/v1"
	"difftest.example/gen/external"
	// PROGRAMS
)

var programs = []struct {
	name, class string
	new         func(client.Client) reconcile.Reconciler
	setup       func(ctrl.Manager) error // classes C, D: the program's own wiring
	updates     []func(client.Object)    // classes C, D: the user's changes
}{
	// TABLE
}

type label struct {
	Program string ` + "`json:\"program\"`" + `
	Label   string ` + "`json:\"label\"`" + `
	Why     string ` + "`json:\"why,omitempty\"`" + `
}

var (
	mu  sync.Mutex
	out *os.File
)

func emit(t *testing.T, l label) {
	mu.Lock()
	defer mu.Unlock()
	b, err := json.Marshal(l)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := out.Write(append(b, '\n')); err != nil {
		t.Fatal(err)
	}
}

func scheme() *runtime.Scheme {
	s := runtime.NewScheme()
	_ = clientgoscheme.AddToScheme(s)
	_ = v1.AddToScheme(s)
	return s
}

func widget() *v1.Widget {
	labels := map[string]string{}
	for _, k := range []string{"alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india", "juliet"} {
		labels[k] = "x"
	}
	return &v1.Widget{
		ObjectMeta: metav1.ObjectMeta{Namespace: "default", Name: "foo"},
		Spec:       v1.WidgetSpec{Size: 3, Labels: labels},
	}
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// grow is a user's edit of a Widget's spec.
func grow(o client.Object) { o.(*v1.Widget).Spec.Size++ }

// lifecycle are the properties that label a class E program E when one
// fails: a missing primary is not success, the loop does not settle (an
// error or a requeue retried forever), a write or requeue loop, a change
// at the fixpoint, a deletion that does not complete cleanly.
var lifecycle = []verify.Property{verify.NotFoundIsSuccess, verify.Converges, verify.NoHotLoop, verify.Idempotent, verify.Deletion}

// TestOracle labels each program by what it does. A class C or D program
// is C or D when, wired by its own SetupWithManager, a user's changes
// leave it in another state than a fresh start: for C, two edits of the
// spec (one at a time, or coalesced); for D, a change of what it reads. A class E program is E
// when one of the lifecycle properties fails. Then, for every program: A
// when, in an unchanged world at its fixpoint (or in the write loop that
// keeps it from one), a write changes content; B when a write request
// changes nothing; clean when it sends no write; unsettled or error
// otherwise.
func TestOracle(t *testing.T) {
	path := os.Getenv("` + LabelsEnv + `")
	if path == "" {
		t.Skip("` + LabelsEnv + ` is not set")
	}
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out = f
	s := scheme()
	for _, p := range programs {
		t.Run(p.name, func(t *testing.T) {
			spec := verify.Spec{
				Scheme:  s,
				For:     &v1.Widget{},
				Owns:    []client.Object{&corev1.ConfigMap{}, &appsv1.Deployment{}},
				Objects: []client.Object{widget()},
				New:     p.new,
			}
			l := label{Program: p.name}
			if p.class == "C" || p.class == "D" {
				// Wired by its own SetupWithManager, predicates and
				// callbacks included: after the user's changes, one at a
				// time or coalesced, the end state must be a fresh start's
				// at the changed object.
				dspec := verify.FromSetup(p.setup, verify.Spec{Scheme: s, Objects: []client.Object{widget()}, Updates: p.updates})
				h := verify.Evaluate(t, dspec, verify.HistoryIndependent)
				switch {
				case h.Failure != nil:
					l.Label, l.Why = p.class, "HistoryIndependent: "+oneLine(h.Failure.Verdict)
				case h.Inconclusive || h.Note != "":
					l.Label, l.Why = "unsettled", h.Note
				}
				if l.Label != "" {
					emit(t, l)
					return
				}
			}
			if p.class == "E" {
				// At the end of Deletion's world (whose reconciler made the
				// last external system), nothing the reconciler created
				// outside the API server may be left.
				external.Forget()
				espec := spec
				espec.AfterDelete = func(context.Context, client.Reader) error {
					if n := external.Left(); n > 0 {
						return fmt.Errorf("the primary is gone and %d external resource(s) it created are left: a failed cleanup was not retried", n)
					}
					return nil
				}
				for _, prop := range lifecycle {
					if e := verify.Evaluate(t, espec, prop); e.Failure != nil {
						l.Label, l.Why = "E", string(prop)+": "+oneLine(e.Failure.Verdict)
						emit(t, l)
						return
					}
				}
			}
			o := verify.Evaluate(t, spec, verify.Idempotent)
			switch {
			case o.Failure != nil && o.Failure.Write != nil:
				l.Label, l.Why = "A", oneLine(o.Failure.Verdict)
			case o.Failure != nil:
				l.Label, l.Why = "error", oneLine(o.Failure.Verdict)
			case o.Inconclusive:
				h := verify.Evaluate(t, spec, verify.NoHotLoop)
				if h.Failure != nil && h.Failure.Write != nil {
					l.Label, l.Why = "A", oneLine(h.Failure.Verdict)
				} else {
					l.Label, l.Why = "unsettled", o.Note
				}
			default:
				n := verify.Evaluate(t, spec, verify.NoRedundantWrites)
				if n.Failure != nil {
					l.Label, l.Why = "B", oneLine(n.Failure.Verdict)
				} else {
					l.Label = "clean"
				}
			}
			emit(t, l)
		})
	}
}
`

// externalSource is the generated module's fake external system: the
// resources class E programs keep outside the API server, whose first
// Delete of each fails (a transient error), and the oracle's view of what
// is left.
const externalSource = `// Written by the difftest generator of reconcilelint (not marked generated: the linter skips generated files).

// Package external is a fake external system whose deletes fail once.
package external

import (
	"context"
	"errors"
	"sync"
)

// Store is one external system: the resources it keeps, and the names
// whose Delete has failed once.
type Store struct {
	mu        sync.Mutex
	resources map[string]bool
	failed    map[string]bool
}

var (
	mu      sync.Mutex
	current *Store
)

// New returns a new, empty external system, which Left then reports on.
func New() *Store {
	s := &Store{resources: map[string]bool{}, failed: map[string]bool{}}
	mu.Lock()
	current = s
	mu.Unlock()
	return s
}

// Ensure creates the resource name if it does not exist.
func (s *Store) Ensure(_ context.Context, name string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.resources[name] = true
	return nil
}

// Delete deletes the resource name; the first Delete of each name fails.
func (s *Store) Delete(_ context.Context, name string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.failed[name] {
		s.failed[name] = true
		return errors.New("external: the service is unavailable")
	}
	delete(s.resources, name)
	return nil
}

// Forget drops the system New made last: Left reports 0 until New is
// called again.
func Forget() {
	mu.Lock()
	current = nil
	mu.Unlock()
}

// Left counts the resources of the system New made last.
func Left() int {
	mu.Lock()
	s := current
	mu.Unlock()
	if s == nil {
		return 0
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.resources)
}
`

// runnerSource is a generic controller package of the generated module:
// it runs a keyed Sync or a ReconcileKind that the programs implement, as
// client-go workers and knative-style generated reconcilers do.
const runnerSource = `// Written by the difftest generator of reconcilelint (not marked generated: the linter skips generated files).

// Package runner drives reconcilers written against its interfaces.
package runner

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/equality"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/kubernetes"
	typedcorev1 "k8s.io/client-go/kubernetes/typed/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	v1 "difftest.example/gen/api/v1"
)

// Observation is what an ExternalClient found of its external resource.
type Observation struct {
	ResourceExists, ResourceUpToDate bool
}

// ExternalClient manages the external resource of a Widget (the shape of
// crossplane's managed.ExternalClient).
type ExternalClient interface {
	Observe(ctx context.Context, w *v1.Widget) (Observation, error)
	Create(ctx context.Context, w *v1.Widget) error
	Update(ctx context.Context, w *v1.Widget) error
}

// Managed reads the Widget each request names, observes its external
// resource, and creates or updates it (crossplane's managed reconciler,
// reduced).
func Managed(c client.Client, e ExternalClient) reconcile.Reconciler {
	return reconcile.Func(func(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
		w := &v1.Widget{}
		if err := c.Get(ctx, req.NamespacedName, w); err != nil {
			return reconcile.Result{}, client.IgnoreNotFound(err)
		}
		o, err := e.Observe(ctx, w)
		switch {
		case err != nil:
			return reconcile.Result{}, err
		case !o.ResourceExists:
			return reconcile.Result{}, e.Create(ctx, w)
		case !o.ResourceUpToDate:
			return reconcile.Result{}, e.Update(ctx, w)
		}
		return reconcile.Result{}, nil
	})
}

// Clientset is a client-go clientset whose core ConfigMaps are served
// through c; the rest of it is not implemented.
func Clientset(c client.Client) kubernetes.Interface { return clientset{c: c} }

type clientset struct {
	kubernetes.Interface
	c client.Client
}

func (s clientset) CoreV1() typedcorev1.CoreV1Interface { return coreV1{c: s.c} }

type coreV1 struct {
	typedcorev1.CoreV1Interface
	c client.Client
}

func (v coreV1) ConfigMaps(namespace string) typedcorev1.ConfigMapInterface {
	return configMaps{c: v.c, ns: namespace}
}

type configMaps struct {
	typedcorev1.ConfigMapInterface
	c  client.Client
	ns string
}

func (m configMaps) Get(ctx context.Context, name string, _ metav1.GetOptions) (*corev1.ConfigMap, error) {
	cm := &corev1.ConfigMap{}
	return cm, m.c.Get(ctx, types.NamespacedName{Namespace: m.ns, Name: name}, cm)
}

func (m configMaps) Create(ctx context.Context, cm *corev1.ConfigMap, _ metav1.CreateOptions) (*corev1.ConfigMap, error) {
	out := cm.DeepCopy()
	return out, m.c.Create(ctx, out)
}

func (m configMaps) Update(ctx context.Context, cm *corev1.ConfigMap, _ metav1.UpdateOptions) (*corev1.ConfigMap, error) {
	out := cm.DeepCopy()
	return out, m.c.Update(ctx, out)
}

// WidgetInterface is a typed client of the Widgets of one namespace, in
// the shape client-gen generates.
type WidgetInterface interface {
	Get(ctx context.Context, name string, opts metav1.GetOptions) (*v1.Widget, error)
	Update(ctx context.Context, w *v1.Widget, opts metav1.UpdateOptions) (*v1.Widget, error)
	UpdateStatus(ctx context.Context, w *v1.Widget, opts metav1.UpdateOptions) (*v1.Widget, error)
}

// WidgetsGetter returns the typed client of a namespace's Widgets.
type WidgetsGetter interface {
	Widgets(namespace string) WidgetInterface
}

// Typed is a generated-style clientset of Widgets served through c.
func Typed(c client.Client) WidgetsGetter { return widgetsGetter{c: c} }

type widgetsGetter struct{ c client.Client }

func (g widgetsGetter) Widgets(namespace string) WidgetInterface {
	return widgets{c: g.c, ns: namespace}
}

type widgets struct {
	c  client.Client
	ns string
}

func (t widgets) Get(ctx context.Context, name string, _ metav1.GetOptions) (*v1.Widget, error) {
	w := &v1.Widget{}
	return w, t.c.Get(ctx, types.NamespacedName{Namespace: t.ns, Name: name}, w)
}

func (t widgets) Update(ctx context.Context, w *v1.Widget, _ metav1.UpdateOptions) (*v1.Widget, error) {
	out := w.DeepCopy()
	return out, t.c.Update(ctx, out)
}

func (t widgets) UpdateStatus(ctx context.Context, w *v1.Widget, _ metav1.UpdateOptions) (*v1.Widget, error) {
	out := w.DeepCopy()
	return out, t.c.Status().Update(ctx, out)
}

// PatchHelper sends the changes made to an object since it was taken, as
// a merge patch of the status and one of the rest, each only when that
// part changed (the shape of cluster-api's patch helper).
type PatchHelper struct {
	c    client.Client
	base client.Object
}

// NewPatchHelper takes a snapshot of obj.
func NewPatchHelper(obj client.Object, c client.Client) *PatchHelper {
	return &PatchHelper{c: c, base: obj.DeepCopyObject().(client.Object)}
}

// Patch sends obj's changes since the snapshot.
func (h *PatchHelper) Patch(ctx context.Context, obj client.Object) error {
	before, err := runtime.DefaultUnstructuredConverter.ToUnstructured(h.base)
	if err != nil {
		return err
	}
	after, err := runtime.DefaultUnstructuredConverter.ToUnstructured(obj)
	if err != nil {
		return err
	}
	if !equality.Semantic.DeepEqual(before["status"], after["status"]) {
		// On a copy: the answer carries the stored rest of the object.
		if err := h.c.Status().Patch(ctx, obj.DeepCopyObject().(client.Object), client.MergeFrom(h.base)); err != nil {
			return err
		}
	}
	delete(before, "status")
	delete(after, "status")
	if !equality.Semantic.DeepEqual(before, after) {
		return h.c.Patch(ctx, obj, client.MergeFrom(h.base))
	}
	return nil
}

// Syncer syncs the object a key names.
type Syncer interface {
	Sync(ctx context.Context, key types.NamespacedName) error
}

// Keyed runs s for each request.
func Keyed(s Syncer) reconcile.Reconciler {
	return reconcile.Func(func(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
		return reconcile.Result{}, s.Sync(ctx, req.NamespacedName)
	})
}

// KindReconciler reconciles one Widget.
type KindReconciler interface {
	ReconcileKind(ctx context.Context, w *v1.Widget) error
}

// Manager reconciles the object it was made for.
type Manager interface {
	Sync(ctx context.Context) error
}

// ManagerFactory makes the Manager of an object.
type ManagerFactory interface {
	NewManager(w *v1.Widget) Manager
}

// ForManagers reads the Widget each request names, makes its manager and
// syncs it.
func ForManagers(c client.Client, f ManagerFactory) reconcile.Reconciler {
	return reconcile.Func(func(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
		w := &v1.Widget{}
		if err := c.Get(ctx, req.NamespacedName, w); err != nil {
			return reconcile.Result{}, client.IgnoreNotFound(err)
		}
		return reconcile.Result{}, f.NewManager(w).Sync(ctx)
	})
}

// ForKind reads the Widget each request names and hands it to r.
func ForKind(c client.Client, r KindReconciler) reconcile.Reconciler {
	return reconcile.Func(func(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
		w := &v1.Widget{}
		if err := c.Get(ctx, req.NamespacedName, w); err != nil {
			return reconcile.Result{}, client.IgnoreNotFound(err)
		}
		return reconcile.Result{}, r.ReconcileKind(ctx, w)
	})
}
`

// apiSource is the Widget API the programs reconcile.
const apiSource = `// Written by the difftest generator of reconcilelint (not marked generated: the linter skips generated files).

// Package v1 defines Widget, the custom resource of the generated programs.
package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

// GroupVersion is the API group of Widget.
var GroupVersion = schema.GroupVersion{Group: "difftest.example", Version: "v1"}

// WidgetSpec is the desired state of a Widget.
type WidgetSpec struct {
	Size   int32             ` + "`json:\"size,omitempty\"`" + `
	Labels map[string]string ` + "`json:\"labels,omitempty\"`" + `
	Note   string            ` + "`json:\"note,omitempty\"`" + `
}

// WidgetStatus is the observed state of a Widget.
type WidgetStatus struct {
	ObservedGeneration int64              ` + "`json:\"observedGeneration,omitempty\"`" + `
	Summary            string             ` + "`json:\"summary,omitempty\"`" + `
	Members            []string           ` + "`json:\"members,omitempty\"`" + `
	LastSync           *metav1.Time       ` + "`json:\"lastSync,omitempty\"`" + `
	Conditions         []metav1.Condition ` + "`json:\"conditions,omitempty\"`" + `
}

// Widget is a namespaced custom resource with a status subresource.
type Widget struct {
	metav1.TypeMeta   ` + "`json:\",inline\"`" + `
	metav1.ObjectMeta ` + "`json:\"metadata,omitempty\"`" + `
	Spec   WidgetSpec   ` + "`json:\"spec,omitempty\"`" + `
	Status WidgetStatus ` + "`json:\"status,omitempty\"`" + `
}

// WidgetList is a list of Widgets.
type WidgetList struct {
	metav1.TypeMeta ` + "`json:\",inline\"`" + `
	metav1.ListMeta ` + "`json:\"metadata,omitempty\"`" + `
	Items []Widget  ` + "`json:\"items\"`" + `
}

// SetSummary sets the status summary.
func (in *Widget) SetSummary(s string) { in.Status.Summary = s }

// SetMembers sets the status members.
func (in *Widget) SetMembers(m []string) { in.Status.Members = m }

// DeepCopyInto copies the receiver into out.
func (in *WidgetSpec) DeepCopyInto(out *WidgetSpec) {
	*out = *in
	if in.Labels != nil {
		out.Labels = make(map[string]string, len(in.Labels))
		for k, v := range in.Labels {
			out.Labels[k] = v
		}
	}
}

// DeepCopyInto copies the receiver into out.
func (in *WidgetStatus) DeepCopyInto(out *WidgetStatus) {
	*out = *in
	if in.Members != nil {
		out.Members = append([]string(nil), in.Members...)
	}
	if in.LastSync != nil {
		out.LastSync = in.LastSync.DeepCopy()
	}
	if in.Conditions != nil {
		out.Conditions = make([]metav1.Condition, len(in.Conditions))
		for i := range in.Conditions {
			in.Conditions[i].DeepCopyInto(&out.Conditions[i])
		}
	}
}

// DeepCopy returns a copy of the receiver.
func (in *WidgetStatus) DeepCopy() *WidgetStatus {
	if in == nil {
		return nil
	}
	out := new(WidgetStatus)
	in.DeepCopyInto(out)
	return out
}

// DeepCopyInto copies the receiver into out.
func (in *Widget) DeepCopyInto(out *Widget) {
	*out = *in
	out.TypeMeta = in.TypeMeta
	in.ObjectMeta.DeepCopyInto(&out.ObjectMeta)
	in.Spec.DeepCopyInto(&out.Spec)
	in.Status.DeepCopyInto(&out.Status)
}

// DeepCopy returns a copy of the receiver.
func (in *Widget) DeepCopy() *Widget {
	if in == nil {
		return nil
	}
	out := new(Widget)
	in.DeepCopyInto(out)
	return out
}

// DeepCopyObject implements runtime.Object.
func (in *Widget) DeepCopyObject() runtime.Object { return in.DeepCopy() }

// DeepCopyObject implements runtime.Object.
func (in *WidgetList) DeepCopyObject() runtime.Object {
	if in == nil {
		return nil
	}
	out := new(WidgetList)
	*out = *in
	in.ListMeta.DeepCopyInto(&out.ListMeta)
	if in.Items != nil {
		out.Items = make([]Widget, len(in.Items))
		for i := range in.Items {
			in.Items[i].DeepCopyInto(&out.Items[i])
		}
	}
	return out
}

// AddToScheme registers Widget and WidgetList.
func AddToScheme(s *runtime.Scheme) error {
	s.AddKnownTypes(GroupVersion, &Widget{}, &WidgetList{})
	metav1.AddToGroupVersion(s, GroupVersion)
	return nil
}
`
