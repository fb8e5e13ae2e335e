// Package wasmbuild builds the WebAssembly module the way the Makefile's
// target dist/mdscheck.wasm does, for the tests of wasm/ and wasm/example.
// Both build the same bytes, so wazero's compilation cache, keyed by
// them, compiles the module once for both packages.
package wasmbuild

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// GCFlags returns the compiler flags of the Makefile's WASM_GCFLAGS in
// the repository at root: the module's flags live in one place.
func GCFlags(root string) ([]string, error) {
	mk, err := os.ReadFile(filepath.Join(root, "Makefile"))
	if err != nil {
		return nil, err
	}
	for _, line := range strings.Split(string(mk), "\n") {
		if v, ok := strings.CutPrefix(line, "WASM_GCFLAGS :="); ok {
			return strings.Fields(v), nil
		}
	}
	return nil, fmt.Errorf("%s sets no WASM_GCFLAGS", filepath.Join(root, "Makefile"))
}

// Build builds the module of the repository at root with the Makefile's
// command into out and returns its bytes. stripped is false for a build
// that keeps the name section (without -ldflags '-s -w').
func Build(root, out string, stripped bool) ([]byte, error) {
	flags, err := GCFlags(root)
	if err != nil {
		return nil, err
	}
	if out, err = filepath.Abs(out); err != nil { // the build runs in root
		return nil, err
	}
	args := []string{"build", "-buildmode=c-shared", "-trimpath"}
	if stripped {
		args = append(args, "-ldflags", "-s -w")
	}
	args = append(append(args, flags...), "-o", out, "./wasm")
	cmd := exec.Command("go", args...)
	cmd.Dir = root
	cmd.Env = append(os.Environ(), "GOOS=wasip1", "GOARCH=wasm")
	if b, err := cmd.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("building the module: %v\n%s", err, b)
	}
	return os.ReadFile(out)
}

// CacheDir is where the tests keep wazero's compiled code between runs:
// the module of wasm/ and wasm/example, and the admission policy of
// policy/. It is not the example's default directory, so that the tests
// never touch a user's cache; wasm/'s TestMain prunes it.
func CacheDir() string {
	dir, err := os.UserCacheDir()
	if err != nil {
		dir = os.TempDir()
	}
	return filepath.Join(dir, "mdscheck", "wazero-test")
}
