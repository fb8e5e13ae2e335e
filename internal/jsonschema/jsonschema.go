// Package jsonschema writes the kinds of core/schema as JSON Schema
// (draft 2020-12), for tools that read JSON Schema: yaml-language-server,
// kubeconform, IDEs. Everything the data says that JSON Schema can say is
// written as JSON Schema: types, bounds, enums, patterns, the named shapes
// as patterns, required members, defaults, deprecation, descriptions (also
// as Markdown, as the language server's hover shows them), snippets of
// the required members. yaml-language-server's keywords
// (deprecationMessage, markdownDescription, defaultSnippets) and
// Kubernetes' (x-kubernetes-*) carry what the draft lacks; what no keyword
// can say is written in words in the description of the object it binds.
//
// The package lives outside core/ so that none of it enters the
// WebAssembly module.
package jsonschema

import (
	"encoding/json"
	"strconv"
	"strings"

	"github.com/mdscheck/mdscheck/core/schema"
)

// Dialect is the $schema of every schema written here.
const Dialect = "https://json-schema.org/draft/2020-12/schema"

// Kind returns the JSON Schema of a kind's manifest.
func Kind(k *schema.Kind) map[string]any {
	m := node(k.Name, k.Manifest, false, false)
	m["$schema"] = Dialect
	m["title"] = k.Name + " (" + schema.APIVersion + ")"
	return m
}

// node writes s, the schema of the member called name, and everything
// below it. required says whether the member's object requires it;
// nullable whether null may stand for it: an optional member that is null
// is unset, as Kubernetes and mdscheck read it.
func node(name string, s *schema.Schema, required, nullable bool) map[string]any {
	m := map[string]any{}
	// What the schema cannot say itself (the lifecycle: what a change
	// between two versions means), said in words beside the rest, and the
	// rules between members, said in words too.
	var unsaid, rules []string
	switch s.Type {
	case schema.Object:
		m["type"] = "object"
		if s.Free {
			m["x-kubernetes-preserve-unknown-fields"] = true
			break
		}
		props := map[string]any{}
		for _, p := range s.Properties {
			props[p.Name] = node(p.Name, p.Schema, p.Required, !p.Required)
		}
		m["properties"] = props
		m["additionalProperties"] = false
		rules = addRules(m, s)
		if req := s.Required(); len(req) > 0 {
			m["required"] = req
			m["defaultSnippets"] = []any{map[string]any{
				"label":       name + " with its required members",
				"description": "The members " + name + " requires: " + strings.Join(req, ", ") + ".",
				"body":        snippet(s, new(int)),
			}}
		}
	case schema.StringMap:
		m["type"] = "object"
		m["additionalProperties"] = map[string]any{"type": "string"}
	case schema.Array:
		m["type"] = "array"
		if s.Items != nil {
			m["items"] = node(name+"[]", s.Items, false, false)
		}
		if s.MaxItems > 0 {
			m["maxItems"] = s.MaxItems
		}
	case schema.String:
		Scalar(m, s)
		if s.Format != schema.FormatNone {
			m["x-mdscheck-format"] = string(s.Format)
		}
	case schema.Integer, schema.Number, schema.Boolean:
		Scalar(m, s)
	}
	if len(s.Enum) > 0 {
		m["enum"] = values(s, s.Enum)
	}
	if nullable {
		m["type"] = []any{m["type"], "null"}
		if e, ok := m["enum"].([]any); ok {
			m["enum"] = append(e, nil)
		}
	}
	if s.Default != "" {
		m["default"] = Value(s, s.Default)
	}
	if s.Deprecated != "" {
		m["deprecated"] = true
		m["x-deprecation"] = s.Deprecated
		m["deprecationMessage"] = name + " is deprecated: " + s.Deprecated
	}
	if s.Secret {
		m["writeOnly"] = true
		m["x-secret"] = true
	}
	if s.Lifecycle&schema.Immutable != 0 {
		m["x-immutable"] = true
		addCEL(m, "self == oldSelf", name+" cannot be changed after creation")
	}
	if s.Lifecycle&schema.CreateOnly != 0 {
		m["x-create-only"] = true
	}
	if s.Lifecycle&schema.Restarts != 0 {
		m["x-restarts-instances"] = true
	}
	if s.Lifecycle&schema.PreventsDeletion != 0 {
		m["x-prevents-deletion"] = true // the data's description says it
	}
	for _, t := range s.Transitions() {
		unsaid = append(unsaid, transitionWords(t))
	}
	// The Markdown says the lifecycle flags already; the text says them
	// here.
	desc := s.Description
	for _, l := range schema.Lifecycles(s) {
		desc += " " + strings.ToUpper(l[:1]) + l[1:] + "."
	}
	md := schema.DescribeMember(name, s, required)
	if len(unsaid) > 0 {
		more := strings.Join(unsaid, " ")
		desc += " " + more
		md += "\n" + more + "\n"
	}
	desc = strings.TrimSpace(desc)
	if len(rules) > 0 {
		desc = strings.TrimSpace(desc + " Rules between members: " + strings.Join(rules, "; ") + ".")
		md += "\nRules between members:\n"
		for _, r := range rules {
			md += "- " + r + "\n"
		}
	}
	if desc != "" {
		m["description"] = desc
	}
	m["markdownDescription"] = md
	return m
}

