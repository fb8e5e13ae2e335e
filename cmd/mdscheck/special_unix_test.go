//go:build unix

package main

import (
	"bytes"
	"context"
	"io"
	"net"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// mkfifo makes a FIFO at path, or skips the test where there are none.
func mkfifo(t *testing.T, path string) string {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(path, 0o644); err != nil {
		t.Skip("no FIFOs here:", err)
	}
	return path
}

// runGuarded runs a command line that names FIFOs (fifos) and returns
// its exit status and output. A refusal takes no time and a wait on a
// FIFO takes forever, so the minute it is given is no measure, only a
// guard against a test that never ends: past it the test fails, and the
// FIFOs are opened for writing so that the stuck run ends too.
func runGuarded(t *testing.T, stdin io.Reader, fifos []string, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	done := make(chan int, 1)
	go func() { done <- run(args, stdin, &out, &errb) }()
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()
	select {
	case code := <-done:
		return code, out.String(), errb.String()
	case <-ctx.Done():
	}
	for _, p := range fifos {
		if f, err := os.OpenFile(p, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
			f.Close()
		}
	}
	<-done
	t.Fatalf("mdscheck %s waits on a FIFO", strings.Join(args, " "))
	return 0, "", ""
}

// TestNamedFIFOIsRefused: a FIFO named on the command line, or a link to
// one, is refused at once with what to name instead, and the other
// inputs are still checked and reported, with exit status 2.
func TestNamedFIFOIsRefused(t *testing.T) {
	dir := t.TempDir()
	write(t, filepath.Join(dir, "ok.yaml"), valid)
	write(t, filepath.Join(dir, "bad.yaml"), invalid)
	fifo := mkfifo(t, filepath.Join(dir, "f.yaml"))
	link := filepath.Join(dir, "link.yaml")
	if err := os.Symlink("f.yaml", link); err != nil {
		t.Fatal(err)
	}
	ok, bad := filepath.Join(dir, "ok.yaml"), filepath.Join(dir, "bad.yaml")
	code, out, errOut := runGuarded(t, strings.NewReader(""), []string{fifo}, "validate", "--color", "never", ok, fifo, bad, link)
	for _, p := range []string{fifo, link} {
		if want := p + ": not a regular file (a FIFO); name a file or a directory, or - for standard input\n"; !strings.Contains(errOut, want) {
			t.Errorf("stderr lacks %q:\n%s", want, errOut)
		}
	}
	if code != 2 || !strings.Contains(out, bad+":7:12: error:") || !strings.Contains(out, "in 2 files (2 of 2 documents checked)") {
		t.Errorf("exit %d, want 2 with both other files checked\n%s%s", code, out, errOut)
	}
	// The same in JSON: one object with the files that were read.
	code, out, _ = runGuarded(t, strings.NewReader(""), []string{fifo}, "validate", "--format", "json", fifo, bad)
	if code != 2 || len(decode(t, out).Files) != 1 {
		t.Errorf("json: exit %d\n%s", code, out)
	}
}

// TestNamedDeviceOrSocketIsRefused: a device or a socket named on the
// command line is refused as a FIFO is, without being opened.
func TestNamedDeviceOrSocketIsRefused(t *testing.T) {
	sock := filepath.Join(t.TempDir(), "s.yaml")
	l, err := net.Listen("unix", sock)
	if err != nil {
		t.Skip("no Unix sockets here:", err)
	}
	defer l.Close()
	code, out, errOut := runGuarded(t, strings.NewReader(""), nil, "validate", sock)
	if code != 2 || out != "" || !strings.Contains(errOut, sock+": not a regular file (a socket); name a file") {
		t.Errorf("socket: exit %d\n%s%s", code, out, errOut)
	}
	if _, err := os.Stat("/dev/null"); err != nil {
		return
	}
	code, out, errOut = runGuarded(t, strings.NewReader(""), nil, "validate", "/dev/null")
	if code != 2 || out != "" || !strings.Contains(errOut, "/dev/null: not a regular file (a character device); name a file") {
		t.Errorf("/dev/null: exit %d\n%s%s", code, out, errOut)
	}
}

// TestFIFOInADirectoryIsSkipped: a FIFO in a directory, or a link to
// one, is skipped with a note, as any file that is not a manifest; the
// run is not the worse for it.
func TestFIFOInADirectoryIsSkipped(t *testing.T) {
	dir := t.TempDir()
	write(t, filepath.Join(dir, "ok.yaml"), valid)
	fifo := mkfifo(t, filepath.Join(t.TempDir(), "f"))
	if err := os.Symlink(fifo, filepath.Join(dir, "link.yaml")); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runGuarded(t, strings.NewReader(""), []string{fifo}, "validate", "--color", "never", dir)
	if code != 0 || errOut != "mdscheck: "+filepath.Join(dir, "link.yaml")+": skipped, not a regular file (a FIFO)\n" ||
		!strings.Contains(out, "no problems in 1 file") {
		t.Errorf("exit %d\n%s%s", code, out, errOut)
	}
}

// TestStdinFromAPipe: - reads standard input when it is a pipe, the
// usual case (kustomize build | mdscheck validate -).
func TestStdinFromAPipe(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	go func() {
		io.WriteString(w, invalid)
		w.Close()
	}()
	code, out, errOut := runGuarded(t, r, nil, "validate", "--color", "never", "-")
	if code != 1 || !strings.Contains(out, "<stdin>:7:12: error:") {
		t.Errorf("exit %d\n%s%s", code, out, errOut)
	}
}

// TestPreviousFIFO: --previous refuses a FIFO named as its source, and
// skips one in its directory with a note, as validate skips one in a
// directory it checks.
func TestPreviousFIFO(t *testing.T) {
	dir := manifestTree(t,
		"old/a.yaml", kafka("a", "p", "  disk_space: 100GiB\n"),
		"new/a.yaml", kafka("a", "p", "  disk_space: 80GiB\n"))
	t.Chdir(dir)
	mkfifo(t, "old/f.yaml")
	mkfifo(t, "f")
	code, out, errOut := runGuarded(t, strings.NewReader(""), []string{"f"}, "validate", "--previous", "f", "new")
	if code != 2 || !strings.Contains(errOut, "mdscheck: f: not a regular file (a FIFO); --previous takes a file, a directory or git:REF\n") {
		t.Errorf("--previous FIFO: exit %d\n%s%s", code, out, errOut)
	}
	code, out, errOut = runGuarded(t, strings.NewReader(""), []string{"old/f.yaml"}, "validate", "--color", "never", "--previous", "old", "new")
	if code != 0 || errOut != "mdscheck: old/f.yaml: skipped, not a regular file (a FIFO)\n" || !strings.Contains(out, "new/a.yaml:8:15: warning: disk_space goes down") {
		t.Errorf("FIFO in --previous directory: exit %d\n%s%s", code, out, errOut)
	}
}

// TestKustomizeFIFO: --kustomize refuses a FIFO as the overlay, as its
// kustomization and as a file the kustomization lists, with exit status 2
// and the other inputs still checked.
func TestKustomizeFIFO(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	write(t, "bad.yaml", invalid)
	write(t, "res/kustomization.yaml", "resources: [kafka.yaml]\n")
	write(t, "patch/kustomization.yaml", "resources: [kafka.yaml]\npatches:\n  - path: p.yaml\n")
	write(t, "patch/kafka.yaml", valid)
	write(t, "base/kustomization.yaml", "resources: [kafka.yaml]\n")
	write(t, "base/kafka.yaml", valid)
	write(t, "overlay/kustomization.yaml", "resources: [../base]\nconfigMapGenerator:\n  - name: c\n    files: [data.txt]\n")
	fifos := []string{
		mkfifo(t, "fifo"), mkfifo(t, "kust/kustomization.yaml"), mkfifo(t, "res/kafka.yaml"),
		mkfifo(t, "patch/p.yaml"), mkfifo(t, "overlay/data.txt"),
	}
	for _, tc := range []struct{ dir, want string }{
		{"fifo", "mdscheck: fifo: not a directory (a FIFO); --kustomize takes the folder of a kustomization\n"},
		{"kust", "mdscheck: kust/kustomization.yaml: not a regular file (a FIFO)\n"},
		{"res", "kafka.yaml: not a regular file (a FIFO)"},
		{"patch", "p.yaml: not a regular file (a FIFO)"},
		{"overlay", "data.txt: not a regular file (a FIFO)"},
	} {
		code, out, errOut := runGuarded(t, strings.NewReader(""), fifos, "validate", "--color", "never", "--kustomize", tc.dir, "bad.yaml")
		if code != 2 || !strings.Contains(errOut, tc.want) || !strings.Contains(out, "bad.yaml:7:12: error:") {
			t.Errorf("--kustomize %s: exit %d, want 2 and %q\n%s%s", tc.dir, code, tc.want, out, errOut)
		}
	}
}

// TestConfigFIFO: --config refuses a FIFO at once (internal/config asks
// before it opens), a usage error.
func TestConfigFIFO(t *testing.T) {
	dir := t.TempDir()
	write(t, filepath.Join(dir, "ok.yaml"), valid)
	fifo := mkfifo(t, filepath.Join(dir, "cfg.yaml"))
	code, out, errOut := runGuarded(t, strings.NewReader(""), []string{fifo}, "validate", "--config", fifo, filepath.Join(dir, "ok.yaml"))
	if code != 2 || !strings.Contains(errOut, "not a regular file") {
		t.Errorf("exit %d\n%s%s", code, out, errOut)
	}
}
