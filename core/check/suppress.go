package check

import (
	"strings"

	"github.com/mdscheck/mdscheck/core/document"
)

// The suppression comment. On a line with YAML, it silences that line; alone
// on a line, the next line. Without rule codes it silences every rule:
//
//	maintenanceWindowTime: "24:00:00"  # mdscheck:ignore format
//	# mdscheck:ignore unknown-field, deprecated
//	legacyField: 1
const ignoreMark = "# mdscheck:ignore"

// suppressions maps a line's start offset to the rules silenced on it
// (nil: all rules).
type suppressions map[int][]string

// readSuppressions finds the suppression comments of a document.
func readSuppressions(src string, d *document.Document) suppressions {
	text := src[d.Start:d.End]
	if !strings.Contains(text, ignoreMark) {
		return nil
	}
	out := suppressions{}
	for off := 0; off < len(text); {
		end := strings.IndexByte(text[off:], '\n')
		if end < 0 {
			end = len(text)
		} else {
			end += off
		}
		line := text[off:end]
		if i := strings.Index(line, ignoreMark); i >= 0 && (i == 0 || line[i-1] == ' ' || line[i-1] == '\t') {
			rest := strings.TrimSpace(line[i+len(ignoreMark):])
			rules := strings.FieldsFunc(rest, func(c rune) bool { return c == ',' || c == ' ' || c == '\t' })
			target := d.Start + off
			if strings.TrimSpace(line[:i]) == "" && end < len(text) {
				target = d.Start + end + 1 // a comment alone: the next line
			}
			if len(rules) == 0 {
				out[target] = nil // every rule
			} else if prev, seen := out[target]; !seen || prev != nil {
				out[target] = append(prev, rules...)
			}
		}
		off = end + 1
	}
	return out
}

// silenced reports whether a finding is suppressed. Syntax errors and
// limits cannot be: the document was not checked at all.
func (s suppressions) silenced(src string, d Diagnostic) bool {
	if s == nil || d.Rule == "yaml-syntax" || d.Rule == "limit" {
		return false
	}
	lineStart := strings.LastIndexByte(src[:d.Start], '\n') + 1
	rules, ok := s[lineStart]
	if !ok {
		return false
	}
	if rules == nil {
		return true
	}
	for _, r := range rules {
		if r == d.Rule {
			return true
		}
	}
	return false
}
