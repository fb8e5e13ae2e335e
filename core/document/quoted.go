package document

import (
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// doubleQuoted reads a double-quoted scalar over lines, quotes included,
// whose escapes goccy's lexer has found valid. goccy folds such a scalar
// wrongly where a line ends in an escaped line break ("a \<LF>  b" reads
// as "a \ b", where YAML reads "a b").
//
// Folding: a line break becomes a space, or a line feed for each empty
// line after it; the blanks around it go, except blanks that escapes
// wrote. An escaped line break ("\" at the end of a line) joins the lines
// with nothing between them.
func doubleQuoted(raw string) string {
	s := raw[1 : len(raw)-1]
	var b folded
	keep := 0 // b up to keep holds no literal blanks that a line break would drop
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '\\' && i+1 < len(s) && (s[i+1] == '\n' || s[i+1] == '\r'):
			i = foldLines(&b, s, i+1, false)
			keep = b.Len()
		case c == '\\':
			i = escape(&b, s, i)
			keep = b.Len()
		case c == '\n' || c == '\r':
			b = b[:keep] // in place: a scalar of many lines stays linear
			i = foldLines(&b, s, i, true)
			keep = b.Len()
		default:
			b.AddByte(c)
			if c != ' ' && c != '\t' {
				keep = b.Len()
			}
			i++
		}
	}
	return string(b)
}

// folded is the text of a double-quoted scalar as it is read.
type folded []byte

func (b *folded) WriteString(s string) { *b = append(*b, s...) }
func (b *folded) AddByte(c byte)       { *b = append(*b, c) }
func (b *folded) WriteRune(r rune)     { *b = utf8.AppendRune(*b, r) }
func (b *folded) Len() int             { return len(*b) }

// foldLines passes over the line break at s[i], the empty lines after it
// and the blanks that start the next line, and writes what they read as: a
// line feed for each empty line, else a space when the break is not
// escaped. It returns where the next line's text starts.
func foldLines(b *folded, s string, i int, space bool) int {
	empty := 0
	for {
		if i < len(s) && s[i] == '\r' {
			i++
		}
		if i < len(s) && s[i] == '\n' {
			i++
		}
		j := i
		for j < len(s) && (s[j] == ' ' || s[j] == '\t') {
			j++
		}
		if j < len(s) && (s[j] == '\n' || s[j] == '\r') {
			empty++
			i = j
			continue
		}
		switch {
		case empty > 0:
			b.WriteString(strings.Repeat("\n", empty))
		case space:
			b.AddByte(' ')
		}
		return j
	}
}

// escapeKeys and escapeTexts are the one-character escapes of YAML's
// double-quoted style: the character after the backslash, and its text.
// Two tables rather than a map: a map literal is code that builds it at
// start-up, which the WebAssembly module pays for in size.
const escapeKeys = "0abt\tnvfre \"/\\N_LP"

var escapeTexts = [...]string{"\x00", "\a", "\b", "\t", "\t", "\n", "\v", "\f",
	"\r", "\x1b", " ", "\"", "/", "\\", "\u0085", "\u00a0", "\u2028", "\u2029"}

// escape writes the escape at s[i] ("\n", "\x41", "\u00e9") and returns
// the offset after it.
func escape(b *folded, s string, i int) int {
	if i+1 >= len(s) {
		return len(s)
	}
	if k := strings.IndexByte(escapeKeys, s[i+1]); k >= 0 {
		b.WriteString(escapeTexts[k])
		return i + 2
	}
	width := 0
	switch s[i+1] {
	case 'x':
		width = 2
	case 'u':
		width = 4
	case 'U':
		width = 8
	}
	end := i + 2 + width
	if width == 0 || end > len(s) {
		return i + 2 // goccy's lexer refuses these first
	}
	code, err := strconv.ParseUint(s[i+2:end], 16, 32)
	if err != nil {
		return end
	}
	r := rune(code)
	if utf16.IsSurrogate(r) && end+6 <= len(s) && s[end] == '\\' && s[end+1] == 'u' {
		// A pair of \u escapes for one character beyond the BMP, as
		// goccy and JSON read them.
		if low, err := strconv.ParseUint(s[end+2:end+6], 16, 32); err == nil {
			if pair := utf16.DecodeRune(r, rune(low)); pair != utf8.RuneError {
				r, end = pair, end+6
			}
		}
	}
	b.WriteRune(r)
	return end
}

// ReadQuoted returns what raw, a quoted scalar as written (its quotes
// included, over lines or not), reads as: the secret gate looks for a
// secret written again in another value, however that value spells it.
func ReadQuoted(raw string) string {
	if len(raw) < 2 || raw[0] != raw[len(raw)-1] {
		return raw
	}
	switch raw[0] {
	case '"':
		return doubleQuoted(raw)
	case '\'':
		return strings.ReplaceAll(foldPlain(raw[1:len(raw)-1]), "''", "'")
	}
	return raw
}
