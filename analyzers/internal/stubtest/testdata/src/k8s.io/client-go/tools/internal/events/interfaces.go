// Package internal is a stub of k8s.io/client-go/tools/internal/events.
package internal

import "k8s.io/apimachinery/pkg/runtime"

// EventRecorder knows how to record events on behalf of an EventSource.
type EventRecorder interface {
	Eventf(regarding runtime.Object, related runtime.Object, eventtype, reason, action, note string, args ...interface{})
}

// AnnotatedEventRecorder records events with annotations.
type AnnotatedEventRecorder interface {
	AnnotatedEventf(regarding runtime.Object, related runtime.Object, annotations map[string]string, eventtype, reason, action, note string, args ...interface{})
}
