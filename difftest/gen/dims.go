// Package gen composes compilable controller-runtime reconcilers from
// independent dimensions, deterministically from a seed. Class A/B
// programs store a value: how the reconciler is entered, how the object is
// represented, where the value comes from, how it travels, where it is
// stored, what guards the write and which write persists it. Class E
// programs act: how a missing primary is treated, which create of a child
// they make and through what (a helper, a closure, a function field, an
// interface, a method value), the Result they end with, how they keep
// their finalizer, and how they clean up an external resource before
// removing it. Each class E program has at most one defect. Class D
// programs copy a field of their primary into a child: which field (the
// spec, a label, an annotation), the predicate that filters the primary's
// events, and how it is wired (a For option, an event filter, a package
// variable of the package or another, a helper). Class C programs have a
// callback on their primary's events (a predicate's UpdateFunc, a map
// function, a handler's UpdateFunc) that may write once per event, and
// reach the builder as a literal, a method value, a function's or a
// factory's result, a field or a package variable.
//
// A generated program carries the generator's intended label, but that
// label is never the truth: package difftest labels every program by
// running it with verify, and a program whose intended and executed labels
// differ is a generator bug to report.
package gen

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"
)

// The dimensions of a class A/B program.
const (
	DimEntry     = "entry"
	DimRepr      = "representation"
	DimSource    = "source"
	DimTransport = "transport"
	DimDest      = "destination"
	DimGuard     = "guard"
	DimStamp     = "stamp"
	DimWrite     = "write"
)

// Dims lists the dimensions in the order a program's choices are printed.
var Dims = []string{DimEntry, DimRepr, DimSource, DimTransport, DimDest, DimGuard, DimStamp, DimWrite}

// Values lists every value of every dimension. The first value of each is
// its neutral value: the one the minimiser tries first when it removes a
// dimension from a program.
var Values = map[string][]string{
	DimEntry: {"method-embed", "method-field", "reconcile-func", "sub-reconciler", "sync-runner", "reconcile-kind",
		"object-manager", "as-reconciler", "external-client"},
	DimRepr: {"pointer", "value", "deepcopy-whole", "deepcopy-status", "deepcopyinto-status",
		"constructor", "setter", "deref-assign", "options", "scope-deferred", "unstructured"},
	DimSource: {"spec", "generation", "sorted-keys", "sorted-maps-keys", "json-map",
		"clock", "since", "random", "uuid", "map-range", "maps-keys", "counter",
		"sets-unsorted", "reflect-mapkeys", "syncmap-range", "closure-counter", "select-order", "indexer-keys", "xexp-maps-keys"},
	DimTransport: {"direct", "helper", "helper-pkg", "closure-local", "field-func", "factory",
		"pkg-var-other", "iface", "method-value", "generic", "channel",
		"error-value", "struct-field", "ctx-value", "builder-pkg", "iface-pkg"},
	DimDest: {"status-summary", "status-members", "condition", "annotation", "child-data", "label", "spec", "pod-template"},
	DimGuard: {"none", "deepequal-semantic", "deepequal-reflect", "changed-flag", "observed-generation", "cmp-equal",
		"set-condition", "hash-compare", "op-result"},
	DimStamp: {"none", "before-guard", "inside-guard"},
	DimWrite: {"status-update", "status-patch", "status-patch-late-base", "update", "patch",
		"createorupdate", "get-update", "createorpatch", "apply-patch", "patch-helper", "apply", "typed-update", "typed-update-status"},
}

// nondeterministic are the sources whose value differs between passes in
// an unchanged world.
var nondeterministic = map[string]bool{
	"clock": true, "since": true, "random": true, "uuid": true,
	"map-range": true, "maps-keys": true, "counter": true,
	"sets-unsorted": true, "reflect-mapkeys": true, "syncmap-range": true,
	"closure-counter": true, "select-order": true, "indexer-keys": true, "xexp-maps-keys": true,
}

// Label is a program's class: A (a write whose content changes every pass
// in an unchanged world), B (a write request that changes nothing), C (a
// write made once per delivered event: the end state depends on how the
// events came, coalesced or one by one), D (a
// user's change the reconciler needs never reaches it: the end state after
// the change differs from a fresh start), E (an
// action that is not idempotent: a create that fails or duplicates on the
// next pass, a missing object reported as an error, a requeue loop, a
// finalizer list that grows), or Clean (none of these).
type Label string

// The labels.
const (
	A     Label = "A"
	B     Label = "B"
	C     Label = "C"
	D     Label = "D"
	E     Label = "E"
	Clean Label = "clean"
)

