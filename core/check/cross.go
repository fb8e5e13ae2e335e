package check

import (
	"strings"

	"github.com/mdscheck/mdscheck/core/decimal"

	"github.com/mdscheck/mdscheck/core/document"
)

// crossRule checks a rule between members, stated in the specification's
// prose. Each lives in a file of its own (rule_*.go) and registers itself
// in crossRules. Rules run after the schema walk, on the document's root,
// and only look at members whose values have the right type: a wrong type
// is already reported once.
type crossRule func(c *checker, root *document.Node)

var crossRules []crossRule

// member is a located member for cross-field rules.
type member struct {
	key, value *document.Node
	path       path
}

// lookup follows keys from n; ok is false when a step is missing or null.
func lookup(n *document.Node, p path, keys ...string) (member, bool) {
	var m member
	m.path = p
	m.value = n
	for _, k := range keys {
		pr := m.value.GetPair(k)
		if pr == nil || pr.Value.IsNull() {
			return member{}, false
		}
		m.key, m.value, m.path = pr.Key, pr.Value, m.path.key(k)
	}
	return m, true
}

// userConfig returns spec.userConfig of the resource being checked when
// it is a mapping.
func (c *checker) userConfig(root *document.Node) (member, bool) {
	m, ok := lookup(root, c.base, "spec", "userConfig")
	return m, ok && m.value.Kind == document.Mapping
}

// number returns the exact value of an integer or number member.
func (m member) number() (decimal.Dec, bool) {
	v := m.value
	if v == nil || v.Kind != document.Scalar {
		return decimal.Dec{}, false
	}
	switch {
	case v.Type == document.Int && !v.Overflow:
		return decimal.FromInt(v.Int), true
	case v.Type == document.Int || v.Type == document.Float:
		return decimal.Parse(strings.ReplaceAll(v.Text, "_", ""))
	}
	return decimal.Dec{}, false
}

// boolean returns the value of a boolean member.
func (m member) boolean() (value, ok bool) {
	if m.value == nil || m.value.Kind != document.Scalar || m.value.Type != document.Bool {
		return false, false
	}
	return m.value.Bool, true
}

// finding makes a diagnostic on a member: on its key, or its value when
// valueSpan is set.
func (m member) finding(sev Severity, rule, msg string) Diagnostic {
	n := m.key
	if n == nil {
		n = m.value
	}
	return Diagnostic{Start: n.Start, End: n.End, Severity: sev, Rule: rule, Path: m.path.human, Pointer: m.path.pointer, Message: msg}
}

func (m member) valueFinding(sev Severity, rule, msg string) Diagnostic {
	d := m.finding(sev, rule, msg)
	d.Start, d.End = m.value.Start, m.value.End
	return d
}
