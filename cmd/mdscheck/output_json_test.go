package main

import (
	"bytes"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mdscheck/mdscheck/core/check"
	"github.com/mdscheck/mdscheck/core/text"
	"github.com/mdscheck/mdscheck/internal/filejson"
)

// TestJSONAsOneEncoder holds writeJSON, which encodes the files several
// at a time, to what one indenting Encoder writes for the same object: no
// file, one, many with findings and fixes, files of a previous version and
// change counts, paths that JSON escapes.
func TestJSONAsOneEncoder(t *testing.T) {
	var inputs []input
	for _, dir := range []string{"../../examples", "../../testdata/repository"} {
		err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
			if err != nil || d.IsDir() || !isYAML(p) {
				return err
			}
			src, err := readFile(p)
			inputs = append(inputs, input{path: p, src: src})
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	inputs = append(inputs, input{path: "<weird> & \"quoted\"\u2028.yaml", src: "kind: [\n"})
	all := checkAll(inputs, check.DefaultOptions, 2, 0, nil)
	if len(all) < 10 {
		t.Fatalf("only %d files", len(all))
	}
	withChanges := append([]fileResult(nil), all...)
	withChanges[0].previous = true
	withChanges[1].changes = &changeCounts{Created: 1, Deleted: 2, LeftOut: 3}
	for name, results := range map[string][]fileResult{
		"none": nil, "one": all[:1], "all": all, "previous": withChanges,
	} {
		var got, want bytes.Buffer
		if err := writeJSON(&got, results); err != nil {
			t.Fatal(err)
		}
		if err := writeJSONOneEncoder(&want, results); err != nil {
			t.Fatal(err)
		}
		if got.String() != want.String() {
			t.Errorf("%s: writeJSON differs from one Encoder's output:\n%s\nwant:\n%s", name, got.String(), want.String())
		}
		if !json.Valid(got.Bytes()) || !strings.HasSuffix(got.String(), "}\n") {
			t.Errorf("%s: not one JSON object and a newline", name)
		}
	}
}

// writeJSONOneEncoder is writeJSON as one Encoder writes it: the
// reference the tests hold writeJSON to.
func writeJSONOneEncoder(w io.Writer, results []fileResult) error {
	out := struct {
		Files   []jsonFile  `json:"files"`
		Summary jsonSummary `json:"summary"`
	}{Files: make([]jsonFile, 0, len(results))}
	for _, r := range results {
		out.Files = append(out.Files, jsonFile{Path: r.path, Previous: r.previous, File: filejson.Of(r.file, text.UTF16)})
		e, wn := r.file.Counts()
		if r.counted() {
			out.Summary.Files++
			out.Summary.Documents += len(r.file.Documents)
		}
		out.Summary.Errors += e
		out.Summary.Warnings += wn
	}
	out.Summary.changeCounts = sumChanges(results)
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}
