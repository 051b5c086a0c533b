package gen

// The dimensions of a class C program: how the reconciler is entered,
// which event callback runs for the primary's events, what it does
// besides letting the event through, and how the callback reaches the
// builder.
const (
	DimCallback = "callback"
	DimEffect   = "effect"
	DimHandler  = "handler"
)

// ClassC is the class of event callbacks with side effects.
const ClassC = "C"

// cSpace is class C's space. The first value of each dimension is the
// neutral, correct one.
var cSpace = space{
	dims: []string{DimEntry, DimCallback, DimEffect, DimHandler},
	values: map[string][]string{
		DimEntry:    {"method-embed", "method-field"},
		DimCallback: {"predicate-update", "map-func", "handler-funcs"},
		DimEffect:   {"none", "audit-write", "audit-helper", "audit-helper-pkg"},
		DimHandler:  {"literal", "method-value", "pkg-func", "factory", "field-func", "pkg-var"},
	},
	drawOrder: []string{DimEffect, DimCallback, DimHandler, DimEntry},
	pair:      [2]string{DimCallback, DimHandler},
	intended:  intendedC,
	prefix:    "c",
}

// intendedC predicts the label of a class C program: C when its callback
// writes, once per delivered event.
func intendedC(c Choices) Label {
	if c[DimEffect] != "none" {
		return C
	}
	return Clean
}

// auditBody is the statements that count one delivered event in the
// audit ConfigMap of the Widget named by the ObjectMeta expression key,
// on the client expression cl: a write per event.
const auditBody = `cm := &corev1.ConfigMap{}
name := types.NamespacedName{Namespace: key.GetNamespace(), Name: key.GetName() + "-audit"}
if err := cl.Get(ctx, name, cm); err != nil {
_ = cl.Create(ctx, &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: name.Name, Namespace: name.Namespace}, Data: map[string]string{"events": "1"}})
return
}
n, _ := strconv.Atoi(cm.Data["events"])
if cm.Data == nil {
cm.Data = map[string]string{}
}
cm.Data["events"] = strconv.Itoa(n + 1)
_ = cl.Update(ctx, cm)
`

// callbackSig and callbackBody are a callback value's signature and body
// (the effect statement inserted first), per callback value.
func callbackParts(callback string) (sig, body, keyExpr string) {
	switch callback {
	case "predicate-update":
		return "func(e event.UpdateEvent) bool", "return true\n", "e.ObjectNew"
	case "map-func":
		return "func(ctx context.Context, o client.Object) []reconcile.Request", "return []reconcile.Request{{NamespacedName: types.NamespacedName{Namespace: o.GetNamespace(), Name: o.GetName()}}}\n", "o"
	case "handler-funcs":
		return "func(ctx context.Context, e event.UpdateEvent, q workqueue.TypedRateLimitingInterface[reconcile.Request])", "q.Add(reconcile.Request{NamespacedName: types.NamespacedName{Namespace: e.ObjectNew.GetNamespace(), Name: e.ObjectNew.GetName()}})\n", "e.ObjectNew"
	}
	panic("gen: unknown callback " + callback)
}

// effectSource is the statement a callback runs for its effect value, on
// client expression cl and the event's object expression obj, and the
// declarations it needs.
func effectSource(effect, cl, obj string, callbackHasCtx bool, p *parts) string {
	ctx := "ctx"
	if !callbackHasCtx {
		ctx = "context.Background()"
	}
	const sig = "(ctx context.Context, cl client.Client, key client.Object)"
	switch effect {
	case "none":
		return ""
	case "audit-write":
		return "func() {\nctx, cl, key := " + ctx + ", " + cl + ", " + obj + "\n" + auditBody + "}()\n"
	case "audit-helper":
		p.decls = append(p.decls, "// countEvent counts one event of key in its audit ConfigMap.\nfunc countEvent"+sig+" {\n"+auditBody+"}\n")
		return "countEvent(" + ctx + ", " + cl + ", " + obj + ")\n"
	case "audit-helper-pkg":
		p.helper = append(p.helper, "// CountEvent counts one event of key in its audit ConfigMap.\nfunc CountEvent"+sig+" {\n"+auditBody+"}\n")
		return "helper.CountEvent(" + ctx + ", " + cl + ", " + obj + ")\n"
	}
	panic("gen: unknown effect " + effect)
}

