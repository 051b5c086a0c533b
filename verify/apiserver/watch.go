package apiserver

import (
	"context"
	"fmt"
	"strconv"
	"sync"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/fields"
	"k8s.io/apimachinery/pkg/labels"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/watch"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Event is an effective change of one object. It is what a watch sees.
type Event struct {
	// Type is Added, Modified or Deleted.
	Type watch.EventType
	// Object is the stored state after the change. For Deleted it is the
	// last state, carrying the resourceVersion of the deletion.
	Object client.Object
	// Old is the state before the change; nil for Added.
	Old client.Object
}

// RV returns the resourceVersion of the event as a number.
func (e Event) RV() uint64 {
	n, _ := strconv.ParseUint(e.Object.GetResourceVersion(), 10, 64)
	return n
}

// Subscribe calls fn synchronously, with the server locked, for every
// effective change, in resourceVersion order. fn must not call the server
// and must not modify the objects it receives. The returned function
// cancels the subscription.
func (s *Server) Subscribe(fn func(Event)) (cancel func()) {
	s.mu.Lock()
	defer s.mu.Unlock()
	id := s.nextListener
	s.nextListener++
	s.listeners[id] = fn
	return func() {
		s.mu.Lock()
		defer s.mu.Unlock()
		delete(s.listeners, id)
	}
}

// emit delivers an event; the caller holds s.mu.
func (s *Server) emit(e Event) {
	if s.historyCap > 0 {
		if len(s.history) >= 2*s.historyCap {
			s.history = append(s.history[:0], s.history[len(s.history)-s.historyCap:]...)
		}
		s.history = append(s.history, e)
	}
	for i := 0; i < s.nextListener; i++ {
		if fn, ok := s.listeners[i]; ok {
			fn(e)
		}
	}
	for w := range s.watchers {
		w.offer(e)
	}
}

// watcher is one Watch call: a filter and an unbounded queue drained into
// the result channel by a goroutine, so that a slow consumer never blocks a
// write.
type watcher struct {
	s        *Server
	gvk      schema.GroupVersionKind
	ns       string
	labels   labels.Selector
	fields   fields.Selector
	list     client.ObjectList
	mu       sync.Mutex
	queue    []watch.Event
	wake     chan struct{}
	result   chan watch.Event
	stop     chan struct{}
	stopOnce sync.Once
}

func (w *watcher) matches(o client.Object) bool {
	if o.GetObjectKind().GroupVersionKind() != w.gvk {
		return false
	}
	if w.ns != "" && o.GetNamespace() != w.ns {
		return false
	}
	if w.labels != nil && !w.labels.Matches(labels.Set(o.GetLabels())) {
		return false
	}
	if w.fields != nil && !w.fields.Matches(fields.Set{"metadata.name": o.GetName(), "metadata.namespace": o.GetNamespace()}) {
		return false
	}
	return true
}

// offer queues e if it matches; the caller holds s.mu.
func (w *watcher) offer(e Event) {
	newMatch := w.matches(e.Object)
	oldMatch := e.Old != nil && w.matches(e.Old)
	t := e.Type
	switch {
	case e.Type == watch.Modified && newMatch && !oldMatch:
		t = watch.Added
	case e.Type == watch.Modified && !newMatch && oldMatch:
		t = watch.Deleted
	case !newMatch:
		return
	}
	ev := watch.Event{Type: t}
	obj := e.Object
	if t == watch.Deleted && e.Type == watch.Modified {
		// The object left the selector: like the watch cache, send its
		// previous state at the event's resourceVersion.
		prev := e.Old.DeepCopyObject().(client.Object)
		prev.SetResourceVersion(e.Object.GetResourceVersion())
		obj = prev
	}
	out, err := w.s.newItemFor(w.list, obj)
	if err != nil {
		ev = watch.Event{Type: watch.Error, Object: &metav1.Status{Status: metav1.StatusFailure, Message: err.Error()}}
	} else {
		ev.Object = out
	}
	w.mu.Lock()
	w.queue = append(w.queue, ev)
	w.mu.Unlock()
	select {
	case w.wake <- struct{}{}:
	default:
	}
}

func (w *watcher) run() {
	defer close(w.result)
	for {
		w.mu.Lock()
		if len(w.queue) == 0 {
			w.mu.Unlock()
			select {
			case <-w.wake:
				continue
			case <-w.stop:
				return
			}
		}
		e := w.queue[0]
		w.queue = w.queue[1:]
		w.mu.Unlock()
		select {
		case w.result <- e:
		case <-w.stop:
			return
		}
	}
}

// Stop ends the watch and closes the result channel.
func (w *watcher) Stop() {
	w.stopOnce.Do(func() {
		w.s.mu.Lock()
		delete(w.s.watchers, w)
		w.s.mu.Unlock()
		close(w.stop)
	})
}

// ResultChan returns the channel of events.
func (w *watcher) ResultChan() <-chan watch.Event { return w.result }

// Watch starts a watch on the kind of list. Without a resourceVersion (or
// with "0") it first sends an ADDED event for every matching object, as
// kube-apiserver does; a resourceVersion from an earlier List or event
// replays the retained events after it, or fails with 410 Gone if they are
// no longer retained. The watch ends when ctx is done or Stop is
// called.
func (s *Server) Watch(ctx context.Context, list client.ObjectList, opts ...client.ListOption) (watch.Interface, error) {
	lo := (&client.ListOptions{}).ApplyOptions(opts)
	gvk, err := s.listGVK(list)
	if err != nil {
		return nil, err
	}
	w := &watcher{
		s: s, gvk: gvk, ns: lo.Namespace, labels: lo.LabelSelector, fields: lo.FieldSelector, list: list,
		wake: make(chan struct{}, 1), result: make(chan watch.Event), stop: make(chan struct{}),
	}
	s.mu.Lock()
	k := s.kindFor(gvk)
	if k.ClusterScoped {
		w.ns = ""
	}
	rv := ""
	if lo.Raw != nil {
		rv = lo.Raw.ResourceVersion
	}
	if rv == "" || rv == "0" {
		// No starting point: like kube-apiserver, start with synthetic
		// ADDED events for the current state, in key order.
		for _, o := range s.sortedOf(gvk) {
			w.offer(Event{Type: watch.Added, Object: o})
		}
	} else {
		from, err := strconv.ParseUint(rv, 10, 64)
		if err != nil {
			s.mu.Unlock()
			return nil, apierrors.NewBadRequest(fmt.Sprintf("invalid resourceVersion %q", rv))
		}
		if from < s.rv && (len(s.history) == 0 || s.history[0].RV() > from+1) {
			s.mu.Unlock()
			return nil, apierrors.NewResourceExpired(fmt.Sprintf("too old resource version: %d (%d)", from, s.rv))
		}
		for _, e := range s.history {
			if e.RV() > from {
				w.offer(e)
			}
		}
	}
	s.watchers[w] = struct{}{}
	s.mu.Unlock()
	go w.run()
	if ctx != nil {
		go func() {
			select {
			case <-ctx.Done():
				w.Stop()
			case <-w.stop:
			}
		}()
	}
	return w, nil
}
