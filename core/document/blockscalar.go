package document

import (
	"strings"
)

// blockScalar reads a literal (|) or folded (>) scalar from its header at
// start, in a value whose parent (key or "-") is at column parent, -1 at
// the root of the document. It is read from the source rather than taken
// from goccy's token, whose text loses lines of blanks ("x\n   " reads as
// "x\n " where YAML reads "x\n \n") and whose extent is not exact.
//
// It returns the value, the end of its last line with text (the end of
// the header when it has none), the end of the last line it takes (the
// empty lines after its text belong to it: chomping reads them), and the
// number of line breaks between the header and its last line with text;
// msg is set when the scalar is not valid YAML.
func blockScalar(src string, start, limit, parent int) (value string, end, consumed, lines int, msg string) {
	// The header: the indicator, then an indentation digit and a
	// chomping sign in either order.
	folded := src[start] == '>'
	chomp, digit := byte(0), 0
	i := start + 1
	for ; i < limit && i < start+3; i++ {
		switch c := src[i]; {
		case (c == '+' || c == '-') && chomp == 0:
			chomp = c
			continue
		case c >= '1' && c <= '9' && digit == 0:
			digit = int(c - '0')
			continue
		}
		break
	}
	end = i
	eol := strings.IndexByte(src[i:limit], '\n')
	if eol < 0 {
		return "", end, limit, 0, ""
	}
	pos := i + eol + 1
	consumed = pos // the rest of the header's line is blanks or a comment
	indent := -1   // the content's indentation, once known
	if digit > 0 {
		// As go-yaml v2 (libyaml) counts it: from the parent's column,
		// or from the left edge at the root.
		indent = max(parent, 0) + digit
	}
	var b strings.Builder
	started, prevMore := false, false
	empties, maxEmpty := 0, 0 // empty lines since the last line with text; the widest leading one
	for k := 1; pos < limit; k++ {
		next := limit
		if j := strings.IndexByte(src[pos:limit], '\n'); j >= 0 {
			next = pos + j + 1
		}
		line := strings.TrimSuffix(strings.TrimSuffix(src[pos:next], "\n"), "\r")
		spaces := 0
		for spaces < len(line) && line[spaces] == ' ' {
			spaces++
		}
		if marker(line, "---") || marker(line, "...") {
			break // a document marker ends every scalar
		}
		if spaces == len(line) && (indent < 0 || spaces <= indent) {
			// An empty line: a break in the text, or before it.
			empties++
			if indent < 0 {
				maxEmpty = max(maxEmpty, spaces)
			}
			consumed, pos = next, next
			continue
		}
		if indent < 0 {
			if spaces <= parent {
				break
			}
			indent = spaces
			if maxEmpty > indent {
				return "", end, consumed, lines, "a block scalar's empty lines above its text are indented deeper than the text; indent the first line of text at least as deep"
			}
			// The value is no longer than its lines: made that large at
			// once, it is not copied as it grows (a Secret's file may be
			// a block of megabytes).
			b.Grow(blockLines(src, pos, limit, indent) - pos + empties)
		}
		if spaces < indent {
			break // a line less indented: the scalar has ended
		}
		content := line[indent:]
		more := content != "" && (content[0] == ' ' || content[0] == '\t')
		switch {
		case !started:
			b.WriteString(strings.Repeat("\n", empties))
		case !folded || more || prevMore:
			b.WriteString(strings.Repeat("\n", 1+empties))
		case empties == 0:
			b.WriteByte(' ')
		default:
			b.WriteString(strings.Repeat("\n", empties))
		}
		b.WriteString(content)
		started, prevMore, empties = true, more, 0
		lines, end, consumed, pos = k, pos+len(line), next, next
	}
	// The last line may end the text without a line break; go-yaml v2,
	// and so Kubernetes, then reads none (the suite's reference parser
	// reads one).
	final := 1
	if consumed > 0 && src[consumed-1] != '\n' && src[consumed-1] != '\r' { // a lone CR breaks a line too
		if empties > 0 {
			empties--
		} else {
			final = 0
		}
	}
	switch {
	case chomp == '-':
	case chomp == '+':
		if started {
			b.WriteString(strings.Repeat("\n", final))
		}
		b.WriteString(strings.Repeat("\n", empties))
	case started:
		b.WriteString(strings.Repeat("\n", final))
	}
	return b.String(), end, consumed, lines, ""
}

// blockLines returns where the lines from pos of a block scalar whose
// text is indented by indent end, or later: at the first line with text
// indented less, or at limit.
func blockLines(src string, pos, limit, indent int) int {
	for pos < limit {
		spaces := 0
		for pos+spaces < limit && src[pos+spaces] == ' ' {
			spaces++
		}
		if spaces < indent && pos+spaces < limit && src[pos+spaces] != '\n' && src[pos+spaces] != '\r' {
			return pos
		}
		j := strings.IndexByte(src[pos:limit], '\n')
		if j < 0 {
			break
		}
		pos += j + 1
	}
	return limit
}
