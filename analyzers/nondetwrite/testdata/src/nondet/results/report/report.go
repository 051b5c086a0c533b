// Package report assembles status reports for the reconcilers of
// package results: structs returned by value whose fields carry
// different data.
package report

import (
	"sort"
	"strings"
	"time"
)

// Tally is a report over named counts.
type Tally struct {
	Names   string
	Count   int
	Checked string
}

// Summarize lists the sorted names of counts, counts them and says when.
func Summarize(counts map[string]string) Tally {
	var names []string
	for n := range counts {
		names = append(names, n)
	}
	sort.Strings(names)
	return Tally{Names: strings.Join(names, ","), Count: len(counts), Checked: time.Now().UTC().String()}
}

// Stamp is what a Recorder records.
type Stamp struct {
	At     string
	Reason string
}

// Recorder builds a Stamp.
type Recorder struct {
	reason string
	at     time.Time
}

// Because records the reason.
func (r *Recorder) Because(reason string) { r.reason = reason }

// Now records the time.
func (r *Recorder) Now() { r.at = time.Now() }

// Stamp returns what was recorded, the struct filled field by field.
func (r *Recorder) Stamp() Stamp {
	var s Stamp
	s.Reason = r.reason
	s.At = r.at.Format(time.RFC3339)
	return s
}

// NewRecorder returns a Recorder with a default reason.
func NewRecorder() *Recorder { return &Recorder{reason: "Unknown"} }
