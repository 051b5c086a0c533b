package apis

import (
	"go/types"
	"strings"
)

// Canonical returns the import path that identifies a package to the
// tables: path without the prefix of a vendor directory. In GOPATH mode
// (GO111MODULE=off, as older operators build) a package vendored by a
// repository has the import path "<repository>/vendor/<path>"; it is the
// same API as <path>. (Module mode keeps vendored packages under their own
// paths.)
// Source code never spells the prefix, so the canonical path is also the
// one an import declaration names.
func Canonical(path string) string {
	if i := strings.LastIndex(path, "/vendor/"); i >= 0 {
		return path[i+len("/vendor/"):]
	}
	if rest, ok := strings.CutPrefix(path, "vendor/"); ok {
		return rest
	}
	return path
}

// PathOf returns the canonical import path of pkg (see Canonical); "" for
// nil (the universe scope).
func PathOf(pkg *types.Package) string {
	if pkg == nil {
		return ""
	}
	return Canonical(pkg.Path())
}

// ImportsControllerLibraries reports whether pkg imports controller-runtime
// or client-go's tools/cache directly: a package where event-driven code
// is controller code.
func ImportsControllerLibraries(pkg *types.Package) bool {
	for _, p := range pkg.Imports() {
		if path := PathOf(p); strings.HasPrefix(path, CR) || path == Cache {
			return true
		}
	}
	return false
}
