package apis

import (
	"go/types"
	"strings"
)

// Metadata keys: the metav1 functions that test or set one label or
// annotation of an ObjectMeta, and the calls that only log.

// MetadataKeyTest returns the ObjectMeta map field (LabelsField or
// AnnotationsField) that f tests for a key given as its second argument:
// metav1.HasLabel and metav1.HasAnnotation; "" otherwise.
func MetadataKeyTest(f Func) string {
	if f.Pkg != MetaV1 || f.Recv != "" {
		return ""
	}
	switch f.Name {
	case "HasLabel":
		return LabelsField
	case "HasAnnotation":
		return AnnotationsField
	}
	return ""
}

// IsObjectMeta reports whether t is metav1.ObjectMeta or a pointer to it.
func IsObjectMeta(t types.Type) bool {
	return IsNamed(t, MetaV1, "ObjectMeta", false) || IsNamed(t, MetaV1, "ObjectMeta", true)
}

// loggingPkgs are packages whose functions and methods only log or format.
var loggingPkgs = []string{
	"github.com/go-logr/logr",
	"log",
	"log/slog",
	"k8s.io/klog",
	"k8s.io/klog/v2",
	"go.uber.org/zap",
	CR + "/pkg/log",
	"k8s.io/client-go/tools/record",
	"k8s.io/client-go/tools/events",
}

// IsLogging reports whether a call of f only logs, formats for a log, or
// records an Event: the functions of the logging packages above and fmt's
// printing functions (not Sprintf and Errorf, whose results are values).
func IsLogging(f Func) bool {
	for _, p := range loggingPkgs {
		if f.Pkg == p || strings.HasPrefix(f.Pkg, p+"/") {
			return true
		}
	}
	if f.Pkg == "fmt" {
		return strings.HasPrefix(f.Name, "Print") || strings.HasPrefix(f.Name, "Fprint")
	}
	return false
}
