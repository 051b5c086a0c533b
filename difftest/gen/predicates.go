package gen

import "fmt"

// The dimensions of a class D program: how the reconciler is entered,
// what of its primary decides what it writes (a user then changes exactly
// that), which predicate filters the primary's events, and how the
// predicate is wired.
const (
	DimReads     = "reads"
	DimPredicate = "predicate"
	DimWiring    = "wiring"
)

// ClassD is the class of predicates that may hide the events a reconciler
// needs.
const ClassD = "D"

// dSpace is class D's space. The first value of each dimension is the
// neutral, correct one.
var dSpace = space{
	dims: []string{DimEntry, DimReads, DimPredicate, DimWiring},
	values: map[string][]string{
		DimEntry: {"method-embed", "method-field", "sub-reconciler"},
		DimReads: {"spec", "label", "annotation"},
		DimPredicate: {"none", "generation", "or-generation-annotation", "or-generation-label", "resource-version",
			"annotation-changed", "label-changed", "funcs-generation", "funcs-spec", "funcs-metadata"},
		DimWiring: {"for-option", "event-filter", "pkg-var", "helper-func", "pkg-var-other"},
	},
	constraints: []constraint{
		{[]string{DimPredicate, DimWiring}, func(c Choices) string {
			return unless(c[DimPredicate] != "none" || c[DimWiring] == "for-option", "there is no predicate to wire")
		}},
	},
	drawOrder: []string{DimPredicate, DimReads, DimWiring, DimEntry},
	pair:      [2]string{DimPredicate, DimReads},
	intended:  intendedD,
	prefix:    "d",
}

// passes says whether a predicate value passes an update of the primary
// that changes only what reads names (a spec change bumps the generation;
// a label or annotation change does not).
func passes(pred, reads string) bool {
	switch pred {
	case "none", "resource-version":
		return true
	case "generation", "funcs-generation", "funcs-spec":
		return reads == "spec"
	case "or-generation-annotation":
		return reads != "label"
	case "or-generation-label":
		return reads != "annotation"
	case "annotation-changed":
		return reads == "annotation"
	case "label-changed":
		return reads == "label"
	case "funcs-metadata":
		// It compares labels and annotations, and the generation.
		return true
	}
	panic("gen: unknown predicate " + pred)
}

// intendedD predicts the label of a class D program: D when the predicate
// drops the update that changes what the reconciler reads.
func intendedD(c Choices) Label {
	if !passes(c[DimPredicate], c[DimReads]) {
		return D
	}
	return Clean
}

// predicateExpr is the expression of a predicate value.
func predicateExpr(v string) string {
	switch v {
	case "generation":
		return "predicate.GenerationChangedPredicate{}"
	case "or-generation-annotation":
		return "predicate.Or(predicate.GenerationChangedPredicate{}, predicate.AnnotationChangedPredicate{})"
	case "or-generation-label":
		return "predicate.Or(predicate.GenerationChangedPredicate{}, predicate.LabelChangedPredicate{})"
	case "resource-version":
		return "predicate.ResourceVersionChangedPredicate{}"
	case "annotation-changed":
		return "predicate.AnnotationChangedPredicate{}"
	case "label-changed":
		return "predicate.LabelChangedPredicate{}"
	case "funcs-generation":
		return "predicate.Funcs{UpdateFunc: func(e event.UpdateEvent) bool {\nreturn e.ObjectOld.GetGeneration() != e.ObjectNew.GetGeneration()\n}}"
	case "funcs-spec":
		return "predicate.Funcs{UpdateFunc: func(e event.UpdateEvent) bool {\no, ok1 := e.ObjectOld.(*v1.Widget)\nn, ok2 := e.ObjectNew.(*v1.Widget)\nreturn !ok1 || !ok2 || !equality.Semantic.DeepEqual(o.Spec, n.Spec)\n}}"
	case "funcs-metadata":
		return "predicate.Funcs{UpdateFunc: func(e event.UpdateEvent) bool {\nreturn e.ObjectOld.GetGeneration() != e.ObjectNew.GetGeneration() ||\n!equality.Semantic.DeepEqual(e.ObjectOld.GetLabels(), e.ObjectNew.GetLabels()) ||\n!equality.Semantic.DeepEqual(e.ObjectOld.GetAnnotations(), e.ObjectNew.GetAnnotations())\n}}"
	}
	panic("gen: unknown predicate " + v)
}

