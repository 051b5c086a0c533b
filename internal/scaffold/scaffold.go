// Package scaffold writes verify tests for the reconcilers of a module:
// reconcilelint -scaffold-verify.
//
// A reconciler is a named type of a loaded package whose method set has
// Reconcile(context.Context, reconcile.Request) (reconcile.Result, error),
// or Reconcile(ctx, obj) of a reconcile.ObjectReconciler, and
// SetupWithManager(manager.Manager) error. For each one the scaffold
// writes a test that builds a scheme from client-go's scheme and the
// AddToScheme of the API packages SetupWithManager names, seeds one
// primary object of its For type, and runs verify.Run(t,
// verify.FromSetup(…)) with a setup function that constructs the
// reconciler as main.go does (client, scheme, API reader and event
// recorder fields from the manager) and calls its SetupWithManager. The
// tests of the reconcilers declared in foo.go go to foo_verify_test.go,
// in the same package.
package scaffold

import (
	"bytes"
	"errors"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/tools/go/packages"
)

// VerifyPath is the import path of the verify module's package.
const VerifyPath = "github.com/reconcilelint/reconcilelint/verify"

const (
	crPkg         = "sigs.k8s.io/controller-runtime/pkg/"
	reconcilePath = crPkg + "reconcile"
	clientPath    = crPkg + "client"
	managerPath   = crPkg + "manager"
	builderPath   = crPkg + "builder"
	runtimePath   = "k8s.io/apimachinery/pkg/runtime"
	metav1Path    = "k8s.io/apimachinery/pkg/apis/meta/v1"
	recordPath    = "k8s.io/client-go/tools/record"
	schemePath    = "k8s.io/client-go/kubernetes/scheme"
	builtinAPIs   = "k8s.io/api/"
)

// clusterScoped lists the built-in kinds (k8s.io/api) that have no
// namespace.
var clusterScoped = map[string]bool{
	"Node": true, "Namespace": true, "PersistentVolume": true, "ClusterRole": true, "ClusterRoleBinding": true,
	"StorageClass": true, "CSIDriver": true, "CSINode": true, "VolumeAttachment": true, "PriorityClass": true,
	"RuntimeClass": true, "IngressClass": true, "CertificateSigningRequest": true, "ComponentStatus": true,
	"MutatingWebhookConfiguration": true, "ValidatingWebhookConfiguration": true, "ValidatingAdmissionPolicy": true,
	"ValidatingAdmissionPolicyBinding": true, "FlowSchema": true, "PriorityLevelConfiguration": true,
}

// File is one test file to write.
type File struct {
	// Path is the file's absolute path.
	Path string
	// Tests are the names of its test functions.
	Tests []string
	// Src is the gofmt-formatted source.
	Src []byte
}

// reconciler is one reconciler to scaffold a test for.
type reconciler struct {
	pkg    *packages.Package
	obj    *types.TypeName
	file   string // the file that declares the type
	forT   *types.Named
	apis   []*types.Package // packages whose AddToScheme the scheme needs
	fields []fieldInit
	test   string
	// aliases are the import names of the file that declares the type.
	aliases map[string]string
	// cluster is true when the For kind has no namespace.
	cluster bool
}

// fieldInit is a field of the reconciler set from the manager.
type fieldInit struct {
	name string
	expr string // with the placeholders {mgr} and {record}
}

