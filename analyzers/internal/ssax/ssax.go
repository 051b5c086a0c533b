// Package ssax holds small helpers over go/ssa and go/types that know
// nothing of Kubernetes: call arguments and callees, constants, field
// names, dominance and loops, variadic arguments and conversions, the
// methods behind interface values and readable function names. The model
// (package summary) and the checks share them.
package ssax

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strings"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/flow"
	"golang.org/x/tools/go/ssa"
)

// BlockDominates reports whether instruction a runs before b on every path to
// b (both in the same function).
func BlockDominates(a, b ssa.Instruction) bool {
	ba, bb := a.Block(), b.Block()
	if ba == nil || bb == nil || ba.Parent() != bb.Parent() {
		return false
	}
	if ba == bb {
		return InstrIndex(ba, a) < InstrIndex(bb, b)
	}
	return ba.Dominates(bb)
}

// ConcreteType returns the dynamic type of an interface value built by
// MakeInterface, or the value's own type when it is not an interface.
func ConcreteType(v ssa.Value) types.Type {
	for i := 0; i < 8 && v != nil; i++ {
		switch x := v.(type) {
		case *ssa.MakeInterface:
			v = x.X
			continue
		case *ssa.ChangeInterface:
			v = x.X
			continue
		}
		if types.IsInterface(v.Type()) {
			return nil
		}
		return v.Type()
	}
	return nil
}

// StructField returns the value stored into field name of a struct value
// built by a composite literal (a load of a local Alloc), or nil.
func StructField(v ssa.Value, name string) ssa.Value {
	ld, ok := v.(*ssa.UnOp)
	if !ok || ld.Op != token.MUL {
		return nil
	}
	alloc, ok := ld.X.(*ssa.Alloc)
	if !ok {
		return nil
	}
	return AllocField(alloc, name)
}

// AllocField returns the one value stored into field name of the struct
// that alloc holds, or nil.
func AllocField(alloc *ssa.Alloc, name string) ssa.Value {
	var val ssa.Value
	for _, r := range *alloc.Referrers() {
		fa, ok := r.(*ssa.FieldAddr)
		if !ok || FieldName(fa.X.Type(), fa.Field) != name {
			continue
		}
		for _, rr := range *fa.Referrers() {
			if st, ok := rr.(*ssa.Store); ok && st.Addr == fa {
				if val != nil {
					return nil
				}
				val = st.Val
			}
		}
	}
	return val
}

// IsEmptyString reports whether v is the constant "".
func IsEmptyString(v ssa.Value) bool {
	c, ok := v.(*ssa.Const)
	return ok && c.Value != nil && c.Value.Kind() == constant.String && constant.StringVal(c.Value) == ""
}

// InstrIndex returns the index of instr in b, or -1.
func InstrIndex(b *ssa.BasicBlock, instr ssa.Instruction) int {
	for i, x := range b.Instrs {
		if x == instr {
			return i
		}
	}
	return -1
}

// IsParam reports whether v is a parameter of pointer, slice or map type:
// stores through it are visible to the caller.
func IsParam(v ssa.Value) bool {
	p, ok := v.(*ssa.Parameter)
	if !ok {
		return false
	}
	switch p.Type().Underlying().(type) {
	case *types.Pointer, *types.Slice, *types.Map:
		return true
	}
	return false
}

// Itoa formats i in decimal.
func Itoa(i int) string {
	if i < 0 {
		return "-" + Itoa(-i)
	}
	if i < 10 {
		return string(rune('0' + i))
	}
	return Itoa(i/10) + string(rune('0'+i%10))
}

// Encloses reports whether inner is a closure nested in outer.
func Encloses(outer, inner *ssa.Function) bool {
	for f := inner.Parent(); f != nil; f = f.Parent() {
		if f == outer {
			return true
		}
	}
	return false
}

// IsPhi reports whether v is a φ-node.
func IsPhi(v ssa.Value) bool {
	_, ok := v.(*ssa.Phi)
	return ok
}

// IsNil reports whether v is the constant nil.
func IsNil(v ssa.Value) bool {
	c, ok := v.(*ssa.Const)
	return ok && c.IsNil()
}

// Deref returns the element type of a pointer type, and other types
// unchanged.
func Deref(t types.Type) types.Type {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		return p.Elem()
	}
	return t
}

// FieldName returns the name of field i of the struct behind t.
func FieldName(t types.Type, i int) string {
	st, ok := Deref(t).Underlying().(*types.Struct)
	if !ok || i < 0 || i >= st.NumFields() {
		return ""
	}
	return st.Field(i).Name()
}

// ConstString returns the string value of a constant, if v is one.
func ConstString(v ssa.Value) (string, bool) {
	c, ok := v.(*ssa.Const)
	if !ok || c.Value == nil || c.Value.Kind() != constant.String {
		return "", false
	}
	return constant.StringVal(c.Value), true
}

// LoopHeaderOf returns the block of the Phi that a loop counter is (i) or
// is computed from (i+1, as range loops do), or nil.
func LoopHeaderOf(idx ssa.Value) *ssa.BasicBlock {
	if b, ok := idx.(*ssa.BinOp); ok && b.Op == token.ADD {
		idx = b.X
	}
	if p, ok := idx.(*ssa.Phi); ok {
		return p.Block()
	}
	return nil
}

