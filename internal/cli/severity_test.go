package cli

import (
	"testing"

	"github.com/reconcilelint/reconcilelint/internal/config"
	"github.com/reconcilelint/reconcilelint/internal/report"
	"github.com/reconcilelint/reconcilelint/internal/suite"
)

// TestFindingSeverity checks that a finding's own severity (carried in
// the diagnostic category, "RL4001/error") reaches the report, that
// findings without one get their check's default, and that a configured
// severity overrides both.
func TestFindingSeverity(t *testing.T) {
	own := toFinding("example.com/op", "finalizerpredicate", vetDiagnostic{Category: "RL4001/error", Posn: "a.go:1:2", Message: "finalizerpredicate: x"})
	def := toFinding("example.com/op", "finalizerpredicate", vetDiagnostic{Category: "RL4001", Posn: "a.go:3:2", Message: "finalizerpredicate: y"})
	for _, c := range []struct {
		name       string
		f          report.Finding
		id, check  string
		sev        string
		configured string // severity after a config that sets RL4001 to info
	}{
		{"own severity", own, "RL4001", "finalizerpredicate", "error", "info"},
		{"default severity", def, "RL4001", "finalizerpredicate", "warning", "info"},
	} {
		if c.f.ID != c.id || c.f.Check != c.check || c.f.Severity != c.sev {
			t.Errorf("%s: toFinding = %s %s %s, want %s %s %s", c.name, c.f.ID, c.f.Check, c.f.Severity, c.id, c.check, c.sev)
		}
		plain := resolve(t, "")
		if got := applyConfig([]report.Finding{c.f}, plain); len(got) != 1 || got[0].Severity != c.sev {
			t.Errorf("%s: with the default config the severity is %v, want %s", c.name, got, c.sev)
		}
		set := resolve(t, "severity:\n  finalizerpredicate: info\n")
		if got := applyConfig([]report.Finding{c.f}, set); len(got) != 1 || got[0].Severity != c.configured {
			t.Errorf("%s: with severity set in the config the severity is %v, want %s", c.name, got, c.configured)
		}
	}
}

func resolve(t *testing.T, src string) *config.Resolved {
	t.Helper()
	c, err := config.Parse([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	r, err := c.Resolve(suite.Checks())
	if err != nil {
		t.Fatal(err)
	}
	return r
}
