package main

import (
	"errors"
	"strconv"
	"unicode/utf16"
	"unicode/utf8"
)

// named is one text of a set and the name the host gives it (a path).
type named struct{ name, text string }

// over is what of a set is past the texts one call checks (maxTexts):
// the first text left out, and how many are left out in all (0: none).
type over struct {
	first named
	texts int
}

// parseSet reads the argument of validate_set: a JSON array of objects
// {"name": string, "text": string}. The module reads it with this small
// parser rather than encoding/json, whose reflection every host would
// download (the module's size budget). Errors name the entry by its
// place, never by its name or text: either may hold a secret.
//
// It keeps the first maxTexts texts. The rest of a larger set is read
// too, so that a bad argument is an error however long, but only counted:
// a set that is too large is a limit, said as a finding (validateSetJSON),
// not a mistake of the host's.
func parseSet(src string) ([]named, over, error) {
	var rest over
	p := setParser{s: src}
	p.space()
	if !p.eat('[') {
		return nil, rest, p.fail("the set must be a JSON array of {\"name\", \"text\"} objects")
	}
	var out []named
	seen := map[string]bool{}
	p.space()
	if p.eat(']') {
		return out, rest, p.end()
	}
	for k := 0; ; k++ {
		e, err := p.entry(k)
		if err != nil {
			return nil, rest, err
		}
		if seen[e.name] {
			return nil, rest, errors.New("entry " + strconv.Itoa(k) + ": its name is that of an earlier entry; names must be unique")
		}
		seen[e.name] = true
		switch {
		case k < maxTexts:
			out = append(out, e)
		case rest.texts == 0:
			rest.first, rest.texts = e, 1
		default:
			rest.texts++
		}
		p.space()
		if p.eat(']') {
			return out, rest, p.end()
		}
		if !p.eat(',') {
			return nil, rest, p.fail("expected , or ] after entry " + strconv.Itoa(k))
		}
		p.space()
	}
}

// setParser reads JSON from s at i.
type setParser struct {
	s string
	i int
}

func (p *setParser) fail(msg string) error {
	return errors.New("set: byte " + strconv.Itoa(p.i) + ": " + msg)
}

func (p *setParser) space() {
	for p.i < len(p.s) && (p.s[p.i] == ' ' || p.s[p.i] == '\t' || p.s[p.i] == '\n' || p.s[p.i] == '\r') {
		p.i++
	}
}

func (p *setParser) eat(c byte) bool {
	if p.i < len(p.s) && p.s[p.i] == c {
		p.i++
		return true
	}
	return false
}

// end checks that nothing but space follows the array.
func (p *setParser) end() error {
	p.space()
	if p.i != len(p.s) {
		return p.fail("unexpected text after the array")
	}
	return nil
}

// entry reads one {"name": ..., "text": ...} object, the k-th.
func (p *setParser) entry(k int) (named, error) {
	at := "entry " + strconv.Itoa(k)
	var e named
	var has [2]bool
	if !p.eat('{') {
		return e, p.fail(at + " is not an object")
	}
	p.space()
	for !p.eat('}') {
		if has[0] || has[1] {
			if !p.eat(',') {
				return e, p.fail(at + ": expected , or }")
			}
			p.space()
		}
		key, err := p.str()
		if err != nil {
			return e, err
		}
		p.space()
		if !p.eat(':') {
			return e, p.fail(at + ": expected : after a member's name")
		}
		p.space()
		v, err := p.str()
		if err != nil {
			return e, err
		}
		var slot int
		switch key {
		case "name":
			e.name, slot = v, 0
		case "text":
			e.text, slot = v, 1
		default:
			return e, p.fail(at + ": unknown member (only \"name\" and \"text\")")
		}
		if has[slot] {
			return e, p.fail(at + ": member " + key + " given twice")
		}
		has[slot] = true
		p.space()
	}
	if !has[0] || !has[1] {
		return e, p.fail(at + ": needs both \"name\" and \"text\"")
	}
	return e, nil
}

// str reads a JSON string. One without escapes is a part of s, not a
// copy: the texts of a set are most of it.
func (p *setParser) str() (string, error) {
	if !p.eat('"') {
		return "", p.fail("expected a string")
	}
	start := p.i
	var b []byte // the string so far, once an escape made it differ from s
	for p.i < len(p.s) {
		c := p.s[p.i]
		switch {
		case c == '"':
			p.i++
			if b == nil {
				return p.s[start : p.i-1], nil
			}
			return string(b), nil
		case c < 0x20:
			return "", p.fail("a control character in a string must be escaped")
		case c != '\\':
			if b != nil {
				b = append(b, c)
			}
			p.i++
			continue
		}
		if b == nil {
			// The string's text in s bounds what it reads to (an escape
			// never reads to more bytes than it is written with): one
			// allocation of its own size, not of the rest of the set.
			b = append(make([]byte, 0, p.closing()-start), p.s[start:p.i]...)
		}
		if p.i+1 >= len(p.s) {
			break
		}
		esc := p.s[p.i+1]
		p.i += 2
		switch esc {
		case '"', '\\', '/':
			b = append(b, esc)
		case 'b':
			b = append(b, '\b')
		case 'f':
			b = append(b, '\f')
		case 'n':
			b = append(b, '\n')
		case 'r':
			b = append(b, '\r')
		case 't':
			b = append(b, '\t')
		case 'u':
			r, ok := p.hex()
			if !ok {
				return "", p.fail(`\u needs four hex digits`)
			}
			if utf16.IsSurrogate(r) {
				// A pair makes one code point; a lone half is U+FFFD,
				// as encoding/json reads it.
				save := p.i
				if lo, ok := p.pairHalf(); ok && utf16.DecodeRune(r, lo) != utf8.RuneError {
					r = utf16.DecodeRune(r, lo)
				} else {
					p.i, r = save, utf8.RuneError
				}
			}
			b = utf8.AppendRune(b, r)
		default:
			return "", p.fail("unknown escape in a string")
		}
	}
	return "", p.fail("a string is not closed")
}

// closing returns the offset of the quote that closes the string p is
// in, len(s) when none does.
func (p *setParser) closing() int {
	for j := p.i; j < len(p.s); j++ {
		switch p.s[j] {
		case '\\':
			j++
		case '"':
			return j
		}
	}
	return len(p.s)
}

// hex reads the four hex digits after \u.
func (p *setParser) hex() (rune, bool) {
	if p.i+4 > len(p.s) {
		return 0, false
	}
	n, err := strconv.ParseUint(p.s[p.i:p.i+4], 16, 16)
	if err != nil {
		return 0, false
	}
	p.i += 4
	return rune(n), true
}

// pairHalf reads a \uXXXX that may be the second half of a surrogate pair.
func (p *setParser) pairHalf() (rune, bool) {
	if p.i+2 > len(p.s) || p.s[p.i] != '\\' || p.s[p.i+1] != 'u' {
		return 0, false
	}
	p.i += 2
	return p.hex()
}
