// Package release holds the tests of what ships mdscheck and installs
// what it needs: scripts/need.sh (what `make test` installs), make
// release, the GitHub Action and the pre-commit hooks. It has no code of
// its own: the things under test are the scripts and files at the root.
package release

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// fakeMachine is a machine for scripts/need.sh: a PATH of its own with
// only the programs a test puts there, an empty system root, and a
// working directory for package-lock.json and node_modules.
type fakeMachine struct {
	t       *testing.T
	bin     string // the whole PATH
	sysroot string
	dir     string
	log     string // what the fake programs were asked to do
}

func newFakeMachine(t *testing.T, uid int) *fakeMachine {
	t.Helper()
	m := &fakeMachine{t: t, bin: t.TempDir(), sysroot: t.TempDir(), dir: t.TempDir()}
	m.log = filepath.Join(t.TempDir(), "log")
	m.program("id", "echo "+strconv.Itoa(uid))
	// Every fake program records how it was called; apt-get also what
	// DEBIAN_FRONTEND it got, since a question would hang CI.
	for _, name := range []string{"go", "node", "npm"} {
		m.program(name, `echo "`+name+` $*" >> `+m.log)
	}
	m.program("apt-get", `echo "apt-get $* (DEBIAN_FRONTEND=$DEBIAN_FRONTEND)" >> `+m.log)
	return m
}

// program puts a shell script named name on the fake PATH.
func (m *fakeMachine) program(name, body string) {
	m.t.Helper()
	if err := os.WriteFile(filepath.Join(m.bin, name), []byte("#!/bin/sh\n"+body+"\n"), 0o755); err != nil {
		m.t.Fatal(err)
	}
}

// installAll makes the machine look as if every Debian package were there.
func (m *fakeMachine) installAll() {
	for _, name := range []string{"nvim", "emacs", "fish", "pre-commit", "shellcheck", "git", "zip", "unzip", "curl", "script"} {
		m.program(name, "exit 0")
	}
	for _, f := range []string{"usr/bin/chromium", "usr/share/bash-completion/bash_completion",
		"usr/lib/emacsen-common/packages/install/elpa-eglot", "usr/lib/emacsen-common/packages/install/elpa-yaml-mode"} {
		writeFile(m.t, filepath.Join(m.sysroot, f), "")
	}
}

// need runs scripts/need.sh with args on the fake machine.
func (m *fakeMachine) need(args ...string) (stdout, stderr string, err error) {
	m.t.Helper()
	bash, lookErr := exec.LookPath("bash")
	if lookErr != nil {
		m.t.Fatal(lookErr)
	}
	script, _ := filepath.Abs("../scripts/need.sh")
	cmd := exec.Command(bash, append([]string{script}, args...)...)
	cmd.Dir = m.dir
	cmd.Env = []string{"PATH=" + m.bin, "NEED_SYSROOT=" + m.sysroot, "HOME=" + m.dir}
	var out, errOut strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err = cmd.Run()
	return out.String(), errOut.String(), err
}

// calls is what the fake programs were asked to do, one call a line.
func (m *fakeMachine) calls() string {
	b, err := os.ReadFile(m.log)
	if os.IsNotExist(err) {
		return ""
	}
	if err != nil {
		m.t.Fatal(err)
	}
	return string(b)
}

