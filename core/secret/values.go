package secret

import (
	"strings"

	"github.com/mdscheck/mdscheck/core/document"
	"github.com/mdscheck/mdscheck/core/schema"
)

// Values are the nodes of one document that hold a secret: the values of
// the members the schema marks secret, and every node that shares its
// origin with one of them through an anchor and an alias. A value written
// once and used twice is one secret in both places: an alias of a
// password's anchor in metadata.name, or a password that aliases the
// anchor on a label, must not show there either.
type Values struct {
	doc *document.Document
	// origins holds the origin (document.Document.Origin) of every secret
	// node, and of every node below a secret collection.
	origins map[*document.Node]bool
	// members are the entries of secret members, whose text after the
	// colon is masked whole: an anchor or a tag with no value after it
	// (password: &S3CRET) is the secret the user meant to write.
	members []document.Pair
}

// Find returns the secret values of d, a document of kind k (nil when the
// document is not one of ours: then nothing is known to be secret).
func Find(k *schema.Kind, d *document.Document) Values {
	v := New(d)
	if d != nil {
		v.Walk(k, d.Root)
	}
	return v
}

// New returns an empty set of the secret values of d, for Walk to fill
// resource by resource (the items of a List).
func New(d *document.Document) Values { return Values{doc: d} }

// Walk adds the secret values of root, a resource of kind k (nothing
// when k is nil).
func (v *Values) Walk(k *schema.Kind, root *document.Node) {
	if k != nil && root != nil {
		v.walk(root, k.Manifest)
	}
}

// Has reports whether n holds a secret.
func (v Values) Has(n *document.Node) bool {
	if n == nil || v.origins == nil {
		return false
	}
	return v.origins[v.doc.Origin(n)]
}

// Shortest is the length under which the text of a secret is not looked
// for where it was not written as the secret (in a message, elsewhere in
// the document, in another file): masking every "abc" would hide what the
// text says and no secret.
const Shortest = 4

// Spans returns the source text of every secret value as written, in
// order and without overlaps: the text to mask wherever src, the stream,
// is shown. An alias (`*name`) shows no secret, the anchored value it
// copies does; the entry of a secret member is masked from its colon on,
// anchor and tag included, to the end of its value, or of the anchor and
// tag when the value is empty. In src[start:end], the document, every
// other place where the text of a secret string or number is written
// again is masked too: a key or a value that is no alias of the secret
// but the same text (a password pasted twice) is the same secret, down
// to texts of Shortest bytes.
func (v Values) Spans(src string, start, end int) []document.Span {
	var out []document.Span
	for n := range v.origins {
		if !n.Alias && n.End > n.Start {
			out = append(out, document.Span{Start: n.Start, End: n.End})
		}
		if n.Kind != document.Scalar || n.Type == document.Null || n.Type == document.Bool || len(n.Text) < Shortest {
			continue
		}
		for at := start; at < end; {
			i := strings.Index(src[at:end], n.Text)
			if i < 0 {
				break
			}
			out = append(out, document.Span{Start: at + i, End: at + i + len(n.Text)})
			at += i + len(n.Text)
		}
	}
	for _, pr := range v.members {
		from := pr.Key.End
		if i := strings.IndexByte(src[from:], ':'); i >= 0 {
			from += i + 1
		}
		for from < len(src) && (src[from] == ' ' || src[from] == '\t') {
			from++
		}
		to := pr.Value.End
		if to <= from {
			// No value after an anchor or a tag (password: &S3CRET): mask
			// them, up to what they cannot hold: a flow indicator, a
			// comment or the end of the line.
			to = from
			for to < len(src) && !strings.ContainsRune("\n\r,]}", rune(src[to])) &&
				!(src[to] == '#' && (src[to-1] == ' ' || src[to-1] == '\t')) {
				to++
			}
			for to > from && (src[to-1] == ' ' || src[to-1] == '\t') {
				to--
			}
		}
		if to > from {
			out = append(out, document.Span{Start: from, End: to})
		}
	}
	// Few spans, mostly in order already: an insertion sort, which also
	// spares the module a sort instantiated for spans.
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && out[j].Start < out[j-1].Start; j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	merged := out[:0]
	for _, sp := range out {
		if k := len(merged) - 1; k >= 0 && sp.Start <= merged[k].End {
			merged[k].End = max(merged[k].End, sp.End)
			continue
		}
		merged = append(merged, sp)
	}
	return merged
}

// walk follows the schema down to the members that hold secrets.
func (v *Values) walk(n *document.Node, s *schema.Schema) {
	if n == nil || !s.HoldsSecret() {
		return
	}
	if s.Secret {
		v.mark(n)
		return
	}
	switch n.Kind {
	case document.Mapping:
		for _, pr := range n.Pairs {
			p := s.Property(pr.Key.Text)
			if p == nil {
				continue
			}
			if p.Secret && !pr.Key.Alias && !pr.Merged {
				v.members = append(v.members, pr)
			}
			v.walk(pr.Value, p.Schema)
		}
	case document.Sequence:
		for _, it := range n.Items {
			v.walk(it, s.Items)
		}
	}
}

// Add marks n, and everything below it, as a secret: for values the
// schema does not place, such as the value of a misspelt secret member.
func (v *Values) Add(n *document.Node) { v.mark(n) }

// Stray marks what an entry that the schema does not place may hold of a
// secret: its value when its name is that of a secret member of some
// kind, and below it the value of every entry so named. A client_secret
// under the wrong parent, or in a manifest whose kind is misspelt, is
// still the secret its author wrote, and the line a finding shows would
// show it.
func (v *Values) Stray(pr document.Pair) {
	if names[pr.Key.Text] {
		if !pr.Key.Alias && !pr.Merged {
			v.members = append(v.members, pr)
		}
		v.mark(pr.Value)
		return
	}
	if n := pr.Value; n != nil {
		for _, p := range n.Pairs {
			v.Stray(p)
		}
		for _, it := range n.Items {
			for _, p := range it.Pairs {
				v.Stray(p)
			}
		}
	}
}

// Texts returns the text of every secret string or number: what a last
// check of every message looks for. A null or a boolean tells nothing.
func (v Values) Texts() []string {
	var out []string
	for n := range v.origins {
		if n.Kind == document.Scalar && n.Type != document.Null && n.Type != document.Bool && n.Text != "" {
			out = append(out, n.Text)
		}
	}
	return out
}

// mark records n and everything below it: a secret member with the wrong
// type (a mapping where a string belongs) still holds the secret.
func (v *Values) mark(n *document.Node) {
	if v.origins == nil {
		v.origins = map[*document.Node]bool{}
	}
	v.origins[v.doc.Origin(n)] = true
	for _, pr := range n.Pairs {
		v.mark(pr.Key)
		v.mark(pr.Value)
	}
	for _, it := range n.Items {
		v.mark(it)
	}
}
