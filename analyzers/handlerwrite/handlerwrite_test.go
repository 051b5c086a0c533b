package handlerwrite_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/reconcilelint/reconcilelint/analyzers/handlerwrite"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/stubtest"
)

func TestHandlerWrite(t *testing.T) {
	stubtest.Run(t, analysistest.TestData(), handlerwrite.Analyzer, "handlers", "handlers/lib", "handlers/options")
}
