// Command golangci-lint-rl is golangci-lint v2 with the reconcilelint
// module plugin compiled in: what `golangci-lint custom` builds from the
// .custom-gcl.yml in plugin/README.md, made here without the network. Its
// main is golangci-lint's own cmd/golangci-lint/main.go (cut down) plus
// the blank import of the plugin. The e2e test in plugin/ builds and runs
// it.
package main

import (
	"fmt"
	"os"
	"runtime/debug"

	"github.com/golangci/golangci-lint/v2/pkg/commands"
	"github.com/golangci/golangci-lint/v2/pkg/exitcodes"

	_ "github.com/reconcilelint/reconcilelint/plugin"
)

func main() {
	if err := commands.Execute(buildInfo()); err != nil {
		_, _ = fmt.Fprintf(os.Stderr, "The command is terminated due to an error: %v\n", err)
		os.Exit(exitcodes.Failure)
	}
}

// buildInfo is what golangci-lint's main reports for a build without
// release ldflags. The version stays "(devel)": golangci-lint then salts
// its analysis cache with a hash of the binary, so a rebuilt plugin never
// reads results cached by an older one.
func buildInfo() commands.BuildInfo {
	info := commands.BuildInfo{Version: "(devel)", Commit: "?", Date: "(unknown)", GoVersion: "unknown"}
	if bi, ok := debug.ReadBuildInfo(); ok {
		info.GoVersion = bi.GoVersion
		info.Version = bi.Main.Version
	}
	return info
}