// Plan loads the packages the patterns match in dir, finds their
// reconcilers and renders the test files. notes say which reconcilers were
// skipped and why. It fails when the packages do not load or no reconciler
// can be scaffolded.
func Plan(dir string, patterns []string) (files []File, notes []string, err error) {
	cfg := &packages.Config{
		Dir:  dir,
		Mode: packages.NeedName | packages.NeedFiles | packages.NeedSyntax | packages.NeedTypes | packages.NeedTypesInfo | packages.NeedImports,
	}
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		return nil, nil, fmt.Errorf("load the packages: %w", err)
	}
	if msg := loadError(dir, pkgs); msg != "" {
		return nil, nil, fmt.Errorf("cannot load the packages: %s", msg)
	}
	if len(pkgs) == 0 {
		return nil, nil, fmt.Errorf("%s matched no packages", strings.Join(patterns, " "))
	}
	sc := &scanner{dir: dir, markers: map[string]map[string]string{}}
	var recs []*reconciler
	for _, p := range pkgs {
		rs, ns := sc.reconcilers(p)
		recs = append(recs, rs...)
		notes = append(notes, ns...)
	}
	for _, r := range recs {
		if err := refuseExisting(testFile(r.file)); err != nil {
			return nil, notes, err
		}
	}
	if len(recs) == 0 {
		return nil, notes, fmt.Errorf("no reconciler with a SetupWithManager method in %s", strings.Join(patterns, " "))
	}
	byFile := map[string][]*reconciler{}
	for _, r := range recs {
		byFile[r.file] = append(byFile[r.file], r)
	}
	names := slices.Sorted(func(yield func(string) bool) {
		for k := range byFile {
			if !yield(k) {
				return
			}
		}
	})
	for _, name := range names {
		f, err := render(byFile[name])
		if err != nil {
			return nil, notes, err
		}
		files = append(files, f)
	}
	return files, notes, nil
}

// Display returns path relative to the working directory when it lies
// under it, as reconcilelint prints file names.
func Display(path string) string {
	wd, err := os.Getwd()
	if err != nil {
		return path
	}
	if r, err := filepath.Rel(wd, path); err == nil && !strings.HasPrefix(r, "..") {
		return r
	}
	return path
}

// testFile is the test file of the reconcilers declared in file.
func testFile(file string) string { return strings.TrimSuffix(file, ".go") + "_verify_test.go" }

// refuseExisting fails when path exists.
func refuseExisting(path string) error {
	if _, err := os.Stat(path); err == nil {
		return fmt.Errorf("%s already exists; -scaffold-verify does not overwrite files (move it away to scaffold again); no file written", Display(path))
	} else if !errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("check %s: %w", path, err)
	}
	return nil
}

// loadError describes the errors of the loaded packages in one line: the
// first error of the source (a syntax or type error, at its position
// relative to dir) before the go command's, and how many more there are.
func loadError(dir string, pkgs []*packages.Package) string {
	var errs []packages.Error
	packages.Visit(pkgs, nil, func(p *packages.Package) { errs = append(errs, p.Errors...) })
	if len(errs) == 0 {
		return ""
	}
	sort.SliceStable(errs, func(i, j int) bool {
		return errs[i].Kind != packages.ListError && errs[j].Kind == packages.ListError
	})
	e := errs[0]
	msg, _, _ := strings.Cut(strings.TrimSpace(e.Msg), "\n")
	if e.Pos != "" && e.Pos != "-" {
		pos := e.Pos
		if r, err := filepath.Rel(dir, pos); err == nil && !strings.HasPrefix(r, "..") {
			pos = r
		}
		msg = pos + ": " + msg
	}
	if len(errs) > 1 {
		msg += fmt.Sprintf(" (and %d more errors)", len(errs)-1)
	}
	return msg
}

// Write writes the files, none of which may exist yet: when one does, it
// writes nothing and says which.
func Write(files []File) error {
	for _, f := range files {
		if err := refuseExisting(f.Path); err != nil {
			return err
		}
	}
	for _, f := range files {
		if err := os.WriteFile(f.Path, f.Src, 0o644); err != nil {
			return fmt.Errorf("write %s: %w", f.Path, err)
		}
	}
	return nil
}

type scanner struct {
	dir string
	// markers caches, per package path, the doc comments of its types.
	markers map[string]map[string]string
}

// reconcilers finds the reconcilers declared in p.
func (sc *scanner) reconcilers(p *packages.Package) ([]*reconciler, []string) {
	if p.Types == nil || p.TypesInfo == nil {
		return nil, nil
	}
	var out []*reconciler
	var notes []string
	taken := testNames(p)
	for _, name := range p.Types.Scope().Names() {
		tn, ok := p.Types.Scope().Lookup(name).(*types.TypeName)
		if !ok || tn.IsAlias() {
			continue
		}
		named, ok := tn.Type().(*types.Named)
		if !ok || named.TypeParams().Len() > 0 {
			continue
		}
		ms := types.NewMethodSet(types.NewPointer(named))
		rec := method(ms, p.Types, "Reconcile")
		if rec == nil {
			continue
		}
		kind := reconcileKind(rec)
		if kind == "" {
			continue
		}
		qual := p.PkgPath + "." + name
		if kind == "typed" {
			notes = append(notes, fmt.Sprintf("skipped %s: it reconciles typed requests; verify drives reconcile.Request only", qual))
			continue
		}
		setup := method(ms, p.Types, "SetupWithManager")
		if setup == nil || !isSetup(setup) {
			notes = append(notes, fmt.Sprintf("skipped %s: no SetupWithManager(manager.Manager) error method to wire it; write its verify.Spec by hand", qual))
			continue
		}
		decl := funcDecl(p, setup)
		if decl == nil {
			notes = append(notes, fmt.Sprintf("skipped %s: its SetupWithManager is not declared in the package", qual))
			continue
		}
		r := &reconciler{pkg: p, obj: tn, file: p.Fset.Position(tn.Pos()).Filename, test: "TestVerify" + name}
		watched := builderObjects(p.TypesInfo, decl)
		if len(watched) == 0 || watched[0].role != "For" {
			notes = append(notes, fmt.Sprintf("skipped %s: its SetupWithManager calls no builder For(…) with an object type, so the primary kind is unknown", qual))
			continue
		}
		r.forT = watched[0].t
		if !hasObjectMeta(r.forT) {
			notes = append(notes, fmt.Sprintf("skipped %s: its For type %s has no ObjectMeta to seed", qual, r.forT.Obj().Name()))
			continue
		}
		missing := ""
		seen := map[string]bool{}
		for _, w := range watched {
			pk := w.t.Obj().Pkg()
			if pk == nil || seen[pk.Path()] || strings.HasPrefix(pk.Path(), builtinAPIs) {
				continue
			}
			seen[pk.Path()] = true
			if pk.Scope().Lookup("AddToScheme") == nil {
				missing = pk.Path()
				break
			}
			r.apis = append(r.apis, pk)
		}
		if missing != "" {
			notes = append(notes, fmt.Sprintf("skipped %s: package %s has no AddToScheme to register its types", qual, missing))
			continue
		}
		r.fields = fieldInits(named)
		r.aliases = fileImports(p, r.file)
		r.cluster = sc.clusterScopedType(r.forT)
		// When the test file exists, Plan refuses to overwrite it.
		if f, dup := taken[r.test]; dup && f != filepath.Base(testFile(r.file)) {
			notes = append(notes, fmt.Sprintf("skipped %s: %s already exists in %s", qual, r.test, f))
			continue
		}
		out = append(out, r)
	}
	return out, notes
}

// method returns the method name of a method set, or nil.
func method(ms *types.MethodSet, pkg *types.Package, name string) *types.Func {
	sel := ms.Lookup(pkg, name)
	if sel == nil {
		return nil
	}
	f, _ := sel.Obj().(*types.Func)
	return f
}

// isNamed reports whether t (through a pointer when ptr) is the named type
// path.name.
func isNamed(t types.Type, path, name string, ptr bool) bool {
	if ptr {
		p, ok := types.Unalias(t).(*types.Pointer)
		if !ok {
			return false
		}
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == path && n.Obj().Name() == name
}

// reconcileKind says which Reconcile fn is: "request" for
// (ctx, reconcile.Request), "object" for (ctx, obj) of an
// ObjectReconciler, "typed" for another comparable request, "" for none.
func reconcileKind(fn *types.Func) string {
	sig := fn.Type().(*types.Signature)
	if sig.Params().Len() != 2 || sig.Results().Len() != 2 ||
		!isNamed(sig.Params().At(0).Type(), "context", "Context", false) ||
		!isNamed(sig.Results().At(0).Type(), reconcilePath, "Result", false) ||
		sig.Results().At(1).Type().String() != "error" {
		return ""
	}
	q := sig.Params().At(1).Type()
	switch {
	case isNamed(q, reconcilePath, "Request", false):
		return "request"
	case isObject(q):
		return "object"
	case types.Comparable(q):
		return "typed"
	}
	return ""
}

// isObject reports whether t has the methods of client.Object that matter
// here: a Kubernetes object with metadata.
func isObject(t types.Type) bool {
	ms := types.NewMethodSet(t)
	for _, m := range []string{"GetName", "GetNamespace", "GetObjectKind", "DeepCopyObject"} {
		if ms.Lookup(nil, m) == nil {
			return false
		}
	}
	return true
}

func isSetup(fn *types.Func) bool {
	sig := fn.Type().(*types.Signature)
	return sig.Params().Len() == 1 && sig.Results().Len() == 1 &&
		isNamed(sig.Params().At(0).Type(), managerPath, "Manager", false) && sig.Results().At(0).Type().String() == "error"
}

// funcDecl returns the declaration of fn in p.
func funcDecl(p *packages.Package, fn *types.Func) *ast.FuncDecl {
	for _, f := range p.Syntax {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil && p.TypesInfo.Defs[fd.Name] == fn {
				return fd
			}
		}
	}
	return nil
}

// watchedObject is an object type passed to the builder.
type watchedObject struct {
	role string // For, Owns, Watches
	t    *types.Named
}

// builderObjects returns the object types SetupWithManager passes to the
// controller-runtime builder's For, Owns and Watches, For first.
func builderObjects(info *types.Info, fd *ast.FuncDecl) []watchedObject {
	var fors, others []watchedObject
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || len(call.Args) == 0 {
			return true
		}
		se, ok := call.Fun.(*ast.SelectorExpr)
		if !ok {
			return true
		}
		role := se.Sel.Name
		if role != "For" && role != "Owns" && role != "Watches" && role != "WatchesMetadata" {
			return true
		}
		sel := info.Selections[se]
		if sel == nil || sel.Kind() != types.MethodVal {
			return true
		}
		recv := sel.Recv()
		if p, ok := recv.(*types.Pointer); ok {
			recv = p.Elem()
		}
		if n, ok := types.Unalias(recv).(*types.Named); !ok || n.Obj().Pkg() == nil || n.Obj().Pkg().Path() != builderPath {
			return true
		}
		p, ok := types.Unalias(info.TypeOf(call.Args[0])).(*types.Pointer)
		if !ok {
			return true
		}
		t, ok := types.Unalias(p.Elem()).(*types.Named)
		if !ok {
			return true
		}
		w := watchedObject{role: role, t: t}
		if role == "For" {
			fors = append(fors, w)
		} else {
			others = append(others, w)
		}
		return true
	})
	return append(fors, others...)
}

// hasObjectMeta reports whether t is a struct with an embedded
// metav1.ObjectMeta.
func hasObjectMeta(t *types.Named) bool {
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return false
	}
	for i := range st.NumFields() {
		f := st.Field(i)
		if f.Embedded() && isNamed(f.Type(), metav1Path, "ObjectMeta", false) {
			return true
		}
	}
	return false
}

