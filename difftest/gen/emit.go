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
	"sha256":         "crypto/sha256",
	"hex":            "encoding/hex",
	"cache":          "k8s.io/client-go/tools/cache",
	"corev1ac":       "k8s.io/client-go/applyconfigurations/core/v1",
	"metav1ac":       "k8s.io/client-go/applyconfigurations/meta/v1",
	"appsv1":         "k8s.io/api/apps/v1",
	"xmaps":          "golang.org/x/exp/maps",
	"unstructured":   "k8s.io/apimachinery/pkg/apis/meta/v1/unstructured",
	"runtime":        "k8s.io/apimachinery/pkg/runtime",
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
	case "select-order":
		// Workers hand the keys back on two channels; a select with both
		// ready picks one at random, so the keys come in completion order.
		return source{pre: "sorted := slices.Sorted(maps.Keys(in.Spec.Labels))\nlanes := [2]chan string{make(chan string, len(sorted)), make(chan string, len(sorted))}\nvar wg sync.WaitGroup\nfor i, k := range sorted {\nwg.Add(1)\ngo func() {\ndefer wg.Done()\nlanes[i%2] <- k\n}()\n}\nwg.Wait()\nvar keys []string\nfor len(keys) < len(sorted) {\nselect {\ncase k := <-lanes[0]:\nkeys = append(keys, k)\ncase k := <-lanes[1]:\nkeys = append(keys, k)\n}\n}\n", expr: `strings.Join(keys, ",")`, usesIn: true}
	case "indexer-keys":
		// A client-go store keeps its items in a map: its lists come in
		// map order.
		return source{pre: "store := cache.NewThreadSafeStore(cache.Indexers{}, cache.Indices{})\nfor k, v := range in.Spec.Labels {\nstore.Add(k, v)\n}\n", expr: `strings.Join(store.ListKeys(), ",")`, usesIn: true}
	case "xexp-maps-keys":
		// A collection helper of another module that returns the keys in
		// map order (golang.org/x/exp/maps.Keys before it returned an
		// iterator).
		return source{expr: `strings.Join(xmaps.Keys(in.Spec.Labels), ",")`, usesIn: true}
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

