package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mdscheck/mdscheck/core/check"
	"github.com/mdscheck/mdscheck/core/report"
	"github.com/mdscheck/mdscheck/core/text"
	"github.com/mdscheck/mdscheck/internal/wasmbuild"
)

// module is the path of the module built for these tests.
var module string

// cache is the compilation cache of the tests in wasm/: the same module
// compiles once for both.
func cache() string { return wasmbuild.CacheDir() }

func TestMain(m *testing.M) {
	os.Exit(func() int {
		dir, err := os.MkdirTemp("", "mdscheck-wasm-example")
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		defer os.RemoveAll(dir)
		// The module wasm/'s tests build, byte for byte: the compilation
		// cache they share then compiles it once for both.
		module = filepath.Join(dir, "mdscheck.wasm")
		if _, err := wasmbuild.Build("../..", module, true); err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		return m.Run()
	}())
}

// runExample runs the program as a user would and returns what it printed.
func runExample(t *testing.T, args ...string) (stdout, stderr string, status int) {
	t.Helper()
	var out, errb bytes.Buffer
	status = run(append([]string{"-module", module, "-cache", cache()}, args...), &out, &errb)
	return out.String(), errb.String(), status
}

// want is what the program must print for path: the native core's
// findings in its format, columns counted in characters.
func want(t *testing.T, path string) string {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var sb strings.Builder
	f := report.Validate(string(src), check.DefaultOptions)
	idx := text.NewIndex(f.Text)
	for _, d := range f.Diagnostics {
		at := idx.Position(d.Start, text.UTF32)
		fmt.Fprintf(&sb, "%s:%d:%d: %s [%s]\n", path, at.Line+1, at.Character+1, d.Standalone(), d.Rule)
	}
	return sb.String()
}

func TestBrokenExample(t *testing.T) {
	const path = "../../examples/broken.yaml"
	out, errs, status := runExample(t, path)
	if status != 1 {
		t.Errorf("exit status %d, want 1 (errors found); stderr: %s", status, errs)
	}
	if w := want(t, path); out != w {
		t.Errorf("output:\n%s\nwant (native core):\n%s", out, w)
	}
	// What README.md shows for the same file, naming the member as
	// output without the source line does.
	if line := path + ":15:12: `spec.project`: \"Search Team\" does not match the pattern"; !strings.Contains(out, line) {
		t.Errorf("output lacks %q:\n%s", line, out)
	}
}

// TestSeveralFilesInOrder: with two instances at work the report still
// follows the order of the arguments, and valid files print nothing.
func TestSeveralFilesInOrder(t *testing.T) {
	files, err := filepath.Glob("../../examples/*.yaml")
	if err != nil || len(files) < 2 {
		t.Fatalf("examples: %v %v", files, err)
	}
	args := append([]string{"-jobs", "2"}, files...)
	args = append(args, files...) // each twice: instances are reused
	out, errs, status := runExample(t, args...)
	var w strings.Builder
	for _, f := range append(files, files...) {
		w.WriteString(want(t, f))
	}
	if out != w.String() {
		t.Errorf("output:\n%s\nwant:\n%s", out, w.String())
	}
	if status != 1 || errs != "" {
		t.Errorf("status %d, stderr %q", status, errs)
	}
	valid, _, status := runExample(t, "../../examples/kafka.yaml")
	if valid != "" || status != 0 {
		t.Errorf("a valid manifest: status %d, output %q", status, valid)
	}
}

func TestUnreadableInputs(t *testing.T) {
	_, errs, status := runExample(t, "no-such-file.yaml")
	if status != 2 || !strings.Contains(errs, "no-such-file.yaml") {
		t.Errorf("missing file: status %d, stderr %q", status, errs)
	}
	var out, errb bytes.Buffer
	if status := run([]string{"-module", "no-such.wasm", "x.yaml"}, &out, &errb); status != 2 ||
		!strings.Contains(errb.String(), "make wasm") {
		t.Errorf("missing module: status %d, stderr %q", status, errb.String())
	}
	if status := run(nil, &out, &errb); status != 2 || !strings.Contains(errb.String(), "usage") {
		t.Errorf("no arguments: status %d, stderr %q", status, errb.String())
	}
}