// fieldInits returns the exported fields of the reconciler that main.go
// sets from the manager.
func fieldInits(t *types.Named) []fieldInit {
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return nil
	}
	var out []fieldInit
	for i := range st.NumFields() {
		f := st.Field(i)
		if !f.Exported() {
			continue
		}
		var expr string
		switch ft := f.Type(); {
		case isNamed(ft, clientPath, "Client", false):
			expr = "{mgr}.GetClient()"
		case isNamed(ft, clientPath, "Reader", false):
			expr = "{mgr}.GetAPIReader()"
		case isNamed(ft, runtimePath, "Scheme", true):
			expr = "{mgr}.GetScheme()"
		case isNamed(ft, recordPath, "EventRecorder", false):
			expr = "&{record}.FakeRecorder{}"
		default:
			continue
		}
		out = append(out, fieldInit{name: f.Name(), expr: expr})
	}
	return out
}

// fileImports returns the names under which the file imports packages
// (their alias, else the last path element).
func fileImports(p *packages.Package, file string) map[string]string {
	out := map[string]string{}
	for _, f := range p.Syntax {
		if p.Fset.Position(f.Package).Filename != file {
			continue
		}
		for _, is := range f.Imports {
			path, err := strconv.Unquote(is.Path.Value)
			if err != nil {
				continue
			}
			if is.Name != nil && is.Name.Name != "_" && is.Name.Name != "." {
				out[path] = is.Name.Name
			}
		}
	}
	return out
}

// testNames returns the top-level names declared in the package's test
// files in its directory, with the file that declares each.
func testNames(p *packages.Package) map[string]string {
	out := map[string]string{}
	if len(p.GoFiles) == 0 {
		return out
	}
	dir := filepath.Dir(p.GoFiles[0])
	ms, _ := filepath.Glob(filepath.Join(dir, "*_test.go"))
	fset := token.NewFileSet()
	for _, m := range ms {
		f, err := parser.ParseFile(fset, m, nil, parser.SkipObjectResolution)
		if err != nil {
			continue
		}
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv == nil {
				out[fd.Name.Name] = filepath.Base(m)
			}
		}
	}
	return out
}

// clusterScopedType reports whether the For type has no namespace: a
// built-in cluster-scoped kind, or a type marked
// +kubebuilder:resource:scope=Cluster.
func (sc *scanner) clusterScopedType(t *types.Named) bool {
	pk := t.Obj().Pkg()
	if strings.HasPrefix(pk.Path(), builtinAPIs) {
		return clusterScoped[t.Obj().Name()]
	}
	return scopeClusterRE.MatchString(sc.docOf(pk.Path(), t.Obj().Name()))
}

var scopeClusterRE = regexp.MustCompile(`\+kubebuilder:resource:[^\n]*scope=Cluster`)

// docOf returns the doc comments of the type name declared in the package
// path (its GenDecl's and its TypeSpec's).
func (sc *scanner) docOf(path, name string) string {
	docs, ok := sc.markers[path]
	if !ok {
		docs = map[string]string{}
		sc.markers[path] = docs
		pkgs, err := packages.Load(&packages.Config{Dir: sc.dir, Mode: packages.NeedName | packages.NeedFiles}, path)
		if err == nil && len(pkgs) == 1 {
			fset := token.NewFileSet()
			for _, file := range pkgs[0].GoFiles {
				f, err := parser.ParseFile(fset, file, nil, parser.ParseComments|parser.SkipObjectResolution)
				if err != nil {
					continue
				}
				for _, d := range f.Decls {
					gd, ok := d.(*ast.GenDecl)
					if !ok || gd.Tok != token.TYPE {
						continue
					}
					for _, s := range gd.Specs {
						ts := s.(*ast.TypeSpec)
						docs[ts.Name.Name] = gd.Doc.Text() + ts.Doc.Text() + commentText(gd.Doc) + commentText(ts.Doc)
					}
				}
			}
		}
	}
	return docs[name]
}

