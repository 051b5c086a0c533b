package gen

import (
	"fmt"
	"go/format"
	"regexp"
	"sort"
	"strings"
)

// Module is the module path of the generated module.
const Module = "difftest.example/gen"

// Program is one generated reconciler: a package named Name of the
// generated module (and, for some transports, its helper package).
type Program struct {
	// Name is the package name and directory, p0001….
	Name string
	// Choices are the dimension values it was built from.
	Choices Choices
	// Intended is the generator's prediction of its label.
	Intended Label
	// Files maps a slash-separated path relative to the module root to the
	// file's formatted source.
	Files map[string]string
}

// imports maps the package names generated code may use to their paths.
var imports = map[string]string{
	"context": "context", "fmt": "fmt", "time": "time", "rand": "math/rand",
	"strings": "strings", "sort": "sort", "slices": "slices", "maps": "maps",
	"json": "encoding/json", "reflect": "reflect",
	"cmp":            "github.com/google/go-cmp/cmp",
	"metav1":         "k8s.io/apimachinery/pkg/apis/meta/v1",
	"meta":           "k8s.io/apimachinery/pkg/api/meta",
	"apierrors":      "k8s.io/apimachinery/pkg/api/errors",
	"equality":       "k8s.io/apimachinery/pkg/api/equality",
	"types":          "k8s.io/apimachinery/pkg/types",
	"uuid":           "k8s.io/apimachinery/pkg/util/uuid",
	"sets":           "k8s.io/apimachinery/pkg/util/sets",
	"sync":           "sync",
	"runner":         Module + "/runner",
	"external":       Module + "/external",
	"log":            "sigs.k8s.io/controller-runtime/pkg/log",
	"ctrl":           "sigs.k8s.io/controller-runtime",
	"builder":        "sigs.k8s.io/controller-runtime/pkg/builder",
	"predicate":      "sigs.k8s.io/controller-runtime/pkg/predicate",
	"event":          "sigs.k8s.io/controller-runtime/pkg/event",
	"handler":        "sigs.k8s.io/controller-runtime/pkg/handler",
	"workqueue":      "k8s.io/client-go/util/workqueue",
	"strconv":        "strconv",
	"corev1":         "k8s.io/api/core/v1",
	"client":         "sigs.k8s.io/controller-runtime/pkg/client",
	"reconcile":      "sigs.k8s.io/controller-runtime/pkg/reconcile",
	"controllerutil": "sigs.k8s.io/controller-runtime/pkg/controller/controllerutil",
	"v1":             Module + "/api/v1",
}

var qualified = regexp.MustCompile(`\b([a-z][a-z0-9]*)\.[A-Za-z_]`)

// file renders a Go file of package pkg whose body is code, importing
// exactly the packages the code names (helper is the program's helper
// package path, or "").
func file(pkg, helper, code string) (string, error) {
	used := map[string]bool{}
	for _, m := range qualified.FindAllStringSubmatch(code, -1) {
		if _, ok := imports[m[1]]; ok || (m[1] == "helper" && helper != "") {
			used[m[1]] = true
		}
	}
	names := make([]string, 0, len(used))
	for n := range used {
		names = append(names, n)
	}
	sort.Strings(names)
	var b strings.Builder
	fmt.Fprintf(&b, "// Written by the difftest generator of reconcilelint (not marked generated: the linter skips generated files).\n\npackage %s\n\nimport (\n", pkg)
	for _, n := range names {
		path := imports[n]
		if n == "helper" {
			path = helper
		}
		fmt.Fprintf(&b, "\t%s %q\n", n, path)
	}
	b.WriteString(")\n\n")
	b.WriteString(code)
	out, err := format.Source([]byte(b.String()))
	if err != nil {
		return "", fmt.Errorf("gen: %s does not parse: %w\n%s", pkg, err, b.String())
	}
	return string(out), nil
}

// source is a value source: statements, then an expression of type string,
// over a *v1.Widget named in; decl is package-level code it needs.
type source struct {
	pre, expr, decl string
	usesIn          bool
}

func sourceOf(v string) source {
	keysLoop := "for k := range in.Spec.Labels {\nkeys = append(keys, k)\n}\n"
	switch v {
	case "spec":
		return source{expr: `fmt.Sprintf("size-%d", in.Spec.Size)`, usesIn: true}
	case "generation":
		return source{expr: `fmt.Sprintf("gen-%d", in.Generation)`, usesIn: true}
	case "sorted-keys":
		return source{pre: "keys := make([]string, 0, len(in.Spec.Labels))\n" + keysLoop + "sort.Strings(keys)\n", expr: `strings.Join(keys, ",")`, usesIn: true}
	case "sorted-maps-keys":
		return source{expr: `strings.Join(slices.Sorted(maps.Keys(in.Spec.Labels)), ",")`, usesIn: true}
	case "json-map":
		return source{pre: "data, _ := json.Marshal(in.Spec.Labels)\n", expr: "string(data)", usesIn: true}
	case "clock":
		return source{expr: "time.Now().UTC().Format(time.RFC3339)"}
	case "since":
		return source{expr: "time.Since(in.CreationTimestamp.Time).Round(time.Second).String()", usesIn: true}
	case "random":
		return source{expr: `fmt.Sprintf("r%d", rand.Int63())`}
	case "uuid":
		return source{expr: "string(uuid.NewUUID())"}
	case "map-range":
		return source{pre: "var keys []string\n" + keysLoop, expr: `strings.Join(keys, ",")`, usesIn: true}
	case "maps-keys":
		return source{expr: `strings.Join(slices.Collect(maps.Keys(in.Spec.Labels)), ",")`, usesIn: true}
	case "sets-unsorted":
		return source{expr: `strings.Join(sets.KeySet(in.Spec.Labels).UnsortedList(), ",")`, usesIn: true}
	case "reflect-mapkeys":
		return source{pre: "var keys []string\nfor _, k := range reflect.ValueOf(in.Spec.Labels).MapKeys() {\nkeys = append(keys, k.String())\n}\n", expr: `strings.Join(keys, ",")`, usesIn: true}
	case "syncmap-range":
		return source{pre: "var seen sync.Map\nfor k, v := range in.Spec.Labels {\nseen.Store(k, v)\n}\nvar keys []string\nseen.Range(func(k, _ any) bool {\nkeys = append(keys, k.(string))\nreturn true\n})\n", expr: `strings.Join(keys, ",")`, usesIn: true}
	case "closure-counter":
		return source{decl: "// counterFrom returns a closure that counts its calls.\nfunc counterFrom() func() int {\nn := 0\nreturn func() int {\nn++\nreturn n\n}\n}\n\n// nextPass numbers the values computed by this process.\nvar nextPass = counterFrom()\n", expr: `fmt.Sprintf("pass-%d", nextPass())`}
	case "counter":
		return source{decl: "// passes counts the values computed by this process.\nvar passes int\n", pre: "passes++\n", expr: `fmt.Sprintf("pass-%d", passes)`}
	}
	panic("gen: unknown source " + v)
}

// body is the function body of a source: "{ pre; return expr }".
func (s source) body() string { return "{\n" + s.pre + "return " + s.expr + "\n}" }

// parts accumulates the pieces of a program.
type parts struct {
	decls  []string // package-level code of the main file
	helper []string // package-level code of the helper package
	fields []string // fields of the reconciler struct
	inits  []string // key: value initialisers of New's composite literal
}

