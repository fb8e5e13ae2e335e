package document

import (
	"strings"

	"github.com/goccy/go-yaml/token"
)

// Most manifests are written in a small part of YAML: block mappings and
// sequences, one scalar on a line, plain or quoted on that line, and
// comments. fast tokenizes a document of that part itself, in one pass
// over its lines with no allocation but the tokens' slice, and leaves the
// rest of YAML to goccy/go-yaml's scanner (then locate), which allocates a
// token, a position and often a copy of the text for every token: two
// thirds of the time and most of the allocations of reading a stream.
//
// The tokens are those locate makes of goccy's: the same type (a plain
// scalar's is StringType: the reader resolves plain scalars itself), value, offsets, lines and columns. A differential
// test and a fuzz target hold the two paths to that (fast_test.go). The
// part is chosen so that every document in it reads the same either way;
// anything outside it, or not yet proven, goes to goccy: a tab or a
// carriage return anywhere, flow collections, anchors, aliases, tags,
// explicit keys, merge keys, directives, a scalar over lines, a scalar
// alone on its line, escapes but the common ones, and block scalars but
// the plain case (fastBlock).
//
// A block scalar ("key: |" and the lines below it) is read from the
// source by the reader whichever path tokenized it (blockScalar), and
// passes over goccy's tokens of its text: fast makes only its header's
// token. goccy's scanner costs most on a block's text, an allocated
// error at every character of it where the header has no indentation
// digit, and a Secret's data is often one long block.

// fast tokenizes text, a document at base in the stream, into r.toks and
// its comments into r.comments, and reports whether it could; when it
// could not, r.toks, r.comments and r.header are as they were.
func (r *reader) fast(base int, text string) bool {
	if strings.IndexByte(text, '\t') >= 0 || strings.IndexByte(text, '\r') >= 0 {
		return false
	}
	toks, comments := r.toks[:0], r.comments
	header := -1
	// parent is the column of the key or "-" of the last value on the
	// line before: a line indented deeper would continue that value over
	// lines (or be an error), which goccy reads. -1: no value ended there.
	parent := -1
	// block is the column of the key or "-" of the block scalar whose
	// text the lines are, -1 outside one (fastBlock).
	block := -1
	for ls, n := 0, 0; ls < len(text); n++ {
		le := strings.IndexByte(text[ls:], '\n')
		if le < 0 {
			le = len(text)
		} else {
			le += ls
		}
		line := text[ls:le]
		next := le + 1
		indent := 0
		for indent < len(line) && line[indent] == ' ' {
			indent++
		}
		if block >= 0 {
			if !fastBlock(&toks[len(toks)-1], base+ls, line, n, indent, block) {
				return false
			}
			if toks[len(toks)-1].endLine == n || indent == len(line) {
				ls = next
				continue
			}
			block = -1 // the first line after the block
		}
		switch {
		case indent == len(line):
			ls = next
			continue
		case line[indent] == '#':
			comments = append(comments, Span{Start: base + ls + indent, End: base + le})
			ls = next
			continue
		case n == 0 && (line == "---" || strings.HasPrefix(line, "--- ")):
			rest := strings.TrimLeft(line[3:], " ")
			if rest != "" && rest[0] != '#' {
				return false
			}
			if rest != "" {
				comments = append(comments, Span{Start: base + le - len(rest), End: base + le})
			}
			header = 0
			ls = next
			continue
		case strings.HasPrefix(line, "---") || strings.HasPrefix(line, "..."):
			return false // a marker, or a scalar goccy may take for one
		case parent >= 0 && indent > parent:
			return false
		}
		var ok bool
		toks, parent, ok = fastLine(toks, base+ls, line, n, indent)
		if !ok {
			r.toks = toks[:0]
			return false
		}
		// After the line's last token come blanks, and maybe a comment.
		if i := strings.IndexByte(text[toks[len(toks)-1].end-base:le], '#'); i >= 0 {
			comments = append(comments, Span{Start: toks[len(toks)-1].end + i, End: base + le})
		}
		if t := toks[len(toks)-1].typ; t == token.LiteralType || t == token.FoldedType {
			toks = append(toks, tok{typ: token.StringType, col: -1})
			block = parent
		}
		ls = next
	}
	if block >= 0 && toks[len(toks)-1].col < 0 {
		return false // a block scalar with no text
	}
	r.toks, r.header, r.comments = toks, header, comments
	return true
}

