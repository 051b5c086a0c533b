// Package vettool runs reconcilelint as a go vet tool
// (go vet -vettool=$(which reconcilelint)): the unitchecker protocol, with
// the checks and options that the module's .reconcilelint.yaml selects.
//
// It imports internal/suite and golang.org/x/tools' unitchecker.
package vettool

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/unitchecker"

	"github.com/reconcilelint/reconcilelint/analyzers"
	"github.com/reconcilelint/reconcilelint/internal/config"
	"github.com/reconcilelint/reconcilelint/internal/progress"
	"github.com/reconcilelint/reconcilelint/internal/suite"
)

// Flag names shared with the standalone CLI, which passes them through go vet.
const (
	ConfigFlag = "config"
	// DigestFlag carries a hash of the effective configuration. The tool
	// ignores its value; it is on the command line so that go vet's result
	// cache is keyed by the configuration's content.
	DigestFlag = "config-digest"
	// RootsFlag runs, instead of the checks, the analysis that reports each
	// reconcile root as a diagnostic (analyzers.RootsAnalyzer): the
	// standalone command's -roots listing.
	RootsFlag = "list-roots"
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

// Main runs the unitchecker and exits. Before it analyses a unit it
// announces the unit's package to the reconcilelint command that started
// go vet, if any (package progress). A dependency that go vet analyses
// only for its facts (a VetxOnly unit) runs only the analyses that export
// facts, and what they require: the checks would report nothing there.
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
	if v := flagValue(os.Args[1:], RootsFlag); v == "true" || hasFlag(os.Args[1:], RootsFlag) {
		as = []*analysis.Analyzer{analyzers.RootsAnalyzer}
	}
	for _, a := range os.Args[1:] {
		if strings.HasSuffix(a, ".cfg") && !strings.HasPrefix(a, "-") {
			progress.Announce(a)
			if factsOnly(a) {
				kept := factProducers(as)
				acceptFlagsOf(dropped(as, kept))
				as = kept
			}
		}
	}
	flag.String(ConfigFlag, "", "path of the .reconcilelint.yaml to use (default: found by walking up from the package directory)")
	flag.String(DigestFlag, "", "hash of the effective configuration (set by the reconcilelint CLI; ignored)")
	flag.Bool(RootsFlag, false, "report the reconcile roots instead of running the checks (set by reconcilelint -roots)")
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

// factsOnly reports whether the go vet unit configuration file cfg asks
// only for the facts and types of a dependency (VetxOnly). A file that
// cannot be read is left to the unitchecker to report.
func factsOnly(cfg string) bool {
	data, err := os.ReadFile(cfg)
	if err != nil {
		return false
	}
	var unit struct{ VetxOnly bool }
	return json.Unmarshal(data, &unit) == nil && unit.VetxOnly
}

// factProducers returns the analyzers of as and of what they require,
// directly or not, that export facts, each once, in a stable order. Run
// as roots, they export exactly the facts that as would.
func factProducers(as []*analysis.Analyzer) []*analysis.Analyzer {
	var out []*analysis.Analyzer
	for _, a := range withRequired(as) {
		if len(a.FactTypes) > 0 {
			out = append(out, a)
		}
	}
	return out
}

// dropped returns the analyzers of all, and of what they require, that
// are not in kept or required by them.
func dropped(all, kept []*analysis.Analyzer) []*analysis.Analyzer {
	run := make(map[*analysis.Analyzer]bool)
	for _, a := range withRequired(kept) {
		run[a] = true
	}
	var out []*analysis.Analyzer
	for _, a := range withRequired(all) {
		if !run[a] {
			out = append(out, a)
		}
	}
	return out
}

// withRequired returns as and every analyzer they require, directly or
// not, each once, each after what it requires.
func withRequired(as []*analysis.Analyzer) []*analysis.Analyzer {
	var out []*analysis.Analyzer
	seen := make(map[*analysis.Analyzer]bool)
	var visit func(a *analysis.Analyzer)
	visit = func(a *analysis.Analyzer) {
		if seen[a] {
			return
		}
		seen[a] = true
		for _, r := range a.Requires {
			visit(r)
		}
		out = append(out, a)
	}
	for _, a := range as {
		visit(a)
	}
	return out
}

// acceptFlagsOf declares the command-line flags that the unitchecker
// would declare for the analyzers as (-NAME and -NAME.flag), which the
// unit does not run: go vet passes the flags of the whole suite to every
// unit, and a flag the unit does not know would fail it. An enable flag
// given for an analyzer that does not run changes nothing.
func acceptFlagsOf(as []*analysis.Analyzer) {
	for _, a := range as {
		if flag.Lookup(a.Name) == nil {
			flag.Bool(a.Name, false, "enable "+a.Name+" analysis (not run for a dependency's facts)")
		}
		a.Flags.VisitAll(func(f *flag.Flag) {
			if name := a.Name + "." + f.Name; flag.Lookup(name) == nil {
				flag.Var(f.Value, name, f.Usage)
			}
		})
	}
}

// hasFlag reports whether args hold the boolean flag -name (or --name)
// without a value.
func hasFlag(args []string, name string) bool {
	for _, a := range args {
		if a == "-"+name || a == "--"+name {
			return true
		}
	}
	return false
}

func fatal(err error) {
	fmt.Fprintf(os.Stderr, "%s: %v\n", filepath.Base(os.Args[0]), err)
	os.Exit(1)
}