// transport emits the statements that compute val from the object whose
// pointer expression is ptr, and the declarations they need.
func transport(v string, src source, ptr string, p *parts) string {
	const sig = "func(in *v1.Widget) string "
	helperFunc := "// computeValue computes the value the reconciler stores.\nfunc computeValue(in *v1.Widget) string " + src.body() + "\n"
	local := func() {
		if src.decl != "" {
			p.decls = append(p.decls, src.decl)
		}
	}
	switch v {
	case "direct":
		local()
		use := ""
		if !src.usesIn {
			use = "_ = in\n"
		}
		return "in := " + ptr + "\n" + use + src.pre + "val := " + src.expr + "\n"
	case "helper":
		local()
		p.decls = append(p.decls, helperFunc)
		return "val := computeValue(" + ptr + ")\n"
	case "helper-pkg", "pkg-var-other":
		if src.decl != "" {
			p.helper = append(p.helper, src.decl)
		}
		if v == "helper-pkg" {
			p.helper = append(p.helper, "// Compute computes the value the reconciler stores.\nfunc Compute(in *v1.Widget) string "+src.body()+"\n")
		} else {
			p.helper = append(p.helper, "// Compute computes the value the reconciler stores.\nvar Compute = "+sig+src.body()+"\n")
		}
		return "val := helper.Compute(" + ptr + ")\n"
	case "closure-local":
		local()
		return "compute := " + sig + src.body() + "\nval := compute(" + ptr + ")\n"
	case "field-func":
		local()
		p.decls = append(p.decls, helperFunc)
		p.fields = append(p.fields, "compute func(*v1.Widget) string")
		p.inits = append(p.inits, "compute: computeValue")
		return "val := r.compute(" + ptr + ")\n"
	case "factory":
		local()
		p.decls = append(p.decls, "// newComputer returns the function that computes the stored value.\nfunc newComputer() func(*v1.Widget) string {\nreturn "+sig+src.body()+"\n}\n")
		return "compute := newComputer()\nval := compute(" + ptr + ")\n"
	case "iface":
		local()
		p.decls = append(p.decls, "// valueSource computes the stored value.\ntype valueSource interface {\nValue(in *v1.Widget) string\n}\n\n// widgetSource is the valueSource of Widgets.\ntype widgetSource struct{}\n\n// Value implements valueSource.\nfunc (widgetSource) Value(in *v1.Widget) string "+src.body()+"\n")
		p.fields = append(p.fields, "src valueSource")
		p.inits = append(p.inits, "src: widgetSource{}")
		return "val := r.src.Value(" + ptr + ")\n"
	case "method-value":
		local()
		p.decls = append(p.decls, "func (r *reconciler) value(in *v1.Widget) string "+src.body()+"\n")
		return "f := r.value\nval := f(" + ptr + ")\n"
	case "generic":
		local()
		p.decls = append(p.decls, "// computeOf computes the stored value of any Widget pointer type.\nfunc computeOf[T interface{ *v1.Widget }](o T) string {\nin := (*v1.Widget)(o)\n_ = in\n"+src.pre+"return "+src.expr+"\n}\n")
		return "val := computeOf(" + ptr + ")\n"
	case "error-value":
		local()
		p.decls = append(p.decls, helperFunc)
		return "err := fmt.Errorf(\"value %s\", computeValue(" + ptr + "))\nval := strings.TrimPrefix(err.Error(), \"value \")\n"
	case "struct-field":
		local()
		p.decls = append(p.decls, helperFunc, "// computed is a value with where it came from.\ntype computed struct {\nvalue string\nfrom  string\n}\n")
		return "res := computed{value: computeValue(" + ptr + "), from: \"widget\"}\n_ = res.from\nval := res.value\n"
	case "ctx-value":
		local()
		p.decls = append(p.decls, helperFunc, "// valueKey keys the computed value in a context.\ntype valueKey struct{}\n")
		return "vctx := context.WithValue(ctx, valueKey{}, computeValue(" + ptr + "))\nval, _ := vctx.Value(valueKey{}).(string)\n"
	case "builder-pkg":
		local()
		p.decls = append(p.decls, helperFunc)
		p.helper = append(p.helper, "// Builder assembles the stored value.\ntype Builder struct {\nvalue string\nnote  string\n}\n\n// NewBuilder starts a Builder.\nfunc NewBuilder() *Builder { return &Builder{note: \"built\"} }\n\n// Set records the value.\nfunc (b *Builder) Set(v string) { b.value = v }\n\n// Result is what a Builder assembles.\ntype Result struct {\nValue string\nNote  string\n}\n\n// Build returns the assembled result.\nfunc (b *Builder) Build() Result { return Result{Value: b.value, Note: b.note} }\n")
		return "b := helper.NewBuilder()\nb.Set(computeValue(" + ptr + "))\nval := b.Build().Value\n"
	case "iface-pkg":
		if src.decl != "" {
			p.helper = append(p.helper, src.decl)
		}
		p.helper = append(p.helper, "// Source computes the stored value.\ntype Source interface {\nValue(in *v1.Widget) string\n}\n\n// Computed is the Source of the reconciler.\ntype Computed struct{}\n\n// Value implements Source.\nfunc (Computed) Value(in *v1.Widget) string "+src.body()+"\n\n// Fixed is a Source of a constant.\ntype Fixed struct{}\n\n// Value implements Source.\nfunc (Fixed) Value(*v1.Widget) string { return \"fixed\" }\n")
		p.fields = append(p.fields, "src helper.Source")
		p.inits = append(p.inits, "src: helper.Computed{}")
		return "val := r.src.Value(" + ptr + ")\n"
	case "channel":
		local()
		p.decls = append(p.decls, helperFunc)
		return "ch := make(chan string, 1)\ngo func() { ch <- computeValue(" + ptr + ") }()\nval := <-ch\n"
	}
	panic("gen: unknown transport " + v)
}

