package gen

import (
	"fmt"
	"strings"
)

// The dimensions of a class E program: how the reconciler is entered, how
// it treats a missing primary, which create (or none) it makes for its
// child and how that create is reached, what Result it ends with, and how
// it keeps its finalizer.
const (
	DimNotFound  = "notfound"
	DimAction    = "action"
	DimResult    = "result"
	DimFinalizer = "finalizer"
	DimCleanup   = "cleanup"
)

// eSpace is class E's space. The first value of each dimension is the
// neutral, correct one.
var eSpace = space{
	dims: []string{DimEntry, DimNotFound, DimAction, DimTransport, DimResult, DimFinalizer, DimCleanup},
	values: map[string][]string{
		DimEntry:    {"method-embed", "method-field", "reconcile-func", "sub-reconciler", "sync-runner"},
		DimNotFound: {"ignore", "is-notfound", "return", "wrapped"},
		DimAction: {"none", "create-checked", "create-ignore-exists", "createorupdate",
			"create-blind", "create-generatename"},
		DimTransport: {"direct", "helper", "helper-pkg", "closure-local", "field-func", "iface", "method-value"},
		DimResult:    {"done", "requeue-long", "requeue-always", "requeue-short"},
		DimFinalizer: {"none", "add-checked", "add-result", "append-checked", "append-nocheck"},
		DimCleanup:   {"none", "before-removal", "after-removal", "error-ignored", "error-logged"},
	},
	constraints: []constraint{
		{[]string{DimAction, DimTransport}, func(c Choices) string {
			return unless(c[DimAction] != "none" || c[DimTransport] == "direct", "there is no create to transport")
		}},
		{[]string{DimEntry, DimResult}, func(c Choices) string {
			return unless(c[DimEntry] != "sync-runner" || c[DimResult] == "done", "a Sync returns only an error")
		}},
		{[]string{DimEntry, DimTransport}, func(c Choices) string {
			return unless(c[DimEntry] != "reconcile-func" || c[DimTransport] != "method-value", "a reconcile.Func has no methods to take a value of")
		}},
		{[]string{DimFinalizer, DimCleanup}, func(c Choices) string {
			f := c[DimFinalizer]
			return unless(c[DimCleanup] == "none" || f != "none" && f != "append-nocheck", "an external cleanup is guarded by a finalizer that is kept once")
		}},
		{[]string{DimNotFound, DimAction, DimResult, DimFinalizer, DimCleanup}, func(c Choices) string {
			return unless(len(eDefects(c)) <= 1, "one defect per program, so that each program's label and verdict are about one mechanism")
		}},
	},
	drawOrder: []string{DimAction, DimTransport, DimEntry, DimResult, DimNotFound, DimFinalizer, DimCleanup},
	pair:      [2]string{DimAction, DimTransport},
	intended:  intendedE,
	prefix:    "e",
}

// eDefects lists the dimensions of c whose value is not idempotent.
func eDefects(c Choices) []string {
	var out []string
	if c[DimNotFound] == "return" || c[DimNotFound] == "wrapped" {
		out = append(out, DimNotFound) // a deleted primary is an error retried forever
	}
	if c[DimAction] == "create-blind" || c[DimAction] == "create-generatename" {
		out = append(out, DimAction) // AlreadyExists on the next pass, retried forever; or another child every pass
	}
	if c[DimResult] == "requeue-always" || c[DimResult] == "requeue-short" {
		out = append(out, DimResult) // the request never leaves the queue
	}
	if c[DimFinalizer] == "append-nocheck" {
		out = append(out, DimFinalizer) // every pass appends the finalizer again
	}
	if cl := c[DimCleanup]; cl != "none" && cl != "before-removal" {
		out = append(out, DimCleanup) // a failed cleanup is never retried: the external resource leaks
	}
	return out
}

// intendedE predicts the label of a class E program: E when a dimension
// has a value that is not idempotent; B when its only fault is a create
// whose AlreadyExists is ignored (a request every pass that changes
// nothing); else clean.
func intendedE(c Choices) Label {
	switch {
	case len(eDefects(c)) > 0:
		return E
	case c[DimAction] == "create-ignore-exists":
		return B
	}
	return Clean
}

