// Package vettool runs reconcilelint as a go vet tool
// (go vet -vettool=$(which reconcilelint)): the unitchecker protocol, with
// the checks and options that the module's .reconcilelint.yaml selects.
//
// It imports internal/suite and golang.org/x/tools' unitchecker.
package vettool

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"golang.org/x/tools/go/analysis/unitchecker"

	"github.com/reconcilelint/reconcilelint/internal/config"
	"github.com/reconcilelint/reconcilelint/internal/suite"
)

// Flag names shared with the standalone CLI, which passes them through go vet.
const (
	ConfigFlag = "config"
	// DigestFlag carries a hash of the effective configuration. The tool
	// ignores its value; it is on the command line so that go vet's result
	// cache is keyed by the configuration's content.
	DigestFlag = "config-digest"
)

// IsVetInvocation reports whether args (without the program name) are a go
// vet tool invocation: -V=full, -flags, or a unit .cfg file.
func IsVetInvocation(args []string) bool {
	for _, a := range args {
		switch {
		case a == "-V=full" || a == "--V=full" || a == "-flags" || a == "--flags":
			return true
		case strings.HasSuffix(a, ".cfg") && !strings.HasPrefix(a, "-"):
			return true
		}
	}
	return false
}

// Main runs the unitchecker and exits.
func Main() {
	path := flagValue(os.Args[1:], ConfigFlag)
	if path == "" {
		wd, err := os.Getwd()
		if err == nil {
			path, err = config.Find(wd)
		}
		if err != nil {
			fatal(err)
		}
	}
	res, err := suite.Resolve(path)
	if err != nil {
		fatal(err)
	}
	as, err := suite.Select(res)
	if err != nil {
		fatal(err)
	}
	flag.String(ConfigFlag, "", "path of the .reconcilelint.yaml to use (default: found by walking up from the package directory)")
	flag.String(DigestFlag, "", "hash of the effective configuration (set by the reconcilelint CLI; ignored)")
	unitchecker.Main(as...)
}

// flagValue finds -name=value or -name value in args.
func flagValue(args []string, name string) string {
	for i, a := range args {
		a = strings.TrimPrefix(strings.TrimPrefix(a, "-"), "-")
		if v, ok := strings.CutPrefix(a, name+"="); ok {
			return v
		}
		if a == name && i+1 < len(args) {
			return args[i+1]
		}
	}
	return ""
}

func fatal(err error) {
	fmt.Fprintf(os.Stderr, "%s: %v\n", filepath.Base(os.Args[0]), err)
	os.Exit(1)
}
