package finalizerorder

import (
	"fmt"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/reconcilelint/reconcilelint/analyzers/checkdoc"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/apis"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/check"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/diag"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/handlers"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/keys"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/ssax"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/summary"
)

// Doc is the structured documentation of RL7001.
var Doc = &checkdoc.Doc{
	ID:       "RL7001",
	Name:     "finalizerorder",
	Title:    "Finalizer removed before the cleanup it guards has succeeded",
	Severity: checkdoc.Warning,
	Since:    "v0.2.0",
	Rationale: "A finalizer is the only guarantee that cleanup runs: while it is on the object, the API server keeps\n" +
		"the object and the controller is called again until it removes the finalizer. Once the removal is\n" +
		"persisted, the object is gone and nothing calls the controller for it again. So the removal must be\n" +
		"written only after the cleanup has succeeded. If the cleanup's error is ignored or only logged, if it is\n" +
		"checked on some paths only, if the cleanup runs in a goroutine, or if it runs after the removal was\n" +
		"written, a failed cleanup is never retried: the external resource, the volume or the DNS record leaks.",
	Detection: "Reported: the write that persists a finalizer's removal (an `Update` or `Patch` of the object after " +
		"`controllerutil.RemoveFinalizer` on it, or after a helper of this or another package (its facts) that " +
		"removes the finalizer (a function held in an exported variable of another package counts by the facts of the " +
		"function it holds), or the call of a helper of the package that does both) when a cleanup call on the same " +
		"deletion path\n\n" +
		"- can run before the removal (a path leads from it to the removal, also when it runs only on some paths: " +
		"under `if controllerutil.ContainsFinalizer(…)`, in a loop) and its error can be non-nil when the write runs: " +
		"the error is ignored, only logged, or tested on some paths only (`if err != nil { log… }` then going on);\n" +
		"- runs in a goroutine (`go r.cleanup(…)`), so nothing waits for it; or\n" +
		"- runs after the write (the removal is persisted first); or\n" +
		"- is a `Delete`/`DeleteAllOf` that returned nil of an object that can still exist afterwards, and nothing " +
		"reads it back before the removal: a custom resource (its controller may hold it with a finalizer of its own, " +
		"whose cleanup can need this object), or any object deleted with foreground propagation. A `Get` or `List` between the " +
		"delete and the removal (Get until NotFound), or a removal that runs only on the true edge of " +
		"`apierrors.IsNotFound` of the delete's error (delete again until NotFound), waits for it.\n\n" +
		"A cleanup call is a `Delete`/`DeleteAllOf` of another object, external I/O (HTTP, SQL, the SDK packages " +
		"configured as external), a method that can fail (its last result an error) of an interface the API tables do " +
		"not describe (an operator's own cloud, DNS or storage client, an SDK's interface: any implementation can fail, " +
		"and the finalizer is what makes the call run again; not `Close() error`, which releases the program's own " +
		"connection or session; when the package holds the implementations the call can reach, the call is a " +
		"cleanup only if one of them makes one: an in-memory registry whose method never fails is not), a call of " +
		"a function of another package that makes one (its facts: `providers.Release(ctx, store, id)`), or a call of a helper of the package that does one of those (three levels). " +
		"The deletion path is the region under a deletion-timestamp test (`!obj.DeletionTimestamp.IsZero()`, " +
		"`GetDeletionTimestamp() != nil`, or a bool helper of this or another package that returns one, such as " +
		"`isDeleting(obj)`), or the whole function when it has no such test (a `finalize` helper), unless it calls " +
		"a helper of the package that makes the test (`deleted, err := r.removeFinalizer(ctx, obj)`): that helper " +
		"decides when the object is being deleted, the caller runs on every pass, and its own calls are judged as " +
		"the normal path. A cleanup outside that region (a stale object deleted on every pass) is not the " +
		"finalizer's.\n\n" +
		"The finalizer must be one of the object whose deletion the path handles: of the type a deletion test of " +
		"the function reads, or, in a function with no test of its own, of the type of one of its object " +
		"parameters. A finalizer this object holds on another one (a claim on a namespace, released while the " +
		"object is deleted) is not: that object does not go away, and the deleted object keeps its own finalizer " +
		"until the release returns nil.\n\n" +
		"Not reported:\n\n" +
		"- cleanup whose error is returned (or otherwise leaves the function) before the removal, directly or " +
		"through `if err := cleanup(); err != nil { return … }`;\n" +
		"- cleanup errors that are collected (appended, joined, passed to another function or stored): the " +
		"analysis cannot follow them, and silence beats a guess;\n" +
		"- writes of the object itself (status updates on the deletion path) and calls that only log, and the " +
		"delete of the object whose own finalizer is removed (a protection finalizer taken off a Secret, then the " +
		"Secret deleted by the name it was read with);\n" +
		"- functions of `_test.go` files outside the reconcile scope (a test's own fixtures);\n" + "- a delete that returned nil of an object of a built-in kind deleted in the background (a ConfigMap is gone when " +
		"the call returns; what keeps a Pod, a PersistentVolumeClaim or a Namespace afterwards, a graceful termination, " +
		"pvc-protection or the namespace's finalizer, is the cluster's work and completes without this object, and " +
		"waiting for it can deadlock: a claim stays while the pods of this object's StatefulSet mount it) or of unknown kind " +
		"(unstructured, an interface value);\n" +
		"- helpers of other packages that remove a finalizer and write the object in one call: their facts do " +
		"not say which write persists the removal;\n" +
		"- later writes of the caller after a helper of the package that removes the finalizer and writes the " +
		"object itself: the helper's own write persists the removal (the helper's call is judged instead).",
	Before: `if !db.DeletionTimestamp.IsZero() {
	if err := r.dropDatabase(ctx, db); err != nil {
		log.Error(err, "dropping the database")
	}
	controllerutil.RemoveFinalizer(db, finalizer)
	return ctrl.Result{}, r.Update(ctx, db)
}`,
	After: `if !db.DeletionTimestamp.IsZero() {
	if err := r.dropDatabase(ctx, db); err != nil {
		return ctrl.Result{}, err // retried; the finalizer stays until the cleanup succeeds
	}
	controllerutil.RemoveFinalizer(db, finalizer)
	return ctrl.Result{}, r.Update(ctx, db)
}`,
	Fix: "None: the order of the calls must change, and how to handle the failure (return the error, requeue) is " +
		"the reconciler's decision. The message names the call that must succeed before the removal is written.",
}

