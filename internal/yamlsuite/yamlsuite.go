// Package yamlsuite reads, for tests, the data release of the YAML Test
// Suite (github.com/yaml/yaml-test-suite) that the repository holds in
// testdata/yaml-suite: the conformance suite both YAML readers of the core
// are held to (core/document's reader, goccy's scanner copy).
package yamlsuite

import (
	"archive/tar"
	"compress/gzip"
	"io"
	"os"
	"strings"
	"testing"
)

// File is one file of a case: its path in the release ("2G84/02/in.yaml")
// and its bytes.
type File struct {
	Path string
	Data []byte
}

// Read returns the regular files of the archive at path, in the archive's
// order. The archive also holds the folders name/ and tags/, symbolic
// links to the cases, which are left out. A read error fails t.
func Read(t testing.TB, path string) []File {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	gz, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	var files []File
	tr := tar.NewReader(gz)
	for {
		h, err := tr.Next()
		if err == io.EOF {
			return files
		}
		if err != nil {
			t.Fatal(err)
		}
		if h.Typeflag != tar.TypeReg {
			continue
		}
		b, err := io.ReadAll(tr)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, File{Path: strings.TrimPrefix(h.Name, "./"), Data: b})
	}
}
