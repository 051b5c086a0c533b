// Package progress shows how far a run of the reconcilelint command is
// while go vet analyses packages.
//
// go vet starts one vet tool process per package, so the command cannot
// count packages itself: each vet tool process appends one line to a file
// named by the environment variable EnvVar before it analyses its package
// (Announce), and the command reads that file and draws a status line on
// its standard error (Line): on a terminal, one line redrawn in place and
// cleared before anything else is printed; elsewhere (a CI log), a line
// every few seconds at most. The status never goes to standard output, so
// the JSON and SARIF documents there are never touched by it.
package progress

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"time"

	"golang.org/x/term"
)

// EnvVar names the file the vet tool processes announce their packages in.
const EnvVar = "RECONCILELINT_PROGRESS"

// unit is the part of a go vet unit configuration file that Announce reads.
type unit struct {
	ImportPath string
	VetxOnly   bool // a dependency, analysed only for its facts and types
}

// Announce appends the package of the go vet unit configuration file
// cfgFile to the progress file named by $RECONCILELINT_PROGRESS, when that
// is set: "dep <path>" for a dependency analysed only for its facts,
// "pkg <path>" for a package whose findings are reported. Progress is
// never a reason to fail, so every error is ignored.
func Announce(cfgFile string) {
	name := os.Getenv(EnvVar)
	if name == "" {
		return
	}
	data, err := os.ReadFile(cfgFile)
	if err != nil {
		return
	}
	var u unit
	if json.Unmarshal(data, &u) != nil || u.ImportPath == "" {
		return
	}
	kind := "pkg"
	if u.VetxOnly {
		kind = "dep"
	}
	f, err := os.OpenFile(name, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		return
	}
	// One short write with O_APPEND: the lines of concurrent processes
	// never interleave.
	_, _ = f.WriteString(kind + " " + u.ImportPath + "\n")
	_ = f.Close()
}

// Line is the status line of one run. The zero of its use is New; a nil
// *Line is valid and shows nothing.
type Line struct {
	w        io.Writer
	tty      bool
	width    func() int
	interval time.Duration // between lines when not on a terminal
	start    time.Time

	mu      sync.Mutex
	phase   string // what the run does before the vet tools report
	roots   map[string]bool
	deps    map[string]bool
	rootsN  int
	depsN   int
	current string
	shown   string    // the text drawn on the terminal, "" when cleared
	logged  string    // the counts of the last line written elsewhere
	loggedT time.Time // when it was written

	file    string
	offset  int64
	partial string
	stop    chan struct{}
	done    chan struct{}
}

// New returns the status line for w, or nil (show nothing) when quiet is
// set or w is nil. On a terminal (w is an *os.File that x/term reports as
// a terminal) the line is redrawn in place; elsewhere a line is written
// every interval at most.
func New(w io.Writer, quiet bool, interval time.Duration) *Line {
	if quiet || w == nil {
		return nil
	}
	l := &Line{w: w, interval: interval, start: time.Now(), width: func() int { return 0 }}
	if f, ok := w.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		l.tty = true
		l.width = func() int {
			if cols, _, err := term.GetSize(int(f.Fd())); err == nil {
				return cols
			}
			return 0
		}
	}
	return l
}

// Terminal reports whether the line is drawn on a terminal.
func (l *Line) Terminal() bool { return l != nil && l.tty }

// Phase sets what the run is doing before the vet tools start reporting
// packages, e.g. "resolving packages", and shows it.
func (l *Line) Phase(what string) {
	if l == nil {
		return
	}
	l.mu.Lock()
	l.phase = what
	l.mu.Unlock()
	l.draw(false)
}