// Analyzer reports RL7001.
var Analyzer = check.New(Doc, run, check.Requires(handlers.Analyzer, cleanupsAnalyzer))

func run(pass *analysis.Pass, s *summary.Summary, rep *diag.Reporter) int {
	cl, _ := pass.ResultOf[cleanupsAnalyzer].(*cleanups)
	c := newChecker(pass, s, cl)
	n := 0
	// Every function that persists a finalizer's removal is checked, in
	// the reconcile scope or not: a finalize helper of a library package
	// of the operator (called from a reconciler of another package) is
	// where the order is decided. Out of the scope, the functions of test
	// files are the tests' own fixtures.
	for _, fn := range s.Funcs() {
		if s.Scope[fn] == nil && diag.InTestFile(pass, fn.Pos()) {
			continue // a test's own fixture, not a finalize helper
		}
		for _, f := range c.function(fn) {
			rep.Report(f)
			n++
		}
	}
	return n
}

type checker struct {
	pass   *analysis.Pass
	s      *summary.Summary
	keys   *keys.Keys
	hm     *handlers.Model
	writes map[ssa.Instruction]*summary.Write
	cl     *cleanups // the CleanupFacts of functions of other packages
}

// removal is a site that persists a finalizer's removal.
type removal struct {
	at   ssa.Instruction // the write, or the helper call
	name string          // the finalizer, when constant
	what string          // "Update", "helper removeFinalizer"
	obj  ssa.Value       // the object root, when known
	typ  types.Type      // the object's type, when known (also when obj is not)
}

// cleanup is a cleanup call.
type cleanup struct {
	at   ssa.Instruction
	what string
}