// DimClass is the key of Choices that names the program's class of
// dimensions: absent for class A/B (the dimensions Dims lists), ClassC,
// ClassD or ClassE for the dimensions ClassDims lists for them.
const DimClass = "class"

// ClassE is the class of non-idempotent actions (creates, NotFound
// handling, requeues, finalizer lists).
const ClassE = "E"

// Classes lists the classes of programs: "" (A/B), ClassC, ClassD and
// ClassE.
var Classes = []string{"", ClassC, ClassD, ClassE}

// space is one class's dimensions: their values, the rules over them, the
// order Draw picks them in, the pair of dimensions sampled exhaustively,
// and the generator's prediction of a program's label.
type space struct {
	dims        []string
	values      map[string][]string
	constraints []constraint
	drawOrder   []string
	pair        [2]string
	intended    func(Choices) Label
	prefix      string // of program names
}

// spaceOf returns the space of a class; it panics on an unknown one (the
// classes are this package's constants).
func spaceOf(class string) *space {
	switch class {
	case "":
		return &abSpace
	case ClassC:
		return &cSpace
	case ClassD:
		return &dSpace
	case ClassE:
		return &eSpace
	}
	panic("gen: unknown class " + class)
}

var abSpace = space{dims: Dims, values: Values, constraints: constraints, drawOrder: drawOrder,
	pair: [2]string{DimRepr, DimTransport}, intended: intendedAB, prefix: "p"}

// ClassDims lists the dimensions of a class in the order they are printed.
func ClassDims(class string) []string { return spaceOf(class).dims }

// ClassValues lists the values of every dimension of a class; the first
// of each is its neutral value.
func ClassValues(class string) map[string][]string { return spaceOf(class).values }

// PairDims are the two dimensions of a class whose every valid pair of
// values Sample covers (representation × transport for A/B).
func PairDims(class string) [2]string { return spaceOf(class).pair }

// Choices is one value per dimension of a class (and, for a class other
// than A/B, the class under DimClass).
type Choices map[string]string

// Class is the class of the choices: "" for A/B.
func (c Choices) Class() string { return c[DimClass] }

func (c Choices) space() *space { return spaceOf(c.Class()) }

// String prints the choices in dimension order, dim=value separated by
// spaces, after class=<class> for a class other than A/B.
func (c Choices) String() string {
	s := c.space()
	parts := make([]string, 0, len(s.dims)+1)
	if c.Class() != "" {
		parts = append(parts, DimClass+"="+c.Class())
	}
	for _, d := range s.dims {
		parts = append(parts, d+"="+c[d])
	}
	return strings.Join(parts, " ")
}

// ParseChoices reads what String prints.
func ParseChoices(s string) (Choices, error) {
	c := Choices{}
	fields := strings.Fields(s)
	if len(fields) > 0 {
		if v, ok := strings.CutPrefix(fields[0], DimClass+"="); ok {
			if !slices.Contains(Classes, v) || v == "" {
				return nil, fmt.Errorf("gen: %q is not a class", v)
			}
			c[DimClass] = v
			fields = fields[1:]
		}
	}
	sp := c.space()
	for _, f := range fields {
		d, v, ok := strings.Cut(f, "=")
		if !ok || !slices.Contains(sp.values[d], v) {
			return nil, fmt.Errorf("gen: %q is not a dimension=value", f)
		}
		c[d] = v
	}
	for _, d := range sp.dims {
		if c[d] == "" {
			return nil, fmt.Errorf("gen: %q has no %s", s, d)
		}
	}
	return c, nil
}

// statusDest is whether the destination is in the primary's status.
func statusDest(d string) bool {
	return d == "status-summary" || d == "status-members" || d == "condition"
}

// constraint is a rule over some dimensions: why the values in c do not
// make a program, or "".
type constraint struct {
	dims []string
	why  func(c Choices) string
}

func unless(ok bool, why string) string {
	if ok {
		return ""
	}
	return why
}

var statusWrites = []string{"status-update", "status-patch", "status-patch-late-base", "patch-helper", "typed-update-status"}

// childDest is whether the destination is in a child object.
func childDest(d string) bool { return d == "child-data" || d == "pod-template" }

// metaDest is whether the destination is a field of the primary outside
// its status (written by Update or Patch).
func metaDest(d string) bool { return d == "annotation" || d == "label" || d == "spec" }