// metaMap is the map of the object's metadata a destination writes.
func metaMap(dest string) string {
	if dest == "label" {
		return "Labels"
	}
	return "Annotations"
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
	if repr == "unstructured" {
		// Read as unstructured content, and converted for the code that
		// computes the value.
		get.Reset()
		fmt.Fprintf(&get, "u := &unstructured.Unstructured{}\nu.SetGroupVersionKind(v1.GroupVersion.WithKind(\"Widget\"))\nif err := %s.Get(ctx, req.NamespacedName, u); err != nil {\nreturn reconcile.Result{}, client.IgnoreNotFound(err)\n}\nobj := &v1.Widget{}\nif err := runtime.DefaultUnstructuredConverter.FromUnstructured(u.Object, obj); err != nil {\nreturn reconcile.Result{}, err\n}\n", cl)
	} else {
		fmt.Fprintf(&get, "if err := %s.Get(ctx, req.NamespacedName, %s); err != nil {\nreturn reconcile.Result{}, client.IgnoreNotFound(err)\n}\n", cl, ptr)
	}
	b := &rest

	if guard == "observed-generation" {
		fmt.Fprintf(b, "if %s.Status.ObservedGeneration == %s.Generation {\nreturn reconcile.Result{}, nil\n}\n", sel, sel)
	}
	deepEqual := guard == "deepequal-semantic" || guard == "deepequal-reflect" || guard == "cmp-equal"
	copied := sel // the object the copies for the guard and the patch are of
	if repr == "unstructured" {
		copied = "u"
	}
	if repr == "scope-deferred" {
		// The scope keeps the snapshot and patches when the reconcile ends.
		fmt.Fprintf(b, "scope := newWidgetScope(%s, %s)\ndefer scope.close(ctx)\n", cl, ptr)
		cmp := ""
		if guard == "deepequal-semantic" {
			cmp = "if equality.Semantic.DeepEqual(s.base.Status, s.obj.Status) {\nreturn nil\n}\n"
		}
		p.decls = append(p.decls, "// widgetScope holds a Widget for one reconcile and patches its status when\n// the reconcile ends.\ntype widgetScope struct {\nc    client.Client\nobj  *v1.Widget\nbase *v1.Widget\n}\n\n// newWidgetScope takes the snapshot the patch is computed from.\nfunc newWidgetScope(c client.Client, obj *v1.Widget) *widgetScope {\nreturn &widgetScope{c: c, obj: obj, base: obj.DeepCopy()}\n}\n\n// close patches the status changes of the reconcile.\nfunc (s *widgetScope) close(ctx context.Context) error {\n"+cmp+"return s.c.Status().Patch(ctx, s.obj, client.MergeFrom(s.base))\n}\n")
	} else if !childDest(dest) {
		if deepEqual {
			fmt.Fprintf(b, "orig := %s.DeepCopy()\n", copied)
		}
		if write == "status-patch" || write == "patch" {
			fmt.Fprintf(b, "base := %s.DeepCopy()\n", copied)
		}
		if write == "patch-helper" {
			fmt.Fprintf(b, "ph := runner.NewPatchHelper(%s, %s)\n", ptr, cl)
		}
	}
	b.WriteString(transport(c[DimTransport], sourceOf(c[DimSource]), ptr, &p))
	if dest == "label" {
		// A label value is short and plain: the value's digest.
		b.WriteString("val = labelValue(val)\n")
		p.decls = append(p.decls, "// labelValue is a label value standing for v: a prefix of its digest.\nfunc labelValue(v string) string {\nreturn hashOf(v)[:16]\n}\n")
	}
	if dest == "label" || guard == "hash-compare" {
		p.decls = append(p.decls, "// hashOf is the hex SHA-256 digest of v.\nfunc hashOf(v string) string {\nsum := sha256.Sum256([]byte(v))\nreturn hex.EncodeToString(sum[:])\n}\n")
	}
	if guard == "op-result" {
		// The status is written when the child's CreateOrUpdate changed it.
		fmt.Fprintf(b, `cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: %[2]s.Name + "-data", Namespace: %[2]s.Namespace}}
op, err := controllerutil.CreateOrUpdate(ctx, %[1]s, cm, func() error {
cm.Data = map[string]string{"value": val}
return controllerutil.SetControllerReference(%[3]s, cm, %[1]s.Scheme())
})
if err != nil {
return reconcile.Result{}, err
}
`, cl, sel, ptr)
	}

	wsel, wptr := sel, ptr // the object written
	gen := ""
	if guard == "observed-generation" {
		gen = sel + ".Generation"
	}
	changed := ""
	switch {
	case childDest(dest):
		// written below
	case metaDest(dest):
		cur := sel + ".Spec.Note"
		if dest != "spec" {
			cur = fmt.Sprintf("%s.%s[%q]", sel, metaMap(dest), annotationKey)
		}
		switch guard {
		case "changed-flag":
			b.WriteString("changed := " + cur + " != val\n")
			changed = "changed"
		case "hash-compare":
			b.WriteString("changed := hashOf(" + cur + ") != hashOf(val)\n")
			changed = "changed"
		}
		if repr == "deepcopy-whole" {
			b.WriteString("work := " + sel + ".DeepCopy()\n")
			wsel, wptr = "work", "work"
		}
		if dest == "spec" {
			b.WriteString(wsel + ".Spec.Note = val\n")
		} else {
			m := wsel + "." + metaMap(dest)
			fmt.Fprintf(b, "if %s == nil {\n%s = map[string]string{}\n}\n%s[%q] = val\n", m, m, m, annotationKey)
		}
	default:
		if guard == "changed-flag" || guard == "hash-compare" {
			changed = current(dest, sel+".Status") + " != val"
			if guard == "hash-compare" {
				changed = "hashOf(" + current(dest, sel+".Status") + ") != hashOf(val)"
			}
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
			if guard == "set-condition" {
				b.WriteString("changed := " + mutation(dest, sel+".Status", gen))
				changed = "changed"
				break
			}
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
		case "options":
			// Functional options applied to a copy of the status.
			p.decls = append(p.decls, "// statusOption changes a status.\ntype statusOption func(*v1.WidgetStatus)\n\n// withValue stores the value (and the generation it was computed at).\nfunc withValue(val string, gen int64) statusOption {\nreturn func(s *v1.WidgetStatus) {\n"+mutation(dest, "s", map[bool]string{true: "gen"}[gen != ""])+"_ = gen\n}\n}\n\n// desired is cur with opts applied, on a copy.\nfunc desired(cur v1.WidgetStatus, opts ...statusOption) v1.WidgetStatus {\nout := *cur.DeepCopy()\nfor _, o := range opts {\no(&out)\n}\nreturn out\n}\n")
			fmt.Fprintf(b, "%s.Status = desired(%s.Status, withValue(val, %s.Generation))\n", sel, sel, sel)
		case "scope-deferred":
			wsel, wptr = "scope.obj", "scope.obj"
			b.WriteString(mutation(dest, "scope.obj.Status", gen))
		case "unstructured":
			wsel, wptr = "u", "u"
			if dest == "status-summary" {
				b.WriteString("if err := unstructured.SetNestedField(u.Object, val, \"status\", \"summary\"); err != nil {\nreturn reconcile.Result{}, err\n}\n")
			} else {
				b.WriteString("if err := unstructured.SetNestedStringSlice(u.Object, strings.Split(val, \",\"), \"status\", \"members\"); err != nil {\nreturn reconcile.Result{}, err\n}\n")
			}
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
	if repr == "scope-deferred" {
		// The scope's patch is the write; a stamp goes in before it.
		if c[DimStamp] == "before-guard" {
			b.WriteString(stamp)
		}
		b.WriteString("return reconcile.Result{}, nil\n")
		return finish(name, c, entrySource(entry, "stores a computed value in its Widget", c, &p, get.String(), rest.String()), &p)
	}
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
	case "patch-helper":
		writeCall = "ph.Patch(ctx, " + wptr + ")"
	}
	writeStmt := "if err := " + writeCall + "; err != nil {\nreturn reconcile.Result{}, err\n}\n"
	if write == "typed-update-status" {
		// Through a typed client in client-gen's shape, which returns
		// the stored object and leaves its argument as it was.
		writeStmt = "if _, err := runner.Typed(" + cl + ").Widgets(" + wsel + ".Namespace).UpdateStatus(ctx, " + wptr + ", metav1.UpdateOptions{}); err != nil {\nreturn reconcile.Result{}, err\n}\n"
	}
	if write == "status-patch-late-base" {
		writeStmt = "late := " + wsel + ".DeepCopy()\n" + writeStmt
	}
	if c[DimStamp] == "inside-guard" {
		writeStmt = stamp + writeStmt
	}

	if childDest(dest) {
		b.WriteString(child(dest, write, guard, cl, sel, ptr))
	} else {
		var cond string
		what := ".Status"
		if metaDest(dest) {
			what = map[string]string{"annotation": ".Annotations", "label": ".Labels", "spec": ".Spec"}[dest]
		}
		if repr == "unstructured" {
			what = `.Object["status"]`
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
			case "spec":
				field = ".Spec.Note"
			}
			cond = "!cmp.Equal(orig" + field + ", " + wsel + field + ")"
		case "changed-flag", "hash-compare", "set-condition":
			cond = changed
		case "op-result":
			cond = "op != controllerutil.OperationResultNone"
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
	case "as-reconciler":
		// A typed reconciler of the object, read by controller-runtime's
		// AsReconciler.
		m.WriteString("// New returns the reconciler on client c.\nfunc New(c client.Client) reconcile.Reconciler {\nreturn reconcile.AsReconciler[*v1.Widget](c, " + lit + ")\n}\n\n")
		m.WriteString("// Reconcile implements reconcile.ObjectReconciler.\nfunc (r *reconciler) Reconcile(ctx context.Context, obj *v1.Widget) (reconcile.Result, error) {\n" + rest + "}\n")
	case "external-client":
		// A crossplane-style client of the Widget's external resource,
		// driven by a generic managed reconciler of another package:
		// Observe reconciles.
		m.WriteString("// New returns the reconciler on client c.\nfunc New(c client.Client) reconcile.Reconciler {\nreturn runner.Managed(c, &external{r: " + lit + "})\n}\n\n")
		m.WriteString("// external is the client of the Widget's external resource.\ntype external struct{ r *reconciler }\n\n")
		body := strings.ReplaceAll(rest, "return reconcile.Result{}, ", "return runner.Observation{}, ")
		if i := strings.LastIndex(body, "return runner.Observation{}, nil\n"); i >= 0 {
			body = body[:i] + "return runner.Observation{ResourceExists: true, ResourceUpToDate: true}, nil\n" + body[i+len("return runner.Observation{}, nil\n"):]
		}
		m.WriteString("// Observe implements runner.ExternalClient.\nfunc (e *external) Observe(ctx context.Context, obj *v1.Widget) (runner.Observation, error) {\nr := e.r\n" + body + "}\n\n")
		m.WriteString("// Create implements runner.ExternalClient.\nfunc (e *external) Create(context.Context, *v1.Widget) error { return nil }\n\n")
		m.WriteString("// Update implements runner.ExternalClient.\nfunc (e *external) Update(context.Context, *v1.Widget) error { return nil }\n")
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

// childKind is the kind of a child object a destination writes: a
// ConfigMap's data, or a Deployment's pod template annotation.
type childKind struct {
	v, typ, suffix   string // variable, Go type, name suffix
	apiVersion, kind string
	field            string // the map val is stored in, as an expression on v
	fill             string // statements that set the rest of a desired object
}

func childKindOf(dest string) childKind {
	if dest == "pod-template" {
		return childKind{v: "dep", typ: "appsv1.Deployment", suffix: "-app", apiVersion: "apps/v1", kind: "Deployment",
			field: "dep.Spec.Template.Annotations",
			fill: `dep.Spec.Selector = &metav1.LabelSelector{MatchLabels: map[string]string{"app": dep.Name}}
dep.Spec.Template.Labels = map[string]string{"app": dep.Name}
dep.Spec.Template.Spec.Containers = []corev1.Container{{Name: "main", Image: "example.com/widget:1"}}
`}
	}
	return childKind{v: "cm", typ: "corev1.ConfigMap", suffix: "-data", apiVersion: "v1", kind: "ConfigMap", field: "cm.Data"}
}

// child returns the statements that write val into the Widget's child (a
// ConfigMap's data or a Deployment's pod template).
func child(dest, write, guard, cl, sel, ptr string) string {
	k := childKindOf(dest)
	key := `"value"`
	if dest == "pod-template" {
		key = fmt.Sprintf("%q", annotationKey)
	}
	ensure := fmt.Sprintf("if %[1]s == nil {\n%[1]s = map[string]string{}\n}\n%[1]s[%[2]s] = val\n", k.field, key)
	meta := fmt.Sprintf(`metav1.ObjectMeta{Name: %[1]s.Name + %[2]q, Namespace: %[1]s.Namespace}`, sel, k.suffix)
	owner := fmt.Sprintf("if err := controllerutil.SetControllerReference(%s, %s, %s.Scheme()); err != nil {\nreturn reconcile.Result{}, err\n}\n", ptr, k.v, cl)
	switch write {
	case "apply-patch":
		return fmt.Sprintf("%s := &%s{\nTypeMeta:   metav1.TypeMeta{APIVersion: %q, Kind: %q},\nObjectMeta: %s,\n}\n", k.v, k.typ, k.apiVersion, k.kind, meta) +
			k.fill + ensure + owner +
			fmt.Sprintf("if err := %s.Patch(ctx, %s, client.Apply, client.FieldOwner(\"widget-controller\"), client.ForceOwnership); err != nil {\nreturn reconcile.Result{}, err\n}\n", cl, k.v)
	case "apply":
		return fmt.Sprintf(`owner := metav1ac.OwnerReference().WithAPIVersion(v1.GroupVersion.String()).WithKind("Widget").WithName(%[2]s.Name).WithUID(%[2]s.UID).WithController(true).WithBlockOwnerDeletion(true)
cm := corev1ac.ConfigMap(%[2]s.Name+"-data", %[2]s.Namespace).WithOwnerReferences(owner).WithData(map[string]string{"value": val})
if err := %[1]s.Apply(ctx, cm, client.FieldOwner("widget-controller"), client.ForceOwnership); err != nil {
return reconcile.Result{}, err
}
`, cl, sel)
	case "createorupdate", "createorpatch":
		fn := map[string]string{"createorupdate": "CreateOrUpdate", "createorpatch": "CreateOrPatch"}[write]
		return fmt.Sprintf("%s := &%s{ObjectMeta: %s}\nif _, err := controllerutil.%s(ctx, %s, %s, func() error {\n", k.v, k.typ, meta, fn, cl, k.v) +
			k.fill + ensure +
			fmt.Sprintf("return controllerutil.SetControllerReference(%s, %s, %s.Scheme())\n}); err != nil {\nreturn reconcile.Result{}, err\n}\n", ptr, k.v, cl)
	}
	// Get, then Create when it is missing, or Update: through the
	// controller-runtime client, or through a client-go typed clientset.
	get := fmt.Sprintf("%s := &%s{}\nkey := types.NamespacedName{Namespace: %s.Namespace, Name: %s.Name + %q}\ngetErr := %s.Get(ctx, key, %s)\n", k.v, k.typ, sel, sel, k.suffix, cl, k.v)
	create := fmt.Sprintf("return reconcile.Result{}, %s.Create(ctx, %s)\n", cl, k.v)
	upd := "if err := " + cl + ".Update(ctx, " + k.v + "); err != nil {\nreturn reconcile.Result{}, err\n}\n"
	if write == "typed-update" {
		get = fmt.Sprintf("cms := runner.Clientset(%s).CoreV1().ConfigMaps(%s.Namespace)\n%s, getErr := cms.Get(ctx, %s.Name+%q, metav1.GetOptions{})\n", cl, sel, k.v, sel, k.suffix)
		create = fmt.Sprintf("_, err := cms.Create(ctx, %s, metav1.CreateOptions{})\nreturn reconcile.Result{}, err\n", k.v)
		upd = "if _, err := cms.Update(ctx, " + k.v + ", metav1.UpdateOptions{}); err != nil {\nreturn reconcile.Result{}, err\n}\n"
	}
	out := get + "if apierrors.IsNotFound(getErr) {\n" +
		fmt.Sprintf("%s = &%s{ObjectMeta: %s}\n", k.v, k.typ, meta) + k.fill + ensure + owner + create +
		"} else if getErr != nil {\nreturn reconcile.Result{}, getErr\n}\n"
	cur := fmt.Sprintf("%s[%s]", k.field, key)
	cond := ""
	switch guard {
	case "hash-compare":
		out += "changed := hashOf(" + cur + ") != hashOf(val)\n"
		cond = "changed"
	case "deepequal-semantic", "deepequal-reflect":
		out += "orig := " + k.v + ".DeepCopy()\n"
		cond = "!equality.Semantic.DeepEqual(orig, " + k.v + ")"
		if guard == "deepequal-reflect" {
			cond = "!reflect.DeepEqual(orig, " + k.v + ")"
		}
	case "cmp-equal":
		out += "orig := " + k.v + ".DeepCopy()\n"
		cond = "!cmp.Equal(orig." + strings.TrimPrefix(k.field, k.v+".") + ", " + k.field + ")"
	case "changed-flag":
		out += "changed := " + cur + " != val\n"
		cond = "changed"
	}
	out += ensure
	if cond != "" {
		return out + "if " + cond + " {\n" + upd + "}\n"
	}
	return out + upd
}

// formatSource gofmts a complete file.
func formatSource(src string) (string, error) {
	out, err := format.Source([]byte(src))
	return string(out), err
}
