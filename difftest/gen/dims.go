// Package gen composes compilable controller-runtime reconcilers from
// independent dimensions (how the reconciler is entered, how the object is
// represented, where a value comes from, how it travels, where it is
// stored, what guards the write and which write persists it),
// deterministically from a seed.
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
		"object-manager"},
	DimRepr: {"pointer", "value", "deepcopy-whole", "deepcopy-status", "deepcopyinto-status",
		"constructor", "setter"},
	DimSource: {"spec", "generation", "sorted-keys", "sorted-maps-keys", "json-map",
		"clock", "since", "random", "uuid", "map-range", "maps-keys", "counter",
		"sets-unsorted", "reflect-mapkeys", "syncmap-range", "closure-counter"},
	DimTransport: {"direct", "helper", "helper-pkg", "closure-local", "field-func", "factory",
		"pkg-var-other", "iface", "method-value", "generic", "channel",
		"error-value", "struct-field", "ctx-value", "builder-pkg", "iface-pkg"},
	DimDest:  {"status-summary", "status-members", "condition", "annotation", "child-data"},
	DimGuard: {"none", "deepequal-semantic", "deepequal-reflect", "changed-flag", "observed-generation"},
	DimStamp: {"none", "before-guard", "inside-guard"},
	DimWrite: {"status-update", "status-patch", "status-patch-late-base", "update", "patch",
		"createorupdate", "get-update"},
}

// nondeterministic are the sources whose value differs between passes in
// an unchanged world.
var nondeterministic = map[string]bool{
	"clock": true, "since": true, "random": true, "uuid": true,
	"map-range": true, "maps-keys": true, "counter": true,
	"sets-unsorted": true, "reflect-mapkeys": true, "syncmap-range": true,
	"closure-counter": true,
}

// Label is a program's class: A (a write whose content changes every pass
// in an unchanged world), B (a write request that changes nothing), or
// Clean (no write at the fixpoint).
type Label string

// The labels.
const (
	A     Label = "A"
	B     Label = "B"
	Clean Label = "clean"
)

// Choices is one value per dimension.
type Choices map[string]string

// String prints the choices in dimension order, dim=value separated by
// spaces.
func (c Choices) String() string {
	parts := make([]string, 0, len(Dims))
	for _, d := range Dims {
		parts = append(parts, d+"="+c[d])
	}
	return strings.Join(parts, " ")
}