// commentText returns the raw comment lines (Text drops //+ marker
// lines that have no space after the slashes).
func commentText(g *ast.CommentGroup) string {
	if g == nil {
		return ""
	}
	var b strings.Builder
	for _, c := range g.List {
		b.WriteString(c.Text)
		b.WriteByte('\n')
	}
	return b.String()
}

// imports chooses the names of a file's imports: a package's usual name,
// unless a package-level name of the package or another import has it.
type imports struct {
	taken map[string]bool
	names map[string]string // path -> name
	pkgs  map[string]string // path -> package name
}

// name returns the name of the import of path, whose package is named
// pkg, preferring want.
func (im *imports) name(path, pkg, want string) string {
	if n, ok := im.names[path]; ok {
		return n
	}
	im.pkgs[path] = pkg
	n := want
	for i := 2; im.taken[n]; i++ {
		n = want + strconv.Itoa(i)
	}
	im.taken[n] = true
	im.names[path] = n
	return n
}

// alias is the import name of pk in the reconciler's file, else its usual
// one.
func (r *reconciler) alias(pk *types.Package) string {
	if a, ok := r.aliases[pk.Path()]; ok {
		return a
	}
	return alias(pk)
}

var versionRE = regexp.MustCompile(`^v\d+`)

// alias is the usual import name of an API package: corev1 for
// k8s.io/api/core/v1, the package name otherwise, prefixed with its parent
// directory when it is a version (v1alpha1 of …/apps/v1alpha1 is
// appsv1alpha1).
func alias(pk *types.Package) string {
	elems := strings.Split(pk.Path(), "/")
	if len(elems) >= 2 && versionRE.MatchString(pk.Name()) {
		return strings.ReplaceAll(strings.ReplaceAll(elems[len(elems)-2], "-", ""), ".", "") + pk.Name()
	}
	return pk.Name()
}

// comment wraps text as a // comment of lines up to 76 columns.
func comment(text string) string {
	var b, line strings.Builder
	for _, w := range strings.Fields(text) {
		if line.Len() > 0 && line.Len()+1+len(w) > 73 {
			b.WriteString("// " + line.String() + "\n")
			line.Reset()
		}
		if line.Len() > 0 {
			line.WriteByte(' ')
		}
		line.WriteString(w)
	}
	if line.Len() > 0 {
		b.WriteString("// " + line.String() + "\n")
	}
	return b.String()
}

