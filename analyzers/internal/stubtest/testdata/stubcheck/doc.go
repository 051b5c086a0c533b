// Package stubcheck holds a test that compares the GOPATH stubs in
// ../src with the real Kubernetes modules listed in go.mod.
package stubcheck
