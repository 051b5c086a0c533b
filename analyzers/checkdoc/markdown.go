package checkdoc

import (
	"fmt"
	"strings"
)

// Markdown renders the documentation page of a check: the text of
// docs/checks/<name>.md and of reconcilelint -explain.
func (d *Doc) Markdown() string {
	var b strings.Builder
	fmt.Fprintf(&b, "# %s `%s`: %s\n\n", d.ID, d.Name, d.Title)
	fmt.Fprintf(&b, "Default severity: **%s**. Since: %s.\n\n", d.Severity, d.Since)
	section := func(title, body string) {
		body = strings.TrimSpace(body)
		if body == "" {
			return
		}
		fmt.Fprintf(&b, "## %s\n\n%s\n\n", title, body)
	}
	code := func(title, src string) {
		src = strings.TrimSpace(src)
		if src == "" {
			return
		}
		fmt.Fprintf(&b, "## %s\n\n```go\n%s\n```\n\n", title, src)
	}
	section("Why", d.Rationale)
	section("What is reported", d.Detection)
	code("Reported", d.Before)
	code("Fixed", d.After)
	section("Suggested fix", d.Fix)
	if len(d.Options) > 0 {
		b.WriteString("## Options\n\n| option | default | meaning |\n|---|---|---|\n")
		for _, o := range d.Options {
			fmt.Fprintf(&b, "| `%s` | `%s` | %s |\n", o.Name, o.Default, strings.ReplaceAll(o.Text, "\n", " "))
		}
		b.WriteString("\n")
	}
	b.WriteString("## Suppressing\n\n")
	fmt.Fprintf(&b, "Put `//reconcilelint:ignore %s <reason>` on the reported line or the line above it; "+
		"the reason is mandatory. In `.reconcilelint.yaml`, `disable: [%s]` turns the check off.\n", d.ID, d.Name)
	return b.String()
}
