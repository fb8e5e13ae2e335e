// Package clibuild builds the mdscheck command once for the tests of all
// the packages that run it (the language server's, the editors', the
// policy's, the module's, the notices'). Each of them linked a program of
// its own into a temporary directory, 3.5 s of CPU a link; the program is
// now kept under the user's cache directory, one per clone, where go
// build finds it up to date and links nothing until the sources change.
package clibuild

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
)

var (
	once sync.Once
	path string
	err  error
)

// Path returns the path of cmd/mdscheck built with go build's defaults
// from the module of the working directory, building it the first time a
// process asks. The program is alone in its directory, so that a test
// can put that directory first on PATH.
func Path() (string, error) {
	once.Do(func() { path, err = build() })
	return path, err
}

func build() (string, error) {
	mod, err := exec.Command("go", "env", "GOMOD").Output()
	if err != nil {
		return "", fmt.Errorf("go env GOMOD: %v", err)
	}
	root := filepath.Dir(strings.TrimSpace(string(mod)))
	cache, err := os.UserCacheDir()
	if err != nil {
		return "", err
	}
	// One program per clone: other clones on the machine hold other
	// sources, and would otherwise rebuild it in turn.
	key := sha256.Sum256([]byte(root))
	dir := filepath.Join(cache, "mdscheck-test", "cli", hex.EncodeToString(key[:8]))
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	bin := filepath.Join(dir, "mdscheck")
	// go test runs packages at once: one build at a time, so that two of
	// them do not write the program together. A test that runs it while
	// another package rebuilds it (its sources changed meanwhile) keeps
	// running the old file: go build replaces it, it does not write into it.
	unlock, err := lock(dir + ".lock")
	if err != nil {
		return "", err
	}
	defer unlock()
	cmd := exec.Command("go", "build", "-o", bin, "github.com/mdscheck/mdscheck/cmd/mdscheck")
	cmd.Dir = root
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("go build ./cmd/mdscheck: %v\n%s", err, out)
	}
	return bin, nil
}
