package check

import (
	"strings"

	"github.com/mdscheck/mdscheck/core/decimal"
	"github.com/mdscheck/mdscheck/core/document"
	"github.com/mdscheck/mdscheck/core/field"
	"github.com/mdscheck/mdscheck/core/schema"
)

// The rules between members are data: attributes of the members they
// bind (schema.Rule). Each kind of rule is one function in a file of its
// own, listed here by the kind it checks.
var betweenRules = [...]func(c *checker, obj, m member, s *schema.Schema, r schema.Rule){
	schema.Requires:  ruleRequires,
	schema.Together:  ruleTogether,
	schema.OneOf:     ruleOneOf,
	schema.Conflicts: ruleConflict,
	schema.Excludes:  ruleConflict,
	schema.NotAbove:  ruleNotAbove,
	schema.AtMost:    ruleAtMost,
	schema.PathIn:    rulePathSlash,
}

// between checks the rules between members of the mapping n, whose
// schema is s and whose key is key (nil for a list item): those the
// object carries, then those of each member that is set. The rules look
// only at members whose values have the right type: a wrong type is
// already reported once. An open mapping (a Kustomize patch, a template
// with members an action writes) leaves members to a text not seen here,
// so a rule is checked there only when every member it names is set.
func (c *checker) between(n *document.Node, s *schema.Schema, p *field.Path, key *document.Node, open bool) {
	obj := member{key: key, value: n, path: p}
	for _, r := range s.Rules {
		if r.Kind.OnObject() && (!open || allSet(n, r.Names)) {
			betweenRules[r.Kind](c, obj, obj, s, r)
		}
	}
	for _, prop := range s.Properties {
		if len(prop.Rules) == 0 {
			continue
		}
		m, ok := lookup(n, p, prop.Name)
		if !ok {
			continue
		}
		for _, r := range prop.Rules {
			if !r.Kind.OnObject() && (!open || allSet(n, r.Names)) { // on-object rules are checked where the member's own object is
				betweenRules[r.Kind](c, obj, m, s, r)
			}
		}
	}
}

// allSet reports whether every member names is set in n.
func allSet(n *document.Node, names []string) bool {
	for _, name := range names {
		if v := n.Get(name); v == nil || v.IsNull() {
			return false
		}
	}
	return true
}

// member is a located member for the rules between members.
type member struct {
	name       string // "" for an object that is a list item
	key, value *document.Node
	path       *field.Path
}

// lookup follows keys from n; ok is false when a step is missing or null.
func lookup(n *document.Node, p *field.Path, keys ...string) (member, bool) {
	var m member
	m.path = p
	m.value = n
	for _, k := range keys {
		pr := m.value.GetPair(k)
		if pr == nil || pr.Value.IsNull() {
			return member{}, false
		}
		m.name, m.key, m.value, m.path = k, pr.Key, pr.Value, m.path.Member(k)
	}
	return m, true
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
	d := Diagnostic{Start: n.Start, End: n.End, Severity: sev, Rule: rule, Message: msg}
	d.place(m.path)
	return d
}

func (m member) valueFinding(sev Severity, rule, msg string) Diagnostic {
	d := m.finding(sev, rule, msg)
	d.Start, d.End = m.value.Start, m.value.End
	return d
}
