// Package field names a place in a document, as Kubernetes'
// apimachinery field.Path does: the keys and list indexes from the
// document's root, written Kubernetes style (spec.userConfig.ip_filter[0])
// for people and as an RFC 6901 JSON pointer (/spec/userConfig/ip_filter/0)
// for programs.
package field

import (
	"strconv"
	"strings"
)

// Path is a place in a document: a step (a key, an index, or any item of
// a list) below its parent place. The nil *Path is the document's root.
//
// A path is a chain of immutable steps that share their parents, so a
// walk over a tree extends it at every member for one small step and no
// string: the strings of its notations are written only when asked for,
// as a finding does. The compiler keeps a step on the stack when it can:
// when the path does not outlive the function that made it and goes down
// no recursion.
type Path struct {
	up    *Path
	key   string // the key of a key step
	index int    // the index of an index step; keyStep or itemsStep
}

// The index of a step that is no index step.
const (
	keyStep   = -1
	itemsStep = -2
)

// Key returns the place of the member called name of the mapping at p.
func (p *Path) Key(name string) *Path {
	return &Path{up: p, key: name, index: keyStep}
}

// Index returns the place of the item i (from 0) of the list at p. It
// panics when i is negative.
func (p *Path) Index(i int) *Path {
	if i < 0 {
		panic("field: negative index")
	}
	return &Path{up: p, index: i}
}

// Items returns the place of any item of the list at p, where no index is
// meant: a member of a kind's schema rather than of one document. String
// writes the step as "[]"; Pointer writes it as "-", which in RFC 6901
// names no item of the list (JSON Patch appends there).
func (p *Path) Items() *Path {
	return &Path{up: p, index: itemsStep}
}

// String writes the path Kubernetes style: keys joined by dots, indexes
// in brackets (spec.userConfig.ip_filter[0]), and in brackets too a key
// that would read as more than one step or as none: one with a dot, a
// bracket or a blank, or the empty key
// (metadata.annotations[example.io/name]). The root is "".
func (p *Path) String() string {
	n := 0
	for q := p; q != nil; q = q.up {
		n += q.width(false)
	}
	var b strings.Builder
	b.Grow(n)
	p.write(&b, false)
	return b.String()
}

// Pointer writes the path as an RFC 6901 JSON pointer: each step after a
// slash, with "~" and "/" in keys escaped as "~0" and "~1"
// (/metadata/annotations/example.io~1name). The root is "", the pointer to
// the whole document. An index and a key of the same digits read alike
// here; String tells them apart.
func (p *Path) Pointer() string {
	n := 0
	for q := p; q != nil; q = q.up {
		n += q.width(true)
	}
	var b strings.Builder
	b.Grow(n)
	p.write(&b, true)
	return b.String()
}

// width is the length of the step in String's notation, or Pointer's.
func (p *Path) width(pointer bool) int {
	switch {
	case p.index == itemsStep && pointer:
		return len("/-")
	case p.index == itemsStep:
		return len("[]")
	case p.index >= 0 && pointer:
		return 1 + digits(p.index)
	case p.index >= 0:
		return 2 + digits(p.index)
	case pointer:
		return 1 + len(p.key) + strings.Count(p.key, "~") + strings.Count(p.key, "/")
	case bracketed(p.key):
		return 2 + len(p.key)
	case p.up == nil:
		return len(p.key)
	}
	return 1 + len(p.key)
}

// write writes the path to b, its parents first. The recursion is as
// deep as the path, which the reader's limit on nesting bounds; a stack
// of the steps would need memory of its own.
func (p *Path) write(b *strings.Builder, pointer bool) {
	if p == nil {
		return
	}
	p.up.write(b, pointer)
	switch {
	case p.index == itemsStep && pointer:
		b.WriteString("/-")
	case p.index == itemsStep:
		b.WriteString("[]")
	case p.index >= 0:
		var buf [20]byte
		if pointer {
			b.WriteByte('/')
			b.Write(strconv.AppendInt(buf[:0], int64(p.index), 10))
			return
		}
		b.WriteByte('[')
		b.Write(strconv.AppendInt(buf[:0], int64(p.index), 10))
		b.WriteByte(']')
	case pointer:
		b.WriteByte('/')
		writeEscaped(b, p.key)
	case bracketed(p.key):
		b.WriteByte('[')
		b.WriteString(p.key)
		b.WriteByte(']')
	default:
		if p.up != nil {
			b.WriteByte('.')
		}
		b.WriteString(p.key)
	}
}

// bracketed reports whether String writes the key in brackets: a key
// with a dot, a bracket or a blank would read as more than one step, and
// the empty key as none.
func bracketed(key string) bool {
	return key == "" || strings.ContainsAny(key, ".[] ")
}

// writeEscaped writes key as a reference token of RFC 6901.
func writeEscaped(b *strings.Builder, key string) {
	for {
		i := strings.IndexAny(key, "~/")
		if i < 0 {
			b.WriteString(key)
			return
		}
		b.WriteString(key[:i])
		if key[i] == '~' {
			b.WriteString("~0")
		} else {
			b.WriteString("~1")
		}
		key = key[i+1:]
	}
}

// digits is the number of decimal digits of i, which is not negative.
func digits(i int) int {
	n := 1
	for ; i >= 10; i /= 10 {
		n++
	}
	return n
}