// annotationKey is the annotation an annotation destination writes.
const annotationKey = "example.com/value"

// mutation returns the statements that store val (and, with the
// observed-generation guard, the generation) into the status reached by
// the selector st, and the expression of its current value read through
// cur (a status expression of the object as read).
func mutation(dest, st, gen string) string {
	var s string
	switch dest {
	case "status-summary":
		s = st + ".Summary = val\n"
	case "status-members":
		s = st + `.Members = strings.Split(val, ",")` + "\n"
	case "condition":
		s = "meta.SetStatusCondition(&" + st + `.Conditions, metav1.Condition{Type: "Ready", Status: metav1.ConditionTrue, Reason: "Synced", Message: val})` + "\n"
	}
	if gen != "" {
		s += st + ".ObservedGeneration = " + gen + "\n"
	}
	return s
}

// current is the expression of the destination's current value in the
// status expression st, for a changed flag.
func current(dest, st string) string {
	switch dest {
	case "status-summary":
		return st + ".Summary"
	case "status-members":
		return "strings.Join(" + st + `.Members, ",")`
	case "condition":
		return "readyMessage(" + st + ".Conditions)"
	}
	panic("gen: no current value of " + dest)
}

// Build renders the program name from choices c.
func Build(name string, c Choices) (Program, error) {
	if why := c.Valid(); why != "" {
		return Program{}, fmt.Errorf("gen: %s: invalid choices (%s): %s", name, why, c)
	}
	switch c.Class() {
	case ClassC:
		return buildC(name, c)
	case ClassD:
		return buildD(name, c)
	case ClassE:
		return buildE(name, c)
	}
	var p parts
	entry := c[DimEntry]
	cl := clientField(entry, &p)

	repr, dest, guard, write := c[DimRepr], c[DimDest], c[DimGuard], c[DimWrite]
	var get, rest strings.Builder
	sel, ptr := "obj", "obj"
	if repr == "value" {
		sel, ptr = "w", "&w"
		get.WriteString("var w v1.Widget\n")
	} else {
		get.WriteString("obj := &v1.Widget{}\n")
	}
	fmt.Fprintf(&get, "if err := %s.Get(ctx, req.NamespacedName, %s); err != nil {\nreturn reconcile.Result{}, client.IgnoreNotFound(err)\n}\n", cl, ptr)
	b := &rest

	if guard == "observed-generation" {
		fmt.Fprintf(b, "if %s.Status.ObservedGeneration == %s.Generation {\nreturn reconcile.Result{}, nil\n}\n", sel, sel)
	}
	deepEqual := guard == "deepequal-semantic" || guard == "deepequal-reflect" || guard == "cmp-equal"
	if dest != "child-data" {
		if deepEqual {
			fmt.Fprintf(b, "orig := %s.DeepCopy()\n", sel)
		}
		if write == "status-patch" || write == "patch" {
			fmt.Fprintf(b, "base := %s.DeepCopy()\n", sel)
		}
	}
	b.WriteString(transport(c[DimTransport], sourceOf(c[DimSource]), ptr, &p))

	wsel, wptr := sel, ptr // the object written
	gen := ""
	if guard == "observed-generation" {
		gen = sel + ".Generation"
	}
	changed := ""
	switch {
	case dest == "child-data":
		// written below
	case dest == "annotation":
		if guard == "changed-flag" {
			fmt.Fprintf(b, "changed := %s.Annotations[%q] != val\n", sel, annotationKey)
			changed = "changed"
		}
		if repr == "deepcopy-whole" {
			b.WriteString("work := " + sel + ".DeepCopy()\n")
			wsel, wptr = "work", "work"
		}
		fmt.Fprintf(b, "if %s.Annotations == nil {\n%s.Annotations = map[string]string{}\n}\n%s.Annotations[%q] = val\n", wsel, wsel, wsel, annotationKey)
	default:
		if guard == "changed-flag" {
			changed = current(dest, sel+".Status") + " != val"
			if dest == "condition" {
				p.decls = append(p.decls, "// readyMessage is the message of the Ready condition, or \"\".\nfunc readyMessage(conds []metav1.Condition) string {\nif c := meta.FindStatusCondition(conds, \"Ready\"); c != nil {\nreturn c.Message\n}\nreturn \"\"\n}\n")
			}
		}
		if changed != "" {
			b.WriteString("changed := " + changed + "\n")
			changed = "changed"
		}
		switch repr {
		case "pointer", "value":
			b.WriteString(mutation(dest, sel+".Status", gen))
		case "deepcopy-whole":
			b.WriteString("work := " + sel + ".DeepCopy()\n")
			wsel, wptr = "work", "work"
			b.WriteString(mutation(dest, "work.Status", gen))
		case "deepcopy-status":
			b.WriteString("st := " + sel + ".Status.DeepCopy()\n" + mutation(dest, "st", gen) + sel + ".Status = *st\n")
		case "deepcopyinto-status":
			b.WriteString("var st v1.WidgetStatus\n" + sel + ".Status.DeepCopyInto(&st)\n" + mutation(dest, "st", gen) + sel + ".Status = st\n")
		case "deref-assign":
			// The whole object copied, changed, and assigned back through
			// the pointer.
			b.WriteString("cp := " + sel + ".DeepCopy()\n" + mutation(dest, "cp.Status", gen) + "*" + sel + " = *cp\n")
		case "constructor":
			p.decls = append(p.decls, "// desiredStatus returns cur with the value stored.\nfunc desiredStatus(cur v1.WidgetStatus, val string, gen int64) v1.WidgetStatus {\nout := *cur.DeepCopy()\n"+mutation(dest, "out", map[bool]string{true: "gen"}[gen != ""])+"_ = gen\nreturn out\n}\n")
			fmt.Fprintf(b, "%s.Status = desiredStatus(%s.Status, val, %s.Generation)\n", sel, sel, sel)
		case "setter":
			if dest == "status-summary" {
				b.WriteString(sel + ".SetSummary(val)\n")
			} else {
				b.WriteString(sel + `.SetMembers(strings.Split(val, ","))` + "\n")
			}
			if gen != "" {
				b.WriteString(sel + ".Status.ObservedGeneration = " + gen + "\n")
			}
		}
	}
	stamp := "now := metav1.Now()\n" + wsel + ".Status.LastSync = &now\n"
	if c[DimStamp] == "before-guard" {
		b.WriteString(stamp)
	}

	var writeCall string
	switch write {
	case "status-update":
		writeCall = cl + ".Status().Update(ctx, " + wptr + ")"
	case "status-patch":
		writeCall = cl + ".Status().Patch(ctx, " + wptr + ", client.MergeFrom(base))"
	case "status-patch-late-base":
		writeCall = cl + ".Status().Patch(ctx, " + wptr + ", client.MergeFrom(late))"
	case "update":
		writeCall = cl + ".Update(ctx, " + wptr + ")"
	case "patch":
		writeCall = cl + ".Patch(ctx, " + wptr + ", client.MergeFrom(base))"
	}
	writeStmt := "if err := " + writeCall + "; err != nil {\nreturn reconcile.Result{}, err\n}\n"
	if write == "status-patch-late-base" {
		writeStmt = "late := " + wsel + ".DeepCopy()\n" + writeStmt
	}
	if c[DimStamp] == "inside-guard" {
		writeStmt = stamp + writeStmt
	}

	if dest == "child-data" {
		b.WriteString(child(write, guard, cl, sel, ptr))
	} else {
		var cond string
		what := ".Status"
		if dest == "annotation" {
			what = ".Annotations"
		}
		switch guard {
		case "deepequal-semantic":
			cond = "!equality.Semantic.DeepEqual(orig" + what + ", " + wsel + what + ")"
		case "deepequal-reflect":
			cond = "!reflect.DeepEqual(orig" + what + ", " + wsel + what + ")"
		case "cmp-equal":
			// go-cmp on the written field (a whole status holds times,
			// whose unexported fields cmp refuses).
			field := what
			switch dest {
			case "status-summary":
				field = ".Status.Summary"
			case "status-members":
				field = ".Status.Members"
			}
			cond = "!cmp.Equal(orig" + field + ", " + wsel + field + ")"
		case "changed-flag":
			cond = changed
		}
		if cond != "" {
			b.WriteString("if " + cond + " {\n" + writeStmt + "}\n")
		} else {
			b.WriteString(writeStmt)
		}
	}
	b.WriteString("return reconcile.Result{}, nil\n")

	return finish(name, c, entrySource(entry, "stores a computed value in its Widget", c, &p, get.String(), rest.String()), &p)
}