// VariadicCall returns the call whose variadic argument slice ia
// addresses an element of, and that slice; nil when the array backs
// anything else.
func VariadicCall(ia *ssa.IndexAddr) (*ssa.Call, ssa.Value) {
	alloc, ok := ia.X.(*ssa.Alloc)
	if !ok {
		return nil, nil
	}
	var call *ssa.Call
	var slice ssa.Value
	for _, r := range *alloc.Referrers() {
		switch r := r.(type) {
		case *ssa.IndexAddr:
		case *ssa.Slice:
			for _, rr := range *r.Referrers() {
				c, ok := rr.(*ssa.Call)
				if !ok || call != nil {
					return nil, nil
				}
				call, slice = c, r
			}
		default:
			return nil, nil
		}
	}
	return call, slice
}

// UsedOutside reports whether a value defined in b is used in another
// block.
func UsedOutside(v ssa.Value, b *ssa.BasicBlock) bool {
	refs := v.Referrers()
	if refs == nil {
		return false
	}
	for _, r := range *refs {
		if r.Block() != b {
			return true
		}
	}
	return false
}

// Mentions reports whether cond is computed from target.
func Mentions(v, target ssa.Value, seen map[ssa.Value]bool) bool {
	if v == target {
		return true
	}
	if v == nil || seen[v] {
		return false
	}
	seen[v] = true
	switch x := v.(type) {
	case *ssa.UnOp:
		return Mentions(x.X, target, seen)
	case *ssa.BinOp:
		return Mentions(x.X, target, seen) || Mentions(x.Y, target, seen)
	case *ssa.MakeInterface:
		return Mentions(x.X, target, seen)
	case *ssa.ChangeInterface:
		return Mentions(x.X, target, seen)
	case *ssa.ChangeType:
		return Mentions(x.X, target, seen)
	case *ssa.TypeAssert:
		return Mentions(x.X, target, seen)
	case *ssa.Extract:
		return Mentions(x.Tuple, target, seen)
	case *ssa.Phi:
		for _, e := range x.Edges {
			if Mentions(e, target, seen) {
				return true
			}
		}
	case *ssa.Call:
		for _, a := range x.Call.Args {
			if Mentions(a, target, seen) {
				return true
			}
		}
		if x.Call.IsInvoke() {
			return Mentions(x.Call.Value, target, seen)
		}
	}
	return false
}

// IsPlainNilTest reports whether cond is err != nil or err == nil (possibly
// negated) of target itself.
func IsPlainNilTest(cond, target ssa.Value) bool {
	for {
		u, ok := cond.(*ssa.UnOp)
		if !ok || u.Op != token.NOT {
			break
		}
		cond = u.X
	}
	b, ok := cond.(*ssa.BinOp)
	if !ok || (b.Op != token.EQL && b.Op != token.NEQ) {
		return false
	}
	x, y := b.X, b.Y
	if IsNil(x) {
		x, y = y, x
	}
	if !IsNil(y) {
		return false
	}
	return WithinConversions(x, 4, func(v ssa.Value) bool { return v == target || loadOf(v, target) })
}

// loadOf reports whether v reads target, a closure's free variable, through
// its cell (*fv).
func loadOf(v, target ssa.Value) bool {
	u, ok := v.(*ssa.UnOp)
	_, isFree := target.(*ssa.FreeVar)
	return ok && isFree && u.Op == token.MUL && u.X == target
}

// StripIdentityConv removes the conversions that keep a value's identity
// (MakeInterface, ChangeInterface, ChangeType).
func StripIdentityConv(v ssa.Value) ssa.Value {
	for {
		if c := identityConvOperand(v); c != nil {
			v = c
			continue
		}
		return v
	}
}

// identityConvOperand returns the operand of an identity-keeping
// conversion, or nil.
func identityConvOperand(v ssa.Value) ssa.Value {
	switch x := v.(type) {
	case *ssa.MakeInterface:
		return x.X
	case *ssa.ChangeInterface:
		return x.X
	case *ssa.ChangeType:
		return x.X
	}
	return nil
}

// WithinConversions reports whether ok holds for v or for a value that v
// converts (through MakeInterface, ChangeInterface and ChangeType), up to
// n steps away.
func WithinConversions(v ssa.Value, n int, ok func(ssa.Value) bool) bool {
	for i := 0; i < n && v != nil; i++ {
		if ok(v) {
			return true
		}
		if v = identityConvOperand(v); v == nil {
			return false
		}
	}
	return false
}

// ClosureArg returns the value a call of fn gives to fn's parameter i, or,
// for i >= len(fn.Params), to its free variable i-len(fn.Params) (the
// binding of the closure the call calls); nil when the call does not say.
func ClosureArg(c *ssa.CallCommon, fn *ssa.Function, i int) ssa.Value {
	if i < len(fn.Params) {
		if i < len(c.Args) {
			return c.Args[i]
		}
		return nil
	}
	i -= len(fn.Params)
	if mc, ok := c.Value.(*ssa.MakeClosure); ok && mc.Fn == fn && i < len(mc.Bindings) {
		return mc.Bindings[i]
	}
	return nil
}

