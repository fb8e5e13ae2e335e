package gitexec

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

func TestValidRevision(t *testing.T) {
	for rev, want := range map[string]bool{
		"HEAD": true, "origin/main": true, "HEAD~1": true, "v1.2.3^{commit}": true,
		"": false, "-p": false, "--output=x": false, "a b": false, "a\tb": false, "a\x7f": false,
	} {
		if got := ValidRevision(rev); got != want {
			t.Errorf("ValidRevision(%q) = %v, want %v", rev, got, want)
		}
	}
}

// TestOutput: what git writes, cut at the limit; a failure in git's own
// words, its first line.
func TestOutput(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git program")
	}
	dir := t.TempDir()
	ctx := context.Background()
	if _, err := Output(ctx, dir, nil, -1, "init", "-q"); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "a.txt"), []byte(strings.Repeat("x", 1000)), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := Output(ctx, dir, strings.NewReader(strings.Repeat("y", 500)), -1, "hash-object", "--stdin")
	if err != nil || len(strings.TrimSpace(string(out))) != 40 {
		t.Errorf("hash-object from stdin: %q, %v", out, err)
	}
	if out, err := Output(ctx, dir, nil, 10, "hash-object", "-w", "a.txt"); err != nil || len(out) != 11 {
		t.Errorf("limit 10: %d bytes, %v; want 11", len(out), err)
	}
	_, err = Output(ctx, dir, nil, -1, "rev-parse", "--verify", "no-such-thing")
	if err == nil || strings.Contains(err.Error(), "\n") || err.Error() == "" {
		t.Errorf("unknown revision: %v; want git's first line", err)
	}
}
