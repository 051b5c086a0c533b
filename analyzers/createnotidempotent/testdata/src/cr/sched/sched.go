// Package sched keeps functions to run later, on a schedule: it never
// calls them while they are added.
package sched

// Scheduler holds the jobs.
type Scheduler struct{ jobs []func() }

// AddFunc registers fn under spec and returns its id.
func (s *Scheduler) AddFunc(spec string, fn func()) (int, error) {
	s.jobs = append(s.jobs, fn)
	return len(s.jobs), nil
}

// Run runs every job once.
func (s *Scheduler) Run() {
	for _, j := range s.jobs {
		j()
	}
}
