package change

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/mdscheck/mdscheck/core/check"
	"github.com/mdscheck/mdscheck/core/document"
	"github.com/mdscheck/mdscheck/core/field"
	"github.com/mdscheck/mdscheck/core/schema"
)

// walker compares the two versions of one resource.
type walker struct {
	old, cur *resource
	out      []check.Diagnostic
	// holders are the objects that hold the members being compared, in
	// both versions, the nearest last: a transition's condition is a
	// member of one of them.
	holders []versions
}

// versions are the previous and current value of one member.
type versions struct{ prev, cur *document.Node }

// spot is a member's place: its path, and the key in the current version
// where a finding on it goes (the member's own, or its nearest ancestor's
// when the member is gone).
type spot struct {
	path *field.Path
	key  *document.Node
}

// compare returns the lifecycle findings of a resource that changed.
func compare(old, cur *resource) []check.Diagnostic {
	w := &walker{old: old, cur: cur}
	w.object(cur.kind.Manifest, old.root, cur.root, spot{path: cur.base})
	return w.out
}

// object compares the members of two mappings of schema s, and the
// members below them, that carry a lifecycle flag or transition.
func (w *walker) object(s *schema.Schema, prev, cur *document.Node, at spot) {
	w.holders = append(w.holders, versions{prev, cur})
	defer func() { w.holders = w.holders[:len(w.holders)-1] }()
	for _, m := range s.Properties {
		pv, cv := prev.Get(m.Name), cur.Get(m.Name)
		if pv == nil && cv == nil {
			continue
		}
		next := spot{path: at.path.Key(m.Name), key: at.key}
		if pr := cur.GetPair(m.Name); pr != nil {
			next.key = pr.Key
		}
		if m.Lifecycle&(schema.Immutable|schema.Restarts) != 0 {
			changed := !w.sameOrDefault(m, pv, cv, next)
			// A pinned member counts when it appears or disappears, even
			// at its default.
			pinned := m.Lifecycle&schema.Pinned != 0 && unset(pv) != unset(cv)
			if changed || pinned {
				w.lifecycle(m, pv, cv, next, !changed)
			}
		}
		for _, t := range m.Transitions() {
			w.transition(m, t, pv, cv, next)
		}
		if m.Type == schema.Object && !m.Free {
			w.object(m.Schema, pv, cv, next)
		}
	}
}

// lifecycle reports the change of a member marked immutable or restarts;
// atDefault says that the member only appeared or disappeared at its
// default, which counts for a pinned one.
func (w *walker) lifecycle(m *schema.Property, prev, cur *document.Node, at spot, atDefault bool) {
	name := w.label(at)
	if m.Lifecycle&schema.Immutable != 0 {
		what := name + " cannot change after creation"
		if atDefault {
			what = name + " cannot be added or removed after creation, even as its default"
		}
		now := w.show(w.cur, cur)
		if unset(cur) {
			now = "it is removed"
		}
		msg := what + ": it was " + w.show(w.old, prev) + ", now " + now
		if m.Lifecycle&schema.CreateOnly != 0 {
			msg += "; it acts only when the service is created"
		}
		w.report(at, cur, check.Error, "immutable", msg)
		return
	}
	w.report(at, cur, check.Warning, "restart", "changing "+name+" restarts all instances of the service")
}

// label names a member for a message: its path below spec and
// userConfig (project, connInfoSecretTarget.name,
// opensearch.reindex_remote_whitelist), which tells apart members of one
// name, as the specification names them.
func (w *walker) label(at spot) string {
	h := at.path.String()
	if b := w.cur.base.String(); b != "" {
		h = strings.TrimPrefix(h, b+".")
	}
	h = strings.TrimPrefix(h, "spec.")
	return strings.TrimPrefix(h, "userConfig.")
}

// report adds a finding on n, the member's current value (on the key of
// a collection, which spans lines), or on at's key when n is unset.
func (w *walker) report(at spot, n *document.Node, sev check.Severity, rule, msg string) {
	if unset(n) || n.Kind != document.Scalar {
		n = at.key
	}
	if n == nil {
		n = w.cur.root
		if len(n.Pairs) > 0 {
			n = n.Pairs[0].Key
		}
	}
	w.out = append(w.out, check.Diagnostic{Document: w.cur.doc, Start: n.Start, End: n.End, Severity: sev,
		Rule: rule, Path: at.path.String(), Pointer: at.path.Pointer(), Message: msg})
}

// sameOrDefault reports whether a member has the same value in both
// versions, where an unset member has its default.
func (w *walker) sameOrDefault(m *schema.Property, prev, cur *document.Node, at spot) bool {
	if same(prev, cur) {
		return true
	}
	if unset(prev) == unset(cur) {
		return false
	}
	var def *document.Node
	switch {
	case m.Default != "":
		def = document.ReadScalar(m.Default)
	case at.path.Pointer() == w.cur.base.Pointer()+"/spec/connInfoSecretTarget/name":
		// The Secret's name defaults to the resource's, which both
		// versions share.
		def = w.cur.root.Get("metadata").Get("name")
	}
	if unset(prev) {
		return def != nil && same(def, cur)
	}
	return def != nil && same(prev, def)
}

