package config

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"sort"
	"strings"

	"github.com/reconcilelint/reconcilelint/analyzers/checkdoc"
)

// Check describes one analyzer to Resolve: its ID and name, its default
// severity and the names of the options it accepts. The base analyzer is
// passed with ID "" and Name "reconcilelint"; it has options but cannot be
// enabled, disabled or given a severity.
type Check struct {
	ID       string
	Name     string
	Severity checkdoc.Severity
	Options  []string
}

// Resolved is a configuration checked against the set of checks: it
// answers which checks run, at which severity, with which options, and
// which severity fails the gate.
type Resolved struct {
	checks   []Check                      // sorted by ID, base analyzer last
	lookup   map[string]int               // lower-case ID or name → index in checks
	enabled  map[string]bool              // by name
	severity map[string]checkdoc.Severity // by name
	// overridden holds the severities the configuration sets, by name.
	overridden map[string]checkdoc.Severity
	options    map[string]map[string]string // by analyzer name
	failOn     checkdoc.Severity
	digest     string
}

// Resolve checks c against checks and computes the effective
// configuration. Enable is applied first ("*" or an empty list means every
// check), then Disable, so a check in both is disabled. Check names and
// IDs match case-insensitively (golangci-lint lower-cases settings keys).
//
// Unknown checks, unknown options, bad severities and a check named twice
// under different spellings are errors that name the offending item and
// list the valid choices.
func (c *Config) Resolve(checks []Check) (*Resolved, error) {
	if c == nil {
		c = &Config{}
	}
	r := &Resolved{
		lookup:     map[string]int{},
		enabled:    map[string]bool{},
		severity:   map[string]checkdoc.Severity{},
		overridden: map[string]checkdoc.Severity{},
		options:    map[string]map[string]string{},
	}
	r.checks = append([]Check(nil), checks...)
	sort.SliceStable(r.checks, func(i, j int) bool {
		a, b := r.checks[i], r.checks[j]
		if (a.ID == "") != (b.ID == "") {
			return b.ID == "" // base analyzer last
		}
		if a.ID != b.ID {
			return a.ID < b.ID
		}
		return a.Name < b.Name
	})
	for i, ch := range r.checks {
		if ch.Name == "" {
			return nil, fmt.Errorf("config: check %q has no name", ch.ID)
		}
		for _, key := range []string{ch.ID, ch.Name} {
			if key == "" {
				continue
			}
			k := strings.ToLower(key)
			if j, dup := r.lookup[k]; dup && j != i {
				return nil, fmt.Errorf("config: two checks are called %q", key)
			}
			r.lookup[k] = i
		}
	}

	// enable, then disable.
	enableAll := len(c.Enable) == 0
	for _, ref := range c.Enable {
		if ref == "*" {
			enableAll = true
			continue
		}
		ch, err := r.check(c, ref, "enable", []string{"enable", "[=" + ref + "]"})
		if err != nil {
			return nil, err
		}
		r.enabled[ch.Name] = true
	}
	if enableAll {
		for _, ch := range r.checks {
			if ch.ID != "" {
				r.enabled[ch.Name] = true
			}
		}
	}
	for _, ref := range c.Disable {
		if ref == "*" {
			clear(r.enabled)
			continue
		}
		ch, err := r.check(c, ref, "disable", []string{"disable", "[=" + ref + "]"})
		if err != nil {
			return nil, err
		}
		delete(r.enabled, ch.Name)
	}

	// severity.
	for _, ch := range r.checks {
		if ch.ID != "" {
			r.severity[ch.Name] = ch.Severity
		}
	}
	setBy := map[string]string{}
	for _, key := range sortedKeys(c.Severity) {
		val := c.Severity[key]
		ch, err := r.check(c, key, "severity", []string{"severity", key})
		if err != nil {
			return nil, err
		}
		if prev, ok := setBy[ch.Name]; ok {
			return nil, c.errorf([]string{"severity", key}, "severity: %q and %q name the same check %s %s", prev, key, ch.ID, ch.Name)
		}
		setBy[ch.Name] = key
		sev, ok := parseSeverity(val)
		if !ok {
			return nil, c.errorf([]string{"severity", key}, "bad severity %q for %s in severity (want %s)", val, key, severityChoices)
		}
		r.severity[ch.Name] = sev
		r.overridden[ch.Name] = sev
	}

	// options.
	optBy := map[string]string{}
	for _, key := range sortedKeys(c.Options) {
		ch, err := r.analyzer(c, key)
		if err != nil {
			return nil, err
		}
		if prev, ok := optBy[ch.Name]; ok {
			return nil, c.errorf([]string{"options", key}, "options: %q and %q name the same analyzer %s", prev, key, ch.Name)
		}
		optBy[ch.Name] = key
		opts := map[string]string{}
		for _, name := range sortedKeys(c.Options[key]) {
			if !contains(ch.Options, name) {
				valid := "it takes no options"
				if len(ch.Options) > 0 {
					sorted := append([]string(nil), ch.Options...)
					sort.Strings(sorted)
					valid = "valid: " + strings.Join(sorted, ", ")
				}
				return nil, c.errorf([]string{"options", key, name}, "unknown option %q for %s in options (%s)", name, ch.Name, valid)
			}
			opts[name] = strings.Join(c.Options[key][name], ",")
		}
		r.options[ch.Name] = opts
	}

	// fail-on.
	r.failOn = checkdoc.Info
	if c.FailOn != "" {
		sev, ok := parseSeverity(c.FailOn)
		if !ok {
			return nil, c.errorf([]string{"fail-on"}, "bad severity %q in fail-on (want %s)", c.FailOn, severityChoices)
		}
		r.failOn = sev
	}
	r.digest = r.computeDigest()
	return r, nil
}

