package progress

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// syncBuffer is a bytes.Buffer safe for the poller and the test.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// announce writes a go vet unit configuration and announces it, as the
// vet tool does.
func announce(t *testing.T, path string, vetxOnly bool) {
	t.Helper()
	data, err := json.Marshal(map[string]any{"ID": path, "ImportPath": path, "VetxOnly": vetxOnly, "GoFiles": []string{"x.go"}})
	if err != nil {
		t.Fatal(err)
	}
	cfg := filepath.Join(t.TempDir(), "vet.cfg")
	if err := os.WriteFile(cfg, data, 0o644); err != nil {
		t.Fatal(err)
	}
	Announce(cfg)
}

// TestLineCountsAnnouncedPackages runs a line on a writer that is not a
// terminal: vet tool announcements are counted as dependencies and
// packages (an external test package counts as its package), lines are
// written no more often than the interval, and stop removes the file.
func TestLineCountsAnnouncedPackages(t *testing.T) {
	var out syncBuffer
	l := New(&out, false, 300*time.Millisecond)
	if l.Terminal() {
		t.Fatal("a buffer is not a terminal")
	}
	env, stop, err := l.Watch(t.TempDir(), 2, 3)
	if err != nil {
		t.Fatal(err)
	}
	name, file, ok := strings.Cut(env, "=")
	if !ok || name != EnvVar {
		t.Fatalf("env entry %q", env)
	}
	t.Setenv(EnvVar, file)
	for _, p := range []string{"fmt", "k8s.io/api/core/v1", "example.com/op/api"} {
		announce(t, p, true)
	}
	announce(t, "example.com/op/controllers", false)
	announce(t, "example.com/op/controllers_test", false)
	time.Sleep(time.Second)
	got := out.String()
	want := "reconcilelint: dependencies 3/3, packages 1/2 ("
	if !strings.Contains(got, want) || !strings.HasSuffix(strings.TrimSpace(got), "example.com/op/controllers_test") {
		t.Errorf("status lines:\n%s\nwant a line with %q naming the package announced last", got, want)
	}
	if n := strings.Count(got, "\n"); n > 4 {
		t.Errorf("%d lines in one second at an interval of 300ms:\n%s", n, got)
	}
	if strings.Contains(got, "\r") || strings.Contains(got, "\x1b") {
		t.Errorf("terminal control characters in a log:\n%q", got)
	}
	stop()
	if _, err := os.Stat(file); !os.IsNotExist(err) {
		t.Errorf("the progress file %s is still there after stop (%v)", file, err)
	}
	before := out.String()
	time.Sleep(400 * time.Millisecond)
	if after := out.String(); after != before {
		t.Errorf("lines after stop: %q", strings.TrimPrefix(after, before))
	}
}

// TestAnnounceWithoutWatcher checks that the vet tool is silent and does
// not fail when no command watches, or the file is gone.
func TestAnnounceWithoutWatcher(t *testing.T) {
	t.Setenv(EnvVar, "")
	announce(t, "fmt", true)
	missing := filepath.Join(t.TempDir(), "gone")
	t.Setenv(EnvVar, missing)
	announce(t, "fmt", true)
	if _, err := os.Stat(missing); !os.IsNotExist(err) {
		t.Errorf("Announce created %s: it must only append to the watcher's file", missing)
	}
	Announce(filepath.Join(t.TempDir(), "no.cfg"))
}

// TestQuietAndNil checks that -quiet (and a nil writer) show nothing and
// that every method is safe on the nil line.
func TestQuietAndNil(t *testing.T) {
	var out bytes.Buffer
	l := New(&out, true, time.Millisecond)
	if l != nil {
		t.Fatal("New with quiet returned a line")
	}
	l.Phase("resolving packages")
	l.Println("reconcilelint: downloading x")
	env, stop, err := l.Watch("", 1, 1)
	if env != "" || err != nil {
		t.Errorf("Watch on a nil line: %q, %v", env, err)
	}
	stop()
	l.Clear()
	if out.Len() != 0 {
		t.Errorf("a quiet line wrote %q", out.String())
	}
}

// TestPhaseBeforeWatch checks that the phase is written once the interval
// has passed, and that "compiling" follows it while no vet tool has
// announced a package.
func TestPhaseBeforeWatch(t *testing.T) {
	var out syncBuffer
	l := New(&out, false, 100*time.Millisecond)
	l.Phase("resolving packages")
	if out.String() != "" {
		t.Errorf("a line before the interval: %q", out.String())
	}
	time.Sleep(150 * time.Millisecond)
	l.Phase("resolving packages")
	if !strings.HasPrefix(out.String(), "reconcilelint: resolving packages (") {
		t.Errorf("phase line %q", out.String())
	}
	_, stop, err := l.Watch(t.TempDir(), 1, 1)
	if err != nil {
		t.Fatal(err)
	}
	time.Sleep(700 * time.Millisecond)
	stop()
	if !strings.Contains(out.String(), "reconcilelint: compiling (") {
		t.Errorf("no compiling line while nothing was announced:\n%s", out.String())
	}
}
