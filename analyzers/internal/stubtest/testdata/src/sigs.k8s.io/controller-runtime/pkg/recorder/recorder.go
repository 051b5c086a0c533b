// Package recorder is a stub of sigs.k8s.io/controller-runtime/pkg/recorder.
package recorder

import (
	"k8s.io/client-go/tools/events"
	"k8s.io/client-go/tools/record"
)

// EventRecorder knows how to record events.
type EventRecorder interface {
	events.EventRecorder
	events.AnnotatedEventRecorder
}

// Provider knows how to generate new event recorders with given name.
type Provider interface {
	// GetEventRecorderFor returns an old-style EventRecorder.
	//
	// Deprecated: use GetEventRecorder.
	GetEventRecorderFor(name string) record.EventRecorder
	// GetEventRecorder returns an EventRecorder with given name.
	GetEventRecorder(name string) EventRecorder
}
