package shared

import (
	"os"
	"path/filepath"
	"testing"
)

func TestPath(t *testing.T) {
	root, err := moduleRoot()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, "internal", "shared", "shared.go")); err != nil {
		t.Fatalf("module root %s is not this repository's: %v", root, err)
	}
	if _, err := os.Stat(filepath.Join(root, "..", "shared")); err != nil {
		t.Skipf("no ../shared to find: %v", err)
	}
	if p := Path(t, "DESIGN.md"); filepath.Base(p) != "DESIGN.md" {
		t.Errorf("Path = %s", p)
	}
}

// A clone alone skips the tests that read ../shared.
func TestPathSkipsWithoutShared(t *testing.T) {
	clone := filepath.Join(t.TempDir(), "mdscheck")
	if err := os.MkdirAll(filepath.Join(clone, "core"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(clone, "go.mod"), []byte("module example\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Chdir(filepath.Join(clone, "core"))
	reached := false
	t.Run("needs shared", func(t *testing.T) {
		Path(t, "corpus")
		reached = true
	})
	if reached {
		t.Error("Path returned without ../shared")
	}
}
