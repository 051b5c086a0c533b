// Package metamorphic re-checks the analyzers' testdata under rewrites that
// do not change what the code does: a function's body moved into a helper,
// a closure or a generic function; a call of another package's API wrapped
// in a helper of this package, of another package, in a generic helper or
// in a closure; and other spellings of the same API. A check whose verdict
// on a case (the number of its findings in one function or declaration)
// changes under such a rewrite recognises a shape, not a meaning: each such
// flip is a defect of the model.
//
// A rule works on a type-checked package and produces a variant: the
// package's files with text edits applied, plus new files (helpers of the
// package) and, for rules that need one, a helper package. Variants are
// written to a GOPATH next to the originals under the import path
// mm/<rule>/<original path>, loaded together with the originals and
// analysed in one run (see Run).
package metamorphic

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"go/types"
	"slices"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ast/astutil"
	"golang.org/x/tools/go/packages"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/apis"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/ssax"
)

// Rule is one semantics-preserving rewrite.
type Rule struct {
	// Name names the rule in the table and in variant import paths.
	Name string
	// Doc says what the rule does, in one line.
	Doc string
	// rewrite edits the variant and returns how many sites it rewrote.
	// nil for a layout rule: the variant is the package unchanged, at
	// another import path (see vendoredPath).
	rewrite func(v *variant) int
}

// Rules returns every rule, in the order of the table.
func Rules() []Rule {
	return []Rule{
		{"body-helper", "a function's body moved into a helper (a method for a method)", bodyHelper},
		{"body-closure", "a function's body moved into an immediately called closure", bodyClosure},
		{"body-generic", "a function's body moved into a generic helper function", bodyGeneric},
		{"call-helper", "each call of another package's API wrapped in a helper of this package", callWrap(wrapHelper)},
		{"call-otherpkg", "each call of another package's API wrapped in a helper of a third package", callWrap(wrapOtherPackage)},
		{"call-generic", "each call of another package's API wrapped in a generic helper", callWrap(wrapGeneric)},
		{"call-closure", "each call of another package's API wrapped in an immediately called closure", callWrap(wrapClosure)},
		{"call-typeparam", "each call of another package's API made by a generic helper through a closure of type func(T, …) it is handed, T its first argument's type", callWrap(wrapTypeParam)},
		{"call-pkgvar", "each call of another package's API made through a closure held in a package-level variable", callWrap(wrapFuncVar)},
		{"call-field", "each call of another package's API made through a function value held in a struct field", callWrap(wrapField)},
		{"call-factory", "each call of another package's API made through the closure a factory function returns", callWrap(wrapFactory)},
		{"call-otherpkgvar", "each call of another package's API made through a closure held in an exported package-level variable of a third package", callWrap(wrapOtherPackageVar)},
		{"call-local", "each call of another package's API made through a closure held in a local variable declared at the start of the enclosing function (captured where the call is in a closure)", callWrap(wrapLocal)},
		{"spelling", "other spellings of the same API (clock values, sorting, the status subresource)", respell},
		{"body-defer", "an unrelated deferred call added at the start of each function's body", bodyDefer},
		{"deepcopy-into", "x := obj.DeepCopy() written as x := new(T); obj.DeepCopyInto(x)", deepCopyInto},
		{"subobject-deepcopy", "each store P.F = e into a part P of a value (a field of a field) whose type has DeepCopy() *T made into a deep copy of P, stored into and assigned back: { d := P.DeepCopy(); d.F = e; P = *d }", subObjectDeepCopy},
		{"value-pointer", "each local variable of another package's struct type held through a pointer to it (var x T ↔ x := &T{})", valuePointer},
		{"literal-constructor", "each keyed literal of another package's struct built by a constructor helper that stores its fields one by one", keyedLiterals(constructorBuilder)},
		{"literal-options", "each keyed literal of another package's struct built by a constructor that applies functional options, one option factory per field", keyedLiterals(optionsBuilder)},
		{"vendored", "the package, the stubs and every testdata package it imports seen through a vendor directory, as in GOPATH mode", nil},
	}
}

// edit replaces the bytes [start, end) of a file with text.
type edit struct {
	start, end int
	text       string
}

// fileEdit is a file of the original package and the edits to it.
type fileEdit struct {
	file    *ast.File
	name    string // absolute path of the original
	src     []byte
	edits   []edit
	imports map[string]string // import path -> local name, added by rules
}

// variant is the state of one rule applied to one package.
type variant struct {
	pkg     *packages.Package
	path    string // import path of the variant
	files   []*fileEdit
	extra   *genFile // helpers added to the variant package
	helper  *genFile // the helper package (mmhelp), if a rule needs one
	owner   map[string]string
	counter int
	fileOf  map[*ast.File]*fileEdit
	taken   map[*fileEdit][][2]int
	// decl is the declaration a call rule is rewriting, and locals the
	// declarations wrapLocal adds at the start of its body.
	decl   ast.Decl
	locals []string
}

// genFile is a generated Go file: its declarations and the imports they
// need (path -> local name).
type genFile struct {
	pkgName string
	imports map[string]string
	decls   []string
}

func newGenFile(name string) *genFile {
	return &genFile{pkgName: name, imports: map[string]string{}}
}

// qualifier returns a types.Qualifier that names packages by their local
// name in g, adding imports as needed. self is the package g belongs to
// (printed unqualified), or nil.
func (g *genFile) qualifier(self *types.Package) types.Qualifier {
	return func(p *types.Package) string {
		if p == self {
			return ""
		}
		if n, ok := g.imports[apis.PathOf(p)]; ok {
			return n
		}
		n := fmt.Sprintf("q%d_%s", len(g.imports), p.Name())
		g.imports[apis.PathOf(p)] = n
		return n
	}
}

