// Package shared finds, for tests, the tree that sits beside the
// repository as ../shared: the specification, the corpus of real
// manifests, DESIGN.md and the corpus generator. A clone of the repository
// alone does not have it; a test that needs it is skipped there with the
// reason, rather than failing.
package shared

import (
	"os"
	"path/filepath"
	"testing"
)

// Path returns the path of elem inside ../shared. It skips the test when
// ../shared is absent, and fails it when ../shared is there but elem is
// not (a tree that lacks a part the tests read).
func Path(t testing.TB, elem ...string) string {
	t.Helper()
	root, err := moduleRoot()
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(filepath.Dir(root), "shared")
	if _, err := os.Stat(dir); err != nil {
		t.Skipf("this test reads %s, which is not beside the repository (%v)", filepath.Join(append([]string{"../shared"}, elem...)...), err)
	}
	p := filepath.Join(append([]string{dir}, elem...)...)
	if _, err := os.Stat(p); err != nil {
		t.Fatalf("../shared is beside the repository but lacks what this test reads: %v", err)
	}
	return p
}

// moduleRoot returns the directory of the go.mod above the working
// directory, where go test runs a package's tests.
func moduleRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for d := dir; ; d = filepath.Dir(d) {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			return d, nil
		}
		if filepath.Dir(d) == d {
			return "", &os.PathError{Op: "find go.mod above", Path: dir, Err: os.ErrNotExist}
		}
	}
}
