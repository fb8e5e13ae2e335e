package lsp

import "strings"

// plainSnippet turns an LSP snippet into the text it inserts when every
// placeholder keeps its default: "$1" and "$0" vanish, "${1:x}" is "x",
// "${1|a,b|}" is "a", and escapes are undone.
func plainSnippet(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '\\' && i+1 < len(s):
			i++
			b.WriteByte(s[i])
		case c == '$' && i+1 < len(s) && isDigit(s[i+1]):
			for i+1 < len(s) && isDigit(s[i+1]) {
				i++
			}
		case c == '$' && i+1 < len(s) && s[i+1] == '{':
			j := i + 2
			for j < len(s) && isDigit(s[j]) {
				j++
			}
			body, end := placeholder(s, j)
			b.WriteString(body)
			i = end
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// placeholder reads the rest of "${N:default}" or "${N|a,b|}" from j (just
// after N) and returns the default text and the index of the closing brace.
func placeholder(s string, j int) (string, int) {
	if j >= len(s) {
		return "", len(s) - 1
	}
	switch s[j] {
	case ':':
		depth := 0
		for k := j + 1; k < len(s); k++ {
			switch s[k] {
			case '\\':
				k++
			case '{':
				if s[k-1] == '$' {
					depth++
				}
			case '}':
				if depth == 0 {
					return plainSnippet(s[j+1 : k]), k
				}
				depth--
			}
		}
		return plainSnippet(s[j+1:]), len(s) - 1
	case '|':
		var b strings.Builder
		first := true
		for k := j + 1; k < len(s); k++ {
			switch c := s[k]; {
			case c == '\\' && k+1 < len(s):
				k++
				if first {
					b.WriteByte(s[k])
				}
			case c == ',':
				first = false
			case c == '|' && k+1 < len(s) && s[k+1] == '}':
				return b.String(), k + 1
			default:
				if first {
					b.WriteByte(c)
				}
			}
		}
		return b.String(), len(s) - 1
	case '}':
		return "", j
	}
	return "", j - 1
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }
