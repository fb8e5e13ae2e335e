package crd

import (
	"strconv"
	"strings"

	"github.com/mdscheck/mdscheck/core/schema"
	"github.com/mdscheck/mdscheck/internal/celexpr"
)

// presence adds to rules the transition rules, on the object's root,
// that a rule on the member itself cannot state: self == oldSelf on a
// member runs only when both versions have it, so appearing and
// disappearing are said on the root, which both versions always have
// (and whose metadata.name is the default of the connection Secret's
// name). An unset member counts as its default, as validate --previous
// reads it, except a pinned one; an empty list counts as unset. The
// error transitions with a condition (changed while another member is
// true) go there too. Members whose names CEL cannot write unescaped
// stay out. s is the object at path.
func presence(rules *[]any, s *schema.Schema, path []string) {
	for _, p := range s.Properties {
		if !celexpr.Identifier(p.Name) {
			continue
		}
		at := append(path[:len(path):len(path)], p.Name)
		if p.Lifecycle&schema.Immutable != 0 {
			*rules = append(*rules, immutable(p, at))
		}
		for _, t := range p.Transitions() {
			if t.Change == schema.Changed && t.Severity == schema.SeverityError && t.While != "" && len(path) > t.Up {
				while := append(path[:len(path)-t.Up:len(path)-t.Up], t.While)
				cond := isTrue("self", while) + " || " + isTrue("oldSelf", while)
				rule := "!(" + cond + ") || " + value("self", p, at) + " == " + value("oldSelf", p, at)
				*rules = append(*rules, map[string]any{"rule": rule,
					"message": label(at) + " cannot change while " + t.While + " is true: " + t.Words})
			}
		}
		if p.Type == schema.Object && !p.Free {
			presence(rules, p.Schema, at)
		}
	}
}

// immutable is the rule that an immutable member neither appears nor
// disappears after creation.
func immutable(p *schema.Property, at []string) map[string]any {
	rule := set("self", p, at) + " == " + set("oldSelf", p, at)
	msg := label(at) + " cannot be added or removed after creation"
	if p.Lifecycle&schema.Pinned != 0 {
		msg += ", even as its default"
	} else if def := defaultOf(p, at, "self"); def != "" {
		rule = value("self", p, at) + " == " + value("oldSelf", p, at)
		msg += " (unset, it is its default)"
	}
	return map[string]any{"rule": rule, "message": msg}
}

// set is the CEL condition that the member at path is set in the version
// v (self or oldSelf): every object on the way has it, and a list has
// items.
func set(v string, p *schema.Property, path []string) string {
	cond := has(v, path)
	if p.Type == schema.Array {
		cond += " && size(" + v + "." + strings.Join(path, ".") + ") > 0"
	}
	return "(" + cond + ")"
}

// has is the CEL condition that every object on the way to path, and
// the member at its end, are there in the version v.
func has(v string, path []string) string {
	var conds []string
	for i := 1; i < len(path); i++ {
		conds = append(conds, "has("+v+"."+strings.Join(path[:i+1], ".")+")")
	}
	return strings.Join(conds, " && ")
}

// value is the member's value in the version v, or its default when it
// is unset (an empty list when it has none).
func value(v string, p *schema.Property, path []string) string {
	def := defaultOf(p, path, v)
	if def == "" {
		return set(v, p, path) + " ? " + v + "." + strings.Join(path, ".") + " : " + zero(p)
	}
	return "(" + set(v, p, path) + " ? " + v + "." + strings.Join(path, ".") + " : " + def + ")"
}

// defaultOf is the member's default in CEL, "" when it has none: the data's
// default, or for the connection Secret's name the resource's name, as
// core/change reads it.
func defaultOf(p *schema.Property, path []string, v string) string {
	if strings.Join(path, ".") == "spec.connInfoSecretTarget.name" {
		return v + ".metadata.name"
	}
	if p.Default == "" {
		return ""
	}
	if p.Type == schema.String {
		return strconv.Quote(p.Default)
	}
	return p.Default
}

// zero stands for an unset member without default: only its absence
// compares equal to it.
func zero(p *schema.Property) string {
	switch p.Type {
	case schema.Array:
		return "[]"
	case schema.String:
		return `""`
	case schema.Boolean:
		return "false"
	}
	return "0"
}

// isTrue is the CEL condition that the boolean member at path is true in
// the version v.
func isTrue(v string, path []string) string {
	return "(" + has(v, path) + " && " + v + "." + strings.Join(path, ".") + " == true)"
}

// label names a member below spec for a message.
func label(path []string) string {
	return strings.TrimPrefix(strings.Join(path, "."), "spec.")
}