// createBody is the child-create of an action value as statements over
// the client expression CL and the Widget obj; RET(x) marks an early
// return of the error x, replaced to fit where the statements are placed.
func createBody(action string) string {
	child := `cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: obj.Name + "-data", Namespace: obj.Namespace}, Data: map[string]string{"size": fmt.Sprint(obj.Spec.Size)}}
if err := controllerutil.SetControllerReference(obj, cm, CL.Scheme()); err != nil {
RET(err)
}
`
	switch action {
	case "create-checked":
		return `existing := &corev1.ConfigMap{}
if err := CL.Get(ctx, types.NamespacedName{Namespace: obj.Namespace, Name: obj.Name + "-data"}, existing); apierrors.IsNotFound(err) {
` + child + `if err := CL.Create(ctx, cm); err != nil {
RET(err)
}
} else if err != nil {
RET(err)
}
`
	case "create-ignore-exists":
		return child + `if err := CL.Create(ctx, cm); err != nil && !apierrors.IsAlreadyExists(err) {
RET(err)
}
`
	case "createorupdate":
		return `cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: obj.Name + "-data", Namespace: obj.Namespace}}
if _, err := controllerutil.CreateOrUpdate(ctx, CL, cm, func() error {
cm.Data = map[string]string{"size": fmt.Sprint(obj.Spec.Size)}
return controllerutil.SetControllerReference(obj, cm, CL.Scheme())
}); err != nil {
RET(err)
}
`
	case "create-blind":
		return child + `if err := CL.Create(ctx, cm); err != nil {
RET(err)
}
`
	case "create-generatename":
		return strings.Replace(child, `Name: obj.Name + "-data"`, `GenerateName: obj.Name + "-data-"`, 1) + `if err := CL.Create(ctx, cm); err != nil {
RET(err)
}
`
	}
	panic("gen: unknown action " + action)
}

var retCall = strings.NewReplacer("RET(err)", "return err")

// placed fits createBody's statements to a function returning an error on
// client expression cl.
func placed(body, cl string) string {
	return retCall.Replace(strings.ReplaceAll(body, "CL", cl)) + "return nil\n"
}

// actionTransport emits the statements of the main body that make the
// action's create through the transport value v, on client expression cl,
// and the declarations they need.
func actionTransport(v, action, cl string, p *parts) string {
	body := createBody(action)
	const sig = "(ctx context.Context, c client.Client, obj *v1.Widget) error"
	call := func(expr string) string {
		return "if err := " + expr + "; err != nil {\nreturn reconcile.Result{}, err\n}\n"
	}
	switch v {
	case "direct":
		return strings.ReplaceAll(strings.ReplaceAll(body, "CL", cl), "RET(err)", "return reconcile.Result{}, err")
	case "helper":
		p.decls = append(p.decls, "// ensureChild creates the Widget's child ConfigMap.\nfunc ensureChild"+sig+" {\n"+placed(body, "c")+"}\n")
		return call("ensureChild(ctx, " + cl + ", obj)")
	case "helper-pkg":
		p.helper = append(p.helper, "// EnsureChild creates the Widget's child ConfigMap.\nfunc EnsureChild"+sig+" {\n"+placed(body, "c")+"}\n")
		return call("helper.EnsureChild(ctx, " + cl + ", obj)")
	case "closure-local":
		return "ensure := func() error {\n" + placed(body, cl) + "}\n" + call("ensure()")
	case "field-func":
		p.fields = append(p.fields, "ensure func"+strings.TrimSuffix(sig, " error")+" error")
		p.inits = append(p.inits, "ensure: ensureChild")
		p.decls = append(p.decls, "// ensureChild creates the Widget's child ConfigMap.\nfunc ensureChild"+sig+" {\n"+placed(body, "c")+"}\n")
		return call("r.ensure(ctx, " + cl + ", obj)")
	case "iface":
		p.fields = append(p.fields, "children childEnsurer")
		p.inits = append(p.inits, "children: configMapEnsurer{}")
		p.decls = append(p.decls, "// childEnsurer creates a Widget's children.\ntype childEnsurer interface {\nEnsure"+sig+"\n}\n\n// configMapEnsurer creates the child ConfigMap.\ntype configMapEnsurer struct{}\n\n// Ensure implements childEnsurer.\nfunc (configMapEnsurer) Ensure"+sig+" {\n"+placed(body, "c")+"}\n")
		return call("r.children.Ensure(ctx, " + cl + ", obj)")
	case "method-value":
		p.decls = append(p.decls, "// ensureChild creates the Widget's child ConfigMap.\nfunc (r *reconciler) ensureChild(ctx context.Context, obj *v1.Widget) error {\n"+placed(body, cl)+"}\n")
		return "ensure := r.ensureChild\n" + call("ensure(ctx, obj)")
	}
	panic("gen: unknown transport " + v)
}

// widgetFinalizer is the finalizer class E programs keep.
const widgetFinalizer = "difftest.example/cleanup"

