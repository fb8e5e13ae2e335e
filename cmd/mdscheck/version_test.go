package main

import (
	"encoding/json"
	"strings"
	"testing"
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
