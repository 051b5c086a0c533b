// Package record is a stub of k8s.io/client-go/tools/record.
package record

import "k8s.io/apimachinery/pkg/runtime"

// EventRecorder knows how to record events on behalf of an EventSource.
type EventRecorder interface {
	Event(object runtime.Object, eventtype, reason, message string)
	Eventf(object runtime.Object, eventtype, reason, messageFmt string, args ...interface{})
	AnnotatedEventf(object runtime.Object, annotations map[string]string, eventtype, reason, messageFmt string, args ...interface{})
}

// FakeRecorder records events as strings on a channel.
type FakeRecorder struct {
	Events chan string
}

// NewFakeRecorder creates a new fake event recorder with an event channel
// of the given buffer size.
func NewFakeRecorder(bufferSize int) *FakeRecorder {
	return &FakeRecorder{Events: make(chan string, bufferSize)}
}

// Event records an event.
func (f *FakeRecorder) Event(object runtime.Object, eventtype, reason, message string) {
	if f.Events != nil {
		f.Events <- eventtype + " " + reason + " " + message
	}
}

// Eventf records a formatted event.
func (f *FakeRecorder) Eventf(object runtime.Object, eventtype, reason, messageFmt string, args ...interface{}) {
	f.Event(object, eventtype, reason, messageFmt)
}

// AnnotatedEventf records an annotated event.
func (f *FakeRecorder) AnnotatedEventf(object runtime.Object, annotations map[string]string, eventtype, reason, messageFmt string, args ...interface{}) {
	f.Eventf(object, eventtype, reason, messageFmt, args...)
}