// finalizerSource emits the deletion branch and the finalizer's addition
// of a finalizer value, on client expression cl, with the external
// resource's cleanup (and its creation on the normal path) as the cleanup
// value says.
func finalizerSource(v, cleanup, cl string, p *parts) string {
	if v == "none" {
		return ""
	}
	update := "if err := " + cl + ".Update(ctx, obj); err != nil {\nreturn reconcile.Result{}, err\n}\n"
	remove := fmt.Sprintf("if controllerutil.RemoveFinalizer(obj, %q) {\n%s}\n", widgetFinalizer, update)
	del := "r.cloud.Delete(ctx, obj.Namespace+\"/\"+obj.Name)"
	var deleting string
	switch cleanup {
	case "none":
		deleting = remove
	case "before-removal":
		deleting = fmt.Sprintf("if controllerutil.ContainsFinalizer(obj, %q) {\nif err := %s; err != nil {\nreturn reconcile.Result{}, err\n}\n}\n", widgetFinalizer, del) + remove
	case "after-removal":
		deleting = fmt.Sprintf("if controllerutil.RemoveFinalizer(obj, %q) {\n%sif err := %s; err != nil {\nreturn reconcile.Result{}, err\n}\n}\n", widgetFinalizer, update, del)
	case "error-ignored":
		deleting = fmt.Sprintf("if controllerutil.ContainsFinalizer(obj, %q) {\n_ = %s\n}\n", widgetFinalizer, del) + remove
	case "error-logged":
		deleting = fmt.Sprintf("if controllerutil.ContainsFinalizer(obj, %q) {\nif err := %s; err != nil {\nlog.FromContext(ctx).Error(err, \"deleting the external resource\")\n}\n}\n", widgetFinalizer, del) + remove
	default:
		panic("gen: unknown cleanup " + cleanup)
	}
	s := "if !obj.DeletionTimestamp.IsZero() {\n" + deleting + "return reconcile.Result{}, nil\n}\n"
	switch v {
	case "add-checked":
		s += fmt.Sprintf("if !controllerutil.ContainsFinalizer(obj, %[1]q) {\ncontrollerutil.AddFinalizer(obj, %[1]q)\n%[2]s}\n", widgetFinalizer, update)
	case "add-result":
		s += fmt.Sprintf("if controllerutil.AddFinalizer(obj, %q) {\n%s}\n", widgetFinalizer, update)
	case "append-checked":
		s += fmt.Sprintf("if !slices.Contains(obj.Finalizers, %[1]q) {\nobj.Finalizers = append(obj.Finalizers, %[1]q)\n%[2]s}\n", widgetFinalizer, update)
	case "append-nocheck":
		s += fmt.Sprintf("obj.Finalizers = append(obj.Finalizers, %q)\n%s", widgetFinalizer, update)
	default:
		panic("gen: unknown finalizer " + v)
	}
	if cleanup != "none" {
		// The operator's own client of the external system, behind an
		// interface: any implementation can fail.
		p.fields = append(p.fields, "cloud resourceStore")
		p.inits = append(p.inits, "cloud: external.New()")
		p.decls = append(p.decls, "// resourceStore keeps the external resource of each Widget.\ntype resourceStore interface {\nEnsure(ctx context.Context, name string) error\nDelete(ctx context.Context, name string) error\n}\n")
		s += "if err := r.cloud.Ensure(ctx, obj.Namespace+\"/\"+obj.Name); err != nil {\nreturn reconcile.Result{}, err\n}\n"
	}
	return s
}

// resultExpr is the Result a result value ends the pass with.
func resultExpr(v string) string {
	switch v {
	case "done":
		return "reconcile.Result{}"
	case "requeue-long":
		return "reconcile.Result{RequeueAfter: 10 * time.Minute}"
	case "requeue-always":
		return "reconcile.Result{Requeue: true}"
	case "requeue-short":
		return "reconcile.Result{RequeueAfter: 100 * time.Millisecond}"
	}
	panic("gen: unknown result " + v)
}

// getSource reads the primary into obj on client expression cl, treating
// NotFound as the notfound value says.
func getSource(v, cl string) string {
	get := "obj := &v1.Widget{}\n"
	read := cl + ".Get(ctx, req.NamespacedName, obj)"
	switch v {
	case "ignore":
		return get + "if err := " + read + "; err != nil {\nreturn reconcile.Result{}, client.IgnoreNotFound(err)\n}\n"
	case "is-notfound":
		return get + "if err := " + read + "; apierrors.IsNotFound(err) {\nreturn reconcile.Result{}, nil\n} else if err != nil {\nreturn reconcile.Result{}, err\n}\n"
	case "return":
		return get + "if err := " + read + "; err != nil {\nreturn reconcile.Result{}, err\n}\n"
	case "wrapped":
		return get + "if err := " + read + "; err != nil {\nreturn reconcile.Result{}, fmt.Errorf(\"reading the Widget: %w\", err)\n}\n"
	}
	panic("gen: unknown notfound " + v)
}

// buildE renders a class E program.
func buildE(name string, c Choices) (Program, error) {
	var p parts
	entry := c[DimEntry]
	cl := clientField(entry, &p)
	var rest strings.Builder
	rest.WriteString(finalizerSource(c[DimFinalizer], c[DimCleanup], cl, &p))
	if a := c[DimAction]; a != "none" {
		rest.WriteString(actionTransport(c[DimTransport], a, cl, &p))
	}
	rest.WriteString("return " + resultExpr(c[DimResult]) + ", nil\n")
	main := entrySource(entry, "keeps a Widget's child and finalizer", c, &p, getSource(c[DimNotFound], cl), rest.String())
	return finish(name, c, main, &p)
}
