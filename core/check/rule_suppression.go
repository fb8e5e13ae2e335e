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

// readSuppressions finds the suppression comments of a document. Only
// comments count: the same text inside a scalar (a block scalar's line, a
// quoted string) is the value's, and silences nothing. Rule names that are
// no rule code are reported: a misspelt one would silently do nothing.
func (c *checker) readSuppressions() suppressions {
	src, d := c.src, c.doc
	body := src[d.Start:d.End]
	if !strings.Contains(body, ignoreMark) {
		return nil
	}
	var marks []int
	for off := 0; ; {
		i := strings.Index(body[off:], ignoreMark)
		if i < 0 {
			break
		}
		at := d.Start + off + i
		if at == 0 || src[at-1] == ' ' || src[at-1] == '\t' || src[at-1] == '\n' {
			marks = append(marks, at)
		}
		off += i + len(ignoreMark)
	}
	marks = outsideScalars(d.Root, marks)
	out := suppressions{}
	for _, at := range marks {
		ls, le := text.LineStart(src, at), text.LineBreak(src, at)
		rest := src[at+len(ignoreMark) : le]
		if i := strings.Index(rest, ignoreMark); i >= 0 {
			rest = rest[:i] // the next comment on the line speaks for itself
		}
		target := ls
		if strings.TrimSpace(src[ls:at]) == "" && le < d.End {
			target = text.LineEnd(src, le) + 1 // a comment alone: the next line
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
	return out
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

// outsideScalars keeps the marks that no scalar's text holds.
func outsideScalars(root *document.Node, marks []int) []int {
	if root == nil || len(marks) == 0 {
		return marks
	}
	inside := make([]bool, len(marks))
	markScalars(root, marks, inside)
	kept := marks[:0]
	for i, m := range marks {
		if !inside[i] {
			kept = append(kept, m)
		}
	}
	return kept
}

// markScalars sets inside[i] for each mark that a scalar under n holds.
func markScalars(n *document.Node, marks []int, inside []bool) {
	if n.Alias {
		return // its text is the alias's name
	}
	if n.Kind == document.Scalar {
		for i, m := range marks {
			if m >= n.Start && m < n.End {
				inside[i] = true
			}
		}
		return
	}
	for _, pr := range n.Pairs {
		markScalars(pr.Key, marks, inside)
		markScalars(pr.Value, marks, inside)
	}
	for _, it := range n.Items {
		markScalars(it, marks, inside)
	}
}

// unknownRule reports a name in a suppression comment that is no rule.
func (c *checker) unknownRule(name string, span [2]int) {
	msg := strconv.Quote(clip(name)) + " in mdscheck:ignore is no rule code, so it silences nothing"
	best, bestDist := "", 3
	for _, r := range Rules {
		if d := spelling.Distance(strings.ToLower(name), r.Code); d < bestDist {
			best, bestDist = r.Code, d
		}
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
