package main_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/creack/pty"
)

// statusLine matches the status line that counts the packages analysed.
var statusLine = regexp.MustCompile(`reconcilelint: dependencies \d+/\d+, packages \d+/\d+ \(\d+[a-z0-9.]*\): \S+`)

// onTerminal runs the binary in dir with its standard error on a
// pseudo-terminal and its standard output on a pipe, and returns both.
func onTerminal(t *testing.T, dir string, args ...string) (stdout, terminal string, code int) {
	t.Helper()
	ptmx, tty, err := pty.Open()
	if err != nil {
		t.Skipf("no pseudo-terminal: %v", err)
	}
	defer ptmx.Close()
	if err := pty.Setsize(ptmx, &pty.Winsize{Rows: 24, Cols: 200}); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(binary(t), args...)
	cmd.Dir = dir
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, tty
	read := make(chan []byte)
	go func() {
		var b bytes.Buffer
		_, _ = io.Copy(&b, ptmx) // ends with EIO once the last writer has closed the terminal
		read <- b.Bytes()
	}()
	err = cmd.Run()
	tty.Close()
	var ee *exec.ExitError
	switch {
	case errors.As(err, &ee):
		code = ee.ExitCode()
	case err != nil:
		t.Fatalf("run reconcilelint %v: %v", args, err)
	}
	select {
	case b := <-read:
		return out.String(), string(b), code
	case <-time.After(time.Minute):
		t.Fatal("the pseudo-terminal was not closed")
	}
	return "", "", 0
}

// touch appends a comment with a fresh value to a source file of the
// reconciler package, so that go vet analyses it again rather than
// replaying its cached result, and the vet tool announces it.
func touch(t *testing.T, dir string) {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "internal", "controller", "*.go"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no source file to touch in %s (%v)", dir, err)
	}
	f, err := os.OpenFile(files[0], os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := fmt.Fprintf(f, "\n// touched %d\n", time.Now().UnixNano()); err != nil {
		t.Fatal(err)
	}
}

// TestProgressOnTerminal: on a terminal the command draws one status line
// on stderr (packages and dependencies counted, the current package
// named), redrawn in place and cleared before the run ends; stdout, and
// with it the JSON and SARIF documents, never carries it; -quiet draws
// nothing.
func TestProgressOnTerminal(t *testing.T) {
	dir := copyTree(t, operatorDir(t))
	for _, format := range []string{"text", "json", "sarif"} {
		t.Run(format, func(t *testing.T) {
			touch(t, dir)
			stdout, term, code := onTerminal(t, dir, "-no-cache", "-format", format, "./...")
			if code != 1 {
				t.Fatalf("exit %d, want 1 (the example's findings); terminal:\n%q", code, term)
			}
			if !statusLine.MatchString(term) {
				t.Fatalf("no status line on the terminal:\n%q", term)
			}
			if !strings.Contains(term, "\r") {
				t.Errorf("the status line is not redrawn in place:\n%q", term)
			}
			// The last thing on the terminal clears the line.
			if !strings.HasSuffix(term, "\r\x1b[K") {
				t.Errorf("the status line is not cleared at the end:\n%q", term)
			}
			if m := statusLine.FindString(stdout); m != "" || strings.ContainsAny(stdout, "\r\x1b") {
				t.Errorf("progress on stdout: %q", m)
			}
			switch format {
			case "json", "sarif":
				var doc map[string]any
				if err := json.Unmarshal([]byte(stdout), &doc); err != nil {
					t.Errorf("stdout is not a JSON document: %v\n%s", err, stdout)
				}
			case "text":
				if !strings.Contains(stdout, "RL") {
					t.Errorf("no findings on stdout:\n%s", stdout)
				}
			}
		})
	}
	t.Run("quiet", func(t *testing.T) {
		touch(t, dir)
		stdout, term, code := onTerminal(t, dir, "-no-cache", "-quiet", "./...")
		if code != 1 || !strings.Contains(stdout, "RL") {
			t.Fatalf("exit %d, stdout:\n%s", code, stdout)
		}
		if term != "" {
			t.Errorf("-quiet printed on the terminal:\n%q", term)
		}
	})
}

// TestProgressNotOnStdoutInCI runs without a terminal, as in CI: the
// status lines (a line every few seconds at most) go to stderr only,
// never carry terminal control characters, and the JSON document on
// stdout stays valid.
func TestProgressNotOnStdoutInCI(t *testing.T) {
	dir := copyTree(t, operatorDir(t))
	touch(t, dir)
	stdout, stderr, code := run(t, dir, binary(t), "-no-cache", "-format", "json", "./...")
	if code != 1 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var doc map[string]any
	if err := json.Unmarshal([]byte(stdout), &doc); err != nil {
		t.Errorf("stdout is not a JSON document: %v\n%s", err, stdout)
	}
	if statusLine.MatchString(stdout) {
		t.Errorf("progress on stdout: %q", statusLine.FindString(stdout))
	}
	if strings.ContainsAny(stderr, "\r\x1b") {
		t.Errorf("terminal control characters in a log:\n%q", stderr)
	}
	for _, line := range strings.Split(strings.TrimSpace(stderr), "\n") {
		if line != "" && !strings.HasPrefix(line, "reconcilelint: ") {
			t.Errorf("stderr line %q is not the command's", line)
		}
	}
}
