package builder

import (
	"sigs.k8s.io/controller-runtime/pkg/predicate"
)

// ForOption is some configuration that modifies options for a For request.
type ForOption interface {
	// ApplyToFor applies this configuration to the given for input.
	ApplyToFor(*ForInput)
}

// OwnsOption is some configuration that modifies options for an owns
// request.
type OwnsOption interface {
	// ApplyToOwns applies this configuration to the given owns input.
	ApplyToOwns(*OwnsInput)
}

// WatchesOption is some configuration that modifies options for a watches
// request.
type WatchesOption interface {
	// ApplyToWatches applies this configuration to the given watches
	// options.
	ApplyToWatches(untypedWatchesInput)
}

// WithPredicates sets the given predicates list.
func WithPredicates(predicates ...predicate.Predicate) Predicates {
	return Predicates{predicates: predicates}
}

// Predicates filters events before enqueuing the keys.
type Predicates struct {
	predicates []predicate.Predicate
}

// ApplyToFor applies this configuration to the given ForInput options.
func (w Predicates) ApplyToFor(opts *ForInput) {
	opts.predicates = w.predicates
}

// ApplyToOwns applies this configuration to the given OwnsInput options.
func (w Predicates) ApplyToOwns(opts *OwnsInput) {
	opts.predicates = w.predicates
}

// ApplyToWatches applies this configuration to the given WatchesInput
// options.
func (w Predicates) ApplyToWatches(opts untypedWatchesInput) {
	opts.setPredicates(w.predicates)
}

type objectProjection int

const (
	projectAsNormal objectProjection = iota
	projectAsMetadata
)

type projectAs objectProjection

// ApplyToFor applies this configuration to the given ForInput options.
func (p projectAs) ApplyToFor(opts *ForInput) {
	opts.objectProjection = objectProjection(p)
}

// ApplyToOwns applies this configuration to the given OwnsInput options.
func (p projectAs) ApplyToOwns(opts *OwnsInput) {
	opts.objectProjection = objectProjection(p)
}

// ApplyToWatches applies this configuration to the given WatchesInput
// options.
func (p projectAs) ApplyToWatches(opts untypedWatchesInput) {
	opts.setObjectProjection(objectProjection(p))
}

// OnlyMetadata tells the controller to *only* cache metadata, and to
// watch the API server in metadata-only form.
var OnlyMetadata = projectAs(projectAsMetadata)

// MatchEveryOwner determines whether the watch should be filtered based on
// controller ownership.
var MatchEveryOwner = &matchEveryOwner{}

type matchEveryOwner struct{}

// ApplyToOwns applies this configuration to the given OwnsInput options.
func (o matchEveryOwner) ApplyToOwns(opts *OwnsInput) {
	opts.matchEveryOwner = true
}
