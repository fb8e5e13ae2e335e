package document

import (
	"slices"
	"strings"
)

// Directives (%YAML, %TAG) stand before a document's "---" and belong to
// its span (Split). YAML reserves other names (%FOO) and asks a reader to
// ignore them; go-yaml v2, and so kubectl, refuses them, and so does the
// reader, since a file that kubectl refuses cannot be applied.

// directives are the directives of a document, as read so far.
type directives struct {
	seen    bool     // the document has directives
	yaml    bool     // one of them is %YAML
	handles []string // the tag handles (!e!) that its %TAG directives declare
}

// add reads the directive line and says what is wrong with it, or "".
func (ds *directives) add(line string) string {
	ds.seen = true
	name, handle, msg := directive(line)
	switch {
	case msg != "":
		return msg
	case name == "YAML" && ds.yaml:
		return "a second %YAML directive for this document; keep one"
	case name == "YAML":
		ds.yaml = true
	case slices.Contains(ds.handles, handle):
		return "a second %TAG directive for the handle " + handle + " in this document"
	default:
		ds.handles = append(ds.handles, handle)
	}
	return ""
}

// directive reads one directive line: its name, the handle a %TAG
// declares, or what is wrong with it. Messages never quote the line
// beyond the directive's name and handle, which are YAML syntax.
func directive(line string) (name, handle, msg string) {
	fields := blankFields(line)
	for i, f := range fields {
		if strings.HasPrefix(f, "#") {
			fields = fields[:i] // a comment, after a blank
			break
		}
	}
	switch fields[0] {
	case "%YAML":
		if len(fields) != 2 || !isVersion(fields[1]) {
			return "", "", "a %YAML directive takes one version number, such as 1.2, and nothing else"
		}
		return "YAML", "", ""
	case "%TAG":
		if len(fields) != 3 || !isHandle(fields[1]) {
			return "", "", "a %TAG directive takes a handle (!, !! or !name!) and a prefix"
		}
		return "TAG", fields[1], ""
	}
	return "", "", "an unknown directive: YAML knows %YAML and %TAG, and Kubernetes refuses any other"
}

// isVersion matches digits, a dot and digits.
func isVersion(s string) bool {
	dot := strings.IndexByte(s, '.')
	return dot > 0 && dot < len(s)-1 && strings.Trim(s[:dot], "0123456789") == "" && strings.Trim(s[dot+1:], "0123456789") == ""
}

// isHandle matches !, !! and !name! with a name of letters, digits and
// '-'.
func isHandle(s string) bool {
	if s == "!" || s == "!!" {
		return true
	}
	if len(s) < 3 || s[0] != '!' || s[len(s)-1] != '!' {
		return false
	}
	for _, c := range []byte(s[1 : len(s)-1]) {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-') {
			return false
		}
	}
	return true
}

// tagHandle returns the named handle of a tag ("!e!" of "!e!foo"), or ""
// for the handles every document has (!, !!) and verbatim tags (!<...>).
func tagHandle(tag string) string {
	if len(tag) < 3 || tag[0] != '!' || tag[1] == '!' || tag[1] == '<' {
		return ""
	}
	if i := strings.IndexByte(tag[1:], '!'); i >= 0 {
		return tag[:i+2]
	}
	return ""
}

// blankFields splits a directive line at its blanks: spaces and tabs, the
// separators YAML allows there (strings.Fields would also split at
// Unicode spaces, and cost the module 1.6 KB for this one use).
func blankFields(line string) []string {
	var out []string
	start := -1
	for i := 0; i <= len(line); i++ {
		if i == len(line) || line[i] == ' ' || line[i] == '\t' || line[i] == '\r' {
			if start >= 0 {
				out = append(out, line[start:i])
				start = -1
			}
		} else if start < 0 {
			start = i
		}
	}
	return out
}
