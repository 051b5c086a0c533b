package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"strings"
	"time"

	"github.com/reconcilelint/reconcilelint/difftest"
)

// runID is what makes batches of two sittings parts of one run: the
// same programs (count, batch size, seed, mix) linted by the same build.
type runID struct {
	N      int    `json:"n"`
	Batch  int    `json:"batch"`
	Seed   uint64 `json:"seed"`
	Mix    string `json:"mix"`
	Linter string `json:"linter"` // the linter's -V=full line: its build ID
}

// batchRecord is one finished batch in a state file.
type batchRecord struct {
	Batch   int            `json:"batch"` // from 0
	Elapsed time.Duration  `json:"elapsed"`
	Rows    []difftest.Row `json:"rows"`
}

// state is a run's state file: its runID on the first line, then one
// finished batch a line, in order.
type state struct {
	path    string
	f       *os.File
	batches []batchRecord
	last    time.Time
}

// linterBuild is the -V=full line of the linter binary: its build ID, a
// hash of the executable, so two binaries built from the same source by
// the same toolchain have the same one.
func linterBuild(bin string) (string, error) {
	out, err := exec.Command(bin, "-V=full").Output()
	if err != nil {
		return "", fmt.Errorf("asking %s for its build: %w", bin, err)
	}
	line := strings.TrimSpace(string(out))
	_, id, ok := strings.Cut(line, "buildID=")
	if !ok {
		return "", fmt.Errorf("%s -V=full printed no build ID: %q", bin, line)
	}
	return id, nil
}

// openState opens the state file at path for the run id, creating it
// when it does not exist; a file of another run is an error.
func openState(path string, id runID) (*state, error) {
	st := &state{path: path, last: time.Now()}
	b, err := os.ReadFile(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		f, err := os.Create(path)
		if err != nil {
			return nil, err
		}
		st.f = f
		return st, st.write(id)
	case err != nil:
		return nil, err
	}
	sc := bufio.NewScanner(strings.NewReader(string(b)))
	sc.Buffer(nil, 1<<30)
	if !sc.Scan() {
		return nil, fmt.Errorf("%s: empty state file (remove it to start again)", path)
	}
	var got runID
	if err := json.Unmarshal(sc.Bytes(), &got); err != nil {
		return nil, fmt.Errorf("%s: line 1: %w", path, err)
	}
	if got != id {
		return nil, fmt.Errorf("%s holds another run (%+v; this one is %+v): use another file, or remove it to start again", path, got, id)
	}
	for line := 2; sc.Scan(); line++ {
		var r batchRecord
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			// A line cut short by a stop in the middle of its write:
			// that batch is run again.
			if !sc.Scan() {
				break
			}
			return nil, fmt.Errorf("%s: line %d: %w", path, line, err)
		}
		if r.Batch != len(st.batches) {
			return nil, fmt.Errorf("%s: line %d is batch %d, want batch %d", path, line, r.Batch+1, len(st.batches)+1)
		}
		st.batches = append(st.batches, r)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	// Rewritten whole, so that a cut last line does not stay.
	f, err := os.Create(path)
	if err != nil {
		return nil, err
	}
	st.f = f
	if err := st.write(id); err != nil {
		return nil, err
	}
	for _, r := range st.batches {
		if err := st.write(r); err != nil {
			return nil, err
		}
	}
	return st, nil
}

// write appends one JSON line and syncs it.
func (st *state) write(v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	if _, err := st.f.Write(append(b, '\n')); err != nil {
		return fmt.Errorf("%s: %w", st.path, err)
	}
	return st.f.Sync()
}

// done is the number of batches the file holds and their rows, in order.
func (st *state) done() (int, []difftest.Row) {
	var rows []difftest.Row
	for _, r := range st.batches {
		rows = append(rows, r.Rows...)
	}
	return len(st.batches), rows
}

// elapsed is the time the batches of earlier sittings took.
func (st *state) elapsed() time.Duration {
	var d time.Duration
	for _, r := range st.batches {
		d += r.Elapsed
	}
	return d
}

// record appends a finished batch.
func (st *state) record(batch int, rows []difftest.Row) error {
	now := time.Now()
	r := batchRecord{Batch: batch, Elapsed: now.Sub(st.last), Rows: rows}
	st.last = now
	st.batches = append(st.batches, r)
	return st.write(r)
}

func (st *state) close() error { return st.f.Close() }