// VariadicElems returns the elements of a compiler-built variadic slice in
// argument order, or ok=false when the slice is not one (a forwarded
// slice, say). A nil slice has no elements.
func VariadicElems(v ssa.Value) ([]ssa.Value, bool) {
	if c, ok := v.(*ssa.Const); ok && c.IsNil() {
		return nil, true
	}
	sl, ok := v.(*ssa.Slice)
	if !ok {
		return nil, false
	}
	arr, ok := sl.X.(*ssa.Alloc)
	if !ok {
		return nil, false
	}
	at, ok := types.Unalias(Deref(arr.Type())).Underlying().(*types.Array)
	if !ok {
		return nil, false
	}
	out := make([]ssa.Value, at.Len())
	for _, r := range *arr.Referrers() {
		ia, ok := r.(*ssa.IndexAddr)
		if !ok {
			continue
		}
		idx, ok := ia.Index.(*ssa.Const)
		if !ok || idx.Value == nil {
			return nil, false
		}
		i := int(idx.Int64())
		if i < 0 || i >= len(out) {
			return nil, false
		}
		for _, rr := range *ia.Referrers() {
			if st, ok := rr.(*ssa.Store); ok && st.Addr == ia {
				out[i] = st.Val
			}
		}
	}
	for _, e := range out {
		if e == nil {
			return nil, false
		}
	}
	return out, true
}

// Unparen strips the parentheses around e.
func Unparen(e ast.Expr) ast.Expr {
	for {
		p, ok := e.(*ast.ParenExpr)
		if !ok {
			return e
		}
		e = p.X
	}
}

// IsBool reports whether t's underlying type is bool.
func IsBool(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Kind() == types.Bool
}

// StripConv looks through interface and type conversions.
func StripConv(v ssa.Value) ssa.Value {
	for i := 0; i < 4; i++ {
		switch x := v.(type) {
		case *ssa.MakeInterface:
			v = x.X
		case *ssa.ChangeInterface:
			v = x.X
		case *ssa.ChangeType:
			v = x.X
		default:
			return v
		}
	}
	return v
}

// EveryReturn reports whether result i of fn satisfies ok on every return
// that does not return nil for it, and whether there is such a return:
// the shape of the "what a helper returns" facts (resultsrc.go, readResults,
// and the taint package's listResult).
func EveryReturn(fn *ssa.Function, i int, ok func(ret *ssa.Return, v ssa.Value) bool) (all, some bool) {
	for _, b := range fn.Blocks {
		ret, isRet := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !isRet || i >= len(ret.Results) || IsNil(ret.Results[i]) {
			continue
		}
		if !ok(ret, ret.Results[i]) {
			return false, some
		}
		some = true
	}
	return true, some
}

// FuncOfValue returns the function behind a function value: a function, a
// closure, or a bound method.
func FuncOfValue(v ssa.Value) *ssa.Function {
	switch x := v.(type) {
	case *ssa.Function:
		return x
	case *ssa.MakeClosure:
		fn, _ := x.Fn.(*ssa.Function)
		if fn != nil && len(x.Bindings) == 1 && strings.HasSuffix(fn.Name(), "$bound") {
			// A method value r.Reconcile: the wrapper calls the method.
			if m := BoundTarget(fn); m != nil {
				return m
			}
		}
		return fn
	case *ssa.ChangeType:
		return FuncOfValue(x.X)
	case *ssa.MakeInterface:
		return FuncOfValue(x.X)
	}
	return nil
}

// BoundTarget returns the method that a $bound wrapper calls.
func BoundTarget(w *ssa.Function) *ssa.Function {
	for _, b := range w.Blocks {
		for _, instr := range b.Instrs {
			if c, ok := instr.(ssa.CallInstruction); ok {
				if fn := c.Common().StaticCallee(); fn != nil {
					return fn
				}
			}
		}
	}
	return nil
}

// CalleeFunc returns the statically known *types.Func called by c: the
// callee function's object, or the interface method of an invoke.
func CalleeFunc(c *ssa.CallCommon) *types.Func {
	if c.IsInvoke() {
		return c.Method
	}
	if fn := c.StaticCallee(); fn != nil {
		if obj, ok := fn.Object().(*types.Func); ok {
			return obj
		}
		if o := fn.Origin(); o != nil {
			if obj, ok := o.Object().(*types.Func); ok {
				return obj
			}
		}
	}
	// A call through a package-level function variable such as
	// ctrl.NewControllerManagedBy is a call of a loaded *ssa.Global; it
	// has no *types.Func.
	return nil
}

// CallArgs returns the arguments of a call, without the receiver of an
// invoke or of a static method call.
func CallArgs(c *ssa.CallCommon) []ssa.Value {
	if c.IsInvoke() {
		return c.Args
	}
	if fn := c.StaticCallee(); fn != nil && fn.Signature.Recv() != nil && len(c.Args) > 0 {
		return c.Args[1:]
	}
	return c.Args
}

