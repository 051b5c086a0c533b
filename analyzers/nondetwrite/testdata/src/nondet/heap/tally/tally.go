// Package tally gathers what one pass observed, for a status line: a
// builder whose methods store into it and whose report reads it.
package tally

import (
	"fmt"
	"time"
)

// Tally counts observed members and may keep a timing.
type Tally struct {
	ok, all int
	took    time.Duration
}

// New starts an empty tally.
func New() *Tally { return &Tally{} }

// Saw records one observed member.
func (t *Tally) Saw(ready bool) *Tally {
	t.all++
	if ready {
		t.ok++
	}
	return t
}

// Took records how long the pass took.
func (t *Tally) Took(d time.Duration) { t.took = d }

// Report is what a tally renders into a status.
type Report struct {
	Ready  string
	Timing string
}

// Full renders the counts and the timing.
func (t *Tally) Full() Report {
	return Report{Ready: fmt.Sprintf("%d/%d", t.ok, t.all), Timing: t.took.String()}
}
