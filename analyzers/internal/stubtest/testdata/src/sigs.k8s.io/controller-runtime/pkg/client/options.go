package client

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/fields"
	"k8s.io/apimachinery/pkg/labels"
	"k8s.io/apimachinery/pkg/runtime"
)

// GetOption is some configuration that modifies options for a get request.
type GetOption interface {
	ApplyToGet(*GetOptions)
}

// ListOption is some configuration that modifies options for a list request.
type ListOption interface {
	ApplyToList(*ListOptions)
}

// CreateOption is some configuration that modifies options for a create request.
type CreateOption interface {
	ApplyToCreate(*CreateOptions)
}

// UpdateOption is some configuration that modifies options for a update request.
type UpdateOption interface {
	ApplyToUpdate(*UpdateOptions)
}

// PatchOption is some configuration that modifies options for a patch request.
type PatchOption interface {
	ApplyToPatch(*PatchOptions)
}

// ApplyOption is some configuration that modifies options for an apply request.
type ApplyOption interface {
	ApplyToApply(*ApplyOptions)
}

// DeleteOption is some configuration that modifies options for a delete request.
type DeleteOption interface {
	ApplyToDelete(*DeleteOptions)
}

// DeleteAllOfOption is some configuration that modifies options for a
// delete request.
type DeleteAllOfOption interface {
	ApplyToDeleteAllOf(*DeleteAllOfOptions)
}

// SubResourceGetOption modifies options for a SubResource Get request.
type SubResourceGetOption interface {
	ApplyToSubResourceGet(*SubResourceGetOptions)
}

// SubResourceUpdateOption is some configuration that modifies options for
// a update request.
type SubResourceUpdateOption interface {
	ApplyToSubResourceUpdate(*SubResourceUpdateOptions)
}

// SubResourceCreateOption is some configuration that modifies options for
// a create request.
type SubResourceCreateOption interface {
	ApplyToSubResourceCreate(*SubResourceCreateOptions)
}

// SubResourcePatchOption configures a subresource patch request.
type SubResourcePatchOption interface {
	ApplyToSubResourcePatch(*SubResourcePatchOptions)
}

// SubResourceApplyOption configures a subresource apply request.
type SubResourceApplyOption interface {
	ApplyToSubResourceApply(*SubResourceApplyOptions)
}

// GetOptions contains options for get operation.
type GetOptions struct {
	Raw                              *metav1.GetOptions
	UnsafeDisableDeepCopy            *bool
	DisableReadYourWritesConsistency bool
}

// ApplyToGet implements GetOption for GetOptions.
func (o *GetOptions) ApplyToGet(lo *GetOptions) {
	if o.Raw != nil {
		lo.Raw = o.Raw
	}
	if o.UnsafeDisableDeepCopy != nil {
		lo.UnsafeDisableDeepCopy = o.UnsafeDisableDeepCopy
	}
}

// ApplyOptions applies the given get options on these options.
func (o *GetOptions) ApplyOptions(opts []GetOption) *GetOptions {
	for _, opt := range opts {
		opt.ApplyToGet(o)
	}
	return o
}

// ListOptions contains options for limiting or filtering results.
type ListOptions struct {
	LabelSelector                    labels.Selector
	FieldSelector                    fields.Selector
	Namespace                        string
	Limit                            int64
	Continue                         string
	UnsafeDisableDeepCopy            *bool
	DisableReadYourWritesConsistency bool
	Raw                              *metav1.ListOptions
}

// ApplyToList implements ListOption for ListOptions.
func (o *ListOptions) ApplyToList(lo *ListOptions) {
	if o.LabelSelector != nil {
		lo.LabelSelector = o.LabelSelector
	}
	if o.FieldSelector != nil {
		lo.FieldSelector = o.FieldSelector
	}
	if o.Namespace != "" {
		lo.Namespace = o.Namespace
	}
	if o.Limit > 0 {
		lo.Limit = o.Limit
	}
	if o.Continue != "" {
		lo.Continue = o.Continue
	}
}

// ApplyOptions applies the given list options on these options.
func (o *ListOptions) ApplyOptions(opts []ListOption) *ListOptions {
	for _, opt := range opts {
		opt.ApplyToList(o)
	}
	return o
}

