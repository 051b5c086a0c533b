// Package appendnocheck defines the RL2004 check: an append to a list
// field (finalizers, containers, env, volumes, …) of an object read from
// the API, with no test that the element is absent.
//
// A reconcile runs again and again for the same object. An unconditional
// append adds another copy on every run: duplicate finalizers are accepted
// by the API server and each addition is a real write that triggers the
// next reconcile, and a duplicate container, volume or env name fails
// validation, so every later reconcile fails.
//
// The check reports the store of append(L, …) back to the list L of an
// object filled by a Get or List (directly, through helpers of the same
// package, or by the Get inside controllerutil.CreateOrUpdate), when no
// membership test over L decides whether the append runs and the list is
// not reset earlier in the function.
//
// Suggested fixes: controllerutil.AddFinalizer for finalizers, and a
// slices.ContainsFunc guard keyed by Name for named lists.
//
// This package imports the summary, apis and diag packages; it never
// imports a driver.
package appendnocheck
