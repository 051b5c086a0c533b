// Package gopathtree builds, for the end-to-end tests of the drivers, the
// GOPATH-era operator of testdata/gopath: a GOPATH whose operator vendors
// its client libraries (a copy of the stubs of
// analyzers/internal/stubtest), so that every API package has the import
// path example.com/legacyop/vendor/<path>, as in a repository built with
// GO111MODULE=off.
package gopathtree

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
)

// Operator is the import path of the operator in the GOPATH.
const Operator = "example.com/legacyop"

// Make builds the GOPATH under root (an empty directory) and returns the
// operator's directory. Run the tools there with Env.
func Make(root string) (string, error) {
	_, file, _, ok := runtime.Caller(0)
	if !ok {
		return "", fmt.Errorf("gopathtree: cannot locate the repository")
	}
	repo := filepath.Join(filepath.Dir(file), "..", "..")
	op := filepath.Join(root, "src", filepath.FromSlash(Operator))
	if err := os.CopyFS(op, os.DirFS(filepath.Join(repo, "testdata", "gopath", "src", filepath.FromSlash(Operator)))); err != nil {
		return "", fmt.Errorf("gopathtree: copying the operator: %w", err)
	}
	stubs := filepath.Join(repo, "analyzers", "internal", "stubtest", "testdata", "src")
	if err := os.CopyFS(filepath.Join(op, "vendor"), os.DirFS(stubs)); err != nil {
		return "", fmt.Errorf("gopathtree: vendoring the stubs: %w", err)
	}
	return op, nil
}

// Env returns the environment variables of GOPATH mode for the GOPATH at
// root: GOPATH, GO111MODULE=off, and no GOFLAGS or workspace.
func Env(root string) map[string]string {
	return map[string]string{"GOPATH": root, "GO111MODULE": "off", "GOFLAGS": "", "GOWORK": "off"}
}
