package lsp

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	protocol "github.com/tliron/glsp/protocol_3_16"
)

// decodeDidOpen reads didOpen's params as encoding/json reads them, but
// unquotes the document's text itself: json.Unmarshal validates a 1.5 MB
// text in one pass and decodes it in another, 10 ms before the check can
// start. The fast way is taken only for params as editors write them
// (textDocument alone, holding uri, languageId, version and text once
// each, in any order); anything else, and a text that is not a well-formed
// JSON string, is read by encoding/json, which also says what is wrong.
func decodeDidOpen(params json.RawMessage) (*protocol.DidOpenTextDocumentParams, error) {
	var p protocol.DidOpenTextDocumentParams
	if start, end, ok := textMember(params); ok {
		if text, ok := unquoteJSON(params[start:end]); ok {
			rest := make([]byte, 0, len(params)-(end-start)+2)
			rest = append(rest, params[:start]...)
			rest = append(rest, `""`...)
			rest = append(rest, params[end:]...)
			if json.Unmarshal(rest, &p) == nil {
				p.TextDocument.Text = text
				return &p, nil
			}
		}
	}
	if err := json.Unmarshal(params, &p); err != nil {
		return nil, err
	}
	return &p, nil
}

// textMember finds the string value of params.textDocument.text, when the
// params have the shape decodeDidOpen reads fast.
func textMember(b []byte) (start, end int, ok bool) {
	doc, ok := onlyMembers(b, 0, "textDocument")
	if !ok || doc["textDocument"][0] < 0 || b[doc["textDocument"][0]] != '{' {
		return 0, 0, false
	}
	td, ok := onlyMembers(b, doc["textDocument"][0], "uri", "languageId", "version", "text")
	if !ok || td["text"][0] < 0 || b[td["text"][0]] != '"' {
		return 0, 0, false
	}
	return td["text"][0], td["text"][1], true
}

// onlyMembers reads the object at b[i] and returns the span of each of
// names (-1 when absent); ok is false when the object has another member,
// one twice, or a name written with an escape.
func onlyMembers(b []byte, i int, names ...string) (map[string][2]int, bool) {
	spans := make(map[string][2]int, len(names))
	for _, n := range names {
		spans[n] = [2]int{-1, -1}
	}
	ok := objectMembers(b, i, func(key []byte, start, end int) bool {
		name := string(key[1 : len(key)-1])
		if span, known := spans[name]; !known || span[0] >= 0 {
			return false
		}
		spans[name] = [2]int{start, end}
		return true
	})
	return spans, ok
}

// unquoteJSON decodes the JSON string q, quotes included, as
// encoding/json decodes it into a string: invalid UTF-8 and unpaired
// surrogates become U+FFFD. ok is false for a string encoding/json
// refuses (a control character, a bad escape) or one it might: the caller
// then asks encoding/json.
func unquoteJSON(q []byte) (string, bool) {
	if len(q) < 2 || q[0] != '"' || q[len(q)-1] != '"' {
		return "", false
	}
	s := q[1 : len(q)-1]
	// A Builder hands over what it built without a copy: a text of 64
	// MiB is not held twice. An escape holds one or two backslashes and
	// decodes to at least one byte fewer than it is written, so for B
	// backslashes the text is at most len(s)-B/2 bytes (more only when
	// invalid UTF-8 becomes the three bytes of U+FFFD).
	var out strings.Builder
	out.Grow(len(s) - bytes.Count(s, []byte{'\\'})/2)
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '"' || c < 0x20:
			return "", false
		case c == '\\':
			if i+1 >= len(s) {
				return "", false
			}
			switch e := s[i+1]; e {
			case '"', '\\', '/':
				out.WriteByte(e)
			case 'b':
				out.WriteByte('\b')
			case 'f':
				out.WriteByte('\f')
			case 'n':
				out.WriteByte('\n')
			case 'r':
				out.WriteByte('\r')
			case 't':
				out.WriteByte('\t')
			case 'u':
				r, ok := hex4(s, i+2)
				if !ok {
					return "", false
				}
				i += 6
				if utf16.IsSurrogate(r) {
					// A pair makes one rune; anything else is U+FFFD.
					if r2, ok := hex4(s, i+2); ok && i+1 < len(s) && s[i] == '\\' && s[i+1] == 'u' {
						if dec := utf16.DecodeRune(r, r2); dec != utf8.RuneError {
							out.WriteRune(dec)
							i += 6
							continue
						}
					}
					r = utf8.RuneError
				}
				out.WriteRune(r)
				continue
			default:
				return "", false
			}
			i += 2
		case c < utf8.RuneSelf:
			// A run of bytes that need no decoding goes in at once.
			j := i + 1
			for j < len(s) && s[j] >= 0x20 && s[j] < utf8.RuneSelf && s[j] != '"' && s[j] != '\\' {
				j++
			}
			out.Write(s[i:j])
			i = j
		default:
			r, size := utf8.DecodeRune(s[i:])
			if r == utf8.RuneError && size == 1 {
				out.WriteRune(utf8.RuneError)
			} else {
				out.Write(s[i : i+size])
			}
			i += size
		}
	}
	return out.String(), true
}

// hex4 reads the four hexadecimal digits at s[i:].
func hex4(s []byte, i int) (rune, bool) {
	if i+4 > len(s) {
		return 0, false
	}
	v, err := strconv.ParseUint(string(s[i:i+4]), 16, 32)
	return rune(v), err == nil
}
