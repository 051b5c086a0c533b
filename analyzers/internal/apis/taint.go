package apis

import (
	"go/types"
	"strings"
)

// TaintKind is a kind of non-deterministic value (checks.md §1.6).
type TaintKind uint8

// Taint kinds, as bits.
const (
	Clock TaintKind = 1 << iota
	Random
	Identity
	Process
	MapOrder
	// Version is the metadata.resourceVersion of an API object of a
	// type (Taint.Source names it): its own value changes with every
	// write of that object, so stored into the object itself it differs
	// on the next pass.
	Version
	// Diff is a patch computed by a diff library: "{}", which is not
	// empty, when nothing differs, so a test of its length or of nil does
	// not tell a change.
	Diff
	// Generation is the metadata.generation of an API object of a type
	// (Taint.VersionOf names it, as for Version): the server increments
	// it when a write changes the object's spec, so stored into that
	// object's own spec it differs on the next pass.
	Generation
)

// Versions are the kinds that name the object they come from
// (Taint.VersionOf).
const Versions = Version | Generation

// NonDet is every kind but MapOrder: the values that differ on every
// run, as opposed to an order.
const NonDet = Clock | Random | Identity | Process

var taintNames = map[TaintKind]string{Clock: "clock", Random: "random", Identity: "identity", Process: "process", MapOrder: "map order",
	Version: "resource version", Diff: "diff patch", Generation: "generation"}

// String lists the kinds.
func (k TaintKind) String() string {
	var out []string
	for _, b := range []TaintKind{Clock, Random, Identity, Process, MapOrder, Version, Diff, Generation} {
		if k&b != 0 {
			out = append(out, taintNames[b])
		}
	}
	return strings.Join(out, "+")
}

// taintSources maps source functions to their kinds. Package-level
// entries with Name "*" match every function of the package.
var taintSources = map[Func]TaintKind{
	{"time", "", "Now"}:                                      Clock,
	{"time", "", "Since"}:                                    Clock,
	{"time", "", "Until"}:                                    Clock,
	{MetaV1, "", "Now"}:                                      Clock,
	{MetaV1, "", "NowMicro"}:                                 Clock,
	{"math/rand", "", "*"}:                                   Random,
	{"math/rand/v2", "", "*"}:                                Random,
	{"math/rand", "Rand", "*"}:                               Random,
	{"math/rand/v2", "Rand", "*"}:                            Random,
	{"crypto/rand", "", "Read"}:                              Random,
	{"crypto/rand", "", "Int"}:                               Random,
	{"crypto/rand", "", "Prime"}:                             Random,
	{"crypto/rand", "", "Text"}:                              Random,
	{"k8s.io/apimachinery/pkg/util/rand", "", "String"}:      Random,
	{"k8s.io/apimachinery/pkg/util/rand", "", "Int"}:         Random,
	{"k8s.io/apimachinery/pkg/util/rand", "", "Intn"}:        Random,
	{"k8s.io/apimachinery/pkg/util/rand", "", "IntnRange"}:   Random,
	{"k8s.io/apimachinery/pkg/util/rand", "", "Int63nRange"}: Random,
	{"k8s.io/apimachinery/pkg/util/rand", "", "Perm"}:        Random,
	// Diff libraries: their patch is "{}" when nothing differs.
	{"k8s.io/apimachinery/pkg/util/strategicpatch", "", "CreateTwoWayMergePatch"}:                     Diff,
	{"k8s.io/apimachinery/pkg/util/strategicpatch", "", "CreateTwoWayMergePatchUsingLookupPatchMeta"}: Diff,
	{"k8s.io/apimachinery/pkg/util/strategicpatch", "", "CreateThreeWayMergePatch"}:                   Diff,
	{"k8s.io/apimachinery/pkg/util/jsonmergepatch", "", "CreateThreeWayJSONMergePatch"}:               Diff,
	{"github.com/evanphx/json-patch", "", "CreateMergePatch"}:                                         Diff,
	{"github.com/evanphx/json-patch/v5", "", "CreateMergePatch"}:                                      Diff,
	{"gopkg.in/evanphx/json-patch.v4", "", "CreateMergePatch"}:                                        Diff,
	{"github.com/google/uuid", "", "New"}:                                                             Identity,
	{"github.com/google/uuid", "", "NewString"}:                                                       Identity,
	{"github.com/google/uuid", "", "NewRandom"}:                                                       Identity,
	{"github.com/google/uuid", "", "NewUUID"}:                                                         Identity,
	{"k8s.io/apimachinery/pkg/util/uuid", "", "NewUUID"}:                                              Identity,
	{"os", "", "Getpid"}:            Process,
	{"os", "", "Getppid"}:           Process,
	{"runtime", "", "NumGoroutine"}: Process,
	{"reflect", "Value", "MapKeys"}: MapOrder,
	// The injectable clocks of k8s.io/utils and of older apimachinery:
	// methods of the interfaces (Now and Since are declared on
	// PassiveClock and promoted to Clock) and of the real clock.
	{"k8s.io/utils/clock", "PassiveClock", "Now"}:                   Clock,
	{"k8s.io/utils/clock", "PassiveClock", "Since"}:                 Clock,
	{"k8s.io/utils/clock", "Clock", "Now"}:                          Clock,
	{"k8s.io/utils/clock", "Clock", "Since"}:                        Clock,
	{"k8s.io/utils/clock", "RealClock", "Now"}:                      Clock,
	{"k8s.io/utils/clock", "RealClock", "Since"}:                    Clock,
	{"k8s.io/apimachinery/pkg/util/clock", "PassiveClock", "Now"}:   Clock,
	{"k8s.io/apimachinery/pkg/util/clock", "PassiveClock", "Since"}: Clock,
	{"k8s.io/apimachinery/pkg/util/clock", "Clock", "Now"}:          Clock,
	{"k8s.io/apimachinery/pkg/util/clock", "Clock", "Since"}:        Clock,
	{"k8s.io/apimachinery/pkg/util/clock", "RealClock", "Now"}:      Clock,
	{"k8s.io/apimachinery/pkg/util/clock", "RealClock", "Since"}:    Clock,
}

