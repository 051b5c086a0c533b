package fidelity

import (
	"context"
	"fmt"
	"os"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf8"

	"sigs.k8s.io/controller-runtime/pkg/client"
)

// scenario is one row of the fidelity table.
type scenario struct {
	name string
	run  func(h *H)
}

var (
	realOnce   sync.Once
	realClient client.WithWatch
	realErr    error
)

// TestFidelity runs every scenario against both backends and compares what
// they observed, field by field. A failing row prints both sides.
func TestFidelity(t *testing.T) {
	if realConfig == nil {
		t.Log("FIDELITY_MEMORY_ONLY is set: running the in-memory backend only, nothing is compared")
	} else {
		realOnce.Do(func() { realClient, realErr = newRealClient() })
		if realErr != nil {
			t.Fatal(realErr)
		}
	}
	for _, sc := range scenarios {
		t.Run(sc.name, func(t *testing.T) {
			t.Parallel()
			ns := "f-" + strings.Trim(regexp.MustCompile(`[^a-z0-9]+`).ReplaceAllString(strings.ToLower(sc.name), "-"), "-")
			mem, err := newMemoryServer()
			if err != nil {
				t.Fatal(err)
			}
			memRes := runOn(t, "memory", mem, ns, sc)
			if realClient == nil {
				t.Logf("memory:\n%s", table(memRes, memRes, false))
				return
			}
			start := time.Now()
			realRes := runOn(t, "real", realClient, ns, sc)
			t.Logf("real server: %s", time.Since(start).Round(time.Millisecond))
			if diff := format(memRes, realRes); diff != "" {
				t.Errorf("scenario %q: the in-memory store and the real API server differ:\n%s", sc.name, diff)
			} else if testing.Verbose() && os.Getenv("FIDELITY_SHOW") != "" {
				t.Logf("\n%s", table(memRes, realRes, false))
			}
		})
	}
}

func runOn(t *testing.T, backend string, c client.WithWatch, ns string, sc scenario) *result {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	h := &H{t: t, ctx: ctx, c: c, backend: backend, ns: ns, res: newResult(), rvs: map[string]int{}}
	sc.run(h)
	if len(h.watches) > 0 {
		t.Fatalf("%s: scenario left %d watch(es) unflushed", backend, len(h.watches))
	}
	return h.res
}

// format returns "" if a and b agree, else the side-by-side table.
func format(mem, real *result) string {
	same := len(mem.keys) == len(real.keys)
	for i := 0; same && i < len(mem.keys); i++ {
		k := mem.keys[i]
		same = real.keys[i] == k && real.vals[k] == mem.vals[k]
	}
	if same {
		return ""
	}
	return table(mem, real, true)
}

const colWidth = 58

func clip(s string) string {
	if utf8.RuneCountInString(s) <= colWidth {
		return s
	}
	r := []rune(s)
	return string(r[:colWidth-1]) + "…"
}

// table prints every observation of both backends side by side; rows that
// differ are marked with "≠" and, when clipped, repeated in full below.
func table(mem, real *result, compare bool) string {
	keys := append([]string(nil), mem.keys...)
	seen := map[string]bool{}
	for _, k := range keys {
		seen[k] = true
	}
	for _, k := range real.keys {
		if !seen[k] {
			keys = append(keys, k)
		}
	}
	width := 10
	for _, k := range keys {
		width = max(width, len(k))
	}
	var b, full strings.Builder
	fmt.Fprintf(&b, "  %-*s   %-*s   %s\n", width, "step | field", colWidth, "memory (verify/apiserver)", "real (apiextensions-apiserver + etcd)")
	for _, k := range keys {
		mv, mok := mem.vals[k]
		rv, rok := real.vals[k]
		if !mok {
			mv = "<missing>"
		}
		if !rok {
			rv = "<missing>"
		}
		mark := " "
		if compare && (mv != rv || !mok || !rok) {
			mark = "≠"
			if clip(mv) != mv || clip(rv) != rv {
				fmt.Fprintf(&full, "  %s\n    memory: %s\n    real:   %s\n", k, mv, rv)
			}
		}
		fmt.Fprintf(&b, "%s %-*s   %-*s   %s\n", mark, width, k, colWidth, clip(mv), clip(rv))
	}
	if full.Len() > 0 {
		b.WriteString("full values of the differing rows:\n")
		b.WriteString(full.String())
	}
	return b.String()
}