// ParseChoices reads what String prints.
func ParseChoices(s string) (Choices, error) {
	c := Choices{}
	for _, f := range strings.Fields(s) {
		d, v, ok := strings.Cut(f, "=")
		if !ok || !slices.Contains(Values[d], v) {
			return nil, fmt.Errorf("gen: %q is not a dimension=value", f)
		}
		c[d] = v
	}
	for _, d := range Dims {
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

var statusWrites = []string{"status-update", "status-patch", "status-patch-late-base"}

var constraints = []constraint{
	{[]string{DimDest, DimWrite}, func(c Choices) string {
		switch d, w := c[DimDest], c[DimWrite]; {
		case statusDest(d):
			return unless(slices.Contains(statusWrites, w), "a status destination is written through the status subresource")
		case d == "annotation":
			return unless(w == "update" || w == "patch", "an annotation is written by Update or Patch")
		default:
			return unless(w == "createorupdate" || w == "get-update", "a child's data is written by CreateOrUpdate or Get-then-Update")
		}
	}},
	{[]string{DimDest, DimRepr}, func(c Choices) string {
		d, r := c[DimDest], c[DimRepr]
		if d == "child-data" {
			return unless(r == "pointer", "the child is always a pointer")
		}
		if !statusDest(d) {
			return unless(r == "pointer" || r == "value" || r == "deepcopy-whole", "status-only representations need a status destination")
		}
		return unless(!(r == "setter" && d == "condition"), "the type has no condition setter")
	}},
	{[]string{DimDest, DimStamp}, func(c Choices) string {
		return unless(statusDest(c[DimDest]) || c[DimStamp] == "none", "the stamp is a status field")
	}},
	{[]string{DimDest, DimGuard}, func(c Choices) string {
		return unless(statusDest(c[DimDest]) || c[DimGuard] != "observed-generation", "observedGeneration is a status field")
	}},
	{[]string{DimWrite, DimGuard}, func(c Choices) string {
		return unless(c[DimWrite] != "createorupdate" || c[DimGuard] == "none", "CreateOrUpdate is its own guard")
	}},
	{[]string{DimStamp, DimGuard}, func(c Choices) string {
		return unless(c[DimStamp] != "inside-guard" || c[DimGuard] != "none", "a stamp inside the guard needs a guard")
	}},
	{[]string{DimEntry, DimRepr}, func(c Choices) string {
		e := c[DimEntry]
		return unless(e != "sub-reconciler" && e != "reconcile-kind" && e != "object-manager" || c[DimRepr] != "value", "the sub-reconciler takes the object by pointer")
	}},
	{[]string{DimEntry, DimTransport}, func(c Choices) string {
		return unless(c[DimEntry] != "reconcile-func" || c[DimTransport] != "method-value", "a reconcile.Func has no methods to take a value of")
	}},
}

// Valid says why the choices do not make a program, or "" when they do.
// Only the rules whose dimensions are all chosen apply, so a partial
// choice is valid when no rule already excludes it.
func (c Choices) Valid() string {
	for _, k := range constraints {
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
func (c Choices) Intended() Label {
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
	// sees; a changed flag compares the value alone, so the stamp only
	// rides along with a real change.
	stampDefeats := c[DimStamp] == "before-guard" && guard != "changed-flag"
	nondet := nondeterministic[c[DimSource]] || stampDefeats
	if nondet {
		return A
	}
	if guard == "none" && c[DimWrite] != "createorupdate" {
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
	for _, d := range Dims {
		vs := Values[d]
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
	for range 1000 {
		c := Choices{}
		for d, v := range fixed {
			c[d] = v
		}
		ok := true
		for _, d := range drawOrder {
			if fixed[d] != "" {
				continue
			}
			var allowed []string
			for _, v := range Values[d] {
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

// Sample draws n distinct valid programs from seed, named p0001…, so that
// the same seed and n always give the same programs. The first programs
// cover every valid pair of a representation and a transport, then every
// value of every dimension; the rest are drawn freely.
func Sample(seed uint64, n int) ([]Program, error) {
	r := rand.New(rand.NewPCG(seed, 0x5eed))
	var plan []Choices
	for _, rp := range Values[DimRepr] {
		for _, tr := range Values[DimTransport] {
			plan = append(plan, Choices{DimRepr: rp, DimTransport: tr})
		}
	}
	for _, d := range Dims {
		for _, v := range Values[d] {
			plan = append(plan, Choices{d: v})
		}
	}
	seen := map[string]bool{}
	var out []Program
	for tries := 0; len(out) < n && tries < 100*n; tries++ {
		var fixed Choices
		if tries < len(plan) {
			fixed = plan[tries]
		}
		c := Draw(r, fixed)
		if c == nil || seen[c.String()] {
			continue
		}
		seen[c.String()] = true
		p, err := Build(fmt.Sprintf("p%04d", len(out)+1), c)
		if err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, nil
}

// Coverage counts the programs per dimension value, and per pair of a
// representation and a transport value.
func Coverage(progs []Program) (perValue map[string]map[string]int, pairs map[[2]string]int) {
	perValue = map[string]map[string]int{}
	pairs = map[[2]string]int{}
	for _, d := range Dims {
		perValue[d] = map[string]int{}
		for _, v := range Values[d] {
			perValue[d][v] = 0
		}
	}
	for _, p := range progs {
		for _, d := range Dims {
			perValue[d][p.Choices[d]]++
		}
		pairs[[2]string{p.Choices[DimRepr], p.Choices[DimTransport]}]++
	}
	return perValue, pairs
}

// Missing lists the dimension values no program of progs has.
func Missing(progs []Program) []string {
	per, _ := Coverage(progs)
	var out []string
	for _, d := range Dims {
		for _, v := range Values[d] {
			if per[d][v] == 0 {
				out = append(out, d+"="+v)
			}
		}
	}
	sort.Strings(out)
	return out
}