// fastLine appends the tokens of line, the n-th of its document, at
// base in the stream, whose first token is at column indent. It returns
// the column of the key or "-" of the value the line ends with (-1 when
// it ends with none), and whether the line is in fast's part of YAML.
func fastLine(toks []tok, base int, line string, n, indent int) ([]tok, int, bool) {
	at := func(typ token.Type, val string, start, end int) tok {
		return tok{typ: typ, val: val, start: base + start, end: base + end, line: n, endLine: n, col: start, indent: indent}
	}
	p := indent
	dash := -1
	for p < len(line) && line[p] == '-' && (p+1 == len(line) || line[p+1] == ' ') {
		toks = append(toks, at(token.SequenceEntryType, "-", p, p+1))
		dash = p
		p = skipSpaces(line, p+1)
		if p == len(line) || line[p] == '#' {
			return toks, -1, true
		}
	}
	typ, val, end := fastScalar(line, p)
	if typ == token.UnknownType {
		return toks, -1, false
	}
	q := skipSpaces(line, end)
	if block := typ == token.LiteralType || typ == token.FoldedType; block && (dash < 0 || q < len(line) && line[q] != '#') {
		// A header at the root, or one followed by ':', is left to goccy.
		return toks, -1, false
	}
	if q == len(line) || line[q] == '#' && q > end {
		// A scalar alone after its "-"; alone on its line, it may be
		// the value of a key above or the first line of a plain scalar
		// over lines.
		if dash < 0 {
			return toks, -1, false
		}
		return append(toks, at(typ, val, p, end)), dash, true
	}
	if line[q] != ':' || q+1 < len(line) && line[q+1] != ' ' {
		return toks, -1, false
	}
	key := p
	toks = append(toks, at(typ, val, p, end), at(token.MappingValueType, ":", q, q+1))
	p = skipSpaces(line, q+1)
	if p == len(line) || line[p] == '#' && p > q+1 {
		return toks, -1, true
	}
	if line[p] == '-' && (p+1 == len(line) || line[p+1] == ' ') {
		return toks, -1, false
	}
	typ, val, end = fastScalar(line, p)
	if typ == token.UnknownType {
		return toks, -1, false
	}
	if q = skipSpaces(line, end); q < len(line) && (line[q] != '#' || q == end) {
		return toks, -1, false
	}
	return append(toks, at(typ, val, p, end)), key, true
}