// function checks the removals of fn against its cleanup calls.
func (c *checker) function(fn *ssa.Function) []diag.Finding {
	removals := c.removals(fn, 0)
	if len(removals) == 0 {
		return nil
	}
	region := c.s.DeletionRegion(fn)
	deleting := c.s.DeletingTypes(fn)
	var out []diag.Finding
	for _, rm := range removals {
		if !c.ofDeletedObject(rm, deleting) {
			// A finalizer of another object (one this object's deletion
			// releases, as a namespace it had claimed): that object is not
			// going away, and this object's own finalizer still holds
			// the retry.
			continue
		}
		for _, cl := range c.cleanups(fn, rm.obj) {
			if region != nil && !region(cl.at.Block()) {
				continue
			}
			why, lingering := c.violation(fn, cl, rm)
			if why == "" {
				continue
			}
			msg := fmt.Sprintf("the %s that persists the removal of %s can run although %s has not succeeded: %s; "+
				"once the finalizer is gone nothing retries the cleanup, so a failure leaks what it should have removed. "+
				"Write the removal only after %s returned nil (return its error otherwise)",
				rm.what, finalizerPhrase(rm.name), cl.what, why, cl.what)
			if lingering {
				msg = fmt.Sprintf("the %s that persists the removal of %s can run while the object deleted by %s still exists: %s, "+
					"and nothing reads it back before the removal. Once the finalizer is gone nothing waits for that object: "+
					"if its own cleanup fails or needs this one, it is never seen again. Remove the finalizer only after a Get of "+
					"the object returns NotFound (requeue until then)",
					rm.what, finalizerPhrase(rm.name), cl.what, why)
			}
			out = append(out, diag.Finding{
				Pos: rm.at.Pos(), End: rm.at.Pos(), Message: msg,
				Related: []analysis.RelatedInformation{{Pos: cl.at.Pos(), Message: "the cleanup: " + cl.what}},
			})
			break // one finding per removal
		}
	}
	return out
}

// ofDeletedObject reports whether rm removes a finalizer of an object of
// one of the types whose deletion the function handles (deleting; nil when
// they are not known, and so is rm's object type).
func (c *checker) ofDeletedObject(rm removal, deleting []types.Type) bool {
	if deleting == nil || rm.typ == nil {
		return true
	}
	return slices.ContainsFunc(deleting, func(d types.Type) bool { return types.Identical(d, rm.typ) })
}

// objectType is the concrete type of the object v (dereferenced), or nil
// for nil or an interface.
func objectType(v ssa.Value) types.Type {
	if v == nil {
		return nil
	}
	t := ssax.Deref(ssax.StripConv(v).Type())
	if types.IsInterface(t) {
		return nil
	}
	return t
}

// violation says how cl can fail unnoticed before rm, or "", and whether
// the cleanup succeeded but the object it deleted can still exist (notGone).
func (c *checker) violation(fn *ssa.Function, cl cleanup, rm removal) (string, bool) {
	if _, ok := cl.at.(*ssa.Go); ok {
		if reaches(cl.at, rm.at) {
			return "it runs in a goroutine, and nothing waits for it", false
		}
		return "", false
	}
	if reaches(rm.at, cl.at) && !reaches(cl.at, rm.at) {
		return "it runs only after the removal is written", false
	}
	if !reaches(cl.at, rm.at) {
		return "", false // no path leads from the cleanup to the removal
	}
	call, ok := cl.at.(*ssa.Call)
	if !ok {
		return "", false
	}
	errv, hasErr := errorResult(call)
	if !hasErr {
		return "", false // nothing tells whether it succeeded
	}
	if errv == nil {
		return "its error is ignored", false
	}
	switch errorUse(c.s, errv) {
	case errIgnored:
		return "its error is ignored", false
	case errOther:
		// The error goes where the analysis does not follow it
		// (IgnoreNotFound, an IsNotFound test, a collection): whether it
		// stops the removal is not known, but the delete runs first.
		why := c.notGone(fn, call, errv, rm)
		return why, why != ""
	}
	if failurePathReaches(call, errv, rm.at) {
		if errLoggedOnly(c.s, errv) {
			return "its error is only logged", false
		}
		return "its error is checked on some paths only", false
	}
	why := c.notGone(fn, call, errv, rm)
	return why, why != ""
}

// notGone says why a delete that returned nil has not finished its
// cleanup when rm runs, or "": Delete (or DeleteAllOf) of another object
// returns once the API server has marked it for deletion; while it has
// finalizers, or is deleted in the foreground, it still exists. The
// removal must wait until the object is gone: a read of it between the
// delete and the removal (Get until NotFound, a List that comes back
// empty), or a NotFound test of the delete's own error that the removal
// depends on (delete again until NotFound), says the code waits.
func (c *checker) notGone(fn *ssa.Function, call *ssa.Call, errv ssa.Value, rm removal) string {
	why := c.lingeringDelete(call, 0)
	if why == "" || c.readBetween(fn, call, rm.at) || notFoundTested(c.s, fn, errv, rm.at) {
		return ""
	}
	return why
}

// lingeringDelete says why the object that call deletes can still exist
// when the call returns nil, or "": a Delete or DeleteAllOf of an object
// of a kind that can linger (apis.DeletionMayLinger) or with foreground
// propagation, or a call of a helper of the package that runs one and does
// not read the API (depth bounds the nesting).
func (c *checker) lingeringDelete(call *ssa.Call, depth int) string {
	if w := c.writes[call]; w != nil {
		if w.Kind != apis.Delete && w.Kind != apis.DeleteAllOf {
			return ""
		}
		switch {
		case foreground(&call.Call):
			return "it deletes in the foreground, so the object stays until its dependents are gone"
		case w.Object != nil && apis.DeletionMayLinger(ssax.StripConv(w.Object).Type()):
			return fmt.Sprintf("a %s can have finalizers of its own controller that keep it after the Delete returns", typeName(ssax.StripConv(w.Object).Type()))
		}
		return ""
	}
	local := c.localCallee(call)
	if local == nil || depth >= 2 {
		return ""
	}
	// A helper that reads the API as well (lists what it deletes and
	// reports what is left, or reads it back) is taken to wait for it.
	if c.readsIn(local) {
		return ""
	}
	for _, b := range local.Blocks {
		for _, instr := range b.Instrs {
			if inner, ok := instr.(*ssa.Call); ok {
				if why := c.lingeringDelete(inner, depth+1); why != "" {
					return why
				}
			}
		}
	}
	return ""
}

// foreground reports whether a delete call passes an option for
// foreground deletion (client.PropagationPolicy(metav1.DeletePropagationForeground)).
func foreground(call *ssa.CallCommon) bool {
	for _, a := range call.Args {
		for _, v := range append(ssax.VariadicValues(a), a) {
			for {
				if k, ok := v.(*ssa.Const); ok {
					if s, ok := ssax.ConstString(k); ok && apis.IsForegroundDeletion(k.Type(), s) {
						return true
					}
					break
				}
				var next ssa.Value
				switch x := v.(type) {
				case *ssa.MakeInterface:
					next = x.X
				case *ssa.ChangeType:
					if s, ok := ssax.ConstString(x.X); ok && apis.IsForegroundDeletion(x.Type(), s) {
						return true
					}
					next = x.X
				case *ssa.Convert:
					next = x.X
				}
				if next == nil {
					break
				}
				v = next
			}
		}
	}
	return false
}

// typeName names the object type t by its type name.
func typeName(t types.Type) string {
	if _, name, ok := apis.NamedOf(t); ok {
		return name
	}
	return t.String()
}

// readBetween reports whether a call that reads the API (ReadsAPI, or a
// helper of the package that does) can run after from and before to.
func (c *checker) readBetween(fn *ssa.Function, from, to ssa.Instruction) bool {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if call, ok := instr.(*ssa.Call); ok && c.readsAPI(call, 0) && reaches(from, call) && reaches(call, to) {
				return true
			}
		}
	}
	return false
}

// readsIn reports whether fn reads the API (itself or through helpers of
// the package).
func (c *checker) readsIn(fn *ssa.Function) bool {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if call, ok := instr.(*ssa.Call); ok && c.readsAPI(call, 0) {
				return true
			}
		}
	}
	return false
}

// readsAPI reports whether call reads the API, itself or through a helper
// of the package (depth bounds the nesting).
func (c *checker) readsAPI(call *ssa.Call, depth int) bool {
	if c.s.ReadsAPI(&call.Call) {
		return true
	}
	local := c.localCallee(call)
	if local == nil || depth >= 2 {
		return false
	}
	for _, b := range local.Blocks {
		for _, instr := range b.Instrs {
			if inner, ok := instr.(*ssa.Call); ok && c.readsAPI(inner, depth+1) {
				return true
			}
		}
	}
	return false
}

// removals returns the sites of fn that persist a finalizer's removal
// (depth bounds the helper nesting): the write of an object after a
// removal point on it, and calls of helpers that do both.
func (c *checker) removals(fn *ssa.Function, depth int) []removal {
	var out []removal
	for _, pt := range c.removalPoints(fn, 0) {
		root, _ := c.s.RootOf(pt.obj)
		if w, what := c.persistingWrite(fn, pt.at, root); w != nil {
			out = append(out, removal{at: w, name: pt.name, what: what, obj: root, typ: objectType(root)})
		}
	}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(*ssa.Call)
			if !ok {
				continue
			}
			if local := c.localCallee(call); local != nil && depth < 2 {
				if inner := c.removals(local, depth+1); len(inner) > 0 {
					var obj ssa.Value
					if p := ssax.ParamIndex(local, inner[0].obj); p >= 0 && p < len(call.Call.Args) {
						obj, _ = c.s.RootOf(call.Call.Args[p])
					}
					typ := inner[0].typ
					if obj != nil {
						typ = objectType(obj)
					}
					out = append(out, removal{at: call, name: inner[0].name, what: "call of " + local.Name() + " (it removes the finalizer and writes the object)", obj: obj, typ: typ})
				}
			}
		}
	}
	return out
}

// removalPoint is where a finalizer is removed from an object in memory.
type removalPoint struct {
	at   ssa.Instruction
	obj  ssa.Value
	name string
}

// removalPoints returns the removals of finalizers from objects in fn:
// controllerutil.RemoveFinalizer, and calls of helpers of this package
// (depth bounds the nesting) or of another package (a removal store in
// their facts) that remove a finalizer from a parameter.
func (c *checker) removalPoints(fn *ssa.Function, depth int) []removalPoint {
	var out []removalPoint
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(*ssa.Call)
			if !ok {
				continue
			}
			fc := c.s.Forward(&call.Call)
			callee := ssax.CalleeFunc(fc)
			if callee != nil && apis.ClassifyFinalizerCall(apis.FuncOf(callee)) == apis.FinalizerRemove {
				if args := ssax.CallArgs(fc); len(args) == 2 {
					out = append(out, removalPoint{at: call, obj: args[0], name: c.finalizerName(args[1])})
				}
				continue
			}
			if local := c.localCallee(call); local != nil {
				if depth >= 2 {
					continue
				}
				for _, pt := range c.removalPoints(local, depth+1) {
					root, _ := c.s.RootOf(pt.obj)
					if at, _ := c.persistingWrite(local, pt.at, root); at != nil {
						continue // the helper writes its removal itself: no later write of the caller persists it
					}
					if p := ssax.ParamIndex(local, root); p >= 0 && p < len(call.Call.Args) {
						out = append(out, removalPoint{at: call, obj: call.Call.Args[p], name: pt.name})
					}
				}
				continue
			}
			// A helper of another package that removes a finalizer of a
			// parameter (a removal store into its finalizers, its facts).
			if p := c.factFinalizerRemoval(&call.Call); p >= 0 && p < len(call.Call.Args) {
				out = append(out, removalPoint{at: call, obj: call.Call.Args[p]})
			}
		}
	}
	return out
}

// factFinalizerRemoval returns the parameter whose finalizers the callee of call
// of another package removes one of without writing the object (its
// FuncSummary), or -1.
func (c *checker) factFinalizerRemoval(call *ssa.CallCommon) int {
	fs, _ := c.s.CalleeFact(call)
	if fs == nil || len(fs.Writes) > 0 {
		return -1
	}
	for _, st := range fs.Stores {
		if st.Removal && (st.Path == apis.FinalizersField || strings.HasSuffix(st.Path, "."+apis.FinalizersField)) {
			return st.Param
		}
	}
	return -1
}

// persistingWrite returns the first write of root that from reaches in
// fn: an Update or Patch of it, or the call of a helper of the package
// that updates or patches the parameter root is passed for.
func (c *checker) persistingWrite(fn *ssa.Function, from ssa.Instruction, root ssa.Value) (ssa.Instruction, string) {
	var best ssa.Instruction
	var what string
	consider := func(at ssa.Instruction, desc string) {
		if reaches(from, at) && (best == nil || reaches(at, best)) {
			best, what = at, desc
		}
	}
	for _, w := range c.s.Writes {
		if w.Fn != fn || (w.Kind != apis.Update && w.Kind != apis.Patch) || w.Object == nil {
			continue
		}
		if r, _ := c.s.PersistedRoot(w.Object); r == root {
			consider(w.Call, w.Method())
		}
	}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(*ssa.Call)
			if !ok {
				continue
			}
			local := c.localCallee(call)
			if local == nil {
				continue
			}
			for _, w := range c.s.Writes {
				if w.Fn != local || (w.Kind != apis.Update && w.Kind != apis.Patch) || w.Object == nil {
					continue
				}
				r, _ := c.s.PersistedRoot(w.Object)
				if p := ssax.ParamIndex(local, r); p >= 0 && p < len(call.Call.Args) {
					if ar, _ := c.s.RootOf(call.Call.Args[p]); ar == root {
						consider(call, "call of "+local.Name()+" ("+w.Method()+")")
					}
				}
			}
		}
	}
	return best, what
}

// cleanups returns the cleanup calls of fn: deletes of objects other than
// obj, external I/O, and calls of package helpers that do either.
func (c *checker) cleanups(fn *ssa.Function, obj ssa.Value) []cleanup {
	var out []cleanup
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if what := c.cleanupAt(fn, instr, obj, 0); what != "" {
				out = append(out, cleanup{at: instr, what: what})
			}
		}
	}
	return out
}

// cleanupAt describes the cleanup instr performs, or "".
func (c *checker) cleanupAt(fn *ssa.Function, instr ssa.Instruction, obj ssa.Value, depth int) string {
	if w := c.writes[instr]; w != nil && (w.Kind == apis.Delete || w.Kind == apis.DeleteAllOf) {
		if w.Object != nil && obj != nil {
			if r, _ := c.s.RootOf(w.Object); r == obj {
				return ""
			}
		}
		if w.Object == nil && w.Kind == apis.Delete && c.sameName(w.Call.Common(), obj) {
			return "" // a typed Delete by the name of the object whose finalizer is removed
		}
		return w.Method()
	}
	if g, ok := instr.(*ssa.Go); ok {
		if local := c.s.LocalCallee(&g.Call); local != nil && depth < 3 && c.doesCleanup(local, depth+1) {
			return "the goroutine " + local.Name()
		}
		return ""
	}
	call, ok := instr.(*ssa.Call)
	if !ok {
		return ""
	}
	for _, e := range c.hm.BlockSideEffects(fn, instr.Block(), handlers.SideExternalIO) {
		if e.Instr == instr {
			return e.What
		}
	}
	if call.Call.IsInvoke() {
		// A method of an interface whose implementations the package
		// holds (the call graph's callees) does what they do: an
		// in-memory registry whose method never fails is no cleanup.
		if impls := c.s.LocalCallees(&call.Call); len(impls) > 0 {
			for _, impl := range impls {
				if depth < 3 && c.doesCleanup(impl, depth+1) {
					return externalMethod(call)
				}
			}
			return ""
		}
	}
	if what := externalMethod(call); what != "" {
		return what
	}
	if local := c.localCallee(call); local != nil && depth < 3 && c.doesCleanup(local, depth+1) {
		return local.Name()
	}
	// A function of another package that makes a cleanup call (its fact).
	if callee := summary.CalleeObject(c.pass.Pkg, &call.Call); callee != nil && c.localCallee(call) == nil {
		if what := c.cl.of(callee); what != "" {
			return callee.Pkg().Name() + "." + callee.Name()
		}
	}
	return ""
}