// RecvFirstArgs returns the arguments of a call with the receiver of a
// method first (the numbering of parameters in facts and fn.Params).
func RecvFirstArgs(c *ssa.CallCommon) []ssa.Value {
	if c.IsInvoke() {
		return append([]ssa.Value{c.Value}, c.Args...)
	}
	return c.Args
}

// CallRecv returns the receiver of a method call, or nil.
func CallRecv(c *ssa.CallCommon) ssa.Value {
	if c.IsInvoke() {
		return c.Value
	}
	if fn := c.StaticCallee(); fn != nil && fn.Signature.Recv() != nil && len(c.Args) > 0 {
		return c.Args[0]
	}
	return nil
}

// InSameLoop reports whether blocks a and b are both in the body of one
// loop (a header that dominates both and that both reach again).
func InSameLoop(a, b *ssa.BasicBlock) bool {
	for _, h := range a.Parent().Blocks {
		if h != a && flow.IsLoopHeader(h) && h.Dominates(a) && h.Dominates(b) && InLoopOf(h, a) && InLoopOf(h, b) {
			return true
		}
	}
	return false
}

// IsConstString reports whether v is the string constant want.
func IsConstString(v ssa.Value, want string) bool {
	c, ok := v.(*ssa.Const)
	return ok && c.Value != nil && c.Value.Kind() == constant.String && constant.StringVal(c.Value) == want
}

// IsString reports whether t's underlying type is a string type.
func IsString(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}

// ResultCall returns the call whose result v is (the call itself, or the
// call of a tuple v extracts a result of), or nil.
func ResultCall(v ssa.Value) *ssa.Call {
	if x, ok := v.(*ssa.Extract); ok {
		v = x.Tuple
	}
	c, _ := v.(*ssa.Call)
	return c
}

// Unconvert strips interface and type conversions from v.
func Unconvert(a ssa.Value) ssa.Value {
	for {
		switch x := a.(type) {
		case *ssa.MakeInterface:
			a = x.X
			continue
		case *ssa.ChangeType:
			a = x.X
			continue
		case *ssa.Convert:
			a = x.X
			continue
		}
		return a
	}
}

// Dominates reports whether a executes before b on every path to b.
func Dominates(a, b ssa.Instruction) bool {
	ba, bb := a.Block(), b.Block()
	if ba == nil || bb == nil {
		return false
	}
	if ba == bb {
		return InstrIndex(ba, a) < InstrIndex(bb, b)
	}
	return ba.Dominates(bb)
}

// InLoopOf reports whether b can reach the loop header h again (b is in
// the loop body of h).
func InLoopOf(h, b *ssa.BasicBlock) bool {
	seen := make(map[*ssa.BasicBlock]bool)
	work := []*ssa.BasicBlock{b}
	for len(work) > 0 {
		x := work[len(work)-1]
		work = work[:len(work)-1]
		if x == h {
			return true
		}
		if seen[x] || !h.Dominates(x) {
			continue
		}
		seen[x] = true
		work = append(work, x.Succs...)
	}
	return false
}

// IsAlloc reports whether v is an allocation.
func IsAlloc(v ssa.Value) bool {
	_, ok := v.(*ssa.Alloc)
	return ok
}

// VariadicStrings returns the string constants of a variadic argument
// slice, or nil when it is not a slice of constants.
func VariadicStrings(v ssa.Value) []string {
	sl, ok := v.(*ssa.Slice)
	if !ok {
		return nil
	}
	arr, ok := sl.X.(*ssa.Alloc)
	if !ok {
		return nil
	}
	var out []string
	for _, r := range *arr.Referrers() {
		ia, ok := r.(*ssa.IndexAddr)
		if !ok {
			continue
		}
		for _, rr := range *ia.Referrers() {
			if st, ok := rr.(*ssa.Store); ok && st.Addr == ia {
				if s, ok := ConstString(st.Val); ok {
					out = append(out, s)
				} else {
					out = append(out, "?")
				}
			}
		}
	}
	return out
}

// VariadicValues returns the values stored into a compiler-built variadic
// slice, looking through MakeInterface.
func VariadicValues(v ssa.Value) []ssa.Value {
	sl, ok := v.(*ssa.Slice)
	if !ok {
		return nil
	}
	arr, ok := sl.X.(*ssa.Alloc)
	if !ok {
		return nil
	}
	var out []ssa.Value
	for _, r := range *arr.Referrers() {
		ia, ok := r.(*ssa.IndexAddr)
		if !ok {
			continue
		}
		for _, rr := range *ia.Referrers() {
			if st, ok := rr.(*ssa.Store); ok && st.Addr == ia {
				val := st.Val
				switch mi := val.(type) {
				case *ssa.MakeInterface:
					val = mi.X
				case *ssa.ChangeInterface:
					val = mi.X
				}
				out = append(out, val)
			}
		}
	}
	return out
}

// ParamIndex returns the index of v among fn's parameters (receiver
// first), or -1 when v is not one of them.
func ParamIndex(fn *ssa.Function, v ssa.Value) int {
	p, ok := v.(*ssa.Parameter)
	if !ok {
		return -1
	}
	for i, q := range fn.Params {
		if q == p {
			return i
		}
	}
	return -1
}

