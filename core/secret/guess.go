package secret

import (
	"strings"

	"github.com/mdscheck/mdscheck/core/document"
	"github.com/mdscheck/mdscheck/core/schema"
)

// names are the names of every secret member of every kind.
var names = secretNames()

func secretNames() map[string]bool {
	out := map[string]bool{}
	var walk func(s *schema.Schema)
	walk = func(s *schema.Schema) {
		if !s.HoldsSecret() {
			return
		}
		for _, p := range s.Properties {
			if p.Secret {
				out[p.Name] = true
			}
			walk(p.Schema)
		}
		if s.Items != nil {
			walk(s.Items)
		}
	}
	for _, k := range schema.Names() {
		walk(schema.Lookup(k).Manifest)
	}
	return out
}

// Guess returns the spans of src[start:end], a document that could not be
// read, that may hold secret values. Without a tree the schema cannot say
// where a secret is, so the guess goes by name: after a key that some kind
// names secret (password, token, ...), the rest of its line and the lines
// indented below it (a block scalar, a folded plain or quoted scalar).
// It masks too much rather than too little: a syntax error is the moment a
// user pastes the output into a ticket.
func Guess(src string, start, end int) []document.Span {
	var out []document.Span
	under := -1 // indentation of a secret key whose deeper lines are masked
	for pos := start; pos < end; {
		eol := strings.IndexByte(src[pos:end], '\n')
		next := end
		if eol < 0 {
			eol = end
		} else {
			eol += pos
			next = eol + 1
		}
		line := src[pos:eol]
		body := strings.TrimRight(line, "\r")
		indent := len(body) - len(strings.TrimLeft(body, " \t"))
		if under >= 0 {
			if strings.TrimSpace(body) == "" || indent > under {
				if len(body) > indent {
					out = append(out, document.Span{Start: pos + indent, End: pos + len(body)})
				}
				pos = next
				continue
			}
			under = -1
		}
		if at, first := secretValue(body); at >= 0 {
			if at < len(body) {
				out = append(out, document.Span{Start: pos + at, End: pos + len(body)})
			}
			if first {
				under = indent
			}
		}
		pos = next
	}
	return out
}

// secretValue finds the first secret key of a line and returns where its
// value starts, and whether the key begins the line's content (so that
// deeper lines below belong to its value); -1 when there is none.
func secretValue(line string) (int, bool) {
	for i := 0; i < len(line); i++ {
		if line[i] != ':' || i+1 < len(line) && line[i+1] != ' ' && line[i+1] != '\t' {
			continue
		}
		j := i
		for j > 0 && isNameByte(line[j-1]) {
			j--
		}
		name := line[j:i]
		if q := strings.Trim(name, `"'`); q != name {
			name = q
		}
		if !names[name] {
			continue
		}
		k := j
		for k > 0 && (line[k-1] == ' ' || line[k-1] == '\t') {
			k--
		}
		if k > 0 && !strings.ContainsRune("{,[-?", rune(line[k-1])) {
			continue // "password:" inside some other text
		}
		v := i + 1
		for v < len(line) && (line[v] == ' ' || line[v] == '\t') {
			v++
		}
		first := strings.TrimLeft(line[:j], " \t-?") == ""
		return v, first
	}
	return -1, false
}

func isNameByte(c byte) bool {
	return c == '_' || c == '-' || c == '.' || c == '"' || c == '\'' ||
		c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}
