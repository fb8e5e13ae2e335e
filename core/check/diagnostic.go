// Package check finds every violation of the schema and the rules of the
// specification in a document, as Diagnostics with exact spans, stable rule
// codes, paths and messages. Each rule code lives in a file of its own,
// rule_CODE.go (Rule.File), and all run in one walk over the document; the
// rules between members are the data's (schema.Rule).
package check

import (
	"errors"
	"sort"
	"strconv"
)

// Severity of a diagnostic; the values are LSP's DiagnosticSeverity.
type Severity int

// Severities.
const (
	Error       Severity = 1
	Warning     Severity = 2
	Information Severity = 3
	Hint        Severity = 4
)

func (s Severity) String() string {
	switch s {
	case Error:
		return "error"
	case Warning:
		return "warning"
	case Information:
		return "information"
	}
	return "hint"
}

// MarshalText writes the severity by its name: the JSON of a finding says
// "error", not 1.
func (s Severity) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// UnmarshalText reads a severity's name.
func (s *Severity) UnmarshalText(b []byte) error {
	for v := Error; v <= Hint; v++ {
		if v.String() == string(b) {
			*s = v
			return nil
		}
	}
	return errors.New("unknown severity " + strconv.Quote(string(b)) + "; want error, warning, information or hint")
}

// Edit replaces the bytes [Start, End) of the stream with NewText.
type Edit struct {
	Start, End int
	NewText    string
}

// Fix is a mechanical repair: a title for people and its edits.
type Fix struct {
	Title string
	Edits []Edit
}

// Diagnostic is one finding.
type Diagnostic struct {
	Document   int // index of the document in the stream, -1 for none
	Start, End int // byte offsets into the stream
	Severity   Severity
	Rule       string
	Path       string // Kubernetes style: spec.a[0].b
	Pointer    string // RFC 6901: /spec/a/0/b
	Message    string
	Fixes      []Fix
	Deprecated bool // the finding is about a deprecated member
	// Own tells which parts of Message, Path and Pointer are mdscheck's
	// own words, which the gate leaves whole.
	Own Own `json:"-"`
}

// Sort orders diagnostics by position, then rule, so output is stable.
func Sort(ds []Diagnostic) {
	sort.SliceStable(ds, func(i, j int) bool {
		a, b := ds[i], ds[j]
		if a.Start != b.Start {
			return a.Start < b.Start
		}
		if a.End != b.End {
			return a.End < b.End
		}
		return a.Rule < b.Rule
	})
}
