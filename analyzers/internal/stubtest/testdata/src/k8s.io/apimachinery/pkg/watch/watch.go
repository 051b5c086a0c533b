// Package watch is a stub of k8s.io/apimachinery/pkg/watch.
package watch

import "k8s.io/apimachinery/pkg/runtime"

// Interface can be implemented by anything that knows how to watch and report changes.
type Interface interface {
	Stop()
	ResultChan() <-chan Event
}

// EventType defines the possible types of events.
type EventType string

// The event types.
const (
	Added    EventType = "ADDED"
	Modified EventType = "MODIFIED"
	Deleted  EventType = "DELETED"
	Bookmark EventType = "BOOKMARK"
	Error    EventType = "ERROR"
)

// Event represents a single event to a watched resource.
type Event struct {
	Type   EventType
	Object runtime.Object
}

type emptyWatch chan Event

func (w emptyWatch) Stop()                    {}
func (w emptyWatch) ResultChan() <-chan Event { return w }

// NewEmptyWatch returns a watch whose channel is closed.
func NewEmptyWatch() Interface {
	ch := make(chan Event)
	close(ch)
	return emptyWatch(ch)
}

// FakeWatcher lets tests send events.
type FakeWatcher struct {
	result  chan Event
	stopped bool
}

// NewFake constructs a FakeWatcher.
func NewFake() *FakeWatcher { return &FakeWatcher{result: make(chan Event)} }

// Stop closes the result channel.
func (f *FakeWatcher) Stop() {
	if !f.stopped {
		f.stopped = true
		close(f.result)
	}
}

// ResultChan returns the result channel.
func (f *FakeWatcher) ResultChan() <-chan Event { return f.result }

// Add sends an Added event.
func (f *FakeWatcher) Add(obj runtime.Object) { f.result <- Event{Type: Added, Object: obj} }

// Modify sends a Modified event.
func (f *FakeWatcher) Modify(obj runtime.Object) { f.result <- Event{Type: Modified, Object: obj} }

// Delete sends a Deleted event.
func (f *FakeWatcher) Delete(lastValue runtime.Object) {
	f.result <- Event{Type: Deleted, Object: lastValue}
}
