// Package celexpr writes the rules between members of core/schema as
// expressions of Kubernetes' CEL (x-kubernetes-validations), for the
// JSON Schema (internal/jsonschema) and the CustomResourceDefinitions
// (internal/crd) that carry them. It writes text only: nothing here
// evaluates CEL.
package celexpr

import (
	"slices"
	"strconv"
	"strings"

	"github.com/mdscheck/mdscheck/core/schema"
)

// reserved are the words Kubernetes' CEL does not take as a member's
// name unescaped.
var reserved = []string{"as", "break", "const", "continue", "else", "false", "for", "function", "if",
	"import", "in", "let", "loop", "package", "namespace", "null", "return", "true", "var", "void", "while"}

// Identifier reports whether a member can be named as self.NAME in CEL.
func Identifier(name string) bool {
	if slices.Contains(reserved, name) {
		return false
	}
	for i, c := range name {
		if !(c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || i > 0 && c >= '0' && c <= '9') {
			return false
		}
	}
	return name != ""
}

// NotAbove is the rule not-above in CEL: lo is not above the first of
// his that is set; "" when a name is not a CEL identifier.
func NotAbove(lo string, his []string) string {
	if !Identifier(lo) {
		return ""
	}
	expr := "true"
	for i := len(his) - 1; i >= 0; i-- {
		if !Identifier(his[i]) {
			return ""
		}
		expr = "has(self." + his[i] + ") ? self." + lo + " <= self." + his[i] + " : " + paren(expr)
	}
	return "!has(self." + lo + ") || " + paren(expr)
}

// AtMost is the rule at-most in CEL: a non-negative member does not
// exceed the first of limits that is set, or else the default of the
// last one, each converted to the member's unit; a negative limit is no
// limit. "" when a name is not a CEL identifier or a unit does not
// convert.
func AtMost(s *schema.Schema, p *schema.Property, limits []string) string {
	if !Identifier(p.Name) {
		return ""
	}
	scaled := func(l *schema.Property, v string) (string, bool) {
		if l.Unit == "" || p.Unit == "" || l.Unit == p.Unit {
			return v, true
		}
		per := l.Unit.Per(p.Unit)
		return v + " * " + strconv.FormatInt(per, 10), per != 0
	}
	last := s.Property(limits[len(limits)-1])
	expr := "true"
	if last.Default != "" && !strings.HasPrefix(last.Default, "-") {
		d, ok := scaled(last, last.Default)
		if !ok {
			return ""
		}
		expr = "self." + p.Name + " <= " + d
	}
	for i := len(limits) - 1; i >= 0; i-- {
		l := s.Property(limits[i])
		v, ok := scaled(l, "self."+l.Name)
		if !Identifier(l.Name) || !ok {
			return ""
		}
		expr = "has(self." + l.Name + ") ? (self." + l.Name + " < 0 || self." + p.Name + " <= " + v + ") : " + paren(expr)
	}
	return "!has(self." + p.Name + ") || self." + p.Name + " < 0 || " + paren(expr)
}

// Requires is the rule requires in CEL: the member needs other beside
// it; "" when a name is not a CEL identifier.
func Requires(member, other string) string {
	if !Identifier(member) || !Identifier(other) {
		return ""
	}
	return "!has(self." + member + ") || has(self." + other + ")"
}

// Excludes is the rule excludes in CEL: not both members set; "" when a
// name is not a CEL identifier.
func Excludes(a, b string) string {
	if !Identifier(a) || !Identifier(b) {
		return ""
	}
	return "!(has(self." + a + ") && has(self." + b + "))"
}

func paren(expr string) string {
	if expr == "true" {
		return expr
	}
	return "(" + expr + ")"
}