// readExpr is the value the reconciler reads from its primary obj.
func readExpr(v string) string {
	switch v {
	case "spec":
		return "fmt.Sprint(obj.Spec.Size)"
	case "label":
		return `obj.Labels["tier"]`
	case "annotation":
		return `obj.Annotations["example.com/tier"]`
	}
	panic("gen: unknown reads " + v)
}

// DUpdate is the user's change of a class D program's primary: the Go
// statement, over a *v1.Widget w, that changes what the program reads.
func DUpdate(c Choices) string {
	switch c[DimReads] {
	case "spec":
		return "w.Spec.Size++"
	case "label":
		return `if w.Labels == nil {
w.Labels = map[string]string{}
}
w.Labels["tier"] = "gold"`
	case "annotation":
		return `if w.Annotations == nil {
w.Annotations = map[string]string{}
}
w.Annotations["example.com/tier"] = "gold"`
	}
	panic("gen: unknown reads " + c[DimReads])
}

// buildD renders a class D program: a reconciler that copies what it
// reads into its child ConfigMap, and the SetupWithManager that wires it
// with the predicate.
func buildD(name string, c Choices) (Program, error) {
	var p parts
	entry := c[DimEntry]
	cl := clientField(entry, &p)
	get := "obj := &v1.Widget{}\nif err := " + cl + ".Get(ctx, req.NamespacedName, obj); err != nil {\nreturn reconcile.Result{}, client.IgnoreNotFound(err)\n}\n"
	rest := fmt.Sprintf(`val := %[2]s
cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: obj.Name + "-data", Namespace: obj.Namespace}}
if _, err := controllerutil.CreateOrUpdate(ctx, %[1]s, cm, func() error {
cm.Data = map[string]string{"value": val}
return controllerutil.SetControllerReference(obj, cm, %[1]s.Scheme())
}); err != nil {
return reconcile.Result{}, err
}
return reconcile.Result{}, nil
`, cl, readExpr(c[DimReads]))

	pred, wiring := c[DimPredicate], c[DimWiring]
	forCall := "For(&v1.Widget{})"
	var filter string
	if pred != "none" {
		var ref string
		switch wiring {
		case "for-option", "event-filter":
			ref = predicateExpr(pred)
		case "pkg-var":
			p.decls = append(p.decls, "// widgetEvents filters the Widget events that reach the queue.\nvar widgetEvents = "+predicateExpr(pred)+"\n")
			ref = "widgetEvents"
		case "helper-func":
			p.decls = append(p.decls, "// widgetEvents returns the filter of the Widget events that reach the queue.\nfunc widgetEvents() predicate.Predicate {\nreturn "+predicateExpr(pred)+"\n}\n")
			ref = "widgetEvents()"
		case "pkg-var-other":
			p.helper = append(p.helper, "// WidgetEvents filters the Widget events that reach the queue.\nvar WidgetEvents = "+predicateExpr(pred)+"\n")
			ref = "helper.WidgetEvents"
		}
		if wiring == "event-filter" {
			filter = ".\nWithEventFilter(" + ref + ")"
		} else {
			forCall = "For(&v1.Widget{}, builder.WithPredicates(" + ref + "))"
		}
	}
	p.decls = append(p.decls, "// SetupWithManager wires the reconciler into mgr.\nfunc (r *reconciler) SetupWithManager(mgr ctrl.Manager) error {\nreturn ctrl.NewControllerManagedBy(mgr).\n"+forCall+".\nOwns(&corev1.ConfigMap{})"+filter+".\nComplete(r)\n}\n",
		"// Setup builds the reconciler on mgr's client and wires it, as main.go does.\nfunc Setup(mgr ctrl.Manager) error {\nreturn New(mgr.GetClient()).(*reconciler).SetupWithManager(mgr)\n}\n")
	main := entrySource(entry, "copies what it reads of its Widget into a child", c, &p, get, rest)
	return finish(name, c, main, &p)
}
