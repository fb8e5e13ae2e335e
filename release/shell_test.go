package release

import (
	"os/exec"
	"path/filepath"
	"testing"
)

// TestShellcheck keeps the shell that ships (the Action's script, the
// release and install helpers, CI's entry point) free of what shellcheck
// finds: unquoted expansions and the like break on a path with a space.
func TestShellcheck(t *testing.T) {
	shellcheck, err := exec.LookPath("shellcheck")
	if err != nil {
		t.Fatal("shellcheck not found: make test installs it (scripts/need.sh), or apt-get install shellcheck")
	}
	scripts, err := filepath.Glob("../scripts/*.sh")
	if err != nil || len(scripts) == 0 {
		t.Fatalf("no scripts in ../scripts (%v)", err)
	}
	cmd := exec.Command(shellcheck, append(scripts, "../.ci/run")...)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Errorf("shellcheck: %v\n%s", err, out)
	}
}
