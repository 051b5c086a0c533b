package ctrl

import "testing"

func TestVerifyTakenReconciler(*testing.T) {}
