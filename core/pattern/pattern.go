// Package pattern matches the regular expressions of the specification.
// They use a small part of the syntax (anchors, literals, character
// classes with ranges, groups with alternatives, and the quantifiers ?, *,
// + and {m,n}); this package implements that part and refuses the rest, so
// the core needs no regexp package, whose code and Unicode tables every
// WebAssembly host would download. Matching is by backtracking over the
// compiled tree; Compile refuses what could make that slow (linear.go),
// so matching is linear in the input.
package pattern

import (
	"fmt"
	"strconv"
	"unicode/utf8"
)

// Pattern is a compiled expression.
type Pattern struct {
	src  string
	root node
}

// node kinds.
type kind uint8

const (
	kLit   kind = iota // one rune
	kClass             // a character class
	kStart             // ^
	kEnd               // $
	kSeq               // concatenation
	kAlt               // alternatives
	kRep               // repetition of sub[0]
)

type node struct {
	kind     kind
	r        rune
	ranges   []rune // pairs lo, hi
	negate   bool
	sub      []node
	min, max int // kRep; max -1 is unbounded
}

// Compile parses expr, or says what it cannot read.
func Compile(expr string) (*Pattern, error) {
	p := &parser{src: expr}
	n, err := p.alt()
	if err == nil && p.pos < len(p.src) {
		err = fmt.Errorf("unexpected %q", p.src[p.pos])
	}
	if err == nil {
		err = linear(&n)
	}
	if err != nil {
		return nil, fmt.Errorf("pattern %q at %d: %w", expr, p.pos, err)
	}
	return &Pattern{src: expr, root: n}, nil
}

// MustCompile is Compile for expressions written in the program.
func MustCompile(expr string) *Pattern {
	p, err := Compile(expr)
	if err != nil {
		panic(err)
	}
	return p
}

// String returns the expression.
func (p *Pattern) String() string { return p.src }

// MatchString reports whether s contains a match; with ^ and $, as all the
// specification's patterns have, that is whether s matches whole.
func (p *Pattern) MatchString(s string) bool {
	for i := 0; i <= len(s); {
		if match(&p.root, s, i, func(int) bool { return true }) {
			return true
		}
		if i == len(s) {
			break
		}
		_, size := utf8.DecodeRuneInString(s[i:])
		i += size
	}
	return false
}

// match matches n at s[i:] and calls k with the end of each way it matches,
// until k accepts one.
func match(n *node, s string, i int, k func(int) bool) bool {
	switch n.kind {
	case kLit, kClass:
		if i >= len(s) {
			return false
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if n.kind == kLit && r != n.r || n.kind == kClass && !n.in(r) {
			return false
		}
		return k(i + size)
	case kStart:
		return i == 0 && k(i)
	case kEnd:
		return i == len(s) && k(i)
	case kSeq:
		return matchSeq(n.sub, s, i, k)
	case kAlt:
		for j := range n.sub {
			if match(&n.sub[j], s, i, k) {
				return true
			}
		}
		return false
	case kRep:
		return matchRep(n, s, i, 0, k)
	}
	return false
}

func matchSeq(seq []node, s string, i int, k func(int) bool) bool {
	if len(seq) == 0 {
		return k(i)
	}
	return match(&seq[0], s, i, func(j int) bool { return matchSeq(seq[1:], s, j, k) })
}

// matchRep is greedy: it tries one more repetition before stopping.
func matchRep(n *node, s string, i, count int, k func(int) bool) bool {
	if sub := &n.sub[0]; count == 0 && (sub.kind == kLit || sub.kind == kClass) {
		// One character at a time, as in [a-z]+: take the longest run, then
		// give back one at a time. No recursion, whatever the input's length.
		ends := []int{i}
		for j := i; j < len(s) && (n.max < 0 || len(ends)-1 < n.max); {
			r, size := utf8.DecodeRuneInString(s[j:])
			if sub.kind == kLit && r != sub.r || sub.kind == kClass && !sub.in(r) {
				break
			}
			j += size
			ends = append(ends, j)
		}
		for c := len(ends) - 1; c >= n.min; c-- {
			if k(ends[c]) {
				return true
			}
		}
		return false
	}
	if n.max < 0 || count < n.max {
		more := match(&n.sub[0], s, i, func(j int) bool {
			return j > i && matchRep(n, s, j, count+1, k)
		})
		if more {
			return true
		}
	}
	return count >= n.min && k(i)
}

func (n *node) in(r rune) bool {
	found := false
	for i := 0; i+1 < len(n.ranges); i += 2 {
		if r >= n.ranges[i] && r <= n.ranges[i+1] {
			found = true
			break
		}
	}
	return found != n.negate
}

type parser struct {
	src string
	pos int
}

func (p *parser) peek() byte {
	if p.pos < len(p.src) {
		return p.src[p.pos]
	}
	return 0
}

func (p *parser) alt() (node, error) {
	var alts []node
	for {
		seq, err := p.seq()
		if err != nil {
			return node{}, err
		}
		alts = append(alts, seq)
		if p.peek() != '|' {
			break
		}
		p.pos++
	}
	if len(alts) == 1 {
		return alts[0], nil
	}
	return node{kind: kAlt, sub: alts}, nil
}

func (p *parser) seq() (node, error) {
	var items []node
	for p.pos < len(p.src) && p.peek() != '|' && p.peek() != ')' {
		atom, err := p.atom()
		if err != nil {
			return node{}, err
		}
		atom, err = p.quantifier(atom)
		if err != nil {
			return node{}, err
		}
		items = append(items, atom)
	}
	return node{kind: kSeq, sub: items}, nil
}

func (p *parser) atom() (node, error) {
	c := p.src[p.pos]
	switch c {
	case '^':
		p.pos++
		return node{kind: kStart}, nil
	case '$':
		p.pos++
		return node{kind: kEnd}, nil
	case '(':
		p.pos++
		n, err := p.alt()
		if err != nil {
			return node{}, err
		}
		if p.peek() != ')' {
			return node{}, fmt.Errorf("missing )")
		}
		p.pos++
		return n, nil
	case '[':
		return p.class()
	case '\\':
		r, err := p.escape()
		return node{kind: kLit, r: r}, err
	case '.', '*', '+', '?', '{', ')', ']', '}':
		return node{}, fmt.Errorf("%q is not supported here", c)
	}
	r, size := utf8.DecodeRuneInString(p.src[p.pos:])
	p.pos += size
	return node{kind: kLit, r: r}, nil
}

// escape reads \x for a punctuation character x.
func (p *parser) escape() (rune, error) {
	if p.pos+1 >= len(p.src) {
		return 0, fmt.Errorf("trailing \\")
	}
	c := p.src[p.pos+1]
	p.pos += 2
	if c < 0x80 && !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9') {
		return rune(c), nil
	}
	return 0, fmt.Errorf("escape \\%c is not supported", c)
}

