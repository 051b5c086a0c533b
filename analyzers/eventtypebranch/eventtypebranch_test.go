package eventtypebranch_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/reconcilelint/reconcilelint/analyzers/eventtypebranch"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/stubtest"
)

func TestEventTypeBranch(t *testing.T) {
	stubtest.Run(t, analysistest.TestData(), eventtypebranch.Analyzer, "branches", "watcher", "createfilter", "ownkinds", "ownkinds/factory", "listeners")
}
