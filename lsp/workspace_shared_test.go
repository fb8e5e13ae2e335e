package lsp

import (
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/mdscheck/mdscheck/internal/benchrepo"
)

// TestWorkspaceOfSharedNames: a workspace of 10,000 files that all write
// or read one Secret's name (benchrepo.Shared) is indexed whole, and
// each file's cross findings, what the server publishes for it once it
// is open, are at most two, each conflict naming one other writer and
// counting the rest: linear in the workspace, as in the CLI and the
// module.
func TestWorkspaceOfSharedNames(t *testing.T) {
	if testing.Short() {
		t.Skip("writes 10,000 files")
	}
	shared := benchrepo.Shared{Texts: 10_000}
	dir := t.TempDir()
	if err := shared.Write(dir); err != nil {
		t.Fatal(err)
	}
	s := benchServer(dir)
	s.indexNow()
	w := s.ws
	if len(w.files) != shared.Texts {
		t.Fatalf("%d files indexed, want %d", len(w.files), shared.Texts)
	}
	conflicts := 0
	for _, key := range w.set.Files() {
		found := w.set.Findings(key)
		if len(found) > 2 {
			t.Fatalf("%s has %d cross findings, want at most 2", key, len(found))
		}
		i, err := strconv.Atoi(strings.TrimSuffix(strings.TrimPrefix(filepath.Base(key), "f"), ".yaml"))
		if err != nil {
			t.Fatalf("a file of the index is keyed %q", key)
		}
		for _, d := range found {
			if !strings.Contains(d.Message, "is also written by") {
				continue
			}
			conflicts++
			if want := fmt.Sprintf(" (and %d more)", shared.Others(i)-1); !strings.Contains(d.Message, want) {
				t.Fatalf("%s: %q, want it to say%s", key, d.Message, want)
			}
		}
	}
	if writers := shared.Texts - shared.Texts/5 - 1; conflicts != writers {
		t.Errorf("%d conflicts, want one for each of the %d writers", conflicts, writers)
	}
}
