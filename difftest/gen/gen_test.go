package gen

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestSimpler: every candidate is valid, differs from its program in one
// dimension only, by a value listed earlier; the neutral program has none.
func TestSimpler(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 7))
	for range 200 {
		c := Draw(r, nil)
		for _, n := range Simpler(c) {
			if why := n.Valid(); why != "" {
				t.Fatalf("%s: candidate %s is invalid: %s", c, n, why)
			}
			diff := 0
			for _, d := range Dims {
				if n[d] != c[d] {
					diff++
					if slices.Index(Values[d], n[d]) >= slices.Index(Values[d], c[d]) {
						t.Errorf("%s: candidate %s is not simpler in %s", c, n, d)
					}
				}
			}
			if diff != 1 {
				t.Errorf("%s: candidate %s differs in %d dimensions", c, n, diff)
			}
		}
	}
	neutral := Draw(nil, nil)
	if got := Simpler(neutral); len(got) != 0 {
		t.Errorf("the first valid program %s has simpler candidates: %v", neutral, got)
	}
}

// TestChoicesRoundTrip: String and ParseChoices are inverse, and
// ParseChoices refuses an unknown value or a missing dimension.
func TestChoicesRoundTrip(t *testing.T) {
	c := Draw(rand.New(rand.NewPCG(1, 2)), nil)
	back, err := ParseChoices(c.String())
	if err != nil || back.String() != c.String() {
		t.Fatalf("ParseChoices(%q) = %v, %v", c.String(), back, err)
	}
	for _, bad := range []string{"entry=nope", "entry=method-embed"} {
		if _, err := ParseChoices(bad); err == nil {
			t.Errorf("ParseChoices(%q) accepted it", bad)
		}
	}
}

// TestEveryValueBuilds: a program with each value of each dimension
// builds (its files parse and are formatted), and Build refuses invalid
// choices.
func TestEveryValueBuilds(t *testing.T) {
	for _, d := range Dims {
		for _, v := range Values[d] {
			c := Draw(rand.New(rand.NewPCG(3, 4)), Choices{d: v})
			if c == nil {
				t.Errorf("no valid program has %s=%s", d, v)
				continue
			}
			if _, err := Build("p0001", c); err != nil {
				t.Errorf("%s=%s: %v", d, v, err)
			}
		}
	}
	bad := Draw(nil, nil)
	bad[DimDest], bad[DimWrite] = "annotation", "status-update"
	if _, err := Build("p0001", bad); err == nil {
		t.Error("Build accepted an annotation written through the status subresource")
	}
}