// SpilledParam returns the parameter a local variable holds when the
// variable is only the parameter's addressable copy: SSA spills a struct
// parameter whose fields are addressed (e.ObjectNew) into an Alloc.
func SpilledParam(a *ssa.Alloc) *ssa.Parameter {
	var p *ssa.Parameter
	for _, r := range *a.Referrers() {
		st, ok := r.(*ssa.Store)
		if !ok || st.Addr != a {
			continue
		}
		q, ok := st.Val.(*ssa.Parameter)
		if !ok || p != nil {
			return nil
		}
		p = q
	}
	return p
}

// SingleStored returns the one value stored into a local, or nil when it
// is stored more than once (or never).
func SingleStored(a *ssa.Alloc) ssa.Value {
	var val ssa.Value
	for _, r := range *a.Referrers() {
		if st, ok := r.(*ssa.Store); ok && st.Addr == a {
			if val != nil {
				return nil
			}
			val = st.Val
		}
	}
	return val
}

// PostDominates reports whether every path from instruction a to the end
// of its function passes through instruction b (b after a in a's block,
// or b's block on every path from a's block to a block with no
// successors).
func PostDominates(b, a ssa.Instruction) bool {
	ba, bb := a.Block(), b.Block()
	if ba == nil || bb == nil || ba.Parent() != bb.Parent() {
		return false
	}
	if ba == bb {
		return InstrIndex(ba, a) < InstrIndex(bb, b)
	}
	seen := map[*ssa.BasicBlock]bool{ba: true}
	work := []*ssa.BasicBlock{ba}
	for len(work) > 0 {
		blk := work[len(work)-1]
		work = work[:len(work)-1]
		if len(blk.Succs) == 0 {
			return false // an end reached without passing b
		}
		for _, s := range blk.Succs {
			if s == bb || seen[s] {
				continue
			}
			seen[s] = true
			work = append(work, s)
		}
	}
	return true
}

// Reaches reports whether instruction b may execute after instruction a in
// the same function (a path from a to b exists in the CFG).
func Reaches(a, b ssa.Instruction) bool {
	ba, bb := a.Block(), b.Block()
	if ba == nil || bb == nil || ba.Parent() != bb.Parent() {
		return false
	}
	if ba == bb && InstrIndex(ba, a) < InstrIndex(bb, b) {
		return true
	}
	seen := make(map[*ssa.BasicBlock]bool)
	work := append([]*ssa.BasicBlock(nil), ba.Succs...)
	for len(work) > 0 {
		x := work[len(work)-1]
		work = work[:len(work)-1]
		if x == bb {
			return true
		}
		if seen[x] {
			continue
		}
		seen[x] = true
		work = append(work, x.Succs...)
	}
	return false
}

// ReachesAvoiding reports whether instruction b may execute after a on a
// path that runs no instruction for which stop is true between them.
func ReachesAvoiding(a, b ssa.Instruction, stop func(ssa.Instruction) bool) bool {
	ba, bb := a.Block(), b.Block()
	if ba == nil || bb == nil || ba.Parent() != bb.Parent() {
		return false
	}
	// scan runs blk's instructions from index i: b reached, or cut.
	scan := func(blk *ssa.BasicBlock, i int) (hit, cut bool) {
		for _, in := range blk.Instrs[i:] {
			if in == b {
				return true, false
			}
			if stop(in) {
				return false, true
			}
		}
		return false, false
	}
	if hit, cut := scan(ba, InstrIndex(ba, a)+1); hit || cut {
		return hit
	}
	seen := make(map[*ssa.BasicBlock]bool)
	work := append([]*ssa.BasicBlock(nil), ba.Succs...)
	for len(work) > 0 {
		x := work[len(work)-1]
		work = work[:len(work)-1]
		if seen[x] {
			continue
		}
		seen[x] = true
		hit, cut := scan(x, 0)
		if hit {
			return true
		}
		if !cut {
			work = append(work, x.Succs...)
		}
	}
	return false
}

// Between reports whether instruction m lies on a path from a to b that
// does not run a again: Reaches(a, m), and b is reachable from m without
// passing a. Around a loop every instruction reaches every other, but
// one that runs only before a runs again is not between a and the b
// that follows it (a read at the loop's head, before the store that the
// write after it persists).
func Between(a, m, b ssa.Instruction) bool {
	if !Reaches(a, m) {
		return false
	}
	ba, bm, bb := a.Block(), m.Block(), b.Block()
	// aAhead: a follows m in m's block, so it runs before m's block is left.
	aAhead := bm == ba && InstrIndex(bm, m) < InstrIndex(ba, a)
	if bm == bb && InstrIndex(bm, m) < InstrIndex(bb, b) && (!aAhead || InstrIndex(bb, b) < InstrIndex(ba, a)) {
		return true
	}
	if aAhead {
		return false
	}
	seen := make(map[*ssa.BasicBlock]bool)
	work := append([]*ssa.BasicBlock(nil), bm.Succs...)
	for len(work) > 0 {
		x := work[len(work)-1]
		work = work[:len(work)-1]
		if x == bb && (x != ba || InstrIndex(bb, b) < InstrIndex(ba, a)) {
			return true
		}
		if seen[x] || x == ba {
			continue // a runs again on the way
		}
		seen[x] = true
		work = append(work, x.Succs...)
	}
	return false
}

