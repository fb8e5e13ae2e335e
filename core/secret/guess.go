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
// names secret (password, token, ...), however the key is written (quoted,
// escaped, tagged, anchored, blanks before the colon, an explicit "? "
// key), the rest of its line and the lines indented below it (a block
// scalar, a folded plain or quoted scalar, a flow mapping's value that
// goes on), and a block sequence that is its value.
// It masks too much rather than too little: a syntax error is the moment a
// user pastes the output into a ticket.
func Guess(src string, start, end int) []document.Span {
	var out []document.Span
	under := -1    // indentation of a secret key whose deeper lines are masked
	items := false // and its value is empty: a sequence at its indentation is the value
	explicit := -1 // indentation of an explicit secret key ("? password")
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
		content := body[indent:]
		mask := func(from int) {
			if from < len(body) {
				out = append(out, document.Span{Start: pos + from, End: pos + len(body)})
			}
		}
		if under >= 0 {
			if content == "" || indent > under || items && indent == under && (content == "-" || strings.HasPrefix(content, "- ")) {
				mask(indent)
				pos = next
				continue
			}
			under, items = -1, false
		}
		if explicit >= 0 {
			if indent == explicit && (content == ":" || strings.HasPrefix(content, ": ")) {
				mask(indent + 1)
				under, items, explicit = indent, false, -1
				pos = next
				continue
			}
			explicit = -1
		}
		if k, ok := strings.CutPrefix(content, "? "); ok && secretKey(strings.TrimSpace(k)) {
			explicit = indent
		} else if at := secretValue(body); at >= 0 {
			mask(at)
			under = indent
			items = strings.TrimSpace(body[at:]) == ""
		}
		pos = next
	}
	return out
}

// secretValue finds the first secret key of a line and returns where its
// value starts; -1 when there is none.
func secretValue(line string) int {
	for i := 0; i < len(line); i++ {
		if line[i] != ':' || i+1 < len(line) && line[i+1] != ' ' && line[i+1] != '\t' {
			continue
		}
		e := i
		for e > 0 && (line[e-1] == ' ' || line[e-1] == '\t') {
			e-- // blanks before the colon
		}
		j := e
		for j > 0 && isNameByte(line[j-1]) {
			j--
		}
		if !secretKey(line[j:e]) {
			continue
		}
		// Before the key: nothing, an indicator, or a tag or an anchor
		// of the key (!!str password:, &a password:) after one.
		k := j
		for {
			for k > 0 && (line[k-1] == ' ' || line[k-1] == '\t') {
				k--
			}
			t := k
			for t > 0 && !strings.ContainsRune(" \t{,[", rune(line[t-1])) {
				t--
			}
			if t == k || line[t] != '!' && line[t] != '&' {
				break
			}
			k = t
		}
		if k > 0 && !strings.ContainsRune("{,[-?", rune(line[k-1])) {
			continue // "password:" inside some other text
		}
		v := i + 1
		for v < len(line) && (line[v] == ' ' || line[v] == '\t') {
			v++
		}
		return v
	}
	return -1
}

// secretKey reports whether a key's text names a secret member: its
// name, quoted or not, or any double-quoted key with an escape in it
// ("\x70assword"), which a guess cannot afford to read.
func secretKey(text string) bool {
	if len(text) >= 2 && (text[0] == '"' || text[0] == '\'') && text[len(text)-1] == text[0] {
		if text[0] == '"' && strings.IndexByte(text, '\\') >= 0 {
			return true
		}
		text = text[1 : len(text)-1]
	}
	return names[text]
}

func isNameByte(c byte) bool {
	return c == '_' || c == '-' || c == '.' || c == '"' || c == '\'' || c == '\\' ||
		c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}
