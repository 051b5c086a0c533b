// Package finalizerorder defines the RL7001 check: the write that
// persists a finalizer's removal can happen while the cleanup the
// finalizer guards has not succeeded (its error ignored, only logged or
// checked on some paths, the cleanup in a goroutine or after the write).
//
// The detection lives here: it reads the shared model's writes, side
// effects and reconcile scope, and decides the order of the cleanup and
// the removal on the function's control flow.
//
// This package imports the summary, handlers, apis and diag packages; it
// never imports a driver.
package finalizerorder