// FuncName returns a readable name for fn in messages: "helper",
// "(*WidgetReconciler).Reconcile", or "the func literal in Setup".
func FuncName(fn *ssa.Function) string {
	if fn.Parent() != nil {
		outer := fn
		for outer.Parent() != nil {
			outer = outer.Parent()
		}
		return "the func literal in " + FuncName(outer)
	}
	if recv := fn.Signature.Recv(); recv != nil {
		t := recv.Type()
		star := ""
		if p, ok := types.Unalias(t).(*types.Pointer); ok {
			star, t = "*", p.Elem()
		}
		if n, ok := types.Unalias(t).(*types.Named); ok {
			return "(" + star + n.Origin().Obj().Name() + ")." + fn.Name()
		}
	}
	return fn.Name()
}

// MethodOfValue returns the method named name of the concrete type behind
// an interface value, when the value is a MakeInterface of a known type
// (through conversions), or nil. For a value-receiver method reached
// through a pointer it returns the declared method T.M, not the wrapper.
func MethodOfValue(prog *ssa.Program, v ssa.Value, name string) *ssa.Function {
	for {
		switch x := v.(type) {
		case *ssa.MakeInterface:
			t := x.X.Type()
			ms := prog.MethodSets.MethodSet(t)
			for i := 0; i < ms.Len(); i++ {
				if ms.At(i).Obj().Name() == name {
					fn := prog.MethodValue(ms.At(i))
					if fn != nil && fn.Synthetic != "" {
						// A value-receiver method through a pointer: the
						// wrapper (*T).M has no body of its own; take T.M.
						if obj, ok := ms.At(i).Obj().(*types.Func); ok {
							if decl := prog.FuncValue(obj); decl != nil {
								return decl
							}
						}
					}
					return fn
				}
			}
			return nil
		case *ssa.ChangeType:
			v = x.X
		default:
			return nil
		}
	}
}

// StripNot looks through up to four negations of a condition and says
// whether their number is odd.
func StripNot(cond ssa.Value) (ssa.Value, bool) {
	neg := false
	for i := 0; i < 4; i++ {
		u, isNot := cond.(*ssa.UnOp)
		if !isNot || u.Op != token.NOT {
			break
		}
		neg, cond = !neg, u.X
	}
	return cond, neg
}

// FieldVar returns field i of the struct behind t (a pointer to a
// struct), as the generic field.
func FieldVar(t types.Type, i int) *types.Var {
	st, ok := Deref(t).Underlying().(*types.Struct)
	if !ok || i < 0 || i >= st.NumFields() {
		return nil
	}
	return st.Field(i).Origin()
}

// ShortTypeString names a type for messages: "*nsHandler" or "nsHandler" for a
// named type (or a pointer to one), without its package.
func ShortTypeString(t types.Type) string {
	star := ""
	t = types.Unalias(t)
	if p, ok := t.(*types.Pointer); ok {
		star, t = "*", types.Unalias(p.Elem())
	}
	if n, ok := t.(*types.Named); ok {
		return star + n.Origin().Obj().Name()
	}
	return star + t.String()
}

// RecvTypeName returns the name of the type of a method's receiver
// expression (T of *T, T[P] and (T)), or "".
func RecvTypeName(e ast.Expr) string {
	for {
		switch x := e.(type) {
		case *ast.StarExpr:
			e = x.X
		case *ast.IndexExpr:
			e = x.X
		case *ast.IndexListExpr:
			e = x.X
		case *ast.ParenExpr:
			e = x.X
		case *ast.Ident:
			return x.Name
		default:
			return ""
		}
	}
}

// PkgOf returns the package of fn, or of its generic origin for an
// instance (whose own Pkg is nil), or nil.
func PkgOf(fn *ssa.Function) *ssa.Package {
	if fn.Pkg == nil && fn.Origin() != nil {
		return fn.Origin().Pkg
	}
	return fn.Pkg
}

// InputIndex returns the index of v among fn's inputs: its parameters
// (receiver first), then its free variables, numbered after the
// parameters. It returns -1 when v is neither.
func InputIndex(fn *ssa.Function, v ssa.Value) int {
	switch x := v.(type) {
	case *ssa.Parameter:
		return ParamIndex(fn, x)
	case *ssa.FreeVar:
		for i, fv := range fn.FreeVars {
			if fv == x {
				return len(fn.Params) + i
			}
		}
	}
	return -1
}

