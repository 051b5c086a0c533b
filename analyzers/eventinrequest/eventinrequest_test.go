package eventinrequest_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/reconcilelint/reconcilelint/analyzers/eventinrequest"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/stubtest"
)

func TestEventInRequest(t *testing.T) {
	stubtest.Run(t, analysistest.TestData(), eventinrequest.Analyzer, "requests")
}
