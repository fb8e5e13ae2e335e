package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"
	"time"
)

// setBuild stands in for the -ldflags -X of a release build (the release
// test in ../../release builds real binaries with them).
func setBuild(t *testing.T, v, c, d string) {
	t.Helper()
	oldV, oldC, oldD := version, commit, date
	version, commit, date = v, c, d
	t.Cleanup(func() { version, commit, date = oldV, oldC, oldD })
}

func TestVersionLine(t *testing.T) {
	setBuild(t, "1.2.3", "0123456789ab", "2026-11-23T20:15:00Z")
	const want = "mdscheck 1.2.3 (commit 0123456789ab, built 2026-11-23)\n"
	for _, args := range [][]string{{"version"}, {"--version"}} {
		code, out, errOut := runCLI(t, "", args...)
		if code != 0 || out != want {
			t.Errorf("mdscheck %s: exit %d, %q (stderr %q), want %q", strings.Join(args, " "), code, out, errOut, want)
		}
	}
}

// A build that recorded nothing still prints the same shape, so that
// `mdscheck version | cut -d' ' -f2` gives the version everywhere.
func TestVersionLineUnknown(t *testing.T) {
	setBuild(t, "dev", "", "")
	_, out, _ := runCLI(t, "", "version")
	if want := "mdscheck dev (commit unknown, built unknown)\n"; out != want {
		t.Errorf("got %q, want %q", out, want)
	}
}

func TestVersionJSON(t *testing.T) {
	setBuild(t, "1.2.3", "0123456789ab", "2026-11-23T20:15:00Z")
	code, out, _ := runCLI(t, "", "version", "--json")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	var got map[string]string
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("%v in %s", err, out)
	}
	for k, want := range map[string]string{"version": "1.2.3", "commit": "0123456789ab", "date": "2026-11-23T20:15:00Z"} {
		if got[k] != want {
			t.Errorf("%s = %q, want %q", k, got[k], want)
		}
	}
	for _, k := range []string{"go", "os", "arch"} {
		if got[k] == "" {
			t.Errorf("%s missing in %s", k, out)
		}
	}
}

func TestVersionRefusesArguments(t *testing.T) {
	code, _, errOut := runCLI(t, "", "version", "1.2.3")
	if code != 2 || !strings.Contains(errOut, `unexpected argument "1.2.3"`) {
		t.Errorf("exit %d, stderr %q", code, errOut)
	}
}

// The -X stamps of `make build` win over what Go recorded; what they
// leave empty comes from the vcs settings.
func TestFromVCS(t *testing.T) {
	settings := []debug.BuildSetting{
		{Key: "vcs", Value: "git"},
		{Key: "vcs.revision", Value: "0123456789abcdef0123456789abcdef01234567"},
		{Key: "vcs.time", Value: "2026-11-23T20:15:00Z"},
		{Key: "vcs.modified", Value: "true"},
	}
	for _, c := range []struct{ commit, date, wantCommit, wantDate string }{
		{"", "", "0123456789ab-dirty", "2026-11-23T20:15:00Z"},
		{"fedcba987654", "2026-12-01T00:00:00Z", "fedcba987654", "2026-12-01T00:00:00Z"},
	} {
		commit, date := fromVCS(settings, c.commit, c.date)
		if commit != c.wantCommit || date != c.wantDate {
			t.Errorf("fromVCS(%q, %q) = %q, %q, want %q, %q", c.commit, c.date, commit, date, c.wantCommit, c.wantDate)
		}
	}
	if commit, date := fromVCS(nil, "", ""); commit != "" || date != "" {
		t.Errorf("without vcs settings: %q, %q", commit, date)
	}
}

// `go install ./cmd/mdscheck` in a clone, as the README says, without
// make's -X stamps: version names the commit checked out and its time.
// The test clones the repository, since Go records nothing in a git
// worktree, where .git is a file.
func TestVersionOfAGoInstall(t *testing.T) {
	// Most of its time is spent waiting for git and the go command: the
	// package's other slow tests that share no state (no environment,
	// directory or shard size of their own) run in parallel with it.
	t.Parallel()
	if testing.Short() {
		t.Skip("clones the repository and builds the command")
	}
	head, err := exec.Command("git", "log", "-1", "--format=%H %cI").Output()
	if err != nil {
		t.Skipf("not in a git clone: %v", err)
	}
	fields := strings.Fields(string(head))
	root, err := exec.Command("git", "rev-parse", "--show-toplevel").Output()
	if err != nil {
		t.Fatal(err)
	}
	clone := filepath.Join(t.TempDir(), "mdscheck")
	if out, err := exec.Command("git", "clone", "--quiet", "--no-hardlinks", strings.TrimSpace(string(root)), clone).CombinedOutput(); err != nil {
		t.Fatalf("git clone: %v\n%s", err, out)
	}
	bin := t.TempDir()
	install := exec.Command("go", "install", "./cmd/mdscheck")
	install.Dir = clone
	// -buildvcs=auto is Go's default; a machine's go env may turn it off.
	// -trimpath keeps the clone's directory, new each run, out of the
	// build cache's keys: the install links cached packages instead of
	// compiling the module's again (half the test's CPU), and the
	// commit and time it stamps, which the test reads, are the same.
	install.Env = append(os.Environ(), "GOBIN="+bin, "GOFLAGS=-buildvcs=auto -trimpath")
	if out, err := install.CombinedOutput(); err != nil {
		t.Fatalf("go install: %v\n%s", err, out)
	}
	out, err := exec.Command(filepath.Join(bin, "mdscheck"), "version", "--json").Output()
	if err != nil {
		t.Fatal(err)
	}
	var got build
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatalf("%v in %s", err, out)
	}
	if got.Commit != fields[0][:12] {
		t.Errorf("commit %q, want %s", got.Commit, fields[0][:12])
	}
	built, err := time.Parse(time.RFC3339, got.Date)
	want, _ := time.Parse(time.RFC3339, fields[1])
	if err != nil || !built.Equal(want) {
		t.Errorf("date %q (%v), want the commit's time %s", got.Date, err, fields[1])
	}
}
