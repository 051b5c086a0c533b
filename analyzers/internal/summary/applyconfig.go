package summary

import (
	"go/types"
	"strings"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/apis"
)

// Apply configurations (client-go's applyconfigurations, and the ones
// applyconfiguration-gen writes for an operator's own types) are generated
// builders in packages the model does not analyse (apis.UsesClientLibraries
// skips them for their size). The generator's contract stands in for their
// facts: a method With<Field> of an apply configuration stores its
// arguments into the receiver's field of that name (through embedded
// structs) and returns the receiver.

// builderFact is the summary of a method With<Field> of an apply
// configuration, or nil for any other function.
func builderFact(fn *types.Func) *FuncSummary {
	sig, ok := fn.Type().(*types.Signature)
	if !ok || sig.Recv() == nil || sig.Results().Len() != 1 || !strings.HasPrefix(fn.Name(), "With") {
		return nil
	}
	recv := sig.Recv().Type()
	if !apis.IsApplyConfiguration(recv) || !types.Identical(recv, sig.Results().At(0).Type()) {
		return nil
	}
	fs := &FuncSummary{ResultSources: []ResultSource{{Result: 0, Param: 0, Kind: SameObject}}}
	obj, index, _ := types.LookupFieldOrMethod(recv, true, fn.Pkg(), strings.TrimPrefix(fn.Name(), "With"))
	field, ok := obj.(*types.Var)
	if !ok || !field.IsField() {
		return fs
	}
	// The path through the embedded structs to the field.
	var path []string
	t := recv
	for _, i := range index {
		st, ok := derefType(t).Underlying().(*types.Struct)
		if !ok || i >= st.NumFields() {
			return fs
		}
		f := st.Field(i)
		path = append(path, f.Name())
		t = f.Type()
	}
	switch derefType(t).Underlying().(type) {
	case *types.Map, *types.Slice:
		path = append(path, "[]")
	}
	var from uint64
	for i := 1; i <= sig.Params().Len() && i < 64; i++ {
		from |= 1 << uint(i)
	}
	fs.Stores = []StoreFact{{Param: 0, Path: strings.Join(path, "."), FromParams: from}}
	return fs
}

func derefType(t types.Type) types.Type {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		return p.Elem()
	}
	return t
}
