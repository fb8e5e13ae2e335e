package config

import (
	"strings"
	"testing"
)

// labels completes at the | of text and returns the labels, with the
// word each replaces.
func labels(text string) (string, string) {
	at := strings.IndexByte(text, '|')
	src := text[:at] + text[at+1:]
	items := Complete(src, at)
	var names []string
	word := ""
	for _, it := range items {
		names = append(names, it.Label)
		word = src[it.Start:it.End]
	}
	return strings.Join(names, " "), word
}

func TestComplete(t *testing.T) {
	top := "exclude unknownFields rules overrides"
	for _, c := range []struct{ text, want, word string }{
		{"|", top, ""},
		{"exc|", top, "exc"},
		{"rules: {}\nov|\n", top, "ov"},
		{"unknownFields: |", "error warning off", ""},
		{"unknownFields: wa|rn", "error warning off", "warn"},
		{"rules:\n  max|", "", "max"}, // checked below: every rule code
		{"rules:\n  maximum: |", "error warning information off", ""},
		{"rules: {maximum: warning, deprecated: o|}", "error warning information off", "o"},
		{"overrides:\n  - |", "files rules unknownFields", ""},
		{"overrides:\n  - files: [a]\n    |", "files rules unknownFields", ""},
		{"overrides:\n  - files: [a]\n\n    # note\n    ru|", "files rules unknownFields", "ru"},
		{"overrides:\n  - files: [a]\n    rules:\n      enum: |", "error warning information off", ""},
		{"overrides:\n  - rules:\n      enu|", "", "enu"},
		{"exclude: [leg|]", "", ""},
		{"exclude:\n  - leg|", "", ""},
		{"# a comment |", "", ""},
		{"nonsense: |", "", ""},
	} {
		got, word := labels(c.text)
		if strings.HasSuffix(c.text[:strings.IndexByte(c.text, '|')], "max") || strings.HasSuffix(c.text[:strings.IndexByte(c.text, '|')], "enu") {
			if !strings.Contains(got, "maximum") || !strings.Contains(got, "unknown-field") || strings.Contains(got, "exclude") || word != c.word {
				t.Errorf("%q: %q (word %q), want the rule codes", c.text, got, word)
			}
			continue
		}
		if got != c.want || (got != "" && word != c.word) {
			t.Errorf("%q: %q (word %q), want %q (word %q)", c.text, got, word, c.want, c.word)
		}
	}
}

func TestHover(t *testing.T) {
	src := "exclude: [legacy]\nrules:\n  maximum: warning\noverrides:\n  - files: [a]\n"
	for _, c := range []struct{ at, want string }{
		{"exclude", "**exclude**"},
		{"maximum", "**rule `maximum`**\n\nA number is above its maximum"},
		{"warning", "**warning**\n\nReported as a warning"},
		{"files", "**files**"},
		{"legacy", ""},
	} {
		at := strings.Index(src, c.at) + 1
		doc, start, end, ok := Hover(src, at)
		if ok != (c.want != "") || !strings.HasPrefix(doc, c.want) || (ok && src[start:end] != c.at) {
			t.Errorf("hover on %s: %q %v (%q)", c.at, doc, ok, src[start:end])
		}
	}
}
