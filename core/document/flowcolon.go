package document

import "github.com/goccy/go-yaml/token"

// mendFlowColons corrects goccy's tokens of a ':' inside a flow
// collection. YAML takes a ':' for the value indicator only before a
// blank, a flow indicator or the end of a line, or right after a quoted
// key or a collection ({"a":b}); elsewhere it is text. goccy's lexer
// splits "{a:b}" into a key and a value, where YAML (and go-yaml v2, and
// so Kubernetes) reads one key "a:b", and it lexes `"k":v` as a quoted
// scalar and the text ":v".
func mendFlowColons(src string, toks []tok) []tok {
	out := make([]tok, 0, len(toks))
	flow := 0
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		switch t.typ {
		case token.SequenceStartType, token.MappingStartType:
			flow++
		case token.SequenceEndType, token.MappingEndType:
			flow = max(flow-1, 0)
		}
		if flow == 0 || len(out) == 0 {
			out = append(out, t)
			continue
		}
		prev := &out[len(out)-1]
		switch {
		case t.typ == token.MappingValueType && blanksOnly(src, prev.end, t.start) && isPlainTok(prev) && prev.line == prev.endLine &&
			t.end < len(src) && !isFlowValueEnd(src[t.end]):
			// "a:b" and "a :b": the ':' and what follows are text of
			// the scalar before it, up to its real end.
			end := flowPlainEnd(src, prev.start)
			j := i
			for j < len(toks) && toks[j].end <= end {
				j++
			}
			prev.typ, prev.val, prev.end = token.StringType, src[prev.start:end], end
			if j < len(toks) && toks[j].start < end {
				// goccy's token runs on past the scalar ("b: c" of
				// "{a:b: c}"): the rest is a ':' and a scalar.
				out = append(out, splitValue(src, toks[j], end)...)
				j++
			}
			i = j - 1
		case isPlainTok(&t) && t.start < t.end && src[t.start] == ':' && prev.end == t.start &&
			(prev.typ == token.SingleQuoteType || prev.typ == token.DoubleQuoteType || prev.typ == token.SequenceEndType || prev.typ == token.MappingEndType):
			// `"k":v`: a value indicator right after a JSON-like key.
			out = append(out, splitValue(src, t, t.start)...)
		default:
			out = append(out, t)
		}
	}
	return out
}

// splitValue makes the tokens of the text of t from at, which starts
// with a ':': the value indicator, and the scalar after it if any.
func splitValue(src string, t tok, at int) []tok {
	colon := t
	colon.typ, colon.val, colon.start, colon.end = token.MappingValueType, ":", at, at+1
	colon.col += at - t.start
	colon.line, colon.endLine = t.line, t.line
	rest := at + 1
	for rest < t.end && (src[rest] == ' ' || src[rest] == '\t') {
		rest++
	}
	if rest >= t.end {
		return []tok{colon}
	}
	value := t
	value.typ, value.val, value.start = token.StringType, src[rest:t.end], rest
	value.col += rest - t.start
	return []tok{colon, value}
}

// blanksOnly reports whether src[from:to] holds only spaces and tabs.
func blanksOnly(src string, from, to int) bool {
	if from > to {
		return false
	}
	for _, c := range []byte(src[from:to]) {
		if c != ' ' && c != '\t' {
			return false
		}
	}
	return true
}

// isPlainTok reports whether t is a plain scalar.
func isPlainTok(t *tok) bool {
	return isScalar(t.typ) && t.typ != token.SingleQuoteType && t.typ != token.DoubleQuoteType
}

// isFlowValueEnd reports whether c after a ':' glued to a plain scalar in
// a flow collection makes the ':' a value indicator. YAML 1.2 takes ','
// ']' and '}' for such ends too, but go-yaml v2, and so Kubernetes, reads
// "{a:,b}" with the key "a:"; before '[' or '{' it refuses the text, and
// the reader reads it as YAML does.
func isFlowValueEnd(c byte) bool {
	return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '[' || c == '{'
}

// flowPlainEnd is the end of a plain scalar in a flow collection that
// starts at start, on its line, and holds a ':' glued to text ("a:b"):
// before a flow indicator, a ':' and a blank, or a comment, without
// trailing blanks. A ':' right before a flow indicator is text of such a
// scalar for go-yaml v2, and so for Kubernetes ("{a:b:}" has the key
// "a:b:"), where YAML 1.2 would end the key before it.
func flowPlainEnd(src string, start int) int {
	end := start
	for i := start; i < len(src); i++ {
		c := src[i]
		switch {
		case c == '\n' || c == '\r' || c == ',' || c == '[' || c == ']' || c == '{' || c == '}':
			return end
		case c == ':' && (i+1 == len(src) || src[i+1] == ' ' || src[i+1] == '\t' || src[i+1] == '\n' || src[i+1] == '\r'):
			return end
		case c == '#' && i > start && (src[i-1] == ' ' || src[i-1] == '\t'):
			return end
		case c != ' ' && c != '\t':
			end = i + 1
		}
	}
	return end
}
