package main

import (
	"encoding/json"
	"io"

	"github.com/mdscheck/mdscheck/core/report"
)

type jsonFile struct {
	Path string `json:"path"`
	report.File
}

type jsonSummary struct {
	Files     int `json:"files"`
	Documents int `json:"documents"`
	Errors    int `json:"errors"`
	Warnings  int `json:"warnings"`
}

// writeJSON prints exactly one object: the contract of DESIGN.md section 3.
func writeJSON(w io.Writer, results []fileResult) error {
	out := struct {
		Files   []jsonFile  `json:"files"`
		Summary jsonSummary `json:"summary"`
	}{Files: make([]jsonFile, 0, len(results))}
	for _, r := range results {
		out.Files = append(out.Files, jsonFile{Path: r.path, File: r.file})
		e, wn := r.file.Counts()
		out.Summary.Files++
		out.Summary.Documents += len(r.file.Documents)
		out.Summary.Errors += e
		out.Summary.Warnings += wn
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}