// entrySource renders the reconciler type, New, and the entry that runs
// get (which reads the Widget into obj, or w) then rest, in the style the
// entry value names; what says what the reconciler does.
func entrySource(entry, what string, c Choices, p *parts, get, rest string) string {
	var m strings.Builder
	m.WriteString("// reconciler " + what + " (" + c.String() + ").\n")
	m.WriteString("type reconciler struct {\n" + strings.Join(p.fields, "\n") + "\n}\n\n")
	lit := "&reconciler{" + strings.Join(p.inits, ", ") + "}"
	const sigRec = "(ctx context.Context, req reconcile.Request) (reconcile.Result, error)"
	switch entry {
	case "reconcile-func":
		m.WriteString("// New returns the reconciler on client c.\nfunc New(c client.Client) reconcile.Reconciler {\nr := " + lit + "\nreturn reconcile.Func(func" + sigRec + " {\n" + get + rest + "})\n}\n")
	case "sync-runner":
		// A Sync(ctx, key) run by a generic runner of another package.
		m.WriteString("// New returns the reconciler on client c.\nfunc New(c client.Client) reconcile.Reconciler {\nreturn runner.Keyed(" + lit + ")\n}\n\n")
		body := strings.Replace(get, "req.NamespacedName", "name", 1) + rest
		m.WriteString("// Sync syncs the Widget that name names.\nfunc (r *reconciler) Sync(ctx context.Context, name types.NamespacedName) error {\n" + errorReturns(body) + "}\n")
	case "reconcile-kind":
		// A ReconcileKind(ctx, obj) called, with the object read, by a
		// generic reconciler of another package.
		m.WriteString("// New returns the reconciler on client c.\nfunc New(c client.Client) reconcile.Reconciler {\nreturn runner.ForKind(c, " + lit + ")\n}\n\n")
		m.WriteString("// ReconcileKind reconciles one Widget.\nfunc (r *reconciler) ReconcileKind(ctx context.Context, obj *v1.Widget) error {\n" + errorReturns(rest) + "}\n")
	case "object-manager":
		// A manager made for each object by a factory, synced through an
		// interface by a generic reconciler of another package (the
		// operator-sdk helm reconciler's shape).
		m.WriteString("// New returns the reconciler on client c.\nfunc New(c client.Client) reconcile.Reconciler {\nreturn runner.ForManagers(c, factory{r: " + lit + "})\n}\n\n")
		m.WriteString("// factory makes the manager of each Widget.\ntype factory struct{ r *reconciler }\n\n// NewManager implements runner.ManagerFactory.\nfunc (f factory) NewManager(w *v1.Widget) runner.Manager { return &manager{r: f.r, obj: w} }\n\n")
		m.WriteString("// manager reconciles one Widget.\ntype manager struct {\nr   *reconciler\nobj *v1.Widget\n}\n\n")
		m.WriteString("// Sync implements runner.Manager.\nfunc (m *manager) Sync(ctx context.Context) error {\nr, obj := m.r, m.obj\n" + errorReturns(rest) + "}\n")
	case "sub-reconciler":
		m.WriteString("// New returns the reconciler on client c.\nfunc New(c client.Client) reconcile.Reconciler {\nreturn " + lit + "\n}\n\n")
		m.WriteString("// Reconcile implements reconcile.Reconciler.\nfunc (r *reconciler) Reconcile" + sigRec + " {\n" + get + "return r.reconcileObject(ctx, obj)\n}\n\n")
		m.WriteString("func (r *reconciler) reconcileObject(ctx context.Context, obj *v1.Widget) (reconcile.Result, error) {\n" + rest + "}\n")
	default:
		m.WriteString("// New returns the reconciler on client c.\nfunc New(c client.Client) reconcile.Reconciler {\nreturn " + lit + "\n}\n\n")
		m.WriteString("// Reconcile implements reconcile.Reconciler.\nfunc (r *reconciler) Reconcile" + sigRec + " {\n" + get + rest + "}\n")
	}
	for _, d := range p.decls {
		m.WriteString("\n" + d)
	}
	return m.String()
}

