// Package core_test guards the rule that the core stays pure: it must build
// unchanged for wasm and browsers, so it may import only the standard
// library without os, net, syscall/js and the like, goccy/go-yaml, and its
// own packages.
package core_test

import (
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

var forbidden = []string{"os", "os/exec", "os/signal", "net", "net/http", "syscall", "syscall/js", "unsafe", "io/fs", "path/filepath", "time", "sync", "reflect", "plugin", "runtime/cgo"}

func TestCoreIsPure(t *testing.T) {
	fset := token.NewFileSet()
	n := 0
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		f, err := parser.ParseFile(fset, path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		n++
		for _, imp := range f.Imports {
			p, _ := strconv.Unquote(imp.Path.Value)
			for _, bad := range forbidden {
				if p == bad {
					t.Errorf("%s imports %q: the core must stay pure", path, p)
				}
			}
			if strings.Contains(strings.SplitN(p, "/", 2)[0], ".") &&
				!strings.HasPrefix(p, "github.com/goccy/go-yaml") &&
				!strings.HasPrefix(p, "github.com/mdscheck/mdscheck/core") {
				t.Errorf("%s imports %q: the core may depend on goccy/go-yaml only", path, p)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n < 10 {
		t.Fatalf("found only %d core files; is the test running in core/?", n)
	}
	if _, err := os.Stat("schema"); err != nil {
		t.Fatal("core/schema is missing")
	}
}