// TaintSource returns the kind of a source function, or 0.
func TaintSource(f Func) TaintKind {
	if k, ok := taintSources[f]; ok {
		return k
	}
	if k, ok := taintSources[Func{f.Pkg, f.Recv, "*"}]; ok {
		// rand.Seed and NewSource do not produce values; the rest do.
		if f.Name == "Seed" || f.Name == "New" || f.Name == "NewSource" || f.Name == "NewPCG" || f.Name == "NewChaCha8" {
			return 0
		}
		return k
	}
	return 0
}

// TaintGlobalSources names package-level function variables that are
// taint sources when called: controller.ReconcileIDFromContext returns the
// random UUID of the current reconcile.
var TaintGlobalSources = map[[2]string]TaintKind{
	{Controller, "ReconcileIDFromContext"}: Identity,
}

// ClockRounding says how f treats a clock value for the clock-granularity
// option: round is true for (time.Time).Truncate and Round (the
// granularity is argument 1, receiver first); keep is true for the
// functions whose result carries the receiver's (or argument 0's) instant
// at the same granularity: Format, UTC, Local, In, metav1.NewTime.
func ClockRounding(f Func) (round, keep bool) {
	switch {
	case f.Pkg == "time" && f.Recv == "Time":
		switch f.Name {
		case "Truncate", "Round":
			return true, false
		case "Format", "UTC", "Local", "In":
			return false, true
		}
	case f.Pkg == MetaV1 && f.Recv == "" && f.Name == "NewTime":
		return false, true
	}
	return false, false
}

// IsTaintPropagator reports whether the result of f carries the taint of
// its arguments (and receiver): formatting, conversions, string functions,
// time arithmetic.
func IsTaintPropagator(f Func) bool {
	switch f.Pkg {
	case "fmt":
		return f.Recv == "" && (strings.HasPrefix(f.Name, "Sprint") || f.Name == "Errorf" || f.Name == "Appendf")
	case "strconv", "strings", "path", "path/filepath", "net/url", "encoding/hex", "encoding/base64":
		return true
	case "time":
		switch f.Recv {
		case "Time", "Duration", "Month", "Weekday":
			return true
		}
	case MetaV1:
		switch {
		case f.Recv == "" && (f.Name == "NewTime" || f.Name == "NewMicroTime" || f.Name == "Unix"):
			return true
		case f.Recv == "Time" || f.Recv == "MicroTime":
			return f.Name != "Equal" && f.Name != "Before" && f.Name != "IsZero"
		}
	case "github.com/google/uuid":
		return f.Recv == "UUID"
	case Types:
		return true
	}
	return false
}

// PropagatesByDefault reports whether f, a function or method that the
// tables above do not name, computes its results from its arguments and
// receiver, so that they carry their taint: any function of the standard
// library (a regexp's submatches of a string, a big.Int's value, an
// encoding). Functions of other packages are known by their facts instead.
// The caller leaves out results that are tests (bools).
func PropagatesByDefault(f Func) bool { return f.Pkg != "" && IsStandard(f.Pkg) }

// WriterDest returns the index (receiver first) of the argument that f
// appends the other arguments' data to: the writer of fmt.Fprint,
// Fprintf and Fprintln, the receiver of the Write methods of
// strings.Builder and bytes.Buffer. What it writes is stored into that
// writer, in the order of the calls.
func WriterDest(f Func) (int, bool) {
	switch {
	case f.Pkg == "fmt" && f.Recv == "" && (f.Name == "Fprint" || f.Name == "Fprintf" || f.Name == "Fprintln"):
		return 0, true
	case (f.Pkg == "strings" && f.Recv == "Builder" || f.Pkg == "bytes" && f.Recv == "Buffer") && strings.HasPrefix(f.Name, "Write"):
		return 0, true
	}
	return 0, false
}