// fastScalar reads the scalar at p in line: its token type and value and
// where it ends. The type is UnknownType where the text at p is no scalar
// of fast's part of YAML.
func fastScalar(line string, p int) (token.Type, string, int) {
	if p >= len(line) {
		return token.UnknownType, "", p
	}
	switch c := line[p]; c {
	case '"':
		escaped := false
		for j := p + 1; j < len(line); j++ {
			switch line[j] {
			case '\\':
				if j+1 == len(line) || strings.IndexByte(`"\/nt`, line[j+1]) < 0 {
					return token.UnknownType, "", p
				}
				escaped = true
				j++
			case '"':
				if escaped {
					return token.DoubleQuoteType, doubleQuoted(line[p : j+1]), j + 1
				}
				return token.DoubleQuoteType, line[p+1 : j], j + 1
			}
		}
		return token.UnknownType, "", p
	case '\'':
		escaped := false
		for j := p + 1; j < len(line); j++ {
			if line[j] != '\'' {
				continue
			}
			if j+1 < len(line) && line[j+1] == '\'' {
				escaped = true
				j++
				continue
			}
			if escaped {
				return token.SingleQuoteType, strings.ReplaceAll(line[p+1:j], "''", "'"), j + 1
			}
			return token.SingleQuoteType, line[p+1 : j], j + 1
		}
		return token.UnknownType, "", p
	case '|', '>':
		// A block scalar's header, with a chomping sign but no
		// indentation digit, and blanks or a comment after it.
		end := p + 1
		if end < len(line) && (line[end] == '-' || line[end] == '+') {
			end++
		}
		if end < len(line) && line[end] != ' ' {
			return token.UnknownType, "", p
		}
		typ := token.LiteralType
		if c == '>' {
			typ = token.FoldedType
		}
		return typ, line[p:end], end
	case '[', ']', '{', '}', ',', '#', '&', '*', '!', '%', '@', '`':
		return token.UnknownType, "", p
	case '-', '?', ':':
		if p+1 == len(line) || line[p+1] == ' ' {
			return token.UnknownType, "", p
		}
	}
	// A plain scalar ends before ": ", a ':' that ends the line, " #" or
	// the end of the line, without the blanks before them.
	end := p
	for j := p; j < len(line); j++ {
		switch c := line[j]; {
		case c == ':' && (j+1 == len(line) || line[j+1] == ' '):
			return plainType(line[p:end]), line[p:end], end
		case c == '#' && line[j-1] == ' ':
			return plainType(line[p:end]), line[p:end], end
		case c == '[' || c == ']' || c == '{' || c == '}':
			return token.UnknownType, "", p
		case c != ' ':
			end = j + 1
		}
	}
	return plainType(line[p:end]), line[p:end], end
}

// fastBlock reads line, the n-th of the document at base in the stream,
// indented by indent, after the header of a block scalar whose key or
// "-" is at column parent, into body, the token of the block's text (the
// one goccy makes, from its first line's text to its last line's end,
// which the reader passes over; col -1 before its first line). A line
// of the text ends body on it. fastBlock reports whether the line is in
// fast's part of YAML: the block's first line has text, indented deeper
// than parent, and the first line with text indented less than it is
// indented no deeper than parent. A block with empty lines above its
// text, or none, or that a line between the two indentations ends, is
// left to goccy (and then to the reader's messages).
func fastBlock(body *tok, base int, line string, n, indent, parent int) bool {
	switch {
	case indent == len(line):
		return body.col >= 0 // an empty line, in the text or after it
	case body.col < 0:
		if indent <= parent || commentLike(line[indent:]) {
			return false // no text, or a first line that holds what reads as a comment (below)
		}
		body.col, body.indent, body.start, body.line = indent, indent, base+indent, n
	case indent < body.col:
		return indent <= parent // the first line after the block
	case commentLike(line[indent:]):
		// A line of the text that holds what reads as a comment: goccy's
		// scanner then reads the block otherwise ("0: |\n 0\n #\n#",
		// "0: |\n 0 #\n 0\n0:"), and goccy's path is what fast is held to.
		return false
	}
	body.end, body.endLine = base+len(line), n
	return true
}

// commentLike reports whether text, a line of a block scalar's text from
// its first non-blank, holds a '#' that outside a block would start a
// comment.
func commentLike(text string) bool {
	return text[0] == '#' || strings.Contains(text, " #")
}

// plainType is the type of the token of a plain scalar for the reader:
// goccy's own types of numbers, booleans and nulls the reader does not
// use (it resolves plain scalars itself), and a merge key ("<<"), which
// goccy types by what follows it, is left to goccy.
func plainType(s string) token.Type {
	if strings.Contains(s, "<<") {
		return token.UnknownType // goccy takes "0<<" for a merge key too
	}
	return token.StringType
}

// skipSpaces returns the first position from p in line that is no space.
func skipSpaces(line string, p int) int {
	for p < len(line) && line[p] == ' ' {
		p++
	}
	return p
}