// Scalar writes the type of a string, number or boolean s into m, with
// the bounds and patterns that OpenAPI states alike in this export and in
// the CRDs (internal/crd).
func Scalar(m map[string]any, s *schema.Schema) {
	switch s.Type {
	case schema.String:
		m["type"] = "string"
		if s.MinLength > 0 {
			m["minLength"] = s.MinLength
		}
		if s.MaxLength > 0 {
			m["maxLength"] = s.MaxLength
		}
		AddPattern(m, s.Pattern)
		AddPattern(m, FormatPattern(s.Format))
		for _, r := range s.Rules {
			if r.Kind == schema.PathIn {
				AddPattern(m, PathPattern)
			}
		}
	case schema.Integer, schema.Number:
		m["type"] = s.Type.String()
		if s.Minimum != "" {
			m["minimum"] = json.Number(s.Minimum)
		}
		if s.Maximum != "" {
			m["maximum"] = json.Number(s.Maximum)
		}
	case schema.Boolean:
		m["type"] = "boolean"
	}
}

// Values returns the enum values of s as JSON writes them.
func Values(s *schema.Schema) []any { return values(s, s.Enum) }

// AddPattern adds re to m: as pattern when m has none, else in allOf, as
// JSON Schema has one pattern a schema (and a structural schema allows
// allOf for value validations).
func AddPattern(m map[string]any, re string) {
	if re == "" {
		return
	}
	if _, ok := m["pattern"]; !ok {
		m["pattern"] = re
		return
	}
	all, _ := m["allOf"].([]any)
	m["allOf"] = append(all, map[string]any{"pattern": re})
}

// values writes enum values as JSON of the member's type.
func values(s *schema.Schema, vs []string) []any {
	out := make([]any, len(vs))
	for i, v := range vs {
		out[i] = Value(s, v)
	}
	return out
}

// Value writes a value of the data (as written in YAML) as JSON of the
// member's type: numbers exactly as written, booleans as booleans.
func Value(s *schema.Schema, v string) any {
	switch s.Type {
	case schema.Integer, schema.Number:
		return json.Number(v)
	case schema.Boolean:
		return v == "true"
	case schema.String:
		return v
	}
	if json.Valid([]byte(v)) {
		return json.RawMessage(v)
	}
	return v
}

// snippet is the body of a snippet that writes the required members of
// s, with a tab stop on each string: its default or first allowed value,
// or empty. stop counts the tab stops written.
func snippet(s *schema.Schema, stop *int) any {
	switch s.Type {
	case schema.Object:
		body := map[string]any{}
		for _, p := range s.Properties {
			if p.Required {
				body[p.Name] = snippet(p.Schema, stop)
			}
		}
		return body
	case schema.Array:
		if s.Items == nil {
			return []any{}
		}
		return []any{snippet(s.Items, stop)}
	case schema.StringMap:
		return map[string]any{}
	case schema.String:
		*stop++
		hint := s.Default
		if hint == "" && len(s.Enum) > 0 {
			hint = s.Enum[0]
		}
		if hint == "" {
			return "$" + strconv.Itoa(*stop)
		}
		return "${" + strconv.Itoa(*stop) + ":" + strings.NewReplacer(`\`, `\\`, "$", `\$`, "}", `\}`).Replace(hint) + "}"
	}
	switch {
	case s.Default != "":
		return Value(s, s.Default)
	case len(s.Enum) > 0:
		return Value(s, s.Enum[0])
	case s.Minimum != "":
		return Value(s, s.Minimum)
	case s.Type == schema.Boolean:
		return false
	}
	return 0
}

// transitionWords says a transition rule in words: what a change of the
// member between two versions does, which validate --previous reports.
func transitionWords(t schema.Transition) string {
	var when string
	switch t.Change {
	case schema.Changed:
		when = "When it changes"
	case schema.Decreased:
		when = "When it decreases"
	case schema.Removed:
		when = "When it is removed"
	case schema.FromTo:
		when = "When it goes from " + t.From + " to " + t.To
	}
	if t.While != "" {
		when += " while " + code(t.While) + " is true"
	}
	return when + ": " + t.Words + " (" + t.Severity.String() + ", with validate --previous)."
}