// ownGuard is whether the write compares before it sends (CreateOrUpdate,
// CreateOrPatch, a diffing patch helper).
func ownGuard(w string) bool {
	return w == "createorupdate" || w == "createorpatch" || w == "patch-helper"
}

var constraints = []constraint{
	{[]string{DimDest, DimWrite}, func(c Choices) string {
		switch d, w := c[DimDest], c[DimWrite]; {
		case statusDest(d):
			return unless(slices.Contains(statusWrites, w), "a status destination is written through the status subresource")
		case metaDest(d):
			return unless(w == "update" || w == "patch" || w == "patch-helper", "an annotation, a label or the spec is written by Update or Patch")
		case d == "pod-template":
			return unless(w == "createorupdate" || w == "createorpatch" || w == "get-update" || w == "apply-patch", "a child Deployment is written by CreateOrUpdate, CreateOrPatch, Get-then-Update or an apply patch")
		default:
			return unless(w == "createorupdate" || w == "createorpatch" || w == "get-update" || w == "apply-patch" || w == "apply" || w == "typed-update", "a child's data is written by CreateOrUpdate, CreateOrPatch, Get-then-Update (also through a typed clientset) or server-side apply")
		}
	}},
	{[]string{DimDest, DimRepr}, func(c Choices) string {
		d, r := c[DimDest], c[DimRepr]
		if childDest(d) {
			return unless(r == "pointer", "the child is always a pointer")
		}
		if !statusDest(d) {
			return unless(r == "pointer" || r == "value" || r == "deepcopy-whole", "status-only representations need a status destination")
		}
		if r == "unstructured" && d == "condition" {
			return "an unstructured condition list is out of the generator's reach"
		}
		return unless(!(r == "setter" && d == "condition"), "the type has no condition setter")
	}},
	{[]string{DimRepr, DimWrite}, func(c Choices) string {
		switch r, w := c[DimRepr], c[DimWrite]; r {
		case "scope-deferred":
			return unless(w == "status-patch", "the scope patches the status when the reconcile ends")
		case "unstructured":
			return unless(w == "status-update" || w == "status-patch", "the unstructured object is written through the status subresource")
		}
		return ""
	}},
	{[]string{DimRepr, DimGuard}, func(c Choices) string {
		switch r, g := c[DimRepr], c[DimGuard]; r {
		case "scope-deferred":
			return unless(g == "none" || g == "deepequal-semantic", "the scope's patch compares the whole status or nothing")
		case "unstructured":
			return unless(g == "none" || g == "changed-flag" || g == "deepequal-semantic", "the unstructured object is compared whole or by its field")
		}
		return ""
	}},
	{[]string{DimRepr, DimStamp}, func(c Choices) string {
		switch r, st := c[DimRepr], c[DimStamp]; r {
		case "scope-deferred":
			return unless(st != "inside-guard", "the scope's guard is in its patch")
		case "unstructured":
			return unless(st == "none", "the stamp is a typed field")
		}
		return ""
	}},
	{[]string{DimEntry, DimRepr}, func(c Choices) string {
		e := c[DimEntry]
		return unless(c[DimRepr] != "unstructured" || e == "method-embed" || e == "method-field" || e == "reconcile-func" || e == "sync-runner", "an unstructured object is read by the reconciler itself")
	}},
	{[]string{DimDest, DimStamp}, func(c Choices) string {
		return unless(statusDest(c[DimDest]) || c[DimStamp] == "none", "the stamp is a status field")
	}},
	{[]string{DimDest, DimGuard}, func(c Choices) string {
		return unless(statusDest(c[DimDest]) || c[DimGuard] != "observed-generation", "observedGeneration is a status field")
	}},
	{[]string{DimDest, DimGuard}, func(c Choices) string {
		return unless(c[DimDest] != "condition" || c[DimGuard] != "cmp-equal", "go-cmp refuses the unexported fields of a condition's time")
	}},
	{[]string{DimDest, DimGuard}, func(c Choices) string {
		return unless(c[DimGuard] != "set-condition" || c[DimDest] == "condition", "SetStatusCondition's result guards a condition")
	}},
	{[]string{DimDest, DimGuard}, func(c Choices) string {
		return unless(c[DimGuard] != "op-result" || statusDest(c[DimDest]), "CreateOrUpdate's result guards the status written after it")
	}},
	{[]string{DimRepr, DimGuard}, func(c Choices) string {
		r := c[DimRepr]
		return unless(c[DimGuard] != "set-condition" || r == "pointer" || r == "value", "SetStatusCondition's result is taken on the object's own conditions")
	}},
	{[]string{DimWrite, DimGuard}, func(c Choices) string {
		w := c[DimWrite]
		return unless(!ownGuard(w) || c[DimGuard] == "none", "CreateOrUpdate, CreateOrPatch and a diffing patch helper are their own guard")
	}},
	{[]string{DimWrite, DimGuard}, func(c Choices) string {
		w := c[DimWrite]
		return unless(w != "apply-patch" && w != "apply" || c[DimGuard] == "none", "server-side apply states the whole intent; it is sent unguarded")
	}},
	{[]string{DimWrite, DimGuard}, func(c Choices) string {
		// The late base loses the change; with the write decided by the
		// child's change, no request goes out at the fixpoint, and the
		// lost change is no write the oracle's A/B labels describe.
		return unless(c[DimWrite] != "status-patch-late-base" || c[DimGuard] != "op-result", "a late base under the child's CreateOrUpdate result loses the change without a request at the fixpoint")
	}},
	{[]string{DimStamp, DimGuard}, func(c Choices) string {
		return unless(c[DimStamp] != "inside-guard" || c[DimGuard] != "none", "a stamp inside the guard needs a guard")
	}},
	{[]string{DimEntry, DimRepr}, func(c Choices) string {
		e := c[DimEntry]
		return unless(e != "sub-reconciler" && e != "reconcile-kind" && e != "object-manager" && e != "as-reconciler" && e != "external-client" || c[DimRepr] != "value", "the sub-reconciler takes the object by pointer")
	}},
	{[]string{DimEntry, DimTransport}, func(c Choices) string {
		return unless(c[DimEntry] != "reconcile-func" || c[DimTransport] != "method-value", "a reconcile.Func has no methods to take a value of")
	}},
}

