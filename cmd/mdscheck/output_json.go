package main

import (
	"encoding/json"
	"io"

	"github.com/mdscheck/mdscheck/core/report"
)

type jsonFile struct {
	Path string `json:"path"`
	// Previous marks a file of the previous version (--previous): the
	// deletions it holds are reported on it.
	Previous bool `json:"previous,omitempty"`
	report.File
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
func writeJSON(w io.Writer, results []fileResult) error {
	out := struct {
		Files   []jsonFile  `json:"files"`
		Summary jsonSummary `json:"summary"`
	}{Files: make([]jsonFile, 0, len(results))}
	for _, r := range results {
		out.Files = append(out.Files, jsonFile{Path: r.path, Previous: r.previous, File: r.file})
		e, wn := r.file.Counts()
		if !r.previous { // not an input: a place to show a deletion
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
