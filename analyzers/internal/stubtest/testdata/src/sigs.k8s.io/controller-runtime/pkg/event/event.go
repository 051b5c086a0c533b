// Package event is a stub of sigs.k8s.io/controller-runtime/pkg/event.
package event

import "sigs.k8s.io/controller-runtime/pkg/client"

// CreateEvent is an event where a Kubernetes object was created.
type CreateEvent = TypedCreateEvent[client.Object]

// UpdateEvent is an event where a Kubernetes object was updated.
type UpdateEvent = TypedUpdateEvent[client.Object]

// DeleteEvent is an event where a Kubernetes object was deleted.
type DeleteEvent = TypedDeleteEvent[client.Object]

// GenericEvent is an event where the operation type is unknown.
type GenericEvent = TypedGenericEvent[client.Object]

// TypedCreateEvent is an event where a Kubernetes object was created.
type TypedCreateEvent[object any] struct {
	// Object is the object from the event
	Object object

	// IsInInitialList is true if the Create event was triggered by the
	// initial list.
	IsInInitialList bool
}

// TypedUpdateEvent is an event where a Kubernetes object was updated.
type TypedUpdateEvent[object any] struct {
	// ObjectOld is the object from the event
	ObjectOld object

	// ObjectNew is the object from the event
	ObjectNew object
}

// TypedDeleteEvent is an event where a Kubernetes object was deleted.
type TypedDeleteEvent[object any] struct {
	// Object is the object from the event
	Object object

	// DeleteStateUnknown is true if the Delete event was missed but we
	// identified the object as having been deleted.
	DeleteStateUnknown bool
}

// TypedGenericEvent is an event where the operation type is unknown.
type TypedGenericEvent[object any] struct {
	// Object is the object from the event
	Object object
}
