package jsonschema

import (
	"slices"
	"strings"

	"github.com/mdscheck/mdscheck/core/schema"
	"github.com/mdscheck/mdscheck/internal/celexpr"
)

// PathPattern is a path inside a container: no "/" at either end (the
// rule path-in), and any characters between.
const PathPattern = `^([^/]([\s\S]*[^/])?)?$`

// addRules writes the rules between the members of the object s into m:
// requires and together as dependentRequired, one-of as oneOf, conflicts
// as not, path-in (on the member) as a pattern. The comparisons between
// two members (not-above, at-most) have no keyword: they are written in
// words, which the returned lines say for the description, and as
// x-kubernetes-validations rules in CEL, which Kubernetes evaluates.
// Every rule is said in words, with mdscheck's severity: the schema
// states a warning of mdscheck as firmly as an error.
func addRules(m map[string]any, s *schema.Schema) []string {
	var words []string
	var cel [][2]string // a rule in CEL and its message
	dependent := map[string][]string{}
	depend := func(from string, to ...string) {
		for _, t := range to {
			if t != from && !slices.Contains(dependent[from], t) {
				dependent[from] = append(dependent[from], t)
			}
		}
	}
	var all []any
	say := func(r schema.Rule, text string, exported bool) {
		text += " (" + r.Kind.Severity().String()
		if !exported {
			text += "; not stated by this schema's keywords"
		}
		words = append(words, text+")")
	}
	for _, r := range s.Rules {
		switch r.Kind {
		case schema.Together:
			for _, n := range r.Names {
				depend(n, r.Names...)
			}
			say(r, codeList(r.Names, "and")+" go together: "+r.Words, true)
		case schema.OneOf:
			var alts []any
			for _, n := range r.Names {
				alts = append(alts, map[string]any{"required": []string{n}})
			}
			all = append(all, map[string]any{"oneOf": alts})
			say(r, "exactly one of "+codeList(r.Names, "or"), true)
		}
	}
	for _, p := range s.Properties {
		for _, r := range p.Rules {
			switch r.Kind {
			case schema.Requires:
				depend(p.Name, r.Names[0])
				say(r, code(p.Name)+" needs "+code(r.Names[0]), true)
			case schema.Conflicts, schema.Excludes:
				all = append(all, map[string]any{"not": conflict(s, p.Name, r.Names[0])})
				other := s.Property(r.Names[0])
				text := code(p.Name) + " and " + code(other.Name) + " are not set together"
				if r.Words != "" {
					text += ": " + r.Words
				}
				if p.Type == schema.Boolean {
					text = code(p.Name) + " and " + code(other.Name) + " are not both true"
					if other.Default == "true" {
						text += " (" + code(other.Name) + " is true by default)"
					}
					if r.Words != "" {
						text += "; set " + code(other.Name) + " to false " + r.Words
					}
				}
				say(r, text, true)
			case schema.NotAbove:
				text := code(p.Name) + " is not above " + codeList(r.Names, "or else")
				say(r, text, false)
				cel = append(cel, [2]string{celexpr.NotAbove(p.Name, r.Names), text})
			case schema.AtMost:
				text := atMostWords(s, p, r)
				say(r, text, false)
				cel = append(cel, [2]string{celexpr.AtMost(s, p, r.Names), text})
			}
		}
	}
	if len(dependent) > 0 {
		deps := map[string]any{}
		for k, v := range dependent {
			deps[k] = v
		}
		m["dependentRequired"] = deps
	}
	if len(all) > 0 {
		// Only an object: null, which may stand for an optional object,
		// would match the required of every choice, and so break oneOf.
		prev, _ := m["allOf"].([]any)
		for _, a := range all {
			prev = append(prev, map[string]any{"if": map[string]any{"type": "object"}, "then": a})
		}
		m["allOf"] = prev
	}
	for _, c := range cel {
		if c[0] != "" {
			addCEL(m, c[0], c[1])
		}
	}
	return words
}

// conflict is the schema of an object that breaks the rule "a and b are
// not set together": both set, or for booleans both true, where an unset
// boolean counts as its default.
func conflict(s *schema.Schema, a, b string) map[string]any {
	pa, pb := s.Property(a), s.Property(b)
	if pa.Type != schema.Boolean || pb.Type != schema.Boolean {
		return map[string]any{"required": []string{a, b}}
	}
	var req []string
	for _, p := range []*schema.Property{pa, pb} {
		if p.Default != "true" {
			req = append(req, p.Name)
		}
	}
	out := map[string]any{"properties": map[string]any{
		a: map[string]any{"const": true},
		b: map[string]any{"const": true},
	}}
	if len(req) > 0 {
		out["required"] = req
	}
	return out
}

// atMostWords says the rule at-most of member p in words.
func atMostWords(s *schema.Schema, p *schema.Property, r schema.Rule) string {
	last := s.Property(r.Names[len(r.Names)-1])
	text := code(p.Name) + " must not exceed " + codeList(r.Names, "or else")
	if last.Default != "" {
		text += " (default " + last.Default + ")"
	}
	if p.Unit != "" {
		text += ", converted to " + string(p.Unit)
	}
	return text + "; negative values are not compared"
}

// addCEL adds a rule in CEL, which Kubernetes checks (x-kubernetes-
// validations of a CustomResourceDefinition), with its message.
func addCEL(m map[string]any, rule, message string) {
	prev, _ := m["x-kubernetes-validations"].([]any)
	m["x-kubernetes-validations"] = append(prev, map[string]any{"rule": rule, "message": message})
}

func code(name string) string { return "`" + name + "`" }

// codeList writes names in code, joined by commas and a last word.
func codeList(names []string, last string) string {
	quoted := make([]string, len(names))
	for i, n := range names {
		quoted[i] = code(n)
	}
	if len(quoted) == 1 {
		return quoted[0]
	}
	return strings.Join(quoted[:len(quoted)-1], ", ") + " " + last + " " + quoted[len(quoted)-1]
}
