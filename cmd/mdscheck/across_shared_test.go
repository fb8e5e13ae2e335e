package main

import (
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/mdscheck/mdscheck/internal/benchrepo"
)

// TestAcrossSharedNames: 10,000 files that all write or read one
// Secret's name (benchrepo.Shared, the set that ran the module out of
// memory) get at most two findings each, every conflict naming one other
// writer and counting the rest, so that what validate prints stays
// linear in the files.
func TestAcrossSharedNames(t *testing.T) {
	// The command in process, on its own files: no environment,
	// directory or shard size, so it runs beside the others.
	t.Parallel()
	if testing.Short() {
		t.Skip("10,000 files")
	}
	shared := benchrepo.Shared{Texts: 10_000}
	dir := t.TempDir()
	if err := shared.Write(dir); err != nil {
		t.Fatal(err)
	}
	code, out, stderr := runCLI(t, "", "validate", "--no-config", "--color", "never", "--max-findings", "0", dir)
	if code != 1 {
		t.Fatalf("exit %d, want 1: %s", code, stderr)
	}
	per := map[string]int{}
	conflicts := 0
	for _, line := range strings.Split(out, "\n") {
		name, rest, ok := strings.Cut(line, ":")
		if !ok || !strings.HasSuffix(line, "]") || !strings.Contains(rest, ": error: ") {
			continue
		}
		name = filepath.Base(name)
		per[name]++
		if !strings.Contains(line, "is also written by") {
			continue
		}
		conflicts++
		i, err := strconv.Atoi(strings.TrimSuffix(strings.TrimPrefix(name, "f"), ".yaml"))
		if err != nil {
			t.Fatalf("a finding in %s: %s", name, line)
		}
		if want := fmt.Sprintf(" (and %d more)", shared.Others(i)-1); !strings.Contains(line, want) {
			t.Fatalf("%q, want it to say%s", line, want)
		}
	}
	for name, n := range per {
		if n > 2 {
			t.Errorf("%s has %d findings, want at most 2", name, n)
		}
	}
	if writers := shared.Texts - shared.Texts/5 - 1; conflicts != writers {
		t.Errorf("%d conflicts, want one for each of the %d writers", conflicts, writers)
	}
}
