package verify_test

import (
	"testing"

	"github.com/reconcilelint/reconcilelint/verify"
)

// BenchmarkCoreProperties measures Idempotent, Converges, NoHotLoop and
// NotFoundIsSuccess together on a typical reconciler (the memcached-style
// one: finalizer, owned Deployment, status with a condition). The design
// target (claim 2 of docs/design/runtime.md at the repository root) is
// under 50 ms per iteration.
//
// The checks run in testing/synctest bubbles, which need a *testing.T, so
// the timed loop runs inside a test started with testing.RunTests.
func BenchmarkCoreProperties(b *testing.B) {
	s := memcachedSpec()
	core := []verify.Property{verify.Idempotent, verify.Converges, verify.NoHotLoop, verify.NotFoundIsSuccess}
	ok := testing.RunTests(func(string, string) (bool, error) { return true, nil }, []testing.InternalTest{{
		Name: "BenchmarkCoreProperties",
		F: func(t *testing.T) {
			b.ResetTimer()
			for range b.N {
				for _, p := range core {
					if f := verify.Check(t, s, p); f != nil {
						b.Fatal(f)
					}
				}
			}
			b.StopTimer()
		},
	}})
	if !ok {
		b.Fatal("the core properties failed")
	}
}

// BenchmarkProperties measures each property on its own, on each of the
// well-written example reconcilers (memcached and cronjob). The target is
// under 50 ms per property and iteration.
func BenchmarkProperties(b *testing.B) {
	specs := []struct {
		name string
		spec verify.Spec
	}{{"memcached", memcachedSpec()}, {"cronjob", cronJobSpec()}}
	for _, s := range specs {
		for _, p := range verify.AllProperties {
			b.Run(s.name+"/"+string(p), func(b *testing.B) {
				ok := testing.RunTests(func(string, string) (bool, error) { return true, nil }, []testing.InternalTest{{
					Name: "BenchmarkProperties",
					F: func(t *testing.T) {
						b.ResetTimer()
						for range b.N {
							if f := verify.Check(t, s.spec, p); f != nil {
								b.Fatal(f)
							}
						}
						b.StopTimer()
					},
				}})
				if !ok {
					b.Fatalf("%s failed", p)
				}
			})
		}
	}
}