// render writes the test file of the reconcilers declared in one file.
func render(recs []*reconciler) (File, error) {
	p := recs[0].pkg
	im := &imports{taken: map[string]bool{}, names: map[string]string{}, pkgs: map[string]string{}}
	for _, n := range p.Types.Scope().Names() {
		im.taken[n] = true
	}
	for n := range testNames(p) {
		im.taken[n] = true
	}
	im.taken["t"], im.taken["scheme"], im.taken["setup"], im.taken["mgr"], im.taken["r"], im.taken["add"] = true, true, true, true, true, true
	testing := im.name("testing", "testing", "testing")
	runtime := im.name(runtimePath, "runtime", "runtime")
	clientgoscheme := im.name(schemePath, "scheme", "clientgoscheme")
	metav1 := im.name(metav1Path, "v1", "metav1")
	client := im.name(clientPath, "client", "client")
	manager := im.name(managerPath, "manager", "manager")
	verify := im.name(VerifyPath, "verify", "verify")
	var body bytes.Buffer
	for _, r := range recs {
		adds := []string{clientgoscheme + ".AddToScheme"}
		for _, a := range r.apis {
			if a == p.Types {
				adds = append(adds, "AddToScheme")
				continue
			}
			adds = append(adds, im.name(a.Path(), a.Name(), r.alias(a))+".AddToScheme")
		}
		forName := r.forT.Obj().Name()
		if fp := r.forT.Obj().Pkg(); fp != p.Types {
			forName = im.name(fp.Path(), fp.Name(), r.alias(fp)) + "." + forName
		}
		meta := `Name: "sample", Namespace: "default"`
		if r.cluster {
			meta = `Name: "sample"`
		}
		var lit string
		if _, ok := r.obj.Type().Underlying().(*types.Struct); ok {
			var fs []string
			for _, f := range r.fields {
				e := strings.ReplaceAll(f.expr, "{mgr}", "mgr")
				if strings.Contains(e, "{record}") {
					e = strings.ReplaceAll(e, "{record}", im.name(recordPath, "record", "record"))
				}
				fs = append(fs, f.name+": "+e)
			}
			lit = "&" + r.obj.Name() + "{" + strings.Join(fs, ", ") + "}"
		} else {
			lit = "new(" + r.obj.Name() + ")"
		}
		doc := fmt.Sprintf("%s runs reconcilelint's verify properties on %s, wired by its own SetupWithManager. "+
			"reconcilelint -scaffold-verify wrote it, to be edited: the setup function builds the reconciler as main.go would, "+
			"for every simulated world, and the seeded primary object is a minimal %s. Set the reconciler's other fields, "+
			"seed the objects it needs and add Spec options (Updates, Properties, ...) as the controller requires; "+
			"see https://github.com/reconcilelint/reconcilelint/tree/main/verify.", r.test, r.obj.Name(), r.forT.Obj().Name())
		fmt.Fprintf(&body, "\n%s", comment(doc))
		fmt.Fprintf(&body, `func %[1]s(t *%[4]s.T) {
	scheme := %[5]s.NewScheme()
	for _, add := range []func(*%[5]s.Scheme) error{%[6]s} {
		if err := add(scheme); err != nil {
			t.Fatal(err)
		}
	}
	setup := func(mgr %[7]s.Manager) error {
		r := %[8]s
		return r.SetupWithManager(mgr)
	}
	%[9]s.Run(t, %[9]s.FromSetup(setup, %[9]s.Spec{
		Scheme: scheme,
		Objects: []%[10]s.Object{
			&%[11]s{ObjectMeta: %[12]s.ObjectMeta{%[13]s}},
		},
	}))
}
`, r.test, r.obj.Name(), r.forT.Obj().Name(), testing, runtime, strings.Join(adds, ", "), manager, lit,
			verify, client, forName, metav1, meta)
	}
	var src bytes.Buffer
	src.WriteString(comment(fmt.Sprintf("Tests written by reconcilelint -scaffold-verify, to be edited: they run %s on the reconcilers of %s.",
		VerifyPath, filepath.Base(recs[0].file))))
	fmt.Fprintf(&src, "\npackage %s\n\nimport (\n", p.Types.Name())
	paths := make([]string, 0, len(im.names))
	for path := range im.names {
		paths = append(paths, path)
	}
	// The standard library first, as goimports groups them.
	sort.Slice(paths, func(i, j int) bool {
		si, sj := !strings.Contains(paths[i], "."), !strings.Contains(paths[j], ".")
		if si != sj {
			return si
		}
		return paths[i] < paths[j]
	})
	for i, path := range paths {
		if i > 0 && !strings.Contains(paths[i-1], ".") && strings.Contains(path, ".") {
			src.WriteString("\n")
		}
		name := im.names[path]
		if name == im.pkgs[path] {
			fmt.Fprintf(&src, "\t%q\n", path)
		} else {
			fmt.Fprintf(&src, "\t%s %q\n", name, path)
		}
	}
	src.WriteString(")\n")
	src.Write(body.Bytes())
	out, err := format.Source(src.Bytes())
	if err != nil {
		return File{}, fmt.Errorf("format the test of %s: %w", filepath.Base(recs[0].file), err)
	}
	var tests []string
	for _, r := range recs {
		tests = append(tests, r.test)
	}
	return File{Path: testFile(recs[0].file), Tests: tests, Src: out}, nil
}