// ReadOnlyCell reports whether the free variable fv of a closure is the
// cell of a variable that holds one value for the closure's whole life:
// the closure only loads through it, and its function makes the closure
// once, from a cell (an Alloc) stored exactly once, before the closure is
// made. It returns the value stored, so that a load *fv in the closure is
// that value of the enclosing function (a captured parameter, most often).
// A closure within a closure that captures the same variable sees the
// outermost function's cell, through its parent's free variable.
func ReadOnlyCell(fv *ssa.FreeVar) ssa.Value {
	mc, idx := ClosureOf(fv)
	if mc == nil || !onlyLoaded(fv) {
		return nil
	}
	if outer, ok := mc.Bindings[idx].(*ssa.FreeVar); ok {
		return ReadOnlyCell(outer)
	}
	cell, ok := mc.Bindings[idx].(*ssa.Alloc)
	if !ok {
		return nil
	}
	var store *ssa.Store
	for _, r := range *cell.Referrers() {
		switch x := r.(type) {
		case *ssa.Store:
			if x.Addr != cell || store != nil {
				return nil
			}
			store = x
		case *ssa.UnOp:
			if x.Op != token.MUL {
				return nil
			}
		case *ssa.MakeClosure:
			// Another closure may share the cell, as long as it only
			// loads through it too.
			if x != mc && !loadsOnly(x, cell) {
				return nil
			}
		case *ssa.DebugRef:
		default:
			return nil
		}
	}
	if store == nil || !Reaches(store, mc) {
		return nil
	}
	return store.Val
}

// onlyLoaded reports whether v, a pointer, is only loaded through, whole
// or by field (&v.F, then a load).
func onlyLoaded(v ssa.Value) bool {
	for _, r := range *v.Referrers() {
		switch x := r.(type) {
		case *ssa.UnOp:
			if x.Op != token.MUL {
				return false
			}
		case *ssa.FieldAddr:
			if !onlyLoaded(x) {
				return false
			}
		case *ssa.MakeClosure:
			// Handed on to a closure of the closure: as long as that one
			// only loads through it too.
			if !loadsOnly(x, v) {
				return false
			}
		case *ssa.DebugRef:
		default:
			return false
		}
	}
	return true
}

// loadsOnly reports whether the closure mc makes only loads through the
// free variables it binds to cell.
func loadsOnly(mc *ssa.MakeClosure, cell ssa.Value) bool {
	fn, ok := mc.Fn.(*ssa.Function)
	if !ok {
		return false
	}
	for i, b := range mc.Bindings {
		if b == cell && (i >= len(fn.FreeVars) || !onlyLoaded(fn.FreeVars[i])) {
			return false
		}
	}
	return true
}

// CallInput returns the value a call passes for input i of its callee
// (InputIndex numbering): the argument for a parameter, or, when the call
// calls the closure it names directly (a MakeClosure), the binding of a
// free variable, which is the cell the closure reads. It returns nil when
// the call passes no such value.
func CallInput(c *ssa.CallCommon, i int) ssa.Value {
	if i < 0 || c.IsInvoke() {
		return nil
	}
	if i < len(c.Args) {
		return c.Args[i]
	}
	if mc, ok := c.Value.(*ssa.MakeClosure); ok {
		if k := i - len(c.Args); k < len(mc.Bindings) {
			return mc.Bindings[k]
		}
	}
	return nil
}

// CellStores returns every value stored into the variable that a
// closure's free variable fv captures: by the enclosing function into the
// cell it binds, and through fv (or the free variables of the function's
// other closures bound to the same cell). A load *fv holds one of them. It
// returns nil when the cell is used in any other way (its address passed
// on, a second closure of fv's function made), so that nothing is missed.
func CellStores(fv *ssa.FreeVar) []ssa.Value {
	mc, idx := ClosureOf(fv)
	if mc == nil {
		return nil
	}
	cell, ok := mc.Bindings[idx].(*ssa.Alloc)
	if !ok {
		return nil
	}
	var out []ssa.Value
	var through func(ptr ssa.Value) bool
	through = func(ptr ssa.Value) bool {
		for _, r := range *ptr.Referrers() {
			switch x := r.(type) {
			case *ssa.Store:
				if x.Addr != ptr {
					return false // the cell's address stored somewhere
				}
				out = append(out, x.Val)
			case *ssa.UnOp:
				if x.Op != token.MUL {
					return false
				}
			case *ssa.DebugRef:
			case *ssa.MakeClosure:
				inner, ok := x.Fn.(*ssa.Function)
				if !ok {
					return false
				}
				for i, b := range x.Bindings {
					if b == ptr && (i >= len(inner.FreeVars) || !through(inner.FreeVars[i])) {
						return false
					}
				}
			default:
				return false
			}
		}
		return true
	}
	if !through(cell) {
		return nil
	}
	return out
}

// CapturedParam returns the parameter v is: v itself, or, in a closure,
// the load of a captured parameter that holds one value (ReadOnlyCell),
// through nested closures; nil otherwise.
func CapturedParam(v ssa.Value) *ssa.Parameter {
	for range 4 {
		switch x := v.(type) {
		case *ssa.Parameter:
			return x
		case *ssa.UnOp:
			fv, ok := x.X.(*ssa.FreeVar)
			if !ok || x.Op != token.MUL {
				return nil
			}
			if v = ReadOnlyCell(fv); v == nil {
				return nil
			}
		default:
			return nil
		}
	}
	return nil
}