// Println prints a line of its own (a module download, say) above the
// status line, which it clears first and draws again after.
func (l *Line) Println(msg string) {
	if l == nil {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	l.clearLocked()
	fmt.Fprintln(l.w, msg)
	l.drawLocked(true)
}

// Watch starts counting the packages that go vet analyses: roots is the
// number of packages whose findings are reported, deps the number of
// dependencies go vet analyses for their facts. It returns the
// environment entry that go vet must pass on to the vet tool processes,
// and a function that stops watching and clears the line; call it before
// printing anything else. The progress file lives in dir (empty: the
// system's temporary directory) and is removed by stop.
func (l *Line) Watch(dir string, roots, deps int) (env string, stop func(), err error) {
	if l == nil {
		return "", func() {}, nil
	}
	f, err := os.CreateTemp(dir, "reconcilelint-progress-*")
	if err != nil {
		return "", nil, fmt.Errorf("create the progress file: %w", err)
	}
	_ = f.Close()
	l.mu.Lock()
	l.file = f.Name()
	l.offset = 0
	l.partial = ""
	l.roots, l.deps = make(map[string]bool), make(map[string]bool)
	l.rootsN, l.depsN = roots, deps
	l.current = ""
	l.stop, l.done = make(chan struct{}), make(chan struct{})
	l.mu.Unlock()
	go l.poll()
	var once sync.Once
	stop = func() {
		once.Do(func() {
			close(l.stop)
			<-l.done
			l.mu.Lock()
			_ = os.Remove(l.file)
			l.file = ""
			l.clearLocked()
			l.mu.Unlock()
		})
	}
	return EnvVar + "=" + f.Name(), stop, nil
}

// Clear removes the status line from the terminal.
func (l *Line) Clear() {
	if l == nil {
		return
	}
	l.mu.Lock()
	l.clearLocked()
	l.mu.Unlock()
}

// poll reads the progress file until stop is closed.
func (l *Line) poll() {
	defer close(l.done)
	tick := time.NewTicker(200 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case <-l.stop:
			l.read()
			return
		case <-tick.C:
			l.read()
			l.draw(false)
		}
	}
}

// read takes the lines appended to the progress file since the last read.
func (l *Line) read() {
	l.mu.Lock()
	defer l.mu.Unlock()
	f, err := os.Open(l.file)
	if err != nil {
		return
	}
	defer f.Close()
	if _, err := f.Seek(l.offset, io.SeekStart); err != nil {
		return
	}
	data, err := io.ReadAll(f)
	if err != nil || len(data) == 0 {
		return
	}
	l.offset += int64(len(data))
	text := l.partial + string(data)
	lines := strings.Split(text, "\n")
	l.partial = lines[len(lines)-1]
	for _, line := range lines[:len(lines)-1] {
		kind, path, ok := strings.Cut(line, " ")
		if !ok {
			continue
		}
		switch kind {
		case "pkg":
			l.roots[rootOf(path)] = true
		case "dep":
			l.deps[path] = true
		default:
			continue
		}
		l.current = path
	}
}

// rootOf returns the package an external test package belongs to.
func rootOf(path string) string {
	return strings.TrimSuffix(path, "_test")
}

// text is the status: the phase before the vet tools report, then the
// counts and the package analysed last, with the time since the start.
func (l *Line) text() (counts, full string) {
	elapsed := time.Since(l.start).Round(time.Second)
	if l.roots == nil || len(l.roots)+len(l.deps) == 0 {
		phase := l.phase
		if l.roots != nil {
			phase = "compiling"
		}
		if phase == "" {
			return "", ""
		}
		return phase, fmt.Sprintf("reconcilelint: %s (%s)", phase, elapsed)
	}
	counts = fmt.Sprintf("dependencies %d/%d, packages %d/%d",
		min(len(l.deps), l.depsN), l.depsN, min(len(l.roots), l.rootsN), l.rootsN)
	return counts, fmt.Sprintf("reconcilelint: %s (%s): %s", counts, elapsed, l.current)
}

// draw shows the status: on a terminal whenever it changed, elsewhere
// when the counts changed and the interval has passed since the last line
// (or five intervals have passed, so a long step still shows life).
func (l *Line) draw(force bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.drawLocked(force)
}

func (l *Line) drawLocked(force bool) {
	counts, full := l.text()
	if full == "" {
		return
	}
	if l.tty {
		if w := l.width(); w > 1 && len(full) > w-1 {
			full = full[:w-1]
		}
		if full != l.shown || force {
			fmt.Fprint(l.w, "\r"+full+"\x1b[K")
			l.shown = full
		}
		return
	}
	since := time.Since(l.loggedT)
	if l.loggedT.IsZero() {
		since = time.Since(l.start)
	}
	if since < l.interval || (counts == l.logged && since < 5*l.interval) {
		return
	}
	fmt.Fprintln(l.w, full)
	l.logged, l.loggedT = counts, time.Now()
}

func (l *Line) clearLocked() {
	if l.tty && l.shown != "" {
		fmt.Fprint(l.w, "\r\x1b[K")
		l.shown = ""
	}
}
