// Command reconcilelint finds non-idempotent Kubernetes reconciler code:
// the patterns behind reconcile hot loops, leaked resources and missed
// deletions.
//
// Standalone:
//
//	reconcilelint [flags] [packages]
//
// As a go vet tool:
//
//	go vet -vettool=$(which reconcilelint) ./...
//
// To write a test that runs the verify module on each reconciler (wired
// through its own SetupWithManager):
//
//	reconcilelint -scaffold-verify ./...
//
// Run reconcilelint -help for the flags, and reconcilelint -explain RL5001
// for the documentation of a check.
package main

import (
	"os"

	"github.com/reconcilelint/reconcilelint/internal/cli"
	"github.com/reconcilelint/reconcilelint/internal/vettool"
)

func main() {
	if vettool.IsVetInvocation(os.Args[1:]) {
		vettool.Main()
		return
	}
	os.Exit(cli.Main(os.Args[1:], os.Stdout, os.Stderr))
}