// Valid says why the choices do not make a program, or "" when they do.
// Only the rules whose dimensions are all chosen apply, so a partial
// choice is valid when no rule already excludes it.
func (c Choices) Valid() string {
	for _, k := range c.space().constraints {
		set := true
		for _, d := range k.dims {
			set = set && c[d] != ""
		}
		if !set {
			continue
		}
		if why := k.why(c); why != "" {
			return why
		}
	}
	return ""
}

// Intended is the label the generator means the program to have. It is a
// prediction, checked against execution, never used as the truth.
func (c Choices) Intended() Label { return c.space().intended(c) }

// intendedAB predicts the label of a class A/B program.
func intendedAB(c Choices) Label {
	guard := c[DimGuard]
	if c[DimWrite] == "status-patch-late-base" {
		// The base is taken after the change: the patch is empty, nothing
		// is ever persisted, and the request goes out every pass.
		return B
	}
	if guard == "observed-generation" {
		return Clean
	}
	// A stamp before the guard changes what a whole-status comparison
	// (or a diffing patch helper) sees; a changed flag, a hash of the
	// value, go-cmp on the written field, SetStatusCondition's result and
	// the child's CreateOrUpdate result compare the value alone, so the
	// stamp only rides along with a real change.
	valueOnly := guard == "changed-flag" || guard == "cmp-equal" || guard == "set-condition" || guard == "hash-compare" || guard == "op-result"
	stampDefeats := c[DimStamp] == "before-guard" && !valueOnly
	// The generation derived into the spec changes with every write of
	// the spec: the server bumps it.
	selfFeeding := c[DimSource] == "generation" && c[DimDest] == "spec"
	if nondeterministic[c[DimSource]] || stampDefeats || selfFeeding {
		return A
	}
	if guard == "none" && !ownGuard(c[DimWrite]) {
		return B
	}
	return Clean
}

// drawOrder is the order Draw chooses dimensions in: the most
// constrained first, so that every value of every dimension is reachable
// with a fair share of the programs.
var drawOrder = []string{DimDest, DimWrite, DimRepr, DimGuard, DimStamp, DimEntry, DimTransport, DimSource}

// Simpler returns the valid choices that differ from c in one dimension
// by a value listed earlier in Values (the first is the neutral one): the
// candidates the minimiser tries. Each lowers one value's index, so
// repeated simplification ends.
func Simpler(c Choices) []Choices {
	var out []Choices
	sp := c.space()
	for _, d := range sp.dims {
		vs := sp.values[d]
		at := slices.Index(vs, c[d])
		for _, v := range vs[:max(at, 0)] {
			n := Choices{}
			for k, x := range c {
				n[k] = x
			}
			n[d] = v
			if n.Valid() == "" {
				out = append(out, n)
			}
		}
	}
	return out
}

// Draw picks valid choices at random from r: each dimension in turn,
// uniformly among the values no rule excludes given the ones chosen (and
// the fixed ones). It returns nil when the fixed choices allow nothing.
// With r nil it picks the first allowed value of each dimension.
func Draw(r *rand.Rand, fixed Choices) Choices {
	if fixed.Valid() != "" {
		return nil
	}
	sp := fixed.space()
	for range 1000 {
		c := Choices{}
		for d, v := range fixed {
			c[d] = v
		}
		ok := true
		for _, d := range sp.drawOrder {
			if fixed[d] != "" {
				continue
			}
			var allowed []string
			for _, v := range sp.values[d] {
				c[d] = v
				if c.Valid() == "" {
					allowed = append(allowed, v)
				}
			}
			if len(allowed) == 0 {
				ok = false
				break
			}
			if r == nil {
				c[d] = allowed[0]
			} else {
				c[d] = allowed[r.IntN(len(allowed))]
			}
		}
		if ok {
			return c
		}
	}
	return nil
}

// Sample draws n distinct valid class A/B programs from seed: see
// SampleClass.
func Sample(seed uint64, n int) ([]Program, error) { return SampleClass("", seed, n) }

// SampleClass draws n distinct valid programs of a class from seed, named
// p0001… (A/B), c0001… (C), d0001… (D) or e0001… (E), so that the same seed and n always give the
// same programs. The first programs cover every valid pair of values of
// the class's PairDims, then every value of every dimension; the rest are
// drawn freely.
func SampleClass(class string, seed uint64, n int) ([]Program, error) {
	return SampleFixed(class, seed, n, nil)
}

// SampleFixed is SampleClass with some dimensions fixed to the values
// fixed gives them (for a run on a few values).
func SampleFixed(class string, seed uint64, n int, fixed Choices) ([]Program, error) {
	sp := spaceOf(class)
	base := Choices{}
	for d, v := range fixed {
		if !slices.Contains(sp.values[d], v) {
			return nil, fmt.Errorf("gen: %s=%s is not a value of the class", d, v)
		}
		base[d] = v
	}
	if class != "" {
		base[DimClass] = class
	}
	with := func(kv ...string) Choices {
		c := Choices{}
		for k, v := range base {
			c[k] = v
		}
		for i := 0; i < len(kv); i += 2 {
			if base[kv[i]] == "" {
				c[kv[i]] = kv[i+1]
			}
		}
		return c
	}
	r := rand.New(rand.NewPCG(seed, 0x5eed))
	var plan []Choices
	for _, a := range sp.values[sp.pair[0]] {
		for _, b := range sp.values[sp.pair[1]] {
			plan = append(plan, with(sp.pair[0], a, sp.pair[1], b))
		}
	}
	for _, d := range sp.dims {
		for _, v := range sp.values[d] {
			plan = append(plan, with(d, v))
		}
	}
	seen := map[string]bool{}
	var out []Program
	for tries := 0; len(out) < n && tries < 100*n; tries++ {
		fixed := base
		if tries < len(plan) {
			fixed = plan[tries]
		}
		c := Draw(r, fixed)
		if c == nil || seen[c.String()] {
			continue
		}
		seen[c.String()] = true
		p, err := Build(fmt.Sprintf("%s%04d", sp.prefix, len(out)+1), c)
		if err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, nil
}

// Coverage counts the programs per dimension value, and per pair of
// values of their class's PairDims. The programs must be of one class.
func Coverage(progs []Program) (perValue map[string]map[string]int, pairs map[[2]string]int) {
	perValue = map[string]map[string]int{}
	pairs = map[[2]string]int{}
	if len(progs) == 0 {
		return perValue, pairs
	}
	sp := progs[0].Choices.space()
	for _, d := range sp.dims {
		perValue[d] = map[string]int{}
		for _, v := range sp.values[d] {
			perValue[d][v] = 0
		}
	}
	for _, p := range progs {
		for _, d := range sp.dims {
			perValue[d][p.Choices[d]]++
		}
		pairs[[2]string{p.Choices[sp.pair[0]], p.Choices[sp.pair[1]]}]++
	}
	return perValue, pairs
}

// Missing lists the dimension values no program of progs (of one class)
// has.
func Missing(progs []Program) []string {
	per, _ := Coverage(progs)
	var out []string
	for d, vs := range per {
		for v, n := range vs {
			if n == 0 {
				out = append(out, d+"="+v)
			}
		}
	}
	sort.Strings(out)
	return out
}
