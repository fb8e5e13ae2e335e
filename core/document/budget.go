package document

import "fmt"

// budget checks a document's text against the limits that guard the lexer
// itself, before goccy/go-yaml tokenizes it: the lexer allocates some 350
// bytes a token, so a megabyte of "[" cost 365 MB before the reader could
// count the depth. It is a linear scan that knows just enough YAML to find
// tokens and flow brackets: quoted scalars, comments and block scalars are
// skipped, and a word counts as one token. The count is an upper bound of
// goccy's for YAML the reader accepts (plain words split by blanks count
// once each, where goccy may join them), and the depth is exact for flow
// collections; block nesting is counted on the tokens later (prescan).
func budget(text string, base int, lim Limits) *Error {
	tokens, depth := 0, 0
	quote := byte(0) // the open quote of a scalar that goes on over lines
	block := -1      // block scalar content: lines indented deeper than this
	for pos := 0; pos < len(text); {
		end := pos
		for end < len(text) && text[end] != '\n' {
			end++
		}
		line := text[pos:end]
		next := end + 1
		indent := 0
		for indent < len(line) && (line[indent] == ' ' || line[indent] == '\t') {
			indent++
		}
		if block >= 0 {
			if indent > block || indent == len(line) || line[indent] == '\r' {
				pos = next
				continue
			}
			block = -1
		}
		afterBlank := true
		last, lastAt := byte(0), -1 // the last token's first byte and offset
		for i := indent; i < len(line); i++ {
			c := line[i]
			if quote != 0 {
				switch {
				case quote == '"' && c == '\\':
					i++
				case c == quote && quote == '\'' && i+1 < len(line) && line[i+1] == '\'':
					i++
				case c == quote:
					quote = 0
				}
				continue
			}
			switch c {
			case ' ', '\t', '\r':
				afterBlank = true
				continue
			case '#':
				if afterBlank {
					i = len(line)
					continue
				}
			}
			start := afterBlank || depth > 0 || isFlowByte(line[i-1])
			afterBlank = false
			switch {
			case (c == '[' || c == '{') && (start || depth > 0):
				depth++
				if depth > lim.Depth {
					return &Error{Start: base + pos + i, End: base + pos + i + 1, Limit: "nesting depth",
						Message: fmt.Sprintf("nesting depth exceeds the limit of %d; the document was not checked", lim.Depth)}
				}
			case (c == ']' || c == '}') && depth > 0:
				depth--
			case c == ',' && depth > 0:
			case (c == '"' || c == '\'') && start:
				quote = c
			case c == ':' && (i+1 == len(line) || isBlankByte(line[i+1])):
				// A mapping value indicator, also right after a word.
			case start:
				// A word: one token, whatever its length, up to a blank,
				// a flow indicator or ": ".
				for i+1 < len(line) && !isBlankByte(line[i+1]) && !(depth > 0 && isFlowByte(line[i+1])) &&
					!(line[i+1] == ':' && (i+2 == len(line) || isBlankByte(line[i+2]))) {
					i++
				}
			default:
				continue // inside a plain word that began earlier
			}
			tokens++
			last, lastAt = c, i
			if tokens > lim.Tokens {
				return &Error{Start: base + pos + i, End: base + pos + i + 1, Limit: "tokens",
					Message: fmt.Sprintf("document has more than %d tokens, the limit; it was not checked", lim.Tokens)}
			}
		}
		// "key: |" or "- >-": the lines below that are indented deeper
		// than the line's owner are the block scalar's text.
		if (last == '|' || last == '>') && quote == 0 && depth == 0 && isBlockHeader(line[lastAt:]) {
			block = owner(line, indent)
		}
		pos = next
	}
	return nil
}

// isBlockHeader reports whether a line's last word is a block scalar
// header: | or > with an optional indentation digit and chomping sign.
func isBlockHeader(w string) bool {
	for len(w) > 0 && (w[len(w)-1] == ' ' || w[len(w)-1] == '\t' || w[len(w)-1] == '\r') {
		w = w[:len(w)-1]
	}
	if len(w) > 3 {
		return false
	}
	for _, c := range []byte(w[1:]) {
		if c != '+' && c != '-' && (c < '1' || c > '9') {
			return false
		}
	}
	return true
}

// owner is the column whose deeper lines belong to a block scalar that a
// line ends with: the column of its key, past any "- " of sequences.
func owner(line string, indent int) int {
	col := indent
	for col+1 < len(line) && line[col] == '-' && (line[col+1] == ' ' || line[col+1] == '\t') {
		col += 2
		for col < len(line) && (line[col] == ' ' || line[col] == '\t') {
			col++
		}
	}
	if col < len(line) && (line[col] == '|' || line[col] == '>') {
		return max(col-2, indent) // "- |": the dash's column
	}
	return col
}

func isFlowByte(c byte) bool {
	return c == '[' || c == ']' || c == '{' || c == '}' || c == ','
}

func isBlankByte(c byte) bool { return c == ' ' || c == '\t' || c == '\r' }
