// Package fixes builds the SuggestedFixes that several checks share, on
// top of the summary model: guarding a write with a DeepEqual comparison
// against a pre-image (an unconditional write, and a time stamped only
// when the object changed).
//
// It imports the summary, apis and diag packages.
package fixes

import (
	"fmt"
	"go/ast"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/apis"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/diag"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/ssax"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/summary"
)

// WriteOf returns the summary's write at instr, or nil.
func WriteOf(s *summary.Summary, instr ssa.Instruction) *summary.Write {
	for _, w := range s.Writes {
		if w.Call == instr {
			return w
		}
	}
	return nil
}

// GuardWrite builds the fix that wraps the statement of the write w (whose
// call expression is call) in an equality.Semantic.DeepEqual guard against
// a pre-image: the variable base of a client.MergeFrom(base) patch, or a
// copy inserted right after the Get that read the object in the same
// function. Status writes compare .Status. When first is not empty, it is
// placed as the first statement inside the guard (stamp-on-change), and
// extra edits (such as deleting first's original statement) are added.
// It returns nil when no safe fix exists.
func GuardWrite(pass *analysis.Pass, s *summary.Summary, w *summary.Write, call *ast.CallExpr, first string, extra ...analysis.TextEdit) *analysis.SuggestedFix {
	if w.Flavor != apis.FlavorCR || len(call.Args) < 2 || s.Forwarded(w.Call) {
		return nil
	}
	objExpr := call.Args[1]
	stmt, _, _, ok := diag.StmtInBlock(pass, call.Pos())
	if !ok {
		return nil
	}
	after, ok := diag.WrapTail(pass, stmt, call)
	if !ok {
		return nil
	}
	file := diag.FileOf(pass, call.Pos())
	if file == nil {
		return nil
	}
	var edits []analysis.TextEdit
	base := ""
	// A MergeFrom(base) patch with a variable base: that is the pre-image.
	if (w.Kind == apis.Patch || w.Kind == apis.StatusPatch) && len(call.Args) >= 3 {
		if pc, ok := ast.Unparen(call.Args[2]).(*ast.CallExpr); ok && isMergeFrom(pass, pc) && len(pc.Args) > 0 {
			if id, ok := ast.Unparen(pc.Args[0]).(*ast.Ident); ok {
				base = id.Name
			}
		}
		if base == "" {
			return nil
		}
	}
	if base == "" {
		// Take a copy right after the Get that read the object.
		name, insert := preimageAfterRead(pass, s, w, call)
		if insert == nil {
			return nil
		}
		base = name
		edits = append(edits, *insert)
	}
	obj := diag.Source(pass, objExpr.Pos(), objExpr.End())
	a, b := base, obj
	if w.Kind.IsStatus() {
		a = base + ".Status"
		b = strings.TrimPrefix(obj, "&") + ".Status"
	}
	eqName, imp := diag.EnsureImport(pass, file, call.Pos(), apis.Equality, "equality")
	wrap, ok := diag.WrapInIfFirst(pass, stmt, fmt.Sprintf("!%s.Semantic.DeepEqual(%s, %s)", eqName, a, b), first, after)
	if !ok {
		return nil
	}
	edits = append(edits, imp...)
	edits = append(edits, wrap)
	edits = append(edits, extra...)
	return &analysis.SuggestedFix{Message: "Write only when the object differs from " + base, TextEdits: edits}
}

func isMergeFrom(pass *analysis.Pass, c *ast.CallExpr) bool {
	fn, ok := typeutil.Callee(pass.TypesInfo, c).(*types.Func)
	return ok && apis.IsMergeFromPatch(apis.FuncOf(fn))
}

// preimageAfterRead returns the name of a copy to insert and the edit that
// inserts it after the Get that read the written object, in the same
// function, when that Get's statement is in a block enclosing the write.
func preimageAfterRead(pass *analysis.Pass, s *summary.Summary, w *summary.Write, call *ast.CallExpr) (string, *analysis.TextEdit) {
	root, path := s.RootOf(w.Object)
	if len(path) != 0 {
		return "", nil
	}
	var read ssa.Instruction
	for _, e := range s.Effects(w.Fn) {
		if e.Kind == summary.ReadEffect && e.Root == root && e.Via == nil && ssax.Reaches(e.Instr, w.Call) {
			if read != nil {
				return "", nil // several reads: which one is the pre-image is unclear
			}
			read = e.Instr
		}
	}
	if read == nil || !apis.HasDeepCopy(root.Type()) {
		return "", nil
	}
	getCall, ok := diag.Enclosing[*ast.CallExpr](pass, read.Pos())
	if !ok || len(getCall.Args) < 3 {
		return "", nil
	}
	stmt, list, _, ok := diag.StmtInBlock(pass, getCall.Pos())
	if !ok || len(list) == 0 {
		return "", nil
	}
	// The copy must be visible at the write: the Get's statement list must
	// enclose the write.
	if !(list[0].Pos() <= call.Pos() && call.End() <= list[len(list)-1].End()) {
		return "", nil
	}
	objText := strings.TrimPrefix(diag.Source(pass, getCall.Args[2].Pos(), getCall.Args[2].End()), "&")
	if objText == "" {
		return "", nil
	}
	name := diag.FreshName(pass, stmt.End(), "orig")
	indent := diag.LineIndent(pass, stmt.Pos())
	return name, &analysis.TextEdit{Pos: stmt.End(), End: stmt.End(),
		NewText: []byte("\n" + indent + name + " := " + objText + ".DeepCopy()")}
}
