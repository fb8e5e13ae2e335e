// Package field names a place in a document, as Kubernetes'
// apimachinery field.Path does: the keys and list indexes from the
// document's root, written Kubernetes style (spec.userConfig.ip_filter[0])
// for people and as an RFC 6901 JSON pointer (/spec/userConfig/ip_filter/0)
// for programs.
package field

import (
	"strconv"
	"strings"

	"github.com/mdscheck/mdscheck/core/document"
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
	index int    // the index of an index step; keyStep, memberStep or itemsStep
}

// The index of a step that is no index step.
const (
	keyStep   = -1
	itemsStep = -2
	// memberStep is a key step the schema names (Member): its key is
	// mdscheck's word, not only the user's. A flag of its own would make
	// every step of a walk a size class larger.
	memberStep = -3
)

// Key returns the place of the member called name of the mapping at p.
func (p *Path) Key(name string) *Path {
	return &Path{up: p, key: name, index: keyStep}
}

// Member returns the place of the member called name of the mapping at
// p, where name is the schema's: a property of the kind the walk follows,
// not a key the user wrote that the schema does not know. Own counts it
// as mdscheck's word.
func (p *Path) Member(name string) *Path {
	return &Path{up: p, key: name, index: memberStep}
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
func (p *Path) String() string { return p.text(false) }

// Pointer writes the path as an RFC 6901 JSON pointer: each step after a
// slash, with "~" and "/" in keys escaped as "~0" and "~1"
// (/metadata/annotations/example.io~1name). The root is "", the pointer to
// the whole document. An index and a key of the same digits read alike
// here; String tells them apart.
func (p *Path) Pointer() string { return p.text(true) }

// text writes the path in Pointer's notation or String's, into a string
// of the size it needs.
func (p *Path) text(pointer bool) string {
	n := 0
	for q := p; q != nil; q = q.up {
		pre, text, post := q.step(pointer)
		n += len(pre) + len(text) + len(post)
		if pointer && q.isKey() {
			n += strings.Count(text, "~") + strings.Count(text, "/") // escaped
		}
	}
	var b strings.Builder
	b.Grow(n)
	p.write(&b, pointer, nil)
	return b.String()
}

// write writes the path to b, its parents first, and where own is not
// nil, appends to it the spans of mdscheck's words (Own). The recursion is as
// deep as the path, which the reader's limit on nesting bounds; a stack
// of the steps would need memory of its own.
func (p *Path) write(b *strings.Builder, pointer bool, own *[]document.Span) {
	if p == nil {
		return
	}
	p.up.write(b, pointer, own)
	pre, text, post := p.step(pointer)
	start := b.Len()
	b.WriteString(pre)
	if pointer && p.isKey() {
		writeEscaped(b, text)
	} else {
		b.WriteString(text)
	}
	b.WriteString(post)
	if own == nil {
		return
	}
	end := b.Len()
	if p.index == keyStep {
		end = start + len(pre) // a bracket closing a key writes nothing a secret could be
	}
	if k := len(*own) - 1; k >= 0 && (*own)[k].End == start {
		(*own)[k].End = end // one span for the steps of members in a row
	} else if start < end {
		*own = append(*own, document.Span{Start: start, End: end})
	}
}

// isKey reports whether p is a key step, the schema's member or not.
func (p *Path) isKey() bool { return p.index == keyStep || p.index == memberStep }

// step returns the step as Pointer or String writes it: what comes before
// its text, its text (a key unescaped), and what comes after.
func (p *Path) step(pointer bool) (pre, text, post string) {
	switch {
	case p.index == itemsStep && pointer:
		return "/", "-", ""
	case p.index == itemsStep:
		return "[", "", "]"
	case p.index >= 0 && pointer:
		return "/", strconv.Itoa(p.index), ""
	case p.index >= 0:
		return "[", strconv.Itoa(p.index), "]"
	case pointer:
		return "/", p.key, ""
	case bracketed(p.key):
		return "[", p.key, "]"
	case p.up == nil:
		return "", p.key, ""
	}
	return ".", p.key, ""
}

// Own returns the path as Pointer writes it (pointer set) or as String
// does, with its spans that are mdscheck's own: the signs between steps,
// the indexes and the keys of members (Member). The other keys are the
// user's: where a secret's text is one, the gate masks it
// (secret.Gate.CleanOwn), while the schema's names stay whole even where
// a secret's text is one of them too.
func (p *Path) Own(pointer bool) (string, []document.Span) {
	var own []document.Span
	var b strings.Builder
	p.write(&b, pointer, &own)
	return b.String(), own
}

// bracketed reports whether String writes the key in brackets: a key
// with a dot, a bracket or a blank would read as more than one step, and
// the empty key as none.
func bracketed(key string) bool {
	return key == "" || strings.ContainsAny(key, ".[] ")
}

// writeEscaped writes key as a reference token of RFC 6901.
func writeEscaped(b *strings.Builder, key string) {
	for i := 0; i < len(key); i++ {
		c := key[i]
		switch c {
		case '~':
			b.WriteByte('~')
			c = '0'
		case '/':
			b.WriteByte('~')
			c = '1'
		}
		b.WriteByte(c)
	}
}