// CreateOptions contains options for create requests.
type CreateOptions struct {
	DryRun                           []string
	FieldManager                     string
	FieldValidation                  string
	DisableReadYourWritesConsistency bool
	Raw                              *metav1.CreateOptions
}

// ApplyToCreate implements CreateOption.
func (o *CreateOptions) ApplyToCreate(co *CreateOptions) {
	if o.DryRun != nil {
		co.DryRun = o.DryRun
	}
	if o.FieldManager != "" {
		co.FieldManager = o.FieldManager
	}
}

// ApplyOptions applies the given create options on these options.
func (o *CreateOptions) ApplyOptions(opts []CreateOption) *CreateOptions {
	for _, opt := range opts {
		opt.ApplyToCreate(o)
	}
	return o
}

// UpdateOptions contains options for create requests.
type UpdateOptions struct {
	DryRun                           []string
	FieldManager                     string
	FieldValidation                  string
	DisableReadYourWritesConsistency bool
	Raw                              *metav1.UpdateOptions
}

// ApplyToUpdate implements UpdateOption.
func (o *UpdateOptions) ApplyToUpdate(uo *UpdateOptions) {
	if o.DryRun != nil {
		uo.DryRun = o.DryRun
	}
	if o.FieldManager != "" {
		uo.FieldManager = o.FieldManager
	}
}

// ApplyOptions applies the given update options on these options.
func (o *UpdateOptions) ApplyOptions(opts []UpdateOption) *UpdateOptions {
	for _, opt := range opts {
		opt.ApplyToUpdate(o)
	}
	return o
}

// PatchOptions contains options for patch requests.
type PatchOptions struct {
	DryRun                           []string
	Force                            *bool
	FieldManager                     string
	FieldValidation                  string
	DisableReadYourWritesConsistency bool
	Raw                              *metav1.PatchOptions
}

// ApplyToPatch implements PatchOption.
func (o *PatchOptions) ApplyToPatch(po *PatchOptions) {
	if o.DryRun != nil {
		po.DryRun = o.DryRun
	}
	if o.Force != nil {
		po.Force = o.Force
	}
	if o.FieldManager != "" {
		po.FieldManager = o.FieldManager
	}
}

// ApplyOptions applies the given patch options on these options.
func (o *PatchOptions) ApplyOptions(opts []PatchOption) *PatchOptions {
	for _, opt := range opts {
		opt.ApplyToPatch(o)
	}
	return o
}

// ApplyOptions are the options for an apply request.
type ApplyOptions struct {
	DryRun                           []string
	Force                            *bool
	FieldManager                     string
	DisableReadYourWritesConsistency bool
}

// ApplyToApply implements ApplyOption.
func (o *ApplyOptions) ApplyToApply(opts *ApplyOptions) {
	if o.DryRun != nil {
		opts.DryRun = o.DryRun
	}
	if o.Force != nil {
		opts.Force = o.Force
	}
	if o.FieldManager != "" {
		opts.FieldManager = o.FieldManager
	}
}

// ApplyOptions applies the given opts onto the ApplyOptions.
func (o *ApplyOptions) ApplyOptions(opts []ApplyOption) *ApplyOptions {
	for _, opt := range opts {
		opt.ApplyToApply(o)
	}
	return o
}

// DeleteOptions contains options for delete requests.
type DeleteOptions struct {
	GracePeriodSeconds               *int64
	Preconditions                    *metav1.Preconditions
	PropagationPolicy                *metav1.DeletionPropagation
	DisableReadYourWritesConsistency bool
	Raw                              *metav1.DeleteOptions
	DryRun                           []string
}

// ApplyToDelete implements DeleteOption.
func (o *DeleteOptions) ApplyToDelete(do *DeleteOptions) {
	if o.GracePeriodSeconds != nil {
		do.GracePeriodSeconds = o.GracePeriodSeconds
	}
	if o.PropagationPolicy != nil {
		do.PropagationPolicy = o.PropagationPolicy
	}
	if o.DryRun != nil {
		do.DryRun = o.DryRun
	}
}