// cleanupIn names the first cleanup call fn makes, or "".
func (c *checker) cleanupIn(fn *ssa.Function, depth int) string {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if what := c.cleanupAt(fn, instr, nil, depth); what != "" {
				return what
			}
		}
	}
	for _, anon := range fn.AnonFuncs {
		if depth < 3 {
			if what := c.cleanupIn(anon, depth+1); what != "" {
				return what
			}
		}
	}
	return ""
}

// sameName reports whether del, a typed client's Delete(ctx, name, opts),
// deletes obj: obj was read by a typed Get(ctx, name, opts) with the same
// name (the same value, or the same field of the same value). Deleting
// the object whose own finalizer is removed is not a cleanup that
// finalizer guards.
func (c *checker) sameName(del *ssa.CallCommon, obj ssa.Value) bool {
	del = c.s.Forward(del)
	if obj == nil || len(del.Args) < 2 {
		return false
	}
	ex, ok := obj.(*ssa.Extract)
	if !ok || ex.Index != 0 {
		return false
	}
	call, ok := ex.Tuple.(*ssa.Call)
	if !ok {
		return false
	}
	get := c.s.Forward(&call.Call)
	if callee := ssax.CalleeFunc(get); callee == nil || !apis.IsTypedGet(apis.FuncOf(callee)) || len(get.Args) < 2 {
		return false
	}
	a, b := del.Args[1], get.Args[1]
	if a == b {
		return true
	}
	ra, pa := c.s.RootOf(a)
	rb, pb := c.s.RootOf(b)
	return ra != nil && ra == rb && slices.Equal(pa, pb)
}

// externalMethod describes call when it is a cleanup through an interface
// of the program (an operator's cloud, DNS or storage client): a method
// that can fail (its last result is an error) of an interface that the API
// tables do not describe (not the standard library's, controller-runtime's
// or client-go's, not a generated typed client or lister: those reach the
// API server), and not a logger. Which implementation runs is not known;
// any of them can fail, and the finalizer is what makes the call run
// again. "" otherwise.
func externalMethod(call *ssa.Call) string {
	m := call.Call.Method
	if m == nil {
		return ""
	}
	sig, ok := m.Type().(*types.Signature)
	if !ok || sig.Results().Len() == 0 || !apis.IsError(sig.Results().At(sig.Results().Len()-1).Type()) {
		return ""
	}
	f := apis.FuncOf(m)
	if apis.DescribedByTables(f.Pkg) || apis.IsLogging(f) || apis.IsTypedClient(f) || apis.IsLister(f) {
		return ""
	}
	if apis.IsCloseMethod(m) {
		return "" // the program's own handle, not what the finalizer guards
	}
	if f.Recv != "" {
		return f.Recv + "." + f.Name
	}
	return f.Name
}

// doesCleanup reports whether fn performs a cleanup call.
func (c *checker) doesCleanup(fn *ssa.Function, depth int) bool {
	return c.cleanupIn(fn, depth) != ""
}

// localCallee returns the function of this package a call calls.
func (c *checker) localCallee(call *ssa.Call) *ssa.Function {
	return c.s.LocalCallee(&call.Call)
}

// finalizerName returns the finalizer's name when the model can tell it
// (a constant, or a helper parameter every call gives the same constant).
func (c *checker) finalizerName(v ssa.Value) string {
	name, _ := c.keys.Const(v)
	return name
}

func finalizerPhrase(name string) string {
	if name == "" {
		return "the finalizer"
	}
	return fmt.Sprintf("finalizer %q", name)
}