func (p *parser) class() (node, error) {
	p.pos++ // [
	n := node{kind: kClass}
	if p.peek() == '^' {
		n.negate = true
		p.pos++
	}
	first := true
	for {
		if p.pos >= len(p.src) {
			return node{}, fmt.Errorf("missing ]")
		}
		if p.src[p.pos] == ']' && !first {
			p.pos++
			return n, nil
		}
		first = false
		lo, err := p.classRune()
		if err != nil {
			return node{}, err
		}
		hi := lo
		// A '-' makes a range unless it ends the class; after a range it
		// is a literal, as in Go's regexp ([0-9-_]).
		if p.peek() == '-' && p.pos+1 < len(p.src) && p.src[p.pos+1] != ']' {
			p.pos++
			if hi, err = p.classRune(); err != nil {
				return node{}, err
			}
			if hi < lo {
				return node{}, fmt.Errorf("bad range")
			}
		}
		n.ranges = append(n.ranges, lo, hi)
	}
}

func (p *parser) classRune() (rune, error) {
	if p.src[p.pos] == '\\' {
		return p.escape()
	}
	r, size := utf8.DecodeRuneInString(p.src[p.pos:])
	p.pos += size
	return r, nil
}

func (p *parser) quantifier(atom node) (node, error) {
	min, max := -1, -1
	switch p.peek() {
	case '?':
		min, max = 0, 1
	case '*':
		min, max = 0, -1
	case '+':
		min, max = 1, -1
	case '{':
		end := p.pos + 1
		for end < len(p.src) && p.src[end] != '}' {
			end++
		}
		if end >= len(p.src) {
			return node{}, fmt.Errorf("missing }")
		}
		lo, hi, two := cutComma(p.src[p.pos+1 : end])
		var err error
		if min, err = strconv.Atoi(lo); err != nil {
			return node{}, fmt.Errorf("bad repetition")
		}
		max = min
		if two {
			max = -1
			if hi != "" {
				if max, err = strconv.Atoi(hi); err != nil || max < min {
					return node{}, fmt.Errorf("bad repetition")
				}
			}
		}
		p.pos = end
	default:
		return atom, nil
	}
	p.pos++
	if atom.kind == kStart || atom.kind == kEnd {
		return node{}, fmt.Errorf("repeated anchor")
	}
	return node{kind: kRep, sub: []node{atom}, min: min, max: max}, nil
}

func cutComma(s string) (string, string, bool) {
	for i := 0; i < len(s); i++ {
		if s[i] == ',' {
			return s[:i], s[i+1:], true
		}
	}
	return s, "", false
}