func (g *genFile) render() ([]byte, error) {
	var b bytes.Buffer
	fmt.Fprintf(&b, "// Code written by the metamorphic harness; a variant, not a fixture.\n\npackage %s\n\n", g.pkgName)
	paths := make([]string, 0, len(g.imports))
	for p := range g.imports {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	for _, p := range paths {
		fmt.Fprintf(&b, "import %s %q\n", g.imports[p], p)
	}
	for _, d := range g.decls {
		b.WriteString("\n")
		b.WriteString(d)
		b.WriteString("\n")
	}
	out, err := format.Source(b.Bytes())
	if err != nil {
		return nil, fmt.Errorf("format generated file: %w\n%s", err, b.Bytes())
	}
	return out, nil
}

// newVariant prepares a variant of pkg under the import path path.
func newVariant(pkg *packages.Package, path string, srcs map[string][]byte) *variant {
	v := &variant{
		pkg:    pkg,
		path:   path,
		extra:  newGenFile(pkg.Name),
		owner:  map[string]string{},
		fileOf: map[*ast.File]*fileEdit{},
		taken:  map[*fileEdit][][2]int{},
	}
	for i, f := range pkg.Syntax {
		name := pkg.CompiledGoFiles[i]
		fe := &fileEdit{file: f, name: name, src: srcs[name], imports: map[string]string{}}
		v.files = append(v.files, fe)
		v.fileOf[f] = fe
	}
	return v
}

// fresh returns a new identifier with the given prefix, and records that
// the declaration it names belongs to the case owner.
func (v *variant) fresh(prefix, owner string) string {
	v.counter++
	n := fmt.Sprintf("%s%d", prefix, v.counter)
	v.owner[n] = owner
	return n
}

// off returns the byte offset of pos in its file.
func (v *variant) off(pos token.Pos) int { return v.pkg.Fset.Position(pos).Offset }

// text returns the source text of n.
func (v *variant) text(fe *fileEdit, n ast.Node) string {
	return string(fe.src[v.off(n.Pos()):v.off(n.End())])
}

// claim reserves the byte range of n in fe for one edit; it fails if the
// range overlaps one already claimed, so no two edits of a rule nest.
func (v *variant) claim(fe *fileEdit, start, end int) bool {
	for _, r := range v.taken[fe] {
		if start < r[1] && r[0] < end {
			return false
		}
	}
	v.taken[fe] = append(v.taken[fe], [2]int{start, end})
	return true
}

// fileQualifier names packages as fe's imports do, adding imports as needed.
func (v *variant) fileQualifier(fe *fileEdit) types.Qualifier {
	return func(p *types.Package) string {
		if p == v.pkg.Types {
			return ""
		}
		if n, ok := fe.imports[apis.PathOf(p)]; ok {
			return n
		}
		for _, is := range fe.file.Imports {
			path, _ := strconv.Unquote(is.Path.Value)
			if path != apis.PathOf(p) {
				continue
			}
			if is.Name != nil {
				if is.Name.Name == "_" || is.Name.Name == "." {
					continue
				}
				return is.Name.Name
			}
			return p.Name()
		}
		n := fmt.Sprintf("mmq%d_%s", len(fe.imports), p.Name())
		fe.imports[apis.PathOf(p)] = n
		return n
	}
}

// expressible reports whether t can be written in a package: every named
// type it mentions is exported or belongs to self, and none belongs to
// banned (nil for none).
func expressible(t types.Type, self, banned *types.Package) bool {
	seen := map[types.Type]bool{}
	var ok func(t types.Type) bool
	ok = func(t types.Type) bool {
		if seen[t] {
			return true
		}
		seen[t] = true
		switch t := t.(type) {
		case *types.Basic:
			return t.Kind() != types.Invalid && t.Info()&types.IsUntyped == 0 && t.Kind() != types.UnsafePointer
		case *types.Named:
			obj := t.Obj()
			if obj.Pkg() == nil { // error, comparable
				return true
			}
			if obj.Pkg() == banned || (!obj.Exported() && obj.Pkg() != self) {
				return false
			}
			if obj.Parent() != nil && obj.Parent() != obj.Pkg().Scope() { // local type
				return false
			}
			if t.TypeParams().Len() > 0 && t.TypeArgs().Len() == 0 {
				return false
			}
			for i := 0; i < t.TypeArgs().Len(); i++ {
				if !ok(t.TypeArgs().At(i)) {
					return false
				}
			}
			return true
		case *types.Alias:
			return ok(types.Unalias(t))
		case *types.Pointer:
			return ok(t.Elem())
		case *types.Slice:
			return ok(t.Elem())
		case *types.Array:
			return ok(t.Elem())
		case *types.Map:
			return ok(t.Key()) && ok(t.Elem())
		case *types.Chan:
			return ok(t.Elem())
		case *types.Signature:
			if t.TypeParams().Len() > 0 {
				return false
			}
			return ok(t.Params()) && ok(t.Results())
		case *types.Tuple:
			for i := 0; i < t.Len(); i++ {
				if !ok(t.At(i).Type()) {
					return false
				}
			}
			return true
		case *types.Struct:
			for i := 0; i < t.NumFields(); i++ {
				f := t.Field(i)
				if !f.Exported() && f.Pkg() != self {
					return false
				}
				if !ok(f.Type()) {
					return false
				}
			}
			return true
		case *types.Interface:
			for i := 0; i < t.NumMethods(); i++ {
				m := t.Method(i)
				if !m.Exported() && m.Pkg() != self {
					return false
				}
				if !ok(m.Type()) {
					return false
				}
			}
			for i := 0; i < t.NumEmbeddeds(); i++ {
				if !ok(t.EmbeddedType(i)) {
					return false
				}
			}
			return true
		case *types.TypeParam:
			return false
		}
		return false
	}
	return ok(t)
}

// render applies the variant's edits and returns its files by base name,
// and the helper package's file if one was written.
func (v *variant) render() (map[string][]byte, []byte, error) {
	out := map[string][]byte{}
	for _, fe := range v.files {
		src, err := fe.apply(v)
		if err != nil {
			return nil, nil, fmt.Errorf("%s: %w", fe.name, err)
		}
		out[baseName(fe.name)] = src
	}
	if len(v.extra.decls) > 0 {
		src, err := v.extra.render()
		if err != nil {
			return nil, nil, err
		}
		out["zz_metamorphic.go"] = src
	}
	var helper []byte
	if v.helper != nil && len(v.helper.decls) > 0 {
		src, err := v.helper.render()
		if err != nil {
			return nil, nil, err
		}
		helper = src
	}
	return out, helper, nil
}

func baseName(p string) string {
	if i := strings.LastIndexAny(p, `/\`); i >= 0 {
		return p[i+1:]
	}
	return p
}

// apply returns fe's source with its edits applied, the imports the edits
// need added and the imports they made unused removed.
func (fe *fileEdit) apply(v *variant) ([]byte, error) {
	if len(fe.edits) == 0 && len(fe.imports) == 0 {
		return fe.src, nil
	}
	es := append([]edit(nil), fe.edits...)
	sort.SliceStable(es, func(i, j int) bool { return es[i].start < es[j].start })
	var b bytes.Buffer
	last := 0
	for _, e := range es {
		if e.start < last {
			return nil, fmt.Errorf("overlapping edits at offset %d", e.start)
		}
		b.Write(fe.src[last:e.start])
		b.WriteString(e.text)
		last = e.end
	}
	b.Write(fe.src[last:])
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, fe.name, b.Bytes(), parser.ParseComments)
	if err != nil {
		return nil, fmt.Errorf("rewritten file does not parse: %w\n%s", err, b.Bytes())
	}
	for path, name := range fe.imports {
		astutil.AddNamedImport(fset, f, name, path)
	}
	names := map[string]string{}
	for path, p := range v.pkg.Imports {
		names[path] = p.Name
	}
	for path, name := range fe.imports {
		names[path] = name
	}
	dropUnusedImports(fset, f, names)
	var out bytes.Buffer
	if err := format.Node(&out, fset, f); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

// dropUnusedImports deletes the imports whose name no selector of f uses
// any more (the rewrite moved their uses elsewhere). names gives the
// package name of each import path.
func dropUnusedImports(fset *token.FileSet, f *ast.File, names map[string]string) {
	used := map[string]bool{}
	ast.Inspect(f, func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectorExpr); ok {
			if id, ok := sel.X.(*ast.Ident); ok {
				used[id.Name] = true
			}
		}
		return true
	})
	for _, is := range append([]*ast.ImportSpec(nil), f.Imports...) {
		path, _ := strconv.Unquote(is.Path.Value)
		local, name := "", names[path]
		if is.Name != nil {
			local = is.Name.Name
			if local == "_" || local == "." {
				continue
			}
			name = local
		}
		if name == "" || used[name] {
			continue
		}
		astutil.DeleteNamedImport(fset, f, local, path)
	}
}

// declKey names the case a top-level declaration is: "Recv.Name" for a
// method, the name for a function, the first name for a var, const or type
// declaration.
func declKey(d ast.Decl) string {
	switch d := d.(type) {
	case *ast.FuncDecl:
		if d.Recv != nil && len(d.Recv.List) == 1 {
			return recvTypeName(d.Recv.List[0].Type) + "." + d.Name.Name
		}
		return d.Name.Name
	case *ast.GenDecl:
		for _, s := range d.Specs {
			switch s := s.(type) {
			case *ast.ValueSpec:
				if len(s.Names) > 0 {
					return s.Names[0].Name
				}
			case *ast.TypeSpec:
				return s.Name.Name
			}
		}
	}
	return "<file>"
}

// recvTypeName returns the name of a receiver's base type, or "?".
func recvTypeName(e ast.Expr) string {
	if n := ssax.RecvTypeName(e); n != "" {
		return n
	}
	return "?"
}

// movable reports whether fd's body can be moved by the body rules: it has
// one, and neither it nor its receiver's type is generic.
func movable(fd *ast.FuncDecl) bool {
	if fd.Body == nil || fd.Type.TypeParams != nil || fd.Name.Name == "init" || fd.Name.Name == "_" {
		return false
	}
	if fd.Recv != nil {
		if len(fd.Recv.List) != 1 {
			return false
		}
		switch t := fd.Recv.List[0].Type.(type) {
		case *ast.IndexExpr, *ast.IndexListExpr:
			return false
		case *ast.StarExpr:
			switch t.X.(type) {
			case *ast.IndexExpr, *ast.IndexListExpr:
				return false
			}
		}
	}
	return true
}

// signature is what the body rules need of a function: its parameters as
// a declaration list and as call arguments (every parameter named; blank
// and unnamed ones are renamed by edits of the original), its results'
// text and its receiver's name and type.
type signature struct {
	params, args, results string
	recvName, recvType    string
	hasResults            bool
}

func (v *variant) signatureOf(fe *fileEdit, fd *ast.FuncDecl) signature {
	var s signature
	name := func(id *ast.Ident, i int) string {
		if id == nil || id.Name == "_" {
			n := fmt.Sprintf("mmp%d", i)
			if id != nil {
				fe.edits = append(fe.edits, edit{v.off(id.Pos()), v.off(id.End()), n})
			}
			return n
		}
		return id.Name
	}
	var decl, args []string
	i := 0
	for _, f := range fd.Type.Params.List {
		typ := v.text(fe, f.Type)
		_, variadic := f.Type.(*ast.Ellipsis)
		if len(f.Names) == 0 {
			n := name(nil, i)
			fe.edits = append(fe.edits, edit{v.off(f.Type.Pos()), v.off(f.Type.Pos()), n + " "})
			decl = append(decl, n+" "+typ)
			if variadic {
				n += "..."
			}
			args = append(args, n)
			i++
			continue
		}
		var names []string
		for _, id := range f.Names {
			n := name(id, i)
			names = append(names, n)
			if variadic {
				n += "..."
			}
			args = append(args, n)
			i++
		}
		decl = append(decl, strings.Join(names, ", ")+" "+typ)
	}
	// A list mixing named and renamed unnamed parameters is invalid Go, but
	// go/parser only allows all-or-none, so naming each unnamed one is
	// enough.
	s.params = strings.Join(decl, ", ")
	s.args = strings.Join(args, ", ")
	if r := fd.Type.Results; r != nil && len(r.List) > 0 {
		s.results = v.text(fe, r)
		s.hasResults = true
	}
	if fd.Recv != nil {
		f := fd.Recv.List[0]
		s.recvType = v.text(fe, f.Type)
		if len(f.Names) == 0 {
			s.recvName = "mmr"
			fe.edits = append(fe.edits, edit{v.off(f.Type.Pos()), v.off(f.Type.Pos()), "mmr "})
		} else {
			s.recvName = name(f.Names[0], 99)
			if s.recvName == "mmp99" {
				s.recvName = "mmr"
				fe.edits[len(fe.edits)-1].text = "mmr"
			}
		}
	}
	return s
}

// eachMovable calls f for each function of the package whose body the body
// rules can move.
func (v *variant) eachMovable(f func(fe *fileEdit, fd *ast.FuncDecl)) int {
	n := 0
	for _, fe := range v.files {
		for _, d := range fe.file.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && movable(fd) {
				f(fe, fd)
				n++
			}
		}
	}
	return n
}

func ret(s signature) string {
	if s.hasResults {
		return "return "
	}
	return ""
}

// bodyHelper moves each body into a new function (a method of the same
// receiver for a method) and calls it.
func bodyHelper(v *variant) int {
	return v.eachMovable(func(fe *fileEdit, fd *ast.FuncDecl) {
		s := v.signatureOf(fe, fd)
		h := v.fresh("mmb", declKey(fd)) + "_" + fd.Name.Name
		v.owner[h] = declKey(fd)
		body := v.text(fe, fd.Body)
		var decl, call string
		if fd.Recv != nil {
			decl = fmt.Sprintf("\n\nfunc (%s %s) %s(%s) %s %s", s.recvName, s.recvType, h, s.params, s.results, body)
			call = fmt.Sprintf("%s.%s(%s)", s.recvName, h, s.args)
			v.owner[recvTypeName(fd.Recv.List[0].Type)+"."+h] = declKey(fd)
		} else {
			decl = fmt.Sprintf("\n\nfunc %s(%s) %s %s", h, s.params, s.results, body)
			call = fmt.Sprintf("%s(%s)", h, s.args)
		}
		fe.edits = append(fe.edits,
			edit{v.off(fd.Body.Pos()), v.off(fd.Body.End()), "{\n\t" + ret(s) + call + "\n}"},
			edit{v.off(fd.End()), v.off(fd.End()), decl})
	})
}

// bodyClosure moves each body into a closure called at once.
func bodyClosure(v *variant) int {
	return v.eachMovable(func(fe *fileEdit, fd *ast.FuncDecl) {
		results := ""
		if r := fd.Type.Results; r != nil && len(r.List) > 0 {
			results = v.text(fe, r)
		}
		r := ""
		if results != "" {
			r = "return "
		}
		// The body keeps its own braces and becomes the closure's.
		fe.edits = append(fe.edits,
			edit{v.off(fd.Body.Pos()), v.off(fd.Body.Pos()), "{\n\t" + r + "func() " + results + " "},
			edit{v.off(fd.Body.End()), v.off(fd.Body.End()), "()\n}"})
	})
}

// bodyGeneric moves each body into a generic function (the receiver
// becomes its first parameter) and calls it with an explicit type
// argument.
func bodyGeneric(v *variant) int {
	return v.eachMovable(func(fe *fileEdit, fd *ast.FuncDecl) {
		s := v.signatureOf(fe, fd)
		h := v.fresh("mmg", declKey(fd)) + "_" + fd.Name.Name
		v.owner[h] = declKey(fd)
		params, args := s.params, s.args
		if fd.Recv != nil {
			params = join(s.recvName+" "+s.recvType, params)
			args = join(s.recvName, args)
		}
		body := v.text(fe, fd.Body)
		fe.edits = append(fe.edits,
			edit{v.off(fd.Body.Pos()), v.off(fd.Body.End()), fmt.Sprintf("{\n\t%s%s[struct{}](%s)\n}", ret(s), h, args)},
			edit{v.off(fd.End()), v.off(fd.End()), fmt.Sprintf("\n\nfunc %s[_ any](%s) %s %s", h, params, s.results, body)})
	})
}

// bodyDefer adds a deferred call that does nothing at the start of each
// body of more than one statement: go/ssa then spills the function's
// results into cells the deferred calls could assign, and every return
// reads them back. A body of one statement is left alone: a function that
// only passes its arguments on to another (a forwarder, which the model
// inlines at its callers) is no longer one once it defers work of its own.
func bodyDefer(v *variant) int {
	n := 0
	for _, fe := range v.files {
		for _, d := range fe.file.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || !movable(fd) || len(fd.Body.List) < 2 {
				continue
			}
			at := v.off(fd.Body.Lbrace) + 1
			fe.edits = append(fe.edits, edit{at, at, "\n\tdefer func() {}()\n"})
			n++
		}
	}
	return n
}

func join(a, b string) string {
	if b == "" {
		return a
	}
	return a + ", " + b
}

// callSite is a call of another package's function or method that a call
// rule can wrap.
type callSite struct {
	call     *ast.CallExpr
	fn       *types.Func
	sig      *types.Signature // as instantiated at the call, without receiver
	recv     ast.Expr         // the receiver expression of a method call
	recvType types.Type       // its type (a pointer to it when addr)
	addr     bool             // pass &recv: a pointer method of an addressable value
}

// site returns the wrappable call c, if it is one.
func (v *variant) site(c *ast.CallExpr) (callSite, bool) {
	info := v.pkg.TypesInfo
	var sel *ast.SelectorExpr
	switch f := ast.Unparen(c.Fun).(type) {
	case *ast.SelectorExpr:
		sel = f
	case *ast.Ident:
	default:
		return callSite{}, false
	}
	var fn *types.Func
	switch f := ast.Unparen(c.Fun).(type) {
	case *ast.SelectorExpr:
		fn, _ = info.Uses[f.Sel].(*types.Func)
	case *ast.Ident:
		fn, _ = info.Uses[f].(*types.Func)
	}
	if fn == nil || fn.Pkg() == nil || fn.Pkg() == v.pkg.Types || fn.Pkg().Path() == "unsafe" {
		return callSite{}, false
	}
	sig, ok := info.TypeOf(c.Fun).(*types.Signature)
	if !ok || sig.TypeParams().Len() > 0 {
		return callSite{}, false
	}
	s := callSite{call: c, fn: fn, sig: sig}
	if fsig := fn.Type().(*types.Signature); fsig.Recv() != nil {
		if sel == nil {
			return callSite{}, false
		}
		selection, ok := info.Selections[sel]
		if !ok || selection.Kind() != types.MethodVal {
			return callSite{}, false
		}
		s.recv = sel.X
		s.recvType = info.TypeOf(sel.X)
		if s.recvType == nil {
			return callSite{}, false
		}
		_, isPtr := s.recvType.Underlying().(*types.Pointer)
		_, isIface := s.recvType.Underlying().(*types.Interface)
		if !isPtr && !isIface && addressable(info, sel.X) {
			s.addr = true
			s.recvType = types.NewPointer(s.recvType)
		} else if _, ptrRecv := fsig.Recv().Type().(*types.Pointer); ptrRecv && !isPtr && !isIface {
			return callSite{}, false
		}
	}
	return s, true
}

// addressable reports whether &e is valid Go.
func addressable(info *types.Info, e ast.Expr) bool {
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		_, ok := info.Uses[x].(*types.Var)
		return ok
	case *ast.SelectorExpr:
		if s, ok := info.Selections[x]; ok && s.Kind() == types.FieldVal {
			if _, ptr := info.TypeOf(x.X).Underlying().(*types.Pointer); ptr {
				return true
			}
			return addressable(info, x.X)
		}
		_, ok := info.Uses[x.Sel].(*types.Var) // a package's variable
		return ok
	case *ast.IndexExpr:
		switch t := info.TypeOf(x.X).Underlying().(type) {
		case *types.Slice:
			return true
		case *types.Array:
			return addressable(info, x.X)
		case *types.Pointer:
			_, ok := t.Elem().Underlying().(*types.Array)
			return ok
		}
	case *ast.StarExpr:
		return true
	}
	return false
}

// wrapper is how a call rule writes the function that makes a wrapped call
// and the expression that calls it.
type wrapper func(v *variant, fe *fileEdit, s callSite, owner string) (call string, ok bool)

// callWrap returns the rule that wraps every outermost wrappable call
// with w.
func callWrap(w wrapper) func(v *variant) int {
	return func(v *variant) int {
		n := 0
		for _, fe := range v.files {
			for _, d := range fe.file.Decls {
				owner := declKey(d)
				v.decl, v.locals = d, nil
				ast.Inspect(d, func(node ast.Node) bool {
					c, ok := node.(*ast.CallExpr)
					if !ok {
						return true
					}
					s, ok := v.site(c)
					if !ok {
						return true
					}
					start, end := v.off(c.Pos()), v.off(c.End())
					for _, r := range v.taken[fe] {
						if start < r[1] && r[0] < end {
							return true
						}
					}
					text, ok := w(v, fe, s, owner)
					if !ok {
						return true
					}
					v.claim(fe, start, end)
					fe.edits = append(fe.edits, edit{start, end, text})
					n++
					return false
				})
				if len(v.locals) > 0 {
					at := v.off(d.(*ast.FuncDecl).Body.Lbrace) + 1
					fe.edits = append(fe.edits, edit{at, at, "\n\t" + strings.Join(v.locals, "\n\t") + "\n"})
				}
			}
		}
		return n
	}
}

// wrapperParts returns the parameter list, the call made inside the
// wrapper and the result list of a wrapper of s, naming packages with q.
func wrapperParts(s callSite, q types.Qualifier) (params, inner, results string) {
	var ps, as []string
	target := ""
	if s.recv != nil {
		ps = append(ps, "recv "+types.TypeString(s.recvType, q))
		target = "recv." + s.fn.Name()
	} else {
		target = q(s.fn.Pkg()) + "." + s.fn.Name()
	}
	for i := 0; i < s.sig.Params().Len(); i++ {
		p := s.sig.Params().At(i)
		name := fmt.Sprintf("p%d", i)
		if s.sig.Variadic() && i == s.sig.Params().Len()-1 {
			ps = append(ps, name+" ..."+types.TypeString(p.Type().(*types.Slice).Elem(), q))
			as = append(as, name+"...")
			continue
		}
		ps = append(ps, name+" "+types.TypeString(p.Type(), q))
		as = append(as, name)
	}
	var rs []string
	for i := 0; i < s.sig.Results().Len(); i++ {
		rs = append(rs, types.TypeString(s.sig.Results().At(i).Type(), q))
	}
	results = strings.Join(rs, ", ")
	if len(rs) > 1 {
		results = "(" + results + ")"
	}
	inner = target + "(" + strings.Join(as, ", ") + ")"
	if len(rs) > 0 {
		inner = "return " + inner
	}
	return strings.Join(ps, ", "), inner, results
}

// callArgs returns the arguments of the call of a wrapper of s: the
// receiver (its address when s.addr), then the call's own arguments.
func (v *variant) callArgs(fe *fileEdit, s callSite) string {
	var as []string
	if s.recv != nil {
		r := v.text(fe, s.recv)
		if s.addr {
			r = "&" + r
		}
		as = append(as, r)
	}
	for _, a := range s.call.Args {
		as = append(as, v.text(fe, a))
	}
	out := strings.Join(as, ", ")
	if s.call.Ellipsis.IsValid() {
		out += "..."
	}
	return out
}

// signatureTypes returns every type a wrapper of s mentions.
func signatureTypes(s callSite) []types.Type {
	ts := []types.Type{s.sig}
	if s.recvType != nil {
		ts = append(ts, s.recvType)
	}
	return ts
}

func (v *variant) canWrite(s callSite, banned *types.Package) bool {
	for _, t := range signatureTypes(s) {
		if !expressible(t, v.pkg.Types, banned) {
			return false
		}
	}
	return true
}

// wrapIn returns a wrapper that declares, in the variant's package, the
// function that makes the call: decl formats the declaration from the
// name, parameters, results and body; call formats the call from the name
// and the arguments.
func wrapIn(prefix, decl, call string) wrapper {
	return func(v *variant, fe *fileEdit, s callSite, owner string) (string, bool) {
		if !v.canWrite(s, nil) {
			return "", false
		}
		name := v.fresh(prefix, owner)
		params, inner, results := wrapperParts(s, v.extra.qualifier(v.pkg.Types))
		v.extra.decls = append(v.extra.decls, fmt.Sprintf(decl, name, params, results, inner))
		return fmt.Sprintf(call, name, v.callArgs(fe, s)), true
	}
}

var (
	// wrapHelper wraps the call in a function of the variant's package.
	wrapHelper = wrapIn("mmw", "func %s(%s) %s {\n\t%s\n}", "%s(%s)")
	// wrapGeneric wraps the call in a generic function, called with an
	// explicit type argument.
	wrapGeneric = wrapIn("mmt", "func %s[_ any](%s) %s {\n\t%s\n}", "%s[struct{}](%s)")
	// wrapFuncVar wraps the call in a function literal held in a
	// package-level variable.
	wrapFuncVar = wrapIn("mmv", "var %s = func(%s) %s {\n\t%s\n}", "%s(%s)")
	// wrapField wraps the call in a function literal held in a field of
	// a package-level struct value.
	wrapField = wrapIn("mmf", "var %[1]s = struct{ call func(%[2]s) %[3]s }{call: func(%[2]s) %[3]s {\n\t%[4]s\n}}", "%s.call(%s)")
	// wrapFactory wraps the call in the closure a factory function
	// returns, called where it is made.
	wrapFactory = wrapIn("mmk", "func %[1]s() func(%[2]s) %[3]s {\n\treturn func(%[2]s) %[3]s {\n\t\t%[4]s\n\t}\n}", "%s()(%s)")
)

// wrapInHelperPackage returns a wrapper that declares, in a helper
// package that the variant imports (mmhelp), the exported function or
// variable that makes the call: decl formats the declaration from the
// name (export, then a number), the parameters, the results and the body.
func wrapInHelperPackage(export, decl string) wrapper {
	return func(v *variant, fe *fileEdit, s callSite, owner string) (string, bool) {
		if !v.canWrite(s, v.pkg.Types) {
			return "", false
		}
		if v.helper == nil {
			v.helper = newGenFile("mmhelp")
		}
		name := export + strings.TrimPrefix(v.fresh("mmo", owner), "mmo")
		v.owner[name] = owner
		params, inner, results := wrapperParts(s, v.helper.qualifier(nil))
		v.helper.decls = append(v.helper.decls, fmt.Sprintf(decl, name, params, results, inner))
		fe.imports[v.path+"/mmhelp"] = "mmhelp"
		return "mmhelp." + name + "(" + v.callArgs(fe, s) + ")", true
	}
}

var (
	// wrapOtherPackage wraps the call in an exported function of the
	// helper package.
	wrapOtherPackage = wrapInHelperPackage("W", "func %s(%s) %s {\n\t%s\n}")
	// wrapOtherPackageVar wraps the call in a function literal held in an
	// exported package-level variable of the helper package.
	wrapOtherPackageVar = wrapInHelperPackage("V", "var %s = func(%s) %s {\n\t%s\n}")
)

// wrapLocal wraps the call in a function literal held in a local
// variable declared at the start of the enclosing function's body: a
// local closure where the call is in the function itself, a captured one
// where it is in a closure of the function.
func wrapLocal(v *variant, fe *fileEdit, s callSite, owner string) (string, bool) {
	fd, ok := v.decl.(*ast.FuncDecl)
	if !ok || fd.Body == nil || !v.canWrite(s, nil) {
		return "", false
	}
	params, inner, results := wrapperParts(s, v.fileQualifier(fe))
	name := v.fresh("mml", owner)
	v.locals = append(v.locals, fmt.Sprintf("%s := func(%s) %s { %s }", name, params, results, inner))
	return name + "(" + v.callArgs(fe, s) + ")", true
}

// wrapClosure wraps the call in a function literal called at once.
func wrapClosure(v *variant, fe *fileEdit, s callSite, _ string) (string, bool) {
	if !v.canWrite(s, nil) {
		return "", false
	}
	params, inner, results := wrapperParts(s, v.fileQualifier(fe))
	return fmt.Sprintf("func(%s) %s { %s }(%s)", params, results, inner, v.callArgs(fe, s)), true
}

// wrapTypeParam wraps the call in a closure handed to a generic helper
// whose first type parameter stands for the call's first argument (the
// receiver of a method): mmpN(func(recv T0, p0 T1) R { return recv.M(p0) },
// recv, p0) with func mmpN[T any](f func(T, T1) R, x T, p0 T1) R { return
// f(x, p0) }. The helper's body calls a function value whose type has a
// type parameter; the instance the call uses calls the closure.
func wrapTypeParam(v *variant, fe *fileEdit, s callSite, owner string) (string, bool) {
	if !v.canWrite(s, nil) {
		return "", false
	}
	// The parameters' types, the receiver first; the first stands for T
	// (written at the call, in the file), the others are written in the
	// helper's file (whose qualifier imports what it names).
	var all []types.Type
	if s.recv != nil {
		all = append(all, s.recvType)
	}
	for i := 0; i < s.sig.Params().Len(); i++ {
		all = append(all, s.sig.Params().At(i).Type())
	}
	if len(all) == 0 || s.sig.Variadic() && len(all) == 1 {
		return "", false // no first argument to stand for
	}
	eq := v.extra.qualifier(v.pkg.Types)
	ftypes := []string{"T"}
	params := []string{"x T"}
	args := []string{"x"}
	for i, t := range all[1:] {
		name := fmt.Sprintf("p%d", i)
		ts := types.TypeString(t, eq)
		if s.sig.Variadic() && i == len(all)-2 {
			ts = "..." + types.TypeString(t.(*types.Slice).Elem(), eq)
			args = append(args, name+"...")
		} else {
			args = append(args, name)
		}
		ftypes = append(ftypes, ts)
		params = append(params, name+" "+ts)
	}
	var rs []string
	for i := 0; i < s.sig.Results().Len(); i++ {
		rs = append(rs, types.TypeString(s.sig.Results().At(i).Type(), eq))
	}
	results := strings.Join(rs, ", ")
	if len(rs) > 1 {
		results = "(" + results + ")"
	}
	body := "f(" + strings.Join(args, ", ") + ")"
	if results != "" {
		body = "return " + body
	}
	name := v.fresh("mmp", owner)
	v.extra.decls = append(v.extra.decls, fmt.Sprintf("func %s[T any](f func(%s) %s, %s) %s {\n\t%s\n}",
		name, strings.Join(ftypes, ", "), results, strings.Join(params, ", "), results, body))
	fq := v.fileQualifier(fe)
	cparams, inner, cresults := wrapperParts(s, fq)
	closure := fmt.Sprintf("func(%s) %s { %s }", cparams, cresults, inner)
	// The type argument is explicit: an argument whose type implements
	// an interface parameter would not infer it.
	return fmt.Sprintf("%s[%s](%s, %s)", name, types.TypeString(all[0], fq), closure, v.callArgs(fe, s)), true
}

// deepCopyInto rewrites each x := recv.DeepCopy() statement, where the
// result is a pointer to a named type with a DeepCopyInto method, into
// x := new(T); recv.DeepCopyInto(x), on the same line: the same copy,
// made into an object the function allocates itself.
func deepCopyInto(v *variant) int {
	n := 0
	info := v.pkg.TypesInfo
	for _, fe := range v.files {
		q := v.fileQualifier(fe)
		ast.Inspect(fe.file, func(node ast.Node) bool {
			as, ok := node.(*ast.AssignStmt)
			if !ok || as.Tok != token.DEFINE || len(as.Lhs) != 1 || len(as.Rhs) != 1 {
				return true
			}
			id, ok := as.Lhs[0].(*ast.Ident)
			if !ok || id.Name == "_" {
				return true
			}
			c, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
			if !ok || len(c.Args) != 0 {
				return true
			}
			sel, ok := ast.Unparen(c.Fun).(*ast.SelectorExpr)
			if !ok || sel.Sel.Name != "DeepCopy" {
				return true
			}
			if _, simple := ast.Unparen(sel.X).(*ast.Ident); !simple {
				if _, field := ast.Unparen(sel.X).(*ast.SelectorExpr); !field {
					return true // evaluated once either way, but keep it plain
				}
			}
			ptr, ok := info.TypeOf(c).(*types.Pointer)
			if !ok {
				return true
			}
			named, ok := types.Unalias(ptr.Elem()).(*types.Named)
			if !ok || named.TypeArgs().Len() > 0 {
				return true
			}
			// DeepCopyInto of the type itself (not one promoted from an
			// embedded ObjectMeta), taking a *T.
			m, index, _ := types.LookupFieldOrMethod(ptr, false, named.Obj().Pkg(), "DeepCopyInto")
			msig, isFunc := m.(*types.Func)
			if !isFunc || len(index) != 1 {
				return true
			}
			if ps := msig.Type().(*types.Signature).Params(); ps.Len() != 1 || !types.Identical(ps.At(0).Type(), ptr) {
				return true
			}
			if !expressible(named, v.pkg.Types, nil) {
				return true
			}
			start, end := v.off(as.Pos()), v.off(as.End())
			if !v.claim(fe, start, end) {
				return true
			}
			name := id.Name
			text := fmt.Sprintf("%s := new(%s); %s.DeepCopyInto(%s)", name, types.TypeString(named, q), v.text(fe, sel.X), name)
			fe.edits = append(fe.edits, edit{start, end, text})
			n++
			return false
		})
	}
	return n
}

// subObjectDeepCopy rewrites each statement P.F = e that stores into a
// field F of a part P of a value (P itself a field: x.Spec,
// x.Spec.Template, a path of field selections from a variable) whose type
// T, of another package, declares DeepCopy() *T, into a store into a deep
// copy of the part that is then assigned back by dereference:
//
//	{ mmdN := P.DeepCopy(); mmdN.F = e; P = *mmdN }
//
// The part holds the same value after either; a value has more than one
// syntactic home on the way (the copy's pointer), which the model must
// follow to the object.
func subObjectDeepCopy(v *variant) int {
	n := 0
	info := v.pkg.TypesInfo
	for _, fe := range v.files {
		for _, d := range fe.file.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			owner := declKey(d)
			ast.Inspect(fd.Body, func(node ast.Node) bool {
				var list []ast.Stmt
				switch x := node.(type) {
				case *ast.BlockStmt:
					list = x.List
				case *ast.CaseClause:
					list = x.Body
				case *ast.CommClause:
					list = x.Body
				default:
					return true
				}
				for _, st := range list {
					as, ok := st.(*ast.AssignStmt)
					if !ok || as.Tok != token.ASSIGN || len(as.Lhs) != 1 || len(as.Rhs) != 1 {
						continue
					}
					sel, ok := ast.Unparen(as.Lhs[0]).(*ast.SelectorExpr)
					if !ok || !fieldSelection(info, sel) {
						continue
					}
					part, ok := ast.Unparen(sel.X).(*ast.SelectorExpr)
					if !ok || !fieldPath(info, part) {
						continue
					}
					named, ok := types.Unalias(info.TypeOf(part)).(*types.Named)
					if !ok || named.Obj().Pkg() == nil || named.Obj().Pkg() == v.pkg.Types || !declaresDeepCopy(named) {
						continue
					}
					start, end := v.off(as.Pos()), v.off(as.End())
					if !v.claim(fe, start, end) {
						continue
					}
					name := v.fresh("mmd", owner)
					p := v.text(fe, part)
					text := fmt.Sprintf("{ %s := %s.DeepCopy(); %s.%s = %s; %s = *%s }", name, p, name, sel.Sel.Name, v.text(fe, as.Rhs[0]), p, name)
					fe.edits = append(fe.edits, edit{start, end, text})
					n++
				}
				return true
			})
		}
	}
	return n
}

// fieldSelection reports whether sel selects a field of a struct value.
func fieldSelection(info *types.Info, sel *ast.SelectorExpr) bool {
	s, ok := info.Selections[sel]
	return ok && s.Kind() == types.FieldVal
}

// fieldPath reports whether e is a chain of field selections from a local
// variable or parameter (x.Spec.Template): addressable, with no call,
// index or conversion on the way.
func fieldPath(info *types.Info, e ast.Expr) bool {
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.SelectorExpr:
			if !fieldSelection(info, x) {
				return false
			}
			e = x.X
		case *ast.Ident:
			obj, ok := info.Uses[x].(*types.Var)
			return ok && !obj.IsField() && obj.Parent() != obj.Pkg().Scope()
		default:
			return false
		}
	}
}

// declaresDeepCopy reports whether the named struct type t declares
// DeepCopy() *T itself (not one promoted from an embedded field).
func declaresDeepCopy(t *types.Named) bool {
	if _, ok := t.Underlying().(*types.Struct); !ok {
		return false
	}
	ptr := types.NewPointer(t)
	m, index, _ := types.LookupFieldOrMethod(ptr, false, t.Obj().Pkg(), "DeepCopy")
	f, ok := m.(*types.Func)
	if !ok || len(index) != 1 {
		return false
	}
	sig := f.Type().(*types.Signature)
	return sig.Params().Len() == 0 && sig.Results().Len() == 1 && types.Identical(sig.Results().At(0).Type(), ptr)
}

// respell rewrites calls into other spellings of the same API:
//   - metav1.Now() into metav1.NewTime(time.Now()) and
//     metav1.Time{Time: time.Now()}, alternately;
//   - sort.Strings(x) and sort.Ints(x) into slices.Sort(x);
//   - uuid.NewString() into uuid.New().String();
//   - c.Status().Update/Patch(...) into c.SubResource("status").Update/Patch(...).
func respell(v *variant) int {
	n := 0
	info := v.pkg.TypesInfo
	timePkg := types.NewPackage("time", "time")
	slicesPkg := types.NewPackage("slices", "slices")
	for _, fe := range v.files {
		q := v.fileQualifier(fe)
		ast.Inspect(fe.file, func(node ast.Node) bool {
			c, ok := node.(*ast.CallExpr)
			if !ok {
				return true
			}
			sel, ok := ast.Unparen(c.Fun).(*ast.SelectorExpr)
			if !ok {
				return true
			}
			fn, _ := info.Uses[sel.Sel].(*types.Func)
			if fn == nil || fn.Pkg() == nil {
				return true
			}
			start, end := v.off(c.Pos()), v.off(c.End())
			put := func(text string) bool {
				if !v.claim(fe, start, end) {
					return true
				}
				fe.edits = append(fe.edits, edit{start, end, text})
				n++
				return false
			}
			args := func() string {
				var as []string
				for _, a := range c.Args {
					as = append(as, v.text(fe, a))
				}
				return strings.Join(as, ", ")
			}
			switch apis.PathOf(fn.Pkg()) + "." + fn.Name() {
			case apis.MetaV1 + ".Now":
				if fn.Type().(*types.Signature).Recv() != nil {
					return true
				}
				m := q(fn.Pkg())
				if n%2 == 0 {
					return put(fmt.Sprintf("%s.NewTime(%s.Now())", m, q(timePkg)))
				}
				return put(fmt.Sprintf("%s.Time{Time: %s.Now()}", m, q(timePkg)))
			case "sort.Strings", "sort.Ints", "sort.Float64s":
				return put(fmt.Sprintf("%s.Sort(%s)", q(slicesPkg), args()))
			case "github.com/google/uuid.NewString":
				return put(fmt.Sprintf("%s.New().String()", q(fn.Pkg())))
			case apis.Client + ".Update", apis.Client + ".Patch":
				// A method of SubResourceWriter called on X.Status().
				inner, ok := ast.Unparen(sel.X).(*ast.CallExpr)
				if !ok || len(inner.Args) != 0 {
					return true
				}
				isel, ok := ast.Unparen(inner.Fun).(*ast.SelectorExpr)
				if !ok || isel.Sel.Name != "Status" {
					return true
				}
				sfn, _ := info.Uses[isel.Sel].(*types.Func)
				if sfn == nil || sfn.Pkg() == nil || apis.PathOf(sfn.Pkg()) != apis.Client {
					return true
				}
				if fn.Type().(*types.Signature).Recv() == nil {
					return true
				}
				rest := args()
				if c.Ellipsis.IsValid() {
					rest += "..."
				}
				return put(fmt.Sprintf("%s.SubResource(\"status\").%s(%s)", v.text(fe, isel.X), fn.Name(), rest))
			}
			return true
		})
	}
	return n
}

// keyedLiteral is a keyed composite literal of a struct type of another
// package that a literal rule rewrites: the type written with the
// variant's qualifier, whether the literal is addressed (&T{…}), its
// fields in order with their types, and the text of their values.
type keyedLiteral struct {
	tname  string
	ptr    bool
	fields []string
	ftypes []string
	args   []string
}

// literalBuilder declares, in the variant's package, what builds the
// literal l, and returns the expression that replaces it.
type literalBuilder func(v *variant, l keyedLiteral, owner string) string

// keyedLiterals returns the rule that rewrites each keyed composite
// literal of a struct type of another package (T{F: e, …} or &T{F: e,
// …}, the type written out) into what build makes of it: the same
// value, built where the caller cannot see it.
func keyedLiterals(build literalBuilder) func(v *variant) int {
	return func(v *variant) int { return rewriteKeyedLiterals(v, build) }
}

func rewriteKeyedLiterals(v *variant, build literalBuilder) int {
	n := 0
	info := v.pkg.TypesInfo
	for _, fe := range v.files {
		for _, d := range fe.file.Decls {
			owner := declKey(d)
			ast.Inspect(d, func(node ast.Node) bool {
				expr, ok := node.(ast.Expr)
				if !ok {
					return true
				}
				lit, _ := expr.(*ast.CompositeLit)
				ptr := false
				if u, isAddr := expr.(*ast.UnaryExpr); isAddr && u.Op == token.AND {
					lit, _ = ast.Unparen(u.X).(*ast.CompositeLit)
					if lit == nil {
						return true
					}
					ptr = true
				}
				if lit == nil {
					return true
				}
				// Declined, an addressed literal keeps its whole text: its
				// literal alone must not become a call (&call is invalid).
				decline := !ptr
				if lit.Type == nil || len(lit.Elts) == 0 {
					return decline
				}
				named, ok := types.Unalias(info.TypeOf(lit)).(*types.Named)
				if !ok || named.Obj().Pkg() == nil || named.Obj().Pkg() == v.pkg.Types || named.TypeArgs().Len() > 0 {
					return decline
				}
				st, ok := named.Underlying().(*types.Struct)
				if !ok || !expressible(named, v.pkg.Types, nil) {
					return decline
				}
				var fields []string
				var ftypes []types.Type
				var args []string
				for _, e := range lit.Elts {
					kv, ok := e.(*ast.KeyValueExpr)
					if !ok {
						return decline
					}
					key, ok := kv.Key.(*ast.Ident)
					if !ok {
						return decline
					}
					var ft types.Type
					for i := 0; i < st.NumFields(); i++ {
						if st.Field(i).Name() == key.Name {
							ft = st.Field(i).Type()
						}
					}
					if ft == nil || !expressible(ft, v.pkg.Types, nil) {
						return decline
					}
					fields = append(fields, key.Name)
					ftypes = append(ftypes, ft)
					args = append(args, v.text(fe, kv.Value))
				}
				start, end := v.off(expr.Pos()), v.off(expr.End())
				if !v.claim(fe, start, end) {
					return decline
				}
				q := v.extra.qualifier(v.pkg.Types)
				l := keyedLiteral{tname: types.TypeString(named, q), ptr: ptr, fields: fields, args: args}
				for _, t := range ftypes {
					l.ftypes = append(l.ftypes, types.TypeString(t, q))
				}
				fe.edits = append(fe.edits, edit{start, end, build(v, l, owner)})
				n++
				return false
			})
		}
	}
	return n
}

// constructorBuilder builds the literal in a constructor helper that
// takes the field values as arguments, in order, and stores them into a
// fresh value field by field.
func constructorBuilder(v *variant, l keyedLiteral, owner string) string {
	name := v.fresh("mmc", owner)
	var ps []string
	var body strings.Builder
	result := l.tname
	if l.ptr {
		result = "*" + l.tname
		fmt.Fprintf(&body, "\to := new(%s)\n", l.tname)
	} else {
		fmt.Fprintf(&body, "\tvar o %s\n", l.tname)
	}
	for i, f := range l.fields {
		ps = append(ps, fmt.Sprintf("a%d %s", i, l.ftypes[i]))
		fmt.Fprintf(&body, "\to.%s = a%d\n", f, i)
	}
	body.WriteString("\treturn o\n")
	v.extra.decls = append(v.extra.decls, fmt.Sprintf("func %s(%s) %s {\n%s}", name, strings.Join(ps, ", "), result, body.String()))
	return name + "(" + strings.Join(l.args, ", ") + ")"
}

// optionsBuilder builds the literal with functional options: a
// constructor that applies each option it is handed to a fresh value,
// and per field an option factory that returns a closure storing the
// value it was given into that field (mmn1(mmn1F0(e0), mmn1F1(e1))).
func optionsBuilder(v *variant, l keyedLiteral, owner string) string {
	name := v.fresh("mmn", owner)
	result, fresh, ret := l.tname, fmt.Sprintf("\to := new(%s)\n", l.tname), "\treturn *o\n"
	if l.ptr {
		result, ret = "*"+l.tname, "\treturn o\n"
	}
	v.extra.decls = append(v.extra.decls, fmt.Sprintf("func %s(opts ...func(*%s)) %s {\n%s\tfor _, opt := range opts {\n\t\topt(o)\n\t}\n%s}",
		name, l.tname, result, fresh, ret))
	var opts []string
	for i, f := range l.fields {
		opt := fmt.Sprintf("%sF%d", name, i)
		v.owner[opt] = owner
		v.extra.decls = append(v.extra.decls, fmt.Sprintf("func %s(a %s) func(*%s) {\n\treturn func(o *%s) { o.%s = a }\n}",
			opt, l.ftypes[i], l.tname, l.tname, f))
		opts = append(opts, opt+"("+l.args[i]+")")
	}
	return name + "(" + strings.Join(opts, ", ") + ")"
}

// valuePointer turns each local variable of another package's struct type
// (var x T, x := T{…}) into a pointer to the same value (x := &T{},
// x := &T{…}): &x becomes x, an assignment to x stores through it (*x =
// …), a use of the value reads it ((*x)), and selectors stay as they are
// (Go dereferences them). The variable is rewritten with all its uses or
// not at all.
func valuePointer(v *variant) int {
	n := 0
	info := v.pkg.TypesInfo
	for _, fe := range v.files {
		q := v.fileQualifier(fe)
		for _, d := range fe.file.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			// The parent of every node of the body, to read a use's context.
			parent := map[ast.Node]ast.Node{}
			var stack []ast.Node
			ast.Inspect(fd.Body, func(node ast.Node) bool {
				if node == nil {
					stack = stack[:len(stack)-1]
					return false
				}
				if len(stack) > 0 {
					parent[node] = stack[len(stack)-1]
				}
				stack = append(stack, node)
				return true
			})
			ast.Inspect(fd.Body, func(node ast.Node) bool {
				var id *ast.Ident
				var edits []edit
				switch st := node.(type) {
				case *ast.DeclStmt:
					gd, ok := st.Decl.(*ast.GenDecl)
					if !ok || gd.Tok != token.VAR || len(gd.Specs) != 1 || gd.Lparen.IsValid() {
						return true
					}
					vs := gd.Specs[0].(*ast.ValueSpec)
					if len(vs.Names) != 1 || len(vs.Values) != 0 || vs.Type == nil {
						return true
					}
					id = vs.Names[0]
					named := otherStruct(info.TypeOf(vs.Type), v.pkg.Types)
					if named == nil {
						return true
					}
					edits = append(edits, edit{v.off(st.Pos()), v.off(st.End()), fmt.Sprintf("%s := &%s{}", id.Name, types.TypeString(named, q))})
				case *ast.AssignStmt:
					if st.Tok != token.DEFINE || len(st.Lhs) != 1 || len(st.Rhs) != 1 {
						return true
					}
					id, _ = st.Lhs[0].(*ast.Ident)
					lit, ok := ast.Unparen(st.Rhs[0]).(*ast.CompositeLit)
					if id == nil || !ok || lit.Type == nil || otherStruct(info.TypeOf(lit), v.pkg.Types) == nil {
						return true
					}
					edits = append(edits, edit{v.off(lit.Type.Pos()), v.off(lit.Type.End()), "&" + v.text(fe, lit.Type)})
				default:
					return true
				}
				obj := info.Defs[id]
				if obj == nil || id.Name == "_" {
					return true
				}
				ok := true
				ast.Inspect(fd.Body, func(u ast.Node) bool {
					use, isIdent := u.(*ast.Ident)
					if !ok || !isIdent || info.Uses[use] != obj {
						return ok
					}
					switch p := parent[use].(type) {
					case *ast.UnaryExpr:
						if p.Op == token.AND {
							edits = append(edits, edit{v.off(p.Pos()), v.off(p.End()), id.Name})
							return true
						}
					case *ast.SelectorExpr:
						if p.X == ast.Expr(use) {
							return true // x.f and x.M() dereference a pointer
						}
					case *ast.AssignStmt:
						if slices.Contains(p.Lhs, ast.Expr(use)) {
							if p.Tok != token.ASSIGN {
								ok = false
								return false
							}
							edits = append(edits, edit{v.off(use.Pos()), v.off(use.End()), "*" + id.Name})
							return true
						}
					case *ast.ParenExpr:
						if u, isAddr := parent[p].(*ast.UnaryExpr); isAddr && u.Op == token.AND {
							edits = append(edits, edit{v.off(u.Pos()), v.off(u.End()), id.Name})
							return true
						}
					}
					edits = append(edits, edit{v.off(use.Pos()), v.off(use.End()), "(*" + id.Name + ")"})
					return true
				})
				if !ok || !v.claimAll(fe, edits) {
					return true
				}
				fe.edits = append(fe.edits, edits...)
				n++
				return true
			})
		}
	}
	return n
}

// otherStruct returns t when it is a named struct type of another package
// than self, not generic and expressible from self; nil otherwise.
func otherStruct(t types.Type, self *types.Package) *types.Named {
	named, ok := types.Unalias(t).(*types.Named)
	if !ok || named.Obj().Pkg() == nil || named.Obj().Pkg() == self || named.TypeArgs().Len() > 0 {
		return nil
	}
	if _, isStruct := named.Underlying().(*types.Struct); !isStruct || !expressible(named, self, nil) {
		return nil
	}
	return named
}

// claimAll claims the ranges of every edit of es, or none of them.
func (v *variant) claimAll(fe *fileEdit, es []edit) bool {
	for i, e := range es {
		for _, r := range v.taken[fe] {
			if e.start < r[1] && r[0] < e.end {
				return false
			}
		}
		for _, f := range es[:i] {
			if e.start < f.end && f.start < e.end {
				return false
			}
		}
	}
	for _, e := range es {
		v.taken[fe] = append(v.taken[fe], [2]int{e.start, e.end})
	}
	return true
}