func writeFile(t *testing.T, path, text string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// The whole list, in the order need.sh gives it.
const allPackages = "chromium neovim emacs-nox elpa-eglot elpa-yaml-mode fish bash-completion pre-commit shellcheck git zip unzip curl bsdutils"

// A person without root is told the one command to run, and make stops.
func TestNeedTellsAUserWhatToRun(t *testing.T) {
	m := newFakeMachine(t, 1000)
	_, stderr, err := m.need()
	if err == nil {
		t.Fatal("need.sh passed on a machine without the packages")
	}
	want := "  sudo apt-get update && sudo apt-get install -y " + allPackages + "\n"
	if !strings.Contains(stderr, want) {
		t.Errorf("stderr:\n%s\nwant the line:\n%s", stderr, want)
	}
	if calls := m.calls(); calls != "" {
		t.Errorf("need.sh ran, as a user:\n%s", calls)
	}
}

func TestNeedInstallsAsRoot(t *testing.T) {
	m := newFakeMachine(t, 0)
	writeFile(t, filepath.Join(m.dir, "package-lock.json"), "{}")
	if _, stderr, err := m.need(); err != nil {
		t.Fatalf("%v\n%s", err, stderr)
	}
	want := "apt-get update -qq (DEBIAN_FRONTEND=noninteractive)\n" +
		"apt-get install -y -qq " + allPackages + " (DEBIAN_FRONTEND=noninteractive)\n" +
		"npm ci --no-audit --no-fund\n"
	if got := m.calls(); got != want {
		t.Errorf("calls:\n%s\nwant:\n%s", got, want)
	}
}

func TestNeedDryRunRunsNothing(t *testing.T) {
	m := newFakeMachine(t, 0)
	writeFile(t, filepath.Join(m.dir, "package-lock.json"), "{}")
	stdout, stderr, err := m.need("--dry-run")
	if err != nil {
		t.Fatalf("%v\n%s", err, stderr)
	}
	want := "would run: apt-get update -qq\n" +
		"would run: apt-get install -y -qq " + allPackages + "\n" +
		"would run: npm ci --no-audit --no-fund\n"
	if stdout != want {
		t.Errorf("stdout:\n%s\nwant:\n%s", stdout, want)
	}
	if calls := m.calls(); calls != "" {
		t.Errorf("a dry run ran:\n%s", calls)
	}
}

// Only what is missing is installed.
func TestNeedInstallsOnlyWhatIsMissing(t *testing.T) {
	m := newFakeMachine(t, 0)
	m.installAll()
	if err := os.Remove(filepath.Join(m.bin, "fish")); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(filepath.Join(m.sysroot, "usr/bin/chromium")); err != nil {
		t.Fatal(err)
	}
	stdout, _, err := m.need("--dry-run")
	if err != nil {
		t.Fatal(err)
	}
	if want := "would run: apt-get install -y -qq chromium fish\n"; !strings.Contains(stdout, want) {
		t.Errorf("stdout:\n%s\nwant %q", stdout, want)
	}
}

// node_modules is reinstalled when the lockfile changed after the last
// npm ci (a pull that changed dependencies), and left alone otherwise.
func TestNeedRunsNpmCiWhenNodeModulesIsOlderThanTheLockfile(t *testing.T) {
	m := newFakeMachine(t, 1000)
	m.installAll()
	lock := filepath.Join(m.dir, "package-lock.json")
	installed := filepath.Join(m.dir, "node_modules", ".package-lock.json")
	writeFile(t, lock, "{}")
	writeFile(t, installed, "{}")
	now := time.Now()
	for _, c := range []struct {
		name      string
		lock, npm time.Time
		want      string
	}{
		{"up to date", now.Add(-time.Hour), now, ""},
		{"lockfile changed", now, now.Add(-time.Hour), "would run: npm ci --no-audit --no-fund\n"},
	} {
		if err := os.Chtimes(lock, c.lock, c.lock); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(installed, c.npm, c.npm); err != nil {
			t.Fatal(err)
		}
		stdout, stderr, err := m.need("--dry-run")
		if err != nil || stdout != c.want {
			t.Errorf("%s: %v, stdout %q, want %q (stderr %q)", c.name, err, stdout, c.want, stderr)
		}
	}
}

func TestNeedStopsWithoutGo(t *testing.T) {
	m := newFakeMachine(t, 0)
	m.installAll()
	if err := os.Remove(filepath.Join(m.bin, "go")); err != nil {
		t.Fatal(err)
	}
	_, stderr, err := m.need()
	if err == nil || !strings.Contains(stderr, "go is not on PATH") {
		t.Errorf("%v, stderr %q", err, stderr)
	}
}

// The build targets' --npm installs the npm workspace and nothing else:
// a person without root and without the test packages is not stopped.
func TestNeedNpmOnlyInstallsTheWorkspace(t *testing.T) {
	m := newFakeMachine(t, 1000)
	writeFile(t, filepath.Join(m.dir, "package-lock.json"), "{}")
	stdout, stderr, err := m.need("--npm")
	if err != nil {
		t.Fatalf("%v (stderr %q)", err, stderr)
	}
	if want := "need: npm ci --no-audit --no-fund\n"; stdout != want {
		t.Errorf("stdout %q, want %q", stdout, want)
	}
	if calls := m.calls(); calls != "npm ci --no-audit --no-fund\n" {
		t.Errorf("ran:\n%s", calls)
	}
}