// ClosureOf returns the one MakeClosure that makes fv's function in the
// function around it, and fv's index among its bindings; nil when the
// function is no closure, or is made more than once.
func ClosureOf(fv *ssa.FreeVar) (*ssa.MakeClosure, int) {
	fn := fv.Parent()
	if fn == nil || fn.Parent() == nil {
		return nil, -1
	}
	idx := -1
	for i, f := range fn.FreeVars {
		if f == fv {
			idx = i
		}
	}
	var mc *ssa.MakeClosure
	for _, b := range fn.Parent().Blocks {
		for _, instr := range b.Instrs {
			if x, ok := instr.(*ssa.MakeClosure); ok && x.Fn == fn {
				if mc != nil {
					return nil, -1
				}
				mc = x
			}
		}
	}
	if mc == nil || idx < 0 || idx >= len(mc.Bindings) {
		return nil, -1
	}
	return mc, idx
}

// EmptinessOperand returns the value that cmp tests for emptiness, len(v)
// against 0 or v against nil, or nil.
func EmptinessOperand(cmp *ssa.BinOp) ssa.Value {
	x, y := cmp.X, cmp.Y
	if _, ok := x.(*ssa.Const); ok {
		x, y = y, x
	}
	k, ok := y.(*ssa.Const)
	if !ok {
		return nil
	}
	if k.Value == nil {
		return x
	}
	if k.Value.String() != "0" {
		return nil
	}
	c, ok := x.(*ssa.Call)
	if !ok || len(c.Call.Args) != 1 {
		return nil
	}
	if b, ok := c.Call.Value.(*ssa.Builtin); !ok || b.Name() != "len" {
		return nil
	}
	return c.Call.Args[0]
}

// ZeroTestOperand returns the value that cmp compares with its zero
// value: an EmptinessOperand (len(v) against 0, v against nil), or v
// against "" or 0. nil otherwise.
func ZeroTestOperand(cmp *ssa.BinOp) ssa.Value {
	if v := EmptinessOperand(cmp); v != nil {
		return v
	}
	for _, pair := range [][2]ssa.Value{{cmp.X, cmp.Y}, {cmp.Y, cmp.X}} {
		if k, ok := pair[1].(*ssa.Const); ok && k.Value != nil && (k.Value.String() == `""` || k.Value.String() == "0") {
			return pair[0]
		}
	}
	return nil
}

// ZeroTested reports whether instr runs only on the "zero" edge of a
// test of a value against its zero value (ZeroTestOperand: x == nil,
// len(x) == 0, x == "", or their negations' false edge) whose operand
// satisfies match: the edge leads to a block of its own that dominates
// instr's block. A value stored there replaces a zero one.
func ZeroTested(instr ssa.Instruction, match func(operand ssa.Value) bool) bool {
	block := instr.Block()
	for _, b := range instr.Parent().Blocks {
		ifi, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
		if !ok {
			continue
		}
		bin, ok := ifi.Cond.(*ssa.BinOp)
		if !ok || bin.Op != token.EQL && bin.Op != token.NEQ {
			continue
		}
		zero := b.Succs[0] // x == zero: the true edge
		if bin.Op == token.NEQ {
			zero = b.Succs[1]
		}
		if len(zero.Preds) != 1 || !zero.Dominates(block) {
			continue
		}
		if op := ZeroTestOperand(bin); op != nil && match(op) {
			return true
		}
	}
	return false
}

// VarOf returns the variable v reads, through conversions: a parameter
// (also one spilled into the addressable cell a closure captures, by
// address or loaded), or a captured variable (the free variable, also
// loaded from its cell); nil for any other value. It is the one answer to
// "which parameter or captured variable is this"; OuterParam follows a
// captured variable out to what it is bound to.
func VarOf(v ssa.Value) ssa.Value {
	v = Unconvert(v)
	if ld, ok := v.(*ssa.UnOp); ok && ld.Op == token.MUL {
		switch x := ld.X.(type) {
		case *ssa.FreeVar:
			return x
		case *ssa.Alloc:
			if p := SpilledParam(x); p != nil {
				return p
			}
		}
		return nil
	}
	switch x := v.(type) {
	case *ssa.Alloc:
		if p := SpilledParam(x); p != nil {
			return p
		}
	case *ssa.Parameter, *ssa.FreeVar:
		return x
	}
	return nil
}

// OuterParam returns the function and the index of the parameter that v
// is in fn: a parameter of fn, or, in a closure, the parameter of the
// function around it that the captured variable is bound to (through
// nested closures, each made once); nil, -1 otherwise.
func OuterParam(fn *ssa.Function, v ssa.Value) (*ssa.Function, int) {
	for range 8 {
		switch x := VarOf(v).(type) {
		case *ssa.Parameter:
			if i := ParamIndex(fn, x); i >= 0 {
				return fn, i
			}
			return nil, -1
		case *ssa.FreeVar:
			mc, k := ClosureOf(x)
			if mc == nil || fn.Parent() == nil {
				return nil, -1
			}
			v, fn = mc.Bindings[k], fn.Parent()
			continue
		}
		return nil, -1
	}
	return nil, -1
}
