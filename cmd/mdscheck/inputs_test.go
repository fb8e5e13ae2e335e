package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestDirectoryReadsYAMLInAnyCase: a directory's *.YAML and *.Yml are
// checked like *.yaml; other files are not read.
func TestDirectoryReadsYAMLInAnyCase(t *testing.T) {
	dir := t.TempDir()
	for name, body := range map[string]string{
		"a.YAML":    invalid,
		"b.Yml":     invalid,
		"c.yaml":    valid,
		"notes.txt": invalid,
		"yaml":      invalid,
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	code, out, errOut := runCLI(t, "", "validate", "--color", "never", dir)
	if code != 1 || !strings.HasSuffix(out, "4 errors, 0 warnings in 3 files (3 of 3 documents checked)\n") {
		t.Fatalf("exit %d\n%s%s", code, out, errOut)
	}
	for _, name := range []string{"a.YAML:7:12", "b.Yml:7:12"} {
		if !strings.Contains(out, filepath.Join(dir, name)) {
			t.Errorf("%s not checked:\n%s", name, out)
		}
	}
}

// TestDirectoryThroughALink walks a directory named by a link to it, as
// it walks the directory, and names the files by the link's path.
func TestDirectoryThroughALink(t *testing.T) {
	dir := t.TempDir()
	write(t, filepath.Join(dir, "real", "a.yaml"), invalid)
	link := filepath.Join(dir, "link")
	if err := os.Symlink("real", link); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	code, out, errOut := runCLI(t, "", "validate", "--color", "never", link)
	if code != 1 || !strings.Contains(out, filepath.Join(link, "a.yaml")+":7:12") ||
		!strings.HasSuffix(out, "in 1 file (1 of 1 documents checked)\n") {
		t.Errorf("exit %d\n%s%s", code, out, errOut)
	}
}