// ApplyOptions applies the given delete options on these options.
func (o *DeleteOptions) ApplyOptions(opts []DeleteOption) *DeleteOptions {
	for _, opt := range opts {
		opt.ApplyToDelete(o)
	}
	return o
}

// DeleteAllOfOptions contains options for deletecollection (deleteallof)
// requests.
type DeleteAllOfOptions struct {
	ListOptions
	DeleteOptions
}

// ApplyToDeleteAllOf implements DeleteAllOfOption.
func (o *DeleteAllOfOptions) ApplyToDeleteAllOf(do *DeleteAllOfOptions) {
	o.ApplyToList(&do.ListOptions)
	o.ApplyToDelete(&do.DeleteOptions)
}

// ApplyOptions applies the given deleteallof options on these options.
func (o *DeleteAllOfOptions) ApplyOptions(opts []DeleteAllOfOption) *DeleteAllOfOptions {
	for _, opt := range opts {
		opt.ApplyToDeleteAllOf(o)
	}
	return o
}

// SubResourceGetOptions holds all the possible configuration for a
// subresource Get request.
type SubResourceGetOptions struct {
	Raw *metav1.GetOptions
}

// ApplyToSubResourceGet updates the configuration to the given get options.
func (in *SubResourceGetOptions) ApplyToSubResourceGet(o *SubResourceGetOptions) {
	if in.Raw != nil {
		o.Raw = in.Raw
	}
}

// SubResourceUpdateOptions holds all the possible configuration for a
// subresource update request.
type SubResourceUpdateOptions struct {
	UpdateOptions
	SubResourceBody Object
}

// ApplyToSubResourceUpdate updates the configuration on the given update
// options.
func (in *SubResourceUpdateOptions) ApplyToSubResourceUpdate(o *SubResourceUpdateOptions) {
	in.ApplyToUpdate(&o.UpdateOptions)
	if in.SubResourceBody != nil {
		o.SubResourceBody = in.SubResourceBody
	}
}

// SubResourceCreateOptions are all the possible configurations for a
// subresource create request.
type SubResourceCreateOptions struct {
	CreateOptions
}

// ApplyToSubResourceCreate applies the configuration on the given create
// options.
func (in *SubResourceCreateOptions) ApplyToSubResourceCreate(o *SubResourceCreateOptions) {
	in.ApplyToCreate(&o.CreateOptions)
}

// SubResourcePatchOptions holds configuration options for a subresource
// patch request.
type SubResourcePatchOptions struct {
	PatchOptions
	SubResourceBody Object
}

// ApplyToSubResourcePatch applies the configuration on the given patch
// options.
func (in *SubResourcePatchOptions) ApplyToSubResourcePatch(o *SubResourcePatchOptions) {
	in.ApplyToPatch(&o.PatchOptions)
	if in.SubResourceBody != nil {
		o.SubResourceBody = in.SubResourceBody
	}
}

// SubResourceApplyOptions are the options for a subresource apply request.
type SubResourceApplyOptions struct {
	ApplyOptions
	SubResourceBody runtime.ApplyConfiguration
}

// ApplyToSubResourceApply applies the configuration on the given apply
// options.
func (in *SubResourceApplyOptions) ApplyToSubResourceApply(o *SubResourceApplyOptions) {
	in.ApplyToApply(&o.ApplyOptions)
	if in.SubResourceBody != nil {
		o.SubResourceBody = in.SubResourceBody
	}
}

// InNamespace restricts the list/delete operation to the given namespace.
type InNamespace string

// ApplyToList applies this configuration to the given list options.
func (n InNamespace) ApplyToList(opts *ListOptions) { opts.Namespace = string(n) }

// ApplyToDeleteAllOf applies this configuration to the given an List
// options.
func (n InNamespace) ApplyToDeleteAllOf(opts *DeleteAllOfOptions) { n.ApplyToList(&opts.ListOptions) }

// MatchingLabels filters the list/delete operation on the given set of
// labels.
type MatchingLabels map[string]string

// ApplyToList applies this configuration to the given list options.
func (m MatchingLabels) ApplyToList(opts *ListOptions) {
	opts.LabelSelector = labels.SelectorFromSet(map[string]string(m))
}

