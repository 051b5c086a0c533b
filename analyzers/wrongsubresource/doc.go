// Package wrongsubresource defines the RL2002 check: a change written
// through the endpoint that drops it. For a kind with a /status
// subresource, the API server ignores status in an Update or Patch of the
// main resource, and ignores everything but status in a Status().Update or
// Status().Patch; an Update's response also overwrites the in-memory
// status with the server's.
//
// Reported, for objects read from the API (or received as a parameter) whose
// kind has a status subresource (the +kubebuilder:subresource:status marker,
// or a table of k8s.io/api kinds; unknown kinds are skipped):
//   - (a) dropped: status fields are changed and the object is then written
//     only through the main resource;
//   - (b) clobbered: status fields are changed, then a main-resource write
//     replaces them with the server's copy before the status write sends them;
//   - (c) dropped metadata: spec, labels, annotations, finalizers or owner
//     references are changed and the object is written only through
//     Status().Update / Status().Patch.
//
// This package imports the summary and diag packages; it never imports a
// driver.
package wrongsubresource
