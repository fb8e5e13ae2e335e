package lsp_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
)

// TestWorkspaceOverTheFileLimit: in a workspace of more YAML files than
// the server indexes (100,000), an open file's diagnostics say so with a
// limit finding on its first line, which names the limit and what the
// checks across files saw; once .mdscheck.yaml excludes enough files for
// the rest to be indexed whole, the finding goes.
func TestWorkspaceOverTheFileLimit(t *testing.T) {
	if testing.Short() {
		t.Skip("writes 100,001 files")
	}
	t.Parallel()
	dir := t.TempDir()
	const files = 100_001
	for d := range files/1000 + 1 {
		sub := filepath.Join(dir, fmt.Sprintf("many%03d", d))
		if err := os.Mkdir(sub, 0o755); err != nil {
			t.Fatal(err)
		}
		for i := d * 1000; i < min(files, (d+1)*1000); i++ {
			if err := os.WriteFile(filepath.Join(sub, fmt.Sprintf("f%06d.yaml", i)), nil, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	src := "apiVersion: example.io/v1alpha1\nkind: Kafka\nmetadata:\n  name: logs\nspec:\n  project: p\n  plan: business-4\n"
	path := filepath.Join(dir, "kafka.yaml")
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	s := startIn(t, dir)
	u := uri.File(path)
	s.openAsync(u, src)
	want := "the workspace has more than 100000 YAML files and the server indexes 100000 of them: " +
		"the checks across files (secret-conflict, secret-key, secret-prefix) saw only those; " +
		"open a smaller folder, or exclude files in .mdscheck.yaml"
	limit := func() []protocol.Diagnostic {
		list := s.diags[u]
		if len(list) == 0 {
			return nil
		}
		return find(list[len(list)-1].Diagnostics, "limit")
	}
	s.waitFor("the limit finding of the index", func() bool {
		ds := limit()
		return len(ds) == 1 && message(ds[0]) == want
	})
	s.mu.Lock()
	d := limit()[0]
	s.mu.Unlock()
	if d.Range != rng(0, 0, 0, uint32(strings.IndexByte(src, '\n'))) || d.Severity != protocol.DiagnosticSeverityInformation {
		t.Errorf("the limit finding is at %v with severity %v, want the first line, information", d.Range, d.Severity)
	}

	config := filepath.Join(dir, ".mdscheck.yaml")
	if err := os.WriteFile(config, []byte("exclude: [many000]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	s.watched(dir, map[string]protocol.FileChangeType{".mdscheck.yaml": protocol.FileChangeTypeCreated})
	s.waitFor("the limit finding to go", func() bool {
		list := s.diags[u]
		return len(list) > 0 && len(limit()) == 0
	})
}