// ApplyToDeleteAllOf applies this configuration to the given an List
// options.
func (m MatchingLabels) ApplyToDeleteAllOf(opts *DeleteAllOfOptions) {
	m.ApplyToList(&opts.ListOptions)
}

// HasLabels filters the list/delete operation checking if the set of
// labels exists without checking their values.
type HasLabels []string

// ApplyToList applies this configuration to the given list options.
func (m HasLabels) ApplyToList(opts *ListOptions) {
	opts.LabelSelector = labels.Everything()
}

// ApplyToDeleteAllOf applies this configuration to the given an List
// options.
func (m HasLabels) ApplyToDeleteAllOf(opts *DeleteAllOfOptions) { m.ApplyToList(&opts.ListOptions) }

// MatchingLabelsSelector filters the list/delete operation on the given
// label selector (or index in the case of cached lists).
type MatchingLabelsSelector struct {
	labels.Selector
}

// ApplyToList applies this configuration to the given list options.
func (m MatchingLabelsSelector) ApplyToList(opts *ListOptions) { opts.LabelSelector = m }

// ApplyToDeleteAllOf applies this configuration to the given an List
// options.
func (m MatchingLabelsSelector) ApplyToDeleteAllOf(opts *DeleteAllOfOptions) {
	m.ApplyToList(&opts.ListOptions)
}

// MatchingFields filters the list/delete operation on the given field
// Set (or index in the case of cached lists).
type MatchingFields map[string]string

// ApplyToList applies this configuration to the given list options.
func (m MatchingFields) ApplyToList(opts *ListOptions) {
	opts.FieldSelector = fields.SelectorFromSet(map[string]string(m))
}

// ApplyToDeleteAllOf applies this configuration to the given an List
// options.
func (m MatchingFields) ApplyToDeleteAllOf(opts *DeleteAllOfOptions) {
	m.ApplyToList(&opts.ListOptions)
}

// Limit specifies the maximum number of results to return from the server.
type Limit int64

// ApplyToList applies this configuration to the given an list options.
func (l Limit) ApplyToList(opts *ListOptions) { opts.Limit = int64(l) }

// Continue sets a continuation token to retrieve chunks of results when
// using limit.
type Continue string

// ApplyToList applies this configuration to the given an List options.
func (c Continue) ApplyToList(opts *ListOptions) { opts.Continue = string(c) }

// GracePeriodSeconds sets the grace period for the deletion to the given
// number of seconds.
type GracePeriodSeconds int64

// ApplyToDelete applies this configuration to the given delete options.
func (s GracePeriodSeconds) ApplyToDelete(opts *DeleteOptions) {
	secs := int64(s)
	opts.GracePeriodSeconds = &secs
}

// ApplyToDeleteAllOf applies this configuration to the given an List
// options.
func (s GracePeriodSeconds) ApplyToDeleteAllOf(opts *DeleteAllOfOptions) {
	s.ApplyToDelete(&opts.DeleteOptions)
}

// PropagationPolicy determined whether and how garbage collection will be
// performed.
type PropagationPolicy metav1.DeletionPropagation

// ApplyToDelete applies the given delete options on these options.
func (p PropagationPolicy) ApplyToDelete(opts *DeleteOptions) {
	policy := metav1.DeletionPropagation(p)
	opts.PropagationPolicy = &policy
}

// ApplyToDeleteAllOf applies this configuration to the given an List
// options.
func (p PropagationPolicy) ApplyToDeleteAllOf(opts *DeleteAllOfOptions) {
	p.ApplyToDelete(&opts.DeleteOptions)
}

// FieldOwner set the field manager name for the given server-side apply
// patch.
type FieldOwner string

// ApplyToPatch applies this configuration to the given patch options.
func (f FieldOwner) ApplyToPatch(opts *PatchOptions) { opts.FieldManager = string(f) }

// ApplyToCreate applies this configuration to the given create options.
func (f FieldOwner) ApplyToCreate(opts *CreateOptions) { opts.FieldManager = string(f) }

// ApplyToUpdate applies this configuration to the given update options.
func (f FieldOwner) ApplyToUpdate(opts *UpdateOptions) { opts.FieldManager = string(f) }