// buildC renders a class C program: a reconciler that copies its spec into
// a child (level-triggered), and a callback on the Widget's events that
// may also write, once per event.
func buildC(name string, c Choices) (Program, error) {
	var p parts
	entry := c[DimEntry]
	cl := clientField(entry, &p)
	get := "obj := &v1.Widget{}\nif err := " + cl + ".Get(ctx, req.NamespacedName, obj); err != nil {\nreturn reconcile.Result{}, client.IgnoreNotFound(err)\n}\n"
	rest := `cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: obj.Name + "-data", Namespace: obj.Namespace}}
if _, err := controllerutil.CreateOrUpdate(ctx, ` + cl + `, cm, func() error {
cm.Data = map[string]string{"size": fmt.Sprint(obj.Spec.Size)}
return controllerutil.SetControllerReference(obj, cm, ` + cl + `.Scheme())
}); err != nil {
return reconcile.Result{}, err
}
return reconcile.Result{}, nil
`
	callback := c[DimCallback]
	sig, body, obj := callbackParts(callback)
	callbackCl := cl
	if c[DimHandler] == "pkg-var" {
		// A callback declared at package level uses the reconciler that
		// SetupWithManager records.
		callbackCl = "active" + cl[1:]
	}
	effect := effectSource(c[DimEffect], callbackCl, obj, callback != "predicate-update", &p)
	lit := sig + " {\n" + effect + body + "}"
	// The callback value, as the handler dimension reaches it; r is the
	// reconciler in SetupWithManager.
	var ref string
	switch c[DimHandler] {
	case "literal":
		ref = lit
	case "method-value":
		p.decls = append(p.decls, "// onWidget is the callback of the Widget's events.\nfunc (r *reconciler) onWidget"+sig[len("func"):]+" {\n"+effect+body+"}\n")
		ref = "r.onWidget"
	case "pkg-func":
		// A function of the package closing over nothing: it takes the
		// client from the reconciler the factory-free wrapper passes.
		p.decls = append(p.decls, "// widgetCallback returns the callback of the Widget's events for r.\nfunc widgetCallback(r *reconciler) "+sig+" {\nreturn "+lit+"\n}\n")
		ref = "widgetCallback(r)"
	case "factory":
		p.decls = append(p.decls, "// callbackFor returns the callback of the events of one kind for r.\nfunc (r *reconciler) callbackFor(kind string) "+sig+" {\n_ = kind\nreturn "+lit+"\n}\n")
		ref = `r.callbackFor("Widget")`
	case "field-func":
		p.fields = append(p.fields, "onEvent "+sig)
		p.decls = append(p.decls, "// Init sets the reconciler's callback.\nfunc (r *reconciler) init() *reconciler {\nr.onEvent = "+lit+"\nreturn r\n}\n")
		ref = "r.onEvent"
	case "pkg-var":
		p.decls = append(p.decls, "// active is the reconciler whose client the callback uses.\nvar active *reconciler\n\n// widgetEvents is the callback of the Widget's events.\nvar widgetEvents = "+lit+"\n")
		ref = "widgetEvents"
	}
	var wire string
	switch callback {
	case "predicate-update":
		wire = "For(&v1.Widget{}, builder.WithPredicates(predicate.Funcs{UpdateFunc: " + ref + "}))"
	case "map-func":
		wire = "For(&v1.Widget{}).\nWatches(&v1.Widget{}, handler.EnqueueRequestsFromMapFunc(" + ref + "))"
	case "handler-funcs":
		wire = "For(&v1.Widget{}).\nWatches(&v1.Widget{}, handler.Funcs{UpdateFunc: " + ref + "})"
	}
	setupBody := "return ctrl.NewControllerManagedBy(mgr).\n" + wire + ".\nOwns(&corev1.ConfigMap{}).\nComplete(r)\n"
	if c[DimHandler] == "field-func" {
		setupBody = "r.init()\n" + setupBody
	}
	if c[DimHandler] == "pkg-var" {
		setupBody = "active = r\n" + setupBody
	}
	p.decls = append(p.decls, "// SetupWithManager wires the reconciler into mgr.\nfunc (r *reconciler) SetupWithManager(mgr ctrl.Manager) error {\n"+setupBody+"}\n",
		"// Setup builds the reconciler on mgr's client and wires it, as main.go does.\nfunc Setup(mgr ctrl.Manager) error {\nreturn New(mgr.GetClient()).(*reconciler).SetupWithManager(mgr)\n}\n")
	main := entrySource(entry, "copies its spec into a child and has a callback on its events", c, &p, get, rest)
	return finish(name, c, main, &p)
}
