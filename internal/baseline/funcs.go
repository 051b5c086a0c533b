package baseline

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
)

// EnclosingFunc parses the Go file filename and names the function that
// contains line (1-based):
//
//	(*WidgetReconciler).Reconcile   a method with a pointer receiver
//	WidgetReconciler.Name           a method with a value receiver
//	(*Cache).Get                    a method of a generic type (type parameters dropped)
//	pkgfunc                         a package-level function
//	func literal in (*R).Setup      a function literal, however deeply nested
//	func literal in var handlers    a function literal in a package-level declaration
//
// It returns "" with no error when line is outside every function. Names
// do not depend on line numbers, so they survive code moving up or down.
func EnclosingFunc(filename string, line int) (string, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, filename, nil, parser.SkipObjectResolution)
	if err != nil {
		return "", fmt.Errorf("baseline: %w", err)
	}
	return enclosing(fset, f, line), nil
}

func enclosing(fset *token.FileSet, f *ast.File, line int) string {
	contains := func(n ast.Node) bool {
		return fset.Position(n.Pos()).Line <= line && line <= fset.Position(n.End()).Line
	}
	// hasLit reports whether a function literal inside n contains line.
	hasLit := func(n ast.Node) bool {
		found := false
		ast.Inspect(n, func(m ast.Node) bool {
			if found || m == nil || !contains(m) {
				return false
			}
			if _, ok := m.(*ast.FuncLit); ok {
				found = true
				return false
			}
			return true
		})
		return found
	}
	for _, decl := range f.Decls {
		if !contains(decl) {
			continue
		}
		switch d := decl.(type) {
		case *ast.FuncDecl:
			name := funcName(d)
			if d.Body != nil && hasLit(d.Body) {
				return "func literal in " + name
			}
			return name
		case *ast.GenDecl:
			for _, spec := range d.Specs {
				if !contains(spec) || !hasLit(spec) {
					continue
				}
				if vs, ok := spec.(*ast.ValueSpec); ok && len(vs.Names) > 0 {
					return "func literal in " + d.Tok.String() + " " + vs.Names[0].Name
				}
				return "func literal in package scope"
			}
		}
	}
	return ""
}

// funcName names a function declaration: F, T.M or (*T).M.
func funcName(d *ast.FuncDecl) string {
	if d.Recv == nil || len(d.Recv.List) == 0 {
		return d.Name.Name
	}
	typ := d.Recv.List[0].Type
	ptr := false
	if p, ok := typ.(*ast.ParenExpr); ok {
		typ = p.X
	}
	if s, ok := typ.(*ast.StarExpr); ok {
		ptr = true
		typ = s.X
	}
	switch t := typ.(type) {
	case *ast.IndexExpr:
		typ = t.X
	case *ast.IndexListExpr:
		typ = t.X
	}
	recv := "?"
	if id, ok := typ.(*ast.Ident); ok {
		recv = id.Name
	}
	if ptr {
		return "(*" + recv + ")." + d.Name.Name
	}
	return recv + "." + d.Name.Name
}

// funcCache parses each file once for a run of Write or Filter.
type funcCache struct {
	fset  *token.FileSet
	files map[string]*ast.File // nil when the file could not be parsed
}

func newFuncCache() *funcCache {
	return &funcCache{fset: token.NewFileSet(), files: map[string]*ast.File{}}
}

func (c *funcCache) enclosing(filename string, line int) (string, error) {
	f, seen := c.files[filename]
	if !seen {
		var err error
		f, err = parser.ParseFile(c.fset, filename, nil, parser.SkipObjectResolution)
		if err != nil {
			f = nil
		}
		c.files[filename] = f
	}
	if f == nil {
		return "", fmt.Errorf("baseline: cannot parse %s", filename)
	}
	return enclosing(c.fset, f, line), nil
}
