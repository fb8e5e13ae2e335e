package main

import (
	"encoding/json"
	"io"
	"net/url"
	"path/filepath"
	"strings"

	"github.com/mdscheck/mdscheck/core/check"
	"github.com/mdscheck/mdscheck/core/text"
)

// SARIF 2.1.0, the subset GitHub code scanning reads.
type sarifLog struct {
	Schema  string     `json:"$schema"`
	Version string     `json:"version"`
	Runs    []sarifRun `json:"runs"`
}

type sarifRun struct {
	Tool    sarifTool     `json:"tool"`
	Results []sarifResult `json:"results"`
	// Properties hold what --previous counted (created, changed, deleted,
	// leftOut): a SARIF property bag.
	Properties *changeCounts `json:"properties,omitempty"`
}

type sarifTool struct {
	Driver sarifDriver `json:"driver"`
}

type sarifDriver struct {
	Name           string      `json:"name"`
	Version        string      `json:"version"`
	InformationURI string      `json:"informationUri"`
	Rules          []sarifRule `json:"rules"`
}

type sarifRule struct {
	ID               string       `json:"id"`
	ShortDescription sarifMessage `json:"shortDescription"`
	HelpURI          string       `json:"helpUri"`
}

type sarifMessage struct {
	Text string `json:"text"`
}

type sarifResult struct {
	RuleID    string          `json:"ruleId"`
	RuleIndex int             `json:"ruleIndex"`
	Level     string          `json:"level"`
	Message   sarifMessage    `json:"message"`
	Locations []sarifLocation `json:"locations"`
}

type sarifLocation struct {
	PhysicalLocation sarifPhysical `json:"physicalLocation"`
}

type sarifPhysical struct {
	ArtifactLocation sarifArtifact `json:"artifactLocation"`
	Region           *sarifRegion  `json:"region,omitempty"`
}

type sarifArtifact struct {
	URI string `json:"uri"`
}

type sarifRegion struct {
	StartLine   int `json:"startLine"`
	StartColumn int `json:"startColumn"`
	EndLine     int `json:"endLine"`
	EndColumn   int `json:"endColumn"`
}

// The fixed texts of the SARIF log, which runGate declares safe: a
// Secret's file holding U=https or O=mdscheck turned the tool's name and
// the log's schema into "(secret)".
const (
	sarifSchema     = "https://json.schemastore.org/sarif-2.1.0.json"
	sarifVersion    = "2.1.0"
	sarifToolName   = "mdscheck"
	sarifToolSource = "https://github.com/mdscheck/mdscheck"
)

func writeSARIF(w io.Writer, results []fileResult) error {
	driver := sarifDriver{Name: sarifToolName, Version: version, InformationURI: sarifToolSource}
	index := map[string]int{}
	for i, r := range check.Rules {
		index[r.Code] = i
		driver.Rules = append(driver.Rules, sarifRule{ID: r.Code, ShortDescription: sarifMessage{r.Summary}, HelpURI: check.RuleURL(r.Code)})
	}
	run := sarifRun{Tool: sarifTool{Driver: driver}, Results: []sarifResult{}}
	for _, r := range results {
		uri := sarifURI(strings.TrimPrefix(filepath.ToSlash(r.path), "./"))
		where := ""
		if r.previous {
			// Code scanning knows the files of the tree, not git:REF:path;
			// and a line of the previous version is no line of the file
			// today, so a deletion names the file alone.
			uri, where = sarifURI(filepath.ToSlash(treePath(r.path))), " (in the previous version, "+r.path+")"
		}
		idx := text.NewIndex(r.file.Text)
		for _, d := range r.file.Diagnostics {
			level := "note"
			switch d.Severity {
			case check.Error:
				level = "error"
			case check.Warning:
				level = "warning"
			}
			// SARIF columns are 1-based UTF-16 code units by default, as LSP's.
			run.Results = append(run.Results, sarifResult{
				RuleID: d.Rule, RuleIndex: index[d.Rule], Level: level,
				Message: sarifMessage{d.Standalone() + where},
				Locations: []sarifLocation{{PhysicalLocation: sarifPhysical{
					ArtifactLocation: sarifArtifact{URI: uri},
					Region:           region(idx.Range(d.Start, d.End, text.UTF16), r.previous),
				}}},
			})
		}
	}
	run.Properties = sumChanges(results)
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(sarifLog{Schema: sarifSchema, Version: sarifVersion, Runs: []sarifRun{run}})
}

// region is where the finding at r is in its file, or nil for a finding
// of the previous version (see above).
func region(r text.Range, previous bool) *sarifRegion {
	if previous {
		return nil
	}
	return &sarifRegion{StartLine: r.Start.Line + 1, StartColumn: r.Start.Character + 1,
		EndLine: r.End.Line + 1, EndColumn: r.End.Character + 1}
}

// sarifURI is a relative path as a URI reference: each segment
// percent-encoded (a space, a '%'), and ':' too, which would otherwise
// read as a scheme.
func sarifURI(path string) string {
	parts := strings.Split(path, "/")
	for i, p := range parts {
		parts[i] = strings.ReplaceAll(url.PathEscape(p), ":", "%3A")
	}
	return strings.Join(parts, "/")
}
