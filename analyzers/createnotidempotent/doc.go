// Package createnotidempotent defines the RL2003 check: a Create in a
// reconciler that is not safe to repeat.
//
// A reconcile runs again and again, and the cache it reads may not yet
// show what the previous run created. Two kinds of Create break under
// repetition: (a) a Create with GenerateName and no Name, which makes a new
// object, with a new name, every time the cache lags; (b) a Create whose
// AlreadyExists error is returned as the reconcile error, with no Get of
// the object before it, which fails every reconcile after the first.
//
// Creates in helpers of other packages are known from their CreateFacts,
// which an analyzer of this package (rlcreatefacts) exports for every
// analysed package.
//
// Suggested fixes: (b) wraps the Create as client.IgnoreAlreadyExists(…);
// (a) replaces GenerateName with a Name derived from the owner's UID when
// the Create runs only when a List found no children.
//
// This package imports the summary, apis and diag packages; it never
// imports a driver.
package createnotidempotent
