package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/mdscheck/mdscheck/core/text"
	"github.com/mdscheck/mdscheck/internal/filejson"
)

// jsonFile is an entry of "files": the file's result, its ranges in UTF-16
// as LSP counts them, after its path.
type jsonFile struct {
	Path string `json:"path"`
	// Previous marks a file of the previous version (--previous): the
	// deletions it holds are reported on it.
	Previous bool `json:"previous,omitempty"`
	filejson.File
}

type jsonSummary struct {
	Files     int `json:"files"`
	Documents int `json:"documents"`
	Errors    int `json:"errors"`
	Warnings  int `json:"warnings"`
	// The resources created, changed and deleted, and the findings left
	// out: only with --previous.
	*changeCounts
}

// writeJSON prints exactly one object: the contract of DESIGN.md section 3.
// It is what encoding/json's indenting Encoder writes for
//
//	{"files": [jsonFile...], "summary": jsonSummary}
//
// with each file encoded on its own, several at a time: for 2,000 files the
// encoding was a twelfth of the command's time, on one core.
func writeJSON(w io.Writer, results []fileResult) error {
	var sum jsonSummary
	for _, r := range results {
		e, wn := r.file.Counts()
		if r.counted() {
			sum.Files++
			sum.Documents += len(r.file.Documents)
		}
		sum.Errors += e
		sum.Warnings += wn
	}
	sum.changeCounts = sumChanges(results)

	files := make([][]byte, len(results))
	errs := make([]error, len(results))
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), len(results)) {
		wg.Go(func() {
			for {
				i := int(next.Add(1)) - 1
				if i >= len(results) {
					return
				}
				r := results[i]
				// The prefix is the depth of an item of "files".
				files[i], errs[i] = json.MarshalIndent(jsonFile{Path: r.path, Previous: r.previous, File: filejson.Of(r.file, text.UTF16)}, "    ", "  ")
			}
		})
	}
	wg.Wait()
	summary, err := json.MarshalIndent(sum, "  ", "  ")
	if err := errors.Join(append(errs, err)...); err != nil {
		return err
	}

	var b bytes.Buffer
	n := len(summary) + 64
	for _, f := range files {
		n += len(f) + 6
	}
	b.Grow(n)
	b.WriteString("{\n  \"files\": [")
	for i, f := range files {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString("\n    ")
		b.Write(f)
	}
	if len(files) > 0 {
		b.WriteString("\n  ")
	}
	b.WriteString("],\n  \"summary\": ")
	b.Write(summary)
	b.WriteString("\n}\n")
	_, err = w.Write(b.Bytes())
	return err
}
