package fieldpath

import "testing"

func TestPaths(t *testing.T) {
	p := func(e ...string) []string { return e }
	for _, c := range []struct {
		name string
		got  bool
		want bool
	}{
		{"json key is its field", SameElem("Members", "members"), true},
		{"different fields", SameElem("Members", "Member"), false},
		{"map keys are case sensitive", SameElem(`["App"]`, `["app"]`), false},
		{"map key is no field", SameElem(`["app"]`, "app"), false},
		{"equal across representations", Equal(p("Status", "members"), p("Status", "Members")), true},
		{"equal lengths differ", Equal(p("Status"), p("Status", "Members")), false},
		{"prefix", HasPrefix(p("Status", "Members"), p("status")), true},
		{"longer is no prefix", HasPrefix(p("Status"), p("Status", "Members")), false},
		{"overlap either way", Overlap(p("Status"), p("Status", "Phase")) && Overlap(p("Status", "Phase"), p("Status")), true},
		{"siblings do not overlap", Overlap(p("Status", "Phase"), p("Status", "Members")), false},
		{"element matches any key when compatible", Compatible(p("Spec", Any, "Name"), p("Spec", `["a"]`, "name")), true},
		{"element is exact in overlap", Overlap(p("Spec", Any), p("Spec", `["a"]`)), false},
		{"incompatible", Compatible(p("Spec", "A"), p("Status")), false},
	} {
		if c.got != c.want {
			t.Errorf("%s: got %v, want %v", c.name, c.got, c.want)
		}
	}
	if n := CommonPrefix([]string{"Status", "Members", "x"}, []string{"status", "members", "y"}); n != 2 {
		t.Errorf("CommonPrefix = %d, want 2", n)
	}
}