// check looks up a check (not the base analyzer) by ID or name.
func (r *Resolved) check(c *Config, ref, where string, at []string) (Check, error) {
	if i, ok := r.lookup[strings.ToLower(ref)]; ok && r.checks[i].ID != "" {
		return r.checks[i], nil
	}
	if strings.EqualFold(ref, BaseAnalyzer) {
		return Check{}, c.errorf(at, "%q in %s is the base analyzer, not a check; it only takes options", ref, where)
	}
	return Check{}, c.errorf(at, "unknown check %q in %s (known: %s)", ref, where, r.known(false))
}

// analyzer looks up an analyzer, the base analyzer included, by name or ID.
func (r *Resolved) analyzer(c *Config, ref string) (Check, error) {
	if i, ok := r.lookup[strings.ToLower(ref)]; ok {
		return r.checks[i], nil
	}
	return Check{}, c.errorf([]string{"options", ref}, "unknown analyzer %q in options (known: %s)", ref, r.known(true))
}

// known lists the checks as "RL5001 notfounderror, …", and the base
// analyzer last when withBase is set.
func (r *Resolved) known(withBase bool) string {
	var parts []string
	for _, ch := range r.checks {
		switch {
		case ch.ID != "":
			parts = append(parts, ch.ID+" "+ch.Name)
		case withBase:
			parts = append(parts, ch.Name)
		}
	}
	if len(parts) == 0 {
		return "none"
	}
	return strings.Join(parts, ", ")
}

// name maps a check name or ID to its name; ok is false when unknown.
func (r *Resolved) name(ref string) (string, bool) {
	i, ok := r.lookup[strings.ToLower(ref)]
	if !ok {
		return "", false
	}
	return r.checks[i].Name, true
}

// Enabled reports whether the check with this name or ID runs. It is
// false for unknown checks and for the base analyzer.
func (r *Resolved) Enabled(name string) bool {
	n, ok := r.name(name)
	return ok && r.enabled[n]
}

// EnabledChecks returns the names of the enabled checks, ordered by ID.
func (r *Resolved) EnabledChecks() []string {
	var out []string
	for _, ch := range r.checks {
		if ch.ID != "" && r.enabled[ch.Name] {
			out = append(out, ch.Name)
		}
	}
	return out
}

// Severity returns the effective severity of the check with this name or
// ID: the configured override, else the check's default. It returns
// checkdoc.Info for unknown names.
func (r *Resolved) Severity(name string) checkdoc.Severity {
	n, ok := r.name(name)
	if !ok {
		return checkdoc.Info
	}
	return r.severity[n]
}

// SeverityOverride returns the severity the configuration sets for the
// check with this name or ID, and false when it sets none.
func (r *Resolved) SeverityOverride(name string) (checkdoc.Severity, bool) {
	n, ok := r.name(name)
	if !ok {
		return 0, false
	}
	sev, ok := r.overridden[n]
	return sev, ok
}

// Options returns the configured options of the analyzer with this name
// (or check ID; "reconcilelint" for the base analyzer) as flag values,
// with lists joined by commas. Options that were not configured are
// absent, so the analyzer's defaults apply. The map is a fresh copy.
func (r *Resolved) Options(analyzer string) map[string]string {
	out := map[string]string{}
	n, ok := r.name(analyzer)
	if !ok {
		return out
	}
	for k, v := range r.options[n] {
		out[k] = v
	}
	return out
}

// FailOn returns the lowest severity that fails the gate (default info:
// every finding fails).
func (r *Resolved) FailOn() checkdoc.Severity { return r.failOn }

// Digest returns a stable hash (hex SHA-256) of the effective
// configuration: enabled checks, severities, options and fail-on. Two
// configurations that resolve to the same behaviour have the same digest,
// however they were spelled, so it serves as a cache key.
func (r *Resolved) Digest() string { return r.digest }

func (r *Resolved) computeDigest() string {
	var b strings.Builder
	b.WriteString("reconcilelint-config v1\n")
	for _, ch := range r.checks {
		if ch.ID != "" {
			fmt.Fprintf(&b, "check %s %s enabled=%t severity=%s\n", ch.ID, ch.Name, r.enabled[ch.Name], r.severity[ch.Name])
		}
		opts := r.options[ch.Name]
		for _, k := range sortedKeys(opts) {
			fmt.Fprintf(&b, "option %s %s=%q\n", ch.Name, k, opts[k])
		}
	}
	fmt.Fprintf(&b, "fail-on %s\n", r.failOn)
	sum := sha256.Sum256([]byte(b.String()))
	return hex.EncodeToString(sum[:])
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
