package check

import (
	"strconv"
	"strings"

	"github.com/mdscheck/mdscheck/core/document"
)

// Standalone returns d's message as it reads where no line of the source
// is shown beside it (GitHub annotations, SARIF, JSON, an editor's list
// of problems): naming, in backquotes, the member it is about. "is too
// long: 64 characters" becomes "`spec.x.name` is too long: 64
// characters"; a message that quotes the member's own key (a missing or
// unknown member) names the object that holds it instead.
//
// It composes d's Path and Message only, which the gate has cleaned of
// secrets (report.File.Clean) wherever a finding is shown: a secret
// Secret key is masked in both.
func (d Diagnostic) Standalone() string {
	s, _ := d.StandaloneOwn()
	return s
}

// StandaloneOwn is Standalone, with the spans of the text that are
// mdscheck's own words (Own): those of the message and of the path it
// names, and the signs around the path. A front end that writes the text
// keeps it with them (secret.Gate.Keep).
func (d Diagnostic) StandaloneOwn() (string, []document.Span) {
	msg, path := d.Message, d.Path
	// A finding about the document, or one that says where already; a
	// deletion is about the whole resource, which its message names.
	if path == "" || d.Rule == "deletion" || strings.Contains(path, ".") && strings.Contains(msg, path) {
		return msg, d.Own.Message
	}
	shown, sep, from := path, phrase("`: "), 0
	last, parent := lastStep(path, d.Pointer)
	switch {
	case last != "" && parent != "" && strings.Contains(msg, strconv.Quote(last)):
		shown = parent // the start of path
	case last != "" && strings.HasPrefix(msg, last+" "):
		sep, from = "`", len(last)
	case fragment(msg):
		sep = "` "
	}
	m := says("`").text(shown, d.Own.Path, 0).say(sep).text(msg, d.Own.Message, from)
	return m.b.String(), m.own
}

// lastStep returns the last key or index of a member, as its pointer
// has it, and the path of the member that holds it ("" for the root or
// when path does not end in that step).
func lastStep(path, pointer string) (last, parent string) {
	i := strings.LastIndexByte(pointer, '/')
	if i < 0 {
		return "", ""
	}
	last = strings.ReplaceAll(strings.ReplaceAll(pointer[i+1:], "~1", "/"), "~0", "~")
	for _, step := range []string{"." + last, "[" + last + "]"} {
		if strings.HasSuffix(path, step) {
			return last, path[:len(path)-len(step)]
		}
	}
	return last, ""
}

// fragment reports whether msg starts with a verb that needs its
// subject: the line shown beside it in text output is that subject.
func fragment(msg string) bool {
	word, _, _ := strings.Cut(msg, " ")
	switch word {
	case "is", "are", "must", "has", "have", "should", "needs", "does", "contains":
		return true
	}
	return false
}