// AtomicOp returns "Add" or "Load" when f adds to or reads a counter of
// sync/atomic (atomic.AddInt64, (*atomic.Int64).Add, atomic.LoadUint32,
// (*atomic.Int64).Load), or "".
func AtomicOp(f Func) string {
	if f.Pkg != "sync/atomic" {
		return ""
	}
	for _, op := range []string{"Add", "Load"} {
		if strings.HasPrefix(f.Name, op) {
			return op
		}
	}
	return ""
}

// FilledArg returns the index of the argument that the source f fills
// with non-deterministic bytes, and their kind: crypto/rand.Read(b),
// math/rand.Read(b), (*rand.Rand).Read(b) (receiver first).
func FilledArg(f Func) (int, TaintKind, bool) {
	switch {
	case f.Name != "Read":
	case f.Pkg == "crypto/rand" && f.Recv == "", f.Pkg == "math/rand" && f.Recv == "":
		return 0, Random, true
	case f.Pkg == "math/rand" && f.Recv == "Rand":
		return 1, Random, true
	}
	return 0, 0, false
}

// IsMapIterSource reports whether f returns an iterator over a map in
// map order: maps.Keys, maps.Values, maps.All.
func IsMapIterSource(f Func) bool {
	return f.Pkg == "maps" && f.Recv == "" && (f.Name == "Keys" || f.Name == "Values" || f.Name == "All")
}

// IsCollect reports whether f collects an iterator into a slice in
// iteration order (slices.Collect, slices.AppendSeq).
func IsCollect(f Func) bool {
	return f.Pkg == "slices" && f.Recv == "" && (f.Name == "Collect" || f.Name == "AppendSeq")
}

// IsUnorderedRange reports whether f calls a function argument for each
// entry of an unordered collection, in an order that differs between runs
// ((*sync.Map).Range): what the callback appends is in map order.
func IsUnorderedRange(f Func) bool {
	return f.Pkg == "sync" && f.Recv == "Map" && f.Name == "Range"
}

// CarriesReceiver reports whether the interface method m returns what its
// receiver was built from: Error() string of an error, String() string of
// a Stringer (fmt.Errorf and fmt.Sprint-like values carry their
// arguments), and Value of a context.Context (context.WithValue carries
// its value).
func CarriesReceiver(m *types.Func) bool {
	if m == nil {
		return false
	}
	sig, ok := m.Type().(*types.Signature)
	if !ok || sig.Results().Len() < 1 {
		return false
	}
	switch m.Name() {
	case "Error", "String":
		b, ok := sig.Results().At(0).Type().Underlying().(*types.Basic)
		return sig.Params().Len() == 0 && sig.Results().Len() == 1 && ok && b.Info()&types.IsString != 0
	case "Value":
		return m.Pkg() != nil && m.Pkg().Path() == "context" && sig.Params().Len() == 1
	}
	return false
}

// SortArg returns the index of the argument that f sorts in place or
// returns sorted (sort.*, slices.Sort*, slices.Sorted*, sets.List), or -1.
func SortArg(f Func) int {
	switch {
	case f.Pkg == "sort" && f.Recv == "":
		switch f.Name {
		case "Strings", "Ints", "Float64s", "Sort", "Stable", "Slice", "SliceStable":
			return 0
		}
	case f.Pkg == "slices" && f.Recv == "" && strings.HasPrefix(f.Name, "Sort"):
		return 0
	case f.Pkg == "slices" && f.Recv == "" && strings.HasPrefix(f.Name, "Sorted"):
		return 0
	case f.Pkg == Sets && f.Recv == "" && f.Name == "List":
		return 0
	case f.Pkg == Sets && f.Recv != "" && f.Name == "List":
		return 0
	}
	return -1
}

// IsLease reports whether pkg.name is coordination.k8s.io/v1 Lease, whose
// renew time is a deliberate heartbeat.
func IsLease(pkg, name string) bool {
	return name == "Lease" && strings.HasPrefix(pkg, "k8s.io/api/coordination/")
}

// SortInPlaceArg returns the index of the argument that f sorts in place
// (sort.Strings, sort.Slice, slices.Sort, slices.SortFunc, …), or -1.
// slices.Sorted and sets.List return a sorted copy instead (SortArg).
func SortInPlaceArg(f Func) int {
	i := SortArg(f)
	if i < 0 || f.Name == "List" || strings.HasPrefix(f.Name, "Sorted") {
		return -1
	}
	return i
}

// VersionedType returns a key naming the API object type whose
// resourceVersion a value of type t carries (t is the object struct or a
// pointer to it), or "" when t is not one.
func VersionedType(t types.Type) string {
	t = types.Unalias(t)
	if p, ok := t.(*types.Pointer); ok {
		t = types.Unalias(p.Elem())
	}
	n, ok := t.(*types.Named)
	if !ok || !IsObjectStruct(n) || n.Obj().Pkg() == nil {
		return ""
	}
	return PathOf(n.Obj().Pkg()) + "." + n.Obj().Name()
}
