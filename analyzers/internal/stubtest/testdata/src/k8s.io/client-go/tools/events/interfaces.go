// Package events is a stub of k8s.io/client-go/tools/events.
package events

import internalevents "k8s.io/client-go/tools/internal/events"

// EventRecorder knows how to record events on behalf of an EventSource.
type EventRecorder = internalevents.EventRecorder

// AnnotatedEventRecorder records events with annotations.
type AnnotatedEventRecorder = internalevents.AnnotatedEventRecorder
