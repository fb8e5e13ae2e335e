package check

import (
	"strings"

	"github.com/mdscheck/mdscheck/core/document"
	"github.com/mdscheck/mdscheck/core/field"
	"github.com/mdscheck/mdscheck/core/schema"
	"github.com/mdscheck/mdscheck/core/secret"
)

// Own holds the spans of a finding's texts that are mdscheck's own words
// where mdscheck put them: the fixed words of its message and what the
// schema says there (the values an enum allows, the kinds, a member's
// name), the schema's names in its path and pointer. The gate leaves a
// secret's form whole only inside them (secret.Gate.CleanOwn): a held
// value "wednesday" must not turn an enum list into "monday, tuesday,
// (secret)", while the same word quoted as what the user wrote stays
// masked. A text with no spans is the user's for the gate, whole: a rule
// that does not say which words are its own loses them to the gate
// rather than leak a user's.
type Own struct{ Message, Path, Pointer []document.Span }

// Clean takes every secret g knows out of d's message, path and pointer,
// but for mdscheck's own words (Own), and drops a fix that would write
// one. The fixes it keeps are a new list when it drops one: the list it
// had may be shared (report.Memo keeps a check's result). It reports
// whether a secret's form stays in mdscheck's words: d's texts to Keep.
func (d *Diagnostic) Clean(g *secret.Gate) (kept bool) {
	if g.Empty() {
		return false
	}
	kept = g.CleanOwn(&d.Message, &d.Own.Message)
	kept = g.CleanOwn(&d.Path, &d.Own.Path) || kept
	kept = g.CleanOwn(&d.Pointer, &d.Own.Pointer) || kept
	var fixes []Fix
	for i, f := range d.Fixes {
		holds := g.Holds(f.Title)
		for _, e := range f.Edits {
			holds = holds || g.Holds(e.NewText)
		}
		switch {
		case holds && fixes == nil:
			fixes = append(make([]Fix, 0, len(d.Fixes)), d.Fixes[:i]...)
		case !holds && fixes != nil:
			fixes = append(fixes, f)
		}
	}
	if fixes != nil {
		d.Fixes = fixes
		if len(fixes) == 0 {
			d.Fixes = nil
		}
	}
	return kept
}

// Keep registers d's texts as JSON shows them with g, with the spans of
// mdscheck's words in them (secret.Gate.Keep): the JSON a front end
// writes and passes through g again keeps those words too. It is for a
// finding whose Clean reported a form kept: composing the message as
// shown costs.
func (d *Diagnostic) Keep(g *secret.Gate) {
	g.Keep(d.Path, d.Own.Path)
	g.Keep(d.Pointer, d.Own.Pointer)
	g.Keep(d.StandaloneOwn()) // the message, as every front end shows it
}

// place sets d's path and pointer to p's, with their own spans.
func (d *Diagnostic) place(p *field.Path) {
	d.Path, d.Own.Path = p.Own(false)
	d.Pointer, d.Own.Pointer = p.Own(true)
}

// A phrase is text of mdscheck's own in a message: the fixed words a rule
// writes, and what the schema says (an enum's values, a member's name). A
// string constant is a phrase as it is; any other string becomes one
// only by a conversion, phrase(...), where a reader sees that no text of
// the user's goes in.
type phrase string

// A message is a finding's message as a rule writes it, piece by piece:
// its own words (say) and the user's text (quote), which the gate tells
// apart (Own).
type message struct {
	b   strings.Builder
	own []document.Span
}

// writing returns an empty message, with room for what most say: a
// message that grew from nothing took five allocations.
func writing() *message {
	m := &message{own: make([]document.Span, 0, 4)}
	m.b.Grow(160)
	return m
}

// says returns a message that starts with p.
func says(p phrase) *message { return writing().say(p) }

// say appends mdscheck's own words.
func (m *message) say(p phrase) *message {
	m.own = append(m.own, document.Span{Start: m.b.Len(), End: m.b.Len() + len(p)})
	return m.quote(string(p))
}

// quote appends the user's text, or a text not known to be mdscheck's.
func (m *message) quote(s string) *message {
	m.b.WriteString(s)
	return m
}

// text appends s[from:], where s is a text or the start of one of which
// own are the spans of mdscheck's words (a finding's message or path),
// with those spans.
func (m *message) text(s string, own []document.Span, from int) *message {
	m.own = secret.Clip(m.own, own, from, len(s), m.b.Len())
	return m.quote(s[from:])
}

// value appends how a message names n, a value of s: the user's text
// quoted as YAML reads it back, or for a secret's, words of mdscheck's.
func (m *message) value(c *checker, n *document.Node, s *schema.Schema) *message {
	if c.hidden(n, s) {
		return m.say("the value")
	}
	return m.quote(quoteValue(n))
}

// written appends how a message names n, a number or boolean of s, as
// written (checker.written).
func (m *message) written(c *checker, n *document.Node, s *schema.Schema) *message {
	if c.hidden(n, s) {
		return m.say("the value")
	}
	return m.quote(clip(n.Text))
}

// set makes m d's message.
func (d *Diagnostic) set(m *message) *Diagnostic {
	d.Message, d.Own.Message = m.b.String(), m.own
	return d
}