// finish renders the program's files: its main file (source main) and,
// when p has helper code, its helper package.
func finish(name string, c Choices, main string, p *parts) (Program, error) {
	helperPath := ""
	if len(p.helper) > 0 {
		helperPath = Module + "/" + name + "/helper"
	}
	prog := Program{Name: name, Choices: c, Intended: c.Intended(), Files: map[string]string{}}
	src, err := file(name, helperPath, main)
	if err != nil {
		return Program{}, err
	}
	prog.Files[name+"/reconciler.go"] = src
	if helperPath != "" {
		h, err := file("helper", "", strings.Join(p.helper, "\n"))
		if err != nil {
			return Program{}, err
		}
		prog.Files[name+"/helper/helper.go"] = h
	}
	return prog, nil
}

// clientField adds the reconciler's client to p: a field c for the entries
// that keep it in a field (method-field, reconcile-func), the embedded
// client.Client otherwise. It returns the client expression in the
// reconciler's methods.
func clientField(entry string, p *parts) string {
	if entry == "method-field" || entry == "reconcile-func" {
		p.fields = append(p.fields, "c client.Client")
		p.inits = append(p.inits, "c: c")
		return "r.c"
	}
	p.fields = append(p.fields, "client.Client")
	p.inits = append(p.inits, "Client: c")
	return "r"
}