// gib reads a disk_space value: a positive integer, then GiB, G (any
// case) or nothing, all the same unit.
func gib(n *document.Node) (int64, bool) {
	if n == nil || n.Kind != document.Scalar || n.Type != document.String {
		return 0, false
	}
	s := n.Text
	if l := len(s); l > 3 && strings.EqualFold(s[l-3:], "gib") {
		s = s[:l-3]
	} else if l > 1 && (s[l-1] == 'g' || s[l-1] == 'G') {
		s = s[:l-1]
	}
	if s == "" || s[0] == '0' || s[0] == '+' {
		return 0, false
	}
	v, err := strconv.ParseInt(s, 10, 64)
	return v, err == nil
}

// unset reports whether n sets nothing: absent, null, or an empty
// collection, which the service reads as not set.
func unset(n *document.Node) bool {
	return n.IsNull() || n.Kind != document.Scalar && len(n.Pairs) == 0 && len(n.Items) == 0
}

// same reports whether a and b are the same value as the cluster reads
// them, whatever the style or position: an unset value is the same as
// another unset one, a mapping's key order does not count.
func same(a, b *document.Node) bool {
	if unset(a) || unset(b) {
		return unset(a) && unset(b)
	}
	if a.Kind != b.Kind {
		return false
	}
	switch a.Kind {
	case document.Sequence:
		if len(a.Items) != len(b.Items) {
			return false
		}
		for i := range a.Items {
			if !same(a.Items[i], b.Items[i]) {
				return false
			}
		}
		return true
	case document.Mapping:
		return sameMembers(a, b)
	}
	if a.Type != b.Type {
		return false
	}
	switch {
	case a.Type == document.Bool:
		return a.Bool == b.Bool
	case a.Type == document.Int && !a.Overflow && !b.Overflow:
		return a.Int == b.Int
	}
	return a.Text == b.Text
}

// sameMembers compares two mappings, the last of duplicate keys counting
// as in Kubernetes clients. Large ones go through a map, so that a
// mapping of thousands of keys costs no quadratic time.
func sameMembers(a, b *document.Node) bool {
	get := b.Get
	if len(b.Pairs) > 16 {
		m := make(map[string]*document.Node, len(b.Pairs))
		for _, pr := range b.Pairs {
			m[pr.Key.Text] = pr.Value
		}
		get = func(k string) *document.Node { return m[k] }
	}
	for _, pr := range a.Pairs {
		if !same(a.Get(pr.Key.Text), get(pr.Key.Text)) {
			return false
		}
	}
	// A key of b only: the same when it is unset.
	for _, pr := range b.Pairs {
		if !unset(pr.Value) && a.GetPair(pr.Key.Text) == nil {
			return false
		}
	}
	return true
}

// maxShown is how many bytes of a value a message shows.
const maxShown = 80

// show writes a value of r for a message: strings quoted, collections in
// flow style, long ones cut. A value that is or holds a secret is never
// shown.
func (w *walker) show(r *resource, n *document.Node) string {
	if unset(n) {
		return "not set"
	}
	if holdsSecret(r, n) {
		return "a secret value"
	}
	b := appendValue(make([]byte, 0, 32), n)
	if len(b) > maxShown {
		cut := maxShown
		for cut > 0 && !utf8.RuneStart(b[cut]) {
			cut--
		}
		b = append(b[:cut], "…"...)
	}
	return string(b)
}

// appendValue appends n to b as show writes it, stopping once b holds
// more than maxShown bytes.
func appendValue(b []byte, n *document.Node) []byte {
	if len(b) > maxShown {
		return b
	}
	switch n.Kind {
	case document.Mapping:
		b = append(b, '{')
		for i, pr := range n.Pairs {
			if i > 0 {
				b = append(b, ", "...)
			}
			b = append(append(b, pr.Key.Text...), ": "...)
			b = appendValue(b, pr.Value)
		}
		return append(b, '}')
	case document.Sequence:
		b = append(b, '[')
		for i, it := range n.Items {
			if i > 0 {
				b = append(b, ", "...)
			}
			b = appendValue(b, it)
		}
		return append(b, ']')
	}
	switch n.Type {
	case document.String:
		return strconv.AppendQuote(b, n.Text)
	case document.Bool:
		return strconv.AppendBool(b, n.Bool)
	case document.Null:
		return append(b, "null"...)
	}
	return append(b, n.Text...)
}

// holdsSecret reports whether n or a value below it is a secret of r's
// document.
func holdsSecret(r *resource, n *document.Node) bool {
	if r.secrets.Has(n) {
		return true
	}
	for _, pr := range n.Pairs {
		if holdsSecret(r, pr.Key) || holdsSecret(r, pr.Value) {
			return true
		}
	}
	for _, it := range n.Items {
		if holdsSecret(r, it) {
			return true
		}
	}
	return false
}