// ApplyToApply applies this configuration to the given apply options.
func (f FieldOwner) ApplyToApply(opts *ApplyOptions) { opts.FieldManager = string(f) }

// ApplyToSubResourcePatch applies this configuration to the given patch
// options.
func (f FieldOwner) ApplyToSubResourcePatch(opts *SubResourcePatchOptions) {
	opts.FieldManager = string(f)
}

// ApplyToSubResourceCreate applies this configuration to the given create
// options.
func (f FieldOwner) ApplyToSubResourceCreate(opts *SubResourceCreateOptions) {
	opts.FieldManager = string(f)
}

// ApplyToSubResourceUpdate applies this configuration to the given update
// options.
func (f FieldOwner) ApplyToSubResourceUpdate(opts *SubResourceUpdateOptions) {
	opts.FieldManager = string(f)
}

// ApplyToSubResourceApply applies this configuration to the given apply
// options.
func (f FieldOwner) ApplyToSubResourceApply(opts *SubResourceApplyOptions) {
	opts.FieldManager = string(f)
}

// UnsafeDisableDeepCopyOption indicates not to deep copy objects during
// list objects.
type UnsafeDisableDeepCopyOption bool

// ApplyToGet applies this configuration to the given a Get options.
func (d UnsafeDisableDeepCopyOption) ApplyToGet(opts *GetOptions) {
	definitelyTrue := bool(d)
	opts.UnsafeDisableDeepCopy = &definitelyTrue
}

// ApplyToList applies this configuration to the given a List options.
func (d UnsafeDisableDeepCopyOption) ApplyToList(opts *ListOptions) {
	definitelyTrue := bool(d)
	opts.UnsafeDisableDeepCopy = &definitelyTrue
}

// UnsafeDisableDeepCopy indicates not to deep copy objects during list
// objects. Be very careful with this, when enabled you must DeepCopy any
// object before mutating it, otherwise you will mutate the object in the
// cache.
const UnsafeDisableDeepCopy = UnsafeDisableDeepCopyOption(true)

type dryRunAll struct{}

func (dryRunAll) ApplyToCreate(opts *CreateOptions) { opts.DryRun = []string{metav1.DryRunAll} }
func (dryRunAll) ApplyToUpdate(opts *UpdateOptions) { opts.DryRun = []string{metav1.DryRunAll} }
func (dryRunAll) ApplyToPatch(opts *PatchOptions)   { opts.DryRun = []string{metav1.DryRunAll} }
func (dryRunAll) ApplyToApply(opts *ApplyOptions)   { opts.DryRun = []string{metav1.DryRunAll} }
func (dryRunAll) ApplyToDelete(opts *DeleteOptions) { opts.DryRun = []string{metav1.DryRunAll} }
func (d dryRunAll) ApplyToDeleteAllOf(opts *DeleteAllOfOptions) {
	d.ApplyToDelete(&opts.DeleteOptions)
}
func (d dryRunAll) ApplyToSubResourceCreate(opts *SubResourceCreateOptions) {
	d.ApplyToCreate(&opts.CreateOptions)
}
func (d dryRunAll) ApplyToSubResourceUpdate(opts *SubResourceUpdateOptions) {
	d.ApplyToUpdate(&opts.UpdateOptions)
}
func (d dryRunAll) ApplyToSubResourcePatch(opts *SubResourcePatchOptions) {
	d.ApplyToPatch(&opts.PatchOptions)
}

// DryRunAll sets the "dry run" option to "all", executing all validation,
// etc without persisting the change to storage.
var DryRunAll = dryRunAll{}

type forceOwnership struct{}

func (forceOwnership) ApplyToPatch(opts *PatchOptions) {
	definitelyTrue := true
	opts.Force = &definitelyTrue
}

func (forceOwnership) ApplyToApply(opts *ApplyOptions) {
	definitelyTrue := true
	opts.Force = &definitelyTrue
}

// ForceOwnership indicates that in case of conflicts with server-side
// apply, the client should acquire ownership of the conflicting field.
var ForceOwnership = forceOwnership{}
