// Package registered holds functions registered on an object (a set of
// hooks in a reconciler's field, a package variable's registry) and run
// later by a method of that object: which functions run depends on where
// the object sits, not on its type.
package registered

import (
	"math/rand"
	"strconv"
	"time"

	"nondet/api"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// edit changes a Widget before it is written.
type edit func(w *api.Widget)

// pipeline runs the edits registered on it, in order.
type pipeline struct {
	edits []edit
	names []string
}

// use registers e under name.
func (p *pipeline) use(name string, e edit) {
	p.names = append(p.names, name)
	p.edits = append(p.edits, e)
}

// run applies every registered edit to w, from a snapshot of the list.
func (p *pipeline) run(w *api.Widget) {
	snapshot := append([]edit(nil), p.edits...)
	for _, e := range snapshot {
		e(w)
	}
}

// clock holds the function that tells the time.
type clock struct {
	now func() metav1.Time
}

// set makes f the clock's time.
func (c *clock) set(f func() metav1.Time) { c.now = f }

// stamp records the clock's time in the status.
func (c *clock) stamp(w *api.Widget) {
	w.Status.LastUpdated = c.now()
}

func observe(w *api.Widget) { w.Status.ObservedGeneration = w.Generation }

func stampNow(w *api.Widget) { w.Status.LastUpdated = metav1.Now() }

func pickShard(w *api.Widget) {
	if w.Labels == nil {
		w.Labels = map[string]string{}
	}
	w.Labels["shard"] = strconv.Itoa(rand.Intn(8))
}

func zeroTime() metav1.Time { return metav1.Time{} }

func creationTime() metav1.Time { return metav1.NewTime(time.Unix(0, 0)) }
