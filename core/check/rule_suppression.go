package check

import (
	"github.com/mdscheck/mdscheck/core/spelling"
	"strconv"
	"strings"

	"github.com/mdscheck/mdscheck/core/document"
	"github.com/mdscheck/mdscheck/core/text"
)

// The suppression comment. On a line with YAML, it silences that line; alone
// on a line, the next line. Without rule codes it silences every rule:
//
//	startTime: "24:00:00"  # mdscheck:ignore format
//	# mdscheck:ignore unknown-field, deprecated
//	legacyField: 1
const ignoreMark = "# mdscheck:ignore"

// suppression is what the comments aimed at one line silence.
type suppression struct {
	rules []string // nil: every rule
	// mark is the span of the last comment aimed at the line, where a
	// finding about the comment itself goes.
	mark [2]int
	used bool
}

// suppressions maps a line's start offset to what is silenced on it.
type suppressions map[int]*suppression

// readSuppressions finds the suppression comments of a document among
// its comments as the reader read them: the same text inside a scalar (a
// block scalar's line, a quoted string) is the value's, and silences
// nothing. Rule names that are no rule code are reported: a misspelt one
// would silently do nothing.
func (c *checker) readSuppressions() suppressions {
	var out suppressions
	for _, cm := range c.doc.Comments {
		for _, at := range marks(c.src, cm) {
			if out == nil {
				out = suppressions{}
			}
			c.suppress(out, at, cm.End)
		}
	}
	return out
}

// marks returns the offsets of the marks in the comment cm: at its start,
// or after a blank ("# why # mdscheck:ignore").
func marks(src string, cm document.Span) []int {
	var out []int
	for off := cm.Start; ; {
		i := strings.Index(src[off:cm.End], ignoreMark)
		if i < 0 {
			return out
		}
		at := off + i
		if at == cm.Start || src[at-1] == ' ' || src[at-1] == '\t' {
			out = append(out, at)
		}
		off = at + len(ignoreMark)
	}
}

// suppress adds to out what the mark at at silences, in a comment that
// ends at le, the end of its line.
func (c *checker) suppress(out suppressions, at, le int) {
	src := c.src
	ls := strings.LastIndexByte(src[:at], '\n') + 1
	rest := src[at+len(ignoreMark) : le]
	if i := strings.Index(rest, ignoreMark); i >= 0 {
		rest = rest[:i] // the next mark on the line speaks for itself
	}
	target := ls
	if strings.TrimSpace(src[ls:at]) == "" && le < c.doc.End {
		target = le + 1 // a comment alone: the next line
		if i := strings.IndexByte(src[le:], '\n'); i >= 0 {
			target = le + i + 1
		}
	}
	var rules []string
	for _, f := range fields(rest, at+len(ignoreMark)) {
		name := src[f[0]:f[1]]
		if LookupRule(name) == nil {
			c.unknownRule(name, f)
			continue
		}
		rules = append(rules, name)
	}
	s := out[target]
	if s == nil {
		s = &suppression{rules: []string{}}
		out[target] = s
	}
	s.mark = [2]int{at, le}
	switch {
	case len(fields(rest, 0)) == 0:
		s.rules = nil // every rule
	case s.rules != nil:
		s.rules = append(s.rules, rules...)
	}
}

// fields returns the spans of the comma- or blank-separated words of s,
// which starts at offset base of the stream.
func fields(s string, base int) [][2]int {
	var out [][2]int
	start := -1
	for i := 0; i <= len(s); i++ {
		sep := i == len(s) || s[i] == ',' || s[i] == ' ' || s[i] == '\t' || s[i] == '\r'
		switch {
		case sep && start >= 0:
			out = append(out, [2]int{base + start, base + i})
			start = -1
		case !sep && start < 0:
			start = i
		}
	}
	return out
}

// unknownRule reports a name in a suppression comment that is no rule.
func (c *checker) unknownRule(name string, span [2]int) {
	best, bestDist := "", 3
	for _, r := range Rules {
		if d, ok := spelling.Within(strings.ToLower(name), r.Code, bestDist-1); ok {
			best, bestDist = r.Code, d
		}
	}
	// A misspelt code is quoted; anything else the comment holds is named
	// by its place only: it may be a piece of a secret that the split at
	// ',' and blanks cut short, which the gate would not know ("Zq7x;K2p"
	// of "Zq7x;K2p,Lm9").
	msg := "this name in mdscheck:ignore is no rule code, so it silences nothing"
	if best != "" {
		msg = strconv.Quote(clip(name)) + " in mdscheck:ignore is no rule code, so it silences nothing"
	}
	d := Diagnostic{Start: span[0], End: span[1], Severity: Warning, Rule: "suppression", Message: msg}
	if best != "" {
		d.Message += "; did you mean " + best + "?"
		d.Fixes = []Fix{{Title: "Change to " + best, Edits: []Edit{{Start: span[0], End: span[1], NewText: best}}}}
	}
	c.report(d)
}

// silenced reports whether a finding is suppressed, and marks the
// suppression used. Syntax errors, limits and findings about suppressions
// cannot be: the document was not checked, or the comment is the problem.
func (s suppressions) silenced(src string, d Diagnostic) bool {
	if s == nil || d.Rule == "yaml-syntax" || d.Rule == "limit" || d.Rule == "suppression" {
		return false
	}
	lineStart := text.LineStart(src, d.Start)
	sup := s[lineStart]
	if sup == nil {
		return false
	}
	if sup.rules == nil {
		sup.used = true
		return true
	}
	for _, r := range sup.rules {
		if r == d.Rule {
			sup.used = true
			return true
		}
	}
	return false
}

// unused reports each suppression that silenced nothing: after a fix, it
// would hide the next mistake on its line.
func (c *checker) unused(s suppressions) {
	for _, sup := range s {
		if !sup.used {
			c.report(Diagnostic{Start: sup.mark[0], End: sup.mark[1], Severity: Warning, Rule: "suppression",
				Message: "this mdscheck:ignore silences nothing here; remove it, or it will hide the next finding on its line"})
		}
	}
}
