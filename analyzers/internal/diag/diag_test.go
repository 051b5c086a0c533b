package diag

import (
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestImportEdits: an added import lands where goimports would put it (a
// standard-library package in the standard-library group, a third-party
// one beside its closest relative), for every shape of import section,
// and the file's syntax tree is left as it was.
func TestImportEdits(t *testing.T) {
	for _, c := range []struct {
		name, src, alias, path, want string
	}{
		{"std joins the std group",
			"package p\n\nimport (\n\t\"context\"\n\t\"fmt\"\n\n\tctrl \"sigs.k8s.io/controller-runtime\"\n\t\"example.com/op/api\"\n)\n",
			"", "sort",
			"package p\n\nimport (\n\t\"context\"\n\t\"fmt\"\n\t\"sort\"\n\n\t\"example.com/op/api\"\n\tctrl \"sigs.k8s.io/controller-runtime\"\n)\n"},
		{"third party joins its relatives",
			"package p\n\nimport (\n\t\"context\"\n\n\tctrl \"sigs.k8s.io/controller-runtime\"\n\t\"sigs.k8s.io/controller-runtime/pkg/client\"\n)\n",
			"", "sigs.k8s.io/controller-runtime/pkg/predicate",
			"package p\n\nimport (\n\t\"context\"\n\n\tctrl \"sigs.k8s.io/controller-runtime\"\n\t\"sigs.k8s.io/controller-runtime/pkg/client\"\n\t\"sigs.k8s.io/controller-runtime/pkg/predicate\"\n)\n"},
		{"single import becomes a group",
			"package p\n\nimport \"context\"\n\nvar _ context.Context\n",
			"", "sort",
			"package p\n\nimport (\n\t\"context\"\n\t\"sort\"\n)\n\nvar _ context.Context\n"},
		{"no imports",
			"package p\n\nvar x int\n",
			"", "sort",
			"package p\n\nimport \"sort\"\n\nvar x int\n"},
		{"alias",
			"package p\n\nimport (\n\t\"context\"\n)\n",
			"sort1", "sort",
			"package p\n\nimport (\n\t\"context\"\n\tsort1 \"sort\"\n)\n"},
		{"two declarations stay two",
			"package p\n\nimport \"context\"\n\nimport (\n\t\"fmt\"\n)\n",
			"", "sort",
			"package p\n\nimport (\n\t\"context\"\n\t\"sort\"\n)\n\nimport (\n\t\"fmt\"\n)\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			fset := token.NewFileSet()
			f, err := parser.ParseFile(fset, "p.go", c.src, parser.ParseComments)
			if err != nil {
				t.Fatal(err)
			}
			before := positions(f)
			edits := importEdits(fset, f, c.alias, c.path)
			if len(edits) != 1 {
				t.Fatalf("%d edits, want 1", len(edits))
			}
			if after := positions(f); !slices.Equal(before, after) {
				t.Errorf("the file's syntax tree changed: %v -> %v", before, after)
			}
			tf := fset.File(f.Pos())
			e := edits[0]
			start, end := tf.Offset(e.Pos), tf.Offset(e.End)
			out := c.src[:start] + string(e.NewText) + c.src[end:]
			got, err := format.Source([]byte(out))
			if err != nil {
				t.Fatalf("result does not parse: %v\n%s", err, out)
			}
			if string(got) != c.want {
				t.Errorf("got\n%s\nwant\n%s", got, c.want)
			}
		})
	}
}

// positions lists the import declarations and spec positions of f.
func positions(f *ast.File) []string {
	var out []string
	for _, d := range f.Decls {
		if gd, ok := d.(*ast.GenDecl); ok && gd.Tok == token.IMPORT {
			out = append(out, "decl")
			for _, sp := range gd.Specs {
				is := sp.(*ast.ImportSpec)
				out = append(out, strings.Join([]string{is.Path.Value, strconv.Itoa(int(is.Path.ValuePos))}, "@"))
			}
		}
	}
	return out
}
