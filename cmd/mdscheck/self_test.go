package main

import (
	"os"
	"path/filepath"
	"testing"
)

// TestMain lets the test binary stand in for mdscheck when a test runs it
// as a program: under a shell's completion script, or on a terminal.
func TestMain(m *testing.M) {
	if os.Getenv("MDSCHECK_TEST_AS_MAIN") == "1" {
		main()
	}
	os.Exit(m.Run())
}

// installSelf puts this test binary in a new directory as mdscheck, and
// returns the directory and an environment whose PATH finds it first and
// in which it acts as mdscheck.
func installSelf(t *testing.T) (dir string, env []string) {
	t.Helper()
	dir = t.TempDir()
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(self, filepath.Join(dir, "mdscheck")); err != nil {
		t.Fatal(err)
	}
	return dir, append(os.Environ(), "PATH="+dir+string(os.PathListSeparator)+os.Getenv("PATH"), "MDSCHECK_TEST_AS_MAIN=1")
}
