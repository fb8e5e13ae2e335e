package change

import (
	"strings"

	"github.com/mdscheck/mdscheck/core/check"
	"github.com/mdscheck/mdscheck/core/decimal"
	"github.com/mdscheck/mdscheck/core/document"
	"github.com/mdscheck/mdscheck/core/schema"
)

// transition reports the change of member m from prev to cur when the
// transition rule t, which the data states for m, applies to it.
func (w *walker) transition(m *schema.Property, t schema.Transition, prev, cur *document.Node, at spot) {
	if t.While != "" && !w.while(t) {
		return
	}
	var what string
	switch t.Change {
	case schema.Changed:
		if w.sameOrDefault(m, prev, cur, at) {
			return
		}
		what = " changed from " + w.show(w.old, prev) + " to " + w.show(w.cur, cur)
	case schema.FromTo:
		if !same(orDefault(m, prev), document.ReadScalar(t.From)) || !same(orDefault(m, cur), document.ReadScalar(t.To)) {
			return
		}
		what = " goes from " + t.From + " to " + t.To
	case schema.Decreased:
		if !less(cur, prev) {
			return
		}
		what = " goes down from " + w.show(w.old, prev) + " to " + w.show(w.cur, cur)
	case schema.Removed:
		if unset(prev) || !cur.IsNull() {
			return
		}
		what = " is removed (it was " + w.show(w.old, prev) + ")"
	default:
		return
	}
	if t.While != "" {
		what += " while " + t.While + " is true"
	}
	w.report(at, cur, check.Severity(t.Severity), t.Code, w.label(at)+what+": "+t.Words)
}

// while reports whether the boolean member a transition depends on is
// true in either version: the rule holds for a change made as it is
// turned on or off.
func (w *walker) while(t schema.Transition) bool {
	i := len(w.holders) - 1 - t.Up
	if i < 0 {
		return false
	}
	h := w.holders[i]
	return isTrue(h.prev.Get(t.While)) || isTrue(h.cur.Get(t.While))
}

func isTrue(n *document.Node) bool {
	return n != nil && n.Kind == document.Scalar && n.Type == document.Bool && n.Bool
}

// orDefault returns n, or the default of m when n is unset (nil when m
// has none).
func orDefault(m *schema.Property, n *document.Node) *document.Node {
	if !unset(n) || m.Default == "" {
		return n
	}
	return document.ReadScalar(m.Default)
}

// less reports whether a is smaller than b, both numbers or both disk
// sizes; values of other types (which the check reports) are not
// compared.
func less(a, b *document.Node) bool {
	if x, ok := gib(a); ok {
		y, ok := gib(b)
		return ok && x < y
	}
	x, ok1 := number(a)
	y, ok2 := number(b)
	return ok1 && ok2 && decimal.Cmp(x, y) < 0
}

// number returns the exact value of an integer or number scalar.
func number(n *document.Node) (decimal.Dec, bool) {
	switch {
	case n == nil || n.Kind != document.Scalar:
	case n.Type == document.Int && !n.Overflow:
		return decimal.FromInt(n.Int), true
	case n.Type == document.Int || n.Type == document.Float:
		return decimal.Parse(strings.ReplaceAll(n.Text, "_", ""))
	}
	return decimal.Dec{}, false
}
