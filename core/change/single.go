package change

import (
	"strings"

	"github.com/mdscheck/mdscheck/core/check"
	"github.com/mdscheck/mdscheck/core/document"
)

// This file serves the front ends that show one text and compare it with
// one previous text (Streams): an editor's buffer, the wasm module's
// validate_change, the playground's two panes.

// Findings returns what a comparison of two single texts found, as
// findings of the current text, sorted by position. Such a front end has
// no previous document to show a deletion on, so a deletion goes on the
// current text's first line, as a finding of no document (document -1,
// no path or pointer); its message names the resource that is gone.
func (c *Comparison) Findings() []check.Diagnostic {
	if len(c.Current) != 1 || len(c.Previous) != 1 {
		return nil
	}
	out := make([]check.Diagnostic, 0, len(c.Current[0].Findings)+len(c.Previous[0].Findings))
	out = append(out, c.Current[0].Findings...)
	end := FirstLine(c.cur[0].src)
	for _, d := range c.Previous[0].Findings {
		d.Document, d.Start, d.End, d.Path, d.Pointer, d.Fixes = -1, 0, end, "", "", nil
		out = append(out, d)
	}
	check.Sort(out)
	return out
}

// FirstLine returns where the first line of src ends, its line break left
// out: the span of a finding that sits on the first line.
func FirstLine(src string) int {
	end := strings.IndexByte(src, '\n')
	if end < 0 {
		return len(src)
	}
	if end > 0 && src[end-1] == '\r' {
		end--
	}
	return end
}

// Previous is a member's value in the previous version, as Before finds
// it.
type Previous struct {
	// Value is the value as a message writes it: a string quoted, a
	// collection in flow style, a long one cut. It is "" when the value
	// is not set or is a secret's.
	Value string
	// Set reports whether the previous version set the member.
	Set bool
	// Secret reports whether the value is or holds a secret, which is
	// never shown.
	Secret bool
}

// Before returns the previous value of the member at offset in the
// current text of a comparison of two single texts (a key or a value:
// the member it belongs to), and whether it differs from the current
// one. A member of a resource that has no previous version did not
// change: the resource is a create.
func (c *Comparison) Before(offset int) (Previous, bool) {
	if len(c.cur) != 1 {
		return Previous{}, false
	}
	var cur *resource
	for i := range c.cur[0].res {
		r := &c.cur[0].res[i]
		if offset >= r.root.Start && offset <= r.root.End {
			cur = r
		}
	}
	if cur == nil {
		return Previous{}, false
	}
	var old *resource
	for i := range c.prev {
		for j := range c.prev[i].res {
			if r := &c.prev[i].res[j]; r.id == cur.id {
				old = r // the last of two with one identity wins, as in Compare
			}
		}
	}
	if old == nil {
		return Previous{}, false
	}
	now, then := cur.root, old.root
	for now != nil {
		next := (*document.Node)(nil)
		switch now.Kind {
		case document.Mapping:
			for _, pr := range now.Pairs {
				if pr.Merged || offset < pr.Key.Start || offset > pr.Value.End && offset > pr.Key.End {
					continue
				}
				next, then = pr.Value, then.Get(pr.Key.Text)
				break
			}
		case document.Sequence:
			for i, it := range now.Items {
				if offset >= it.Start && offset <= it.End {
					next, then = it, item(then, i)
					break
				}
			}
		}
		if next == nil {
			break
		}
		now = next
		if now.Kind == document.Scalar {
			break
		}
	}
	if now == cur.root || same(then, now) {
		return Previous{}, false
	}
	switch {
	case unset(then):
		return Previous{}, true
	case holdsSecret(old, then) || holdsSecret(cur, now):
		return Previous{Set: true, Secret: true}, true
	}
	return Previous{Value: new(walker).show(old, then), Set: true}, true
}

// item returns item i of a sequence n, or nil.
func item(n *document.Node, i int) *document.Node {
	if n == nil || n.Kind != document.Sequence || i >= len(n.Items) {
		return nil
	}
	return n.Items[i]
}