// errorReturns turns the returns of a reconcile body into those of a
// function that returns only an error.
func errorReturns(body string) string {
	return strings.ReplaceAll(body, "return reconcile.Result{}, ", "return ")
}

// child returns the statements that write val into the Widget's child
// ConfigMap.
func child(write, guard, cl, sel, ptr string) string {
	if write == "createorupdate" || write == "createorpatch" {
		fn := map[string]string{"createorupdate": "CreateOrUpdate", "createorpatch": "CreateOrPatch"}[write]
		return fmt.Sprintf(`cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: %[2]s.Name + "-data", Namespace: %[2]s.Namespace}}
if _, err := controllerutil.%[4]s(ctx, %[1]s, cm, func() error {
if cm.Data == nil {
cm.Data = map[string]string{}
}
cm.Data["value"] = val
return controllerutil.SetControllerReference(%[3]s, cm, %[1]s.Scheme())
}); err != nil {
return reconcile.Result{}, err
}
`, cl, sel, ptr, fn)
	}
	s := fmt.Sprintf(`cm := &corev1.ConfigMap{}
key := types.NamespacedName{Namespace: %[2]s.Namespace, Name: %[2]s.Name + "-data"}
if err := %[1]s.Get(ctx, key, cm); apierrors.IsNotFound(err) {
cm = &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: key.Name, Namespace: key.Namespace}, Data: map[string]string{"value": val}}
if err := controllerutil.SetControllerReference(%[3]s, cm, %[1]s.Scheme()); err != nil {
return reconcile.Result{}, err
}
return reconcile.Result{}, %[1]s.Create(ctx, cm)
} else if err != nil {
return reconcile.Result{}, err
}
`, cl, sel, ptr)
	cond := ""
	switch guard {
	case "deepequal-semantic", "deepequal-reflect":
		s += "orig := cm.DeepCopy()\n"
		cond = "!equality.Semantic.DeepEqual(orig.Data, cm.Data)"
		if guard == "deepequal-reflect" {
			cond = "!reflect.DeepEqual(orig.Data, cm.Data)"
		}
	case "cmp-equal":
		s += "orig := cm.DeepCopy()\n"
		cond = "!cmp.Equal(orig.Data, cm.Data)"
	case "changed-flag":
		s += `changed := cm.Data["value"] != val` + "\n"
		cond = "changed"
	}
	s += "if cm.Data == nil {\ncm.Data = map[string]string{}\n}\ncm.Data[\"value\"] = val\n"
	upd := "if err := " + cl + ".Update(ctx, cm); err != nil {\nreturn reconcile.Result{}, err\n}\n"
	if cond != "" {
		return s + "if " + cond + " {\n" + upd + "}\n"
	}
	return s + upd
}

// formatSource gofmts a complete file.
func formatSource(src string) (string, error) {
	out, err := format.Source([]byte(src))
	return string(out), err
}
