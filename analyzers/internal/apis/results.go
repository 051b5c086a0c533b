package apis

import "strings"

// Tables of the reconcile result and of the errors a reconcile returns.

// parseFuncs maps functions that parse text or data and return an error
// when it is malformed to the index (not counting the receiver) of the
// argument they parse. A malformed input stays malformed, so their error
// is permanent when the input is the reconciled object's own spec.
var parseFuncs = map[Func]int{
	{Resource, "", "ParseQuantity"}:                         0,
	{"time", "", "ParseDuration"}:                           0,
	{"encoding/json", "", "Unmarshal"}:                      0,
	{"sigs.k8s.io/yaml", "", "Unmarshal"}:                   0,
	{"net/url", "", "Parse"}:                                0,
	{"net/url", "", "ParseRequestURI"}:                      0,
	{MetaV1, "", "LabelSelectorAsSelector"}:                 0,
	{MetaV1, "", "ParseToLabelSelector"}:                    0,
	{"k8s.io/apimachinery/pkg/labels", "", "Parse"}:         0,
	{"k8s.io/apimachinery/pkg/fields", "", "ParseSelector"}: 0,
	{"text/template", "Template", "Parse"}:                  0,
	{"html/template", "Template", "Parse"}:                  0,
}

// ParseArg reports whether f parses its input and returns an error when
// the input is malformed (an error no retry can fix), and which argument (not
// counting the receiver) is the input. The strconv parsers (Atoi, Parse*,
// Unquote) are included.
func ParseArg(f Func) (int, bool) {
	if i, ok := parseFuncs[f]; ok {
		return i, true
	}
	if f.Pkg == "strconv" && f.Recv == "" &&
		(f.Name == "Atoi" || strings.HasPrefix(f.Name, "Parse") || f.Name == "Unquote") {
		return 0, true
	}
	return 0, false
}

// permanentAPIErrorTests are the apierrors tests whose true edge means the
// API server rejected the request itself: retrying the same request fails
// the same way.
var permanentAPIErrorTests = map[string]bool{
	"IsInvalid": true, "IsBadRequest": true, "IsRequestEntityTooLargeError": true, "IsNotAcceptable": true,
}

// IsPermanentAPIErrorTest reports whether f is apierrors.IsInvalid,
// IsBadRequest, IsRequestEntityTooLargeError or IsNotAcceptable.
func IsPermanentAPIErrorTest(f Func) bool {
	return f.Pkg == APIErrors && f.Recv == "" && permanentAPIErrorTests[f.Name]
}

// IsTerminalError reports whether f is reconcile.TerminalError.
func IsTerminalError(f Func) bool {
	return f.Pkg == Reconcile && f.Recv == "" && f.Name == "TerminalError"
}

// IsNewError reports whether f always returns a new, non-nil error:
// errors.New, fmt.Errorf, reconcile.TerminalError, and
// github.com/pkg/errors' New and Errorf. (pkg/errors' Wrap returns nil for
// a nil error, so it is not listed.)
func IsNewError(f Func) bool {
	if f.Recv != "" {
		return false
	}
	switch f.Pkg {
	case "errors":
		return f.Name == "New"
	case "fmt":
		return f.Name == "Errorf"
	case PkgErrors:
		return f.Name == "New" || f.Name == "Errorf"
	}
	return IsTerminalError(f)
}

// IsStringTransform reports whether f is a pure function of its arguments
// that builds text from text (strings.TrimSpace, fmt.Sprintf, …): data
// passed through it keeps its origin.
func IsStringTransform(f Func) bool {
	if f.Recv != "" {
		return false
	}
	switch f.Pkg {
	case "strings", "bytes", "path", "path/filepath":
		return true
	case "fmt":
		return strings.HasPrefix(f.Name, "Sprint")
	}
	return false
}

// IsObjectDataGetter reports whether a method named name of an API object
// returns part of the object's own data (labels, annotations, name).
func IsObjectDataGetter(name string) bool {
	switch name {
	case "GetLabels", "GetAnnotations", "GetName", "GetNamespace", "GetGenerateName":
		return true
	}
	return false
}
