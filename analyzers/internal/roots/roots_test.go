package roots

import "testing"

func TestKindString(t *testing.T) {
	if got := Object.String(); got != "R1b ObjectReconciler" {
		t.Errorf("Object.String() = %q", got)
	}
	if got := Kind(99).String(); got != "?" {
		t.Errorf("Kind(99).String() = %q", got)
	}
}
