// Package crd writes the kinds of core/schema as Kubernetes
// CustomResourceDefinitions (apiextensions.k8s.io/v1) with a structural
// openAPIV3Schema: what the API server checks itself when a manifest is
// created or changed. Everything OpenAPI can say is written as OpenAPI
// (types, bounds, enums, patterns and the named shapes as patterns,
// required members); the rules between members that are errors, and the
// members that cannot change after creation, are written as
// x-kubernetes-validations in CEL, the latter as transition rules on
// oldSelf.
//
// What stays out, and why (docs/design.md says it at length): mdscheck's
// warnings and information (a CRD rule refuses, it cannot warn), defaults
// (the API server would write them into the stored object, so a member
// the user never wrote would count as present for the transition rules),
// what is about YAML rather than the object (duplicate keys, YAML 1.1
// readings) and metadata below name (the API server checks it itself).
//
// The package lives outside core/ so that none of it enters the
// WebAssembly module.
package crd

import (
	"strings"

	"github.com/mdscheck/mdscheck/core/schema"
	"github.com/mdscheck/mdscheck/internal/celexpr"
	"github.com/mdscheck/mdscheck/internal/jsonschema"
)

// Names are the names a kind's resources go by in the API: the plural
// is the resource (kubectl get kafkas) and, with the group, the CRD's
// name.
type Names struct{ Kind, ListKind, Plural, Singular string }

// NamesOf returns the API names of a kind.
func NamesOf(k *schema.Kind) Names {
	singular := strings.ToLower(k.Name)
	plural := singular + "s"
	if strings.HasSuffix(singular, "ch") || strings.HasSuffix(singular, "s") {
		plural = singular + "es"
	}
	return Names{Kind: k.Name, ListKind: k.Name + "List", Plural: plural, Singular: singular}
}

// Kind returns the CustomResourceDefinition of a kind, as JSON (or
// YAML) writes it.
func Kind(k *schema.Kind) map[string]any {
	n := NamesOf(k)
	version := strings.TrimPrefix(schema.APIVersion, schema.Group+"/")
	return map[string]any{
		"apiVersion": "apiextensions.k8s.io/v1",
		"kind":       "CustomResourceDefinition",
		"metadata":   map[string]any{"name": n.Plural + "." + schema.Group},
		"spec": map[string]any{
			"group": schema.Group,
			"names": map[string]any{"kind": n.Kind, "listKind": n.ListKind, "plural": n.Plural, "singular": n.Singular},
			"scope": "Namespaced",
			"versions": []any{map[string]any{
				"name": version, "served": true, "storage": true,
				"schema":       map[string]any{"openAPIV3Schema": root(k)},
				"subresources": map[string]any{"status": map[string]any{}},
			}},
		},
	}
}

// All returns the CustomResourceDefinitions of every kind, in the order
// of schema.Names.
func All() []map[string]any {
	var out []map[string]any
	for _, name := range schema.Names() {
		out = append(out, Kind(schema.Lookup(name)))
	}
	return out
}

// root is the schema of a kind's whole object. metadata is only an
// object: the API server checks it itself and allows no more at the
// root of a structural schema.
func root(k *schema.Kind) map[string]any {
	m := node(k.Manifest, true)
	props := m["properties"].(map[string]any)
	props["apiVersion"] = map[string]any{"type": "string"}
	props["kind"] = map[string]any{"type": "string"}
	props["metadata"] = map[string]any{"type": "object"}
	m["description"] = k.Name + " (" + schema.APIVersion + "): " + strings.TrimSpace(k.Manifest.Description)
	if m["description"] == k.Name+" ("+schema.APIVersion+"): " {
		m["description"] = k.Name + " (" + schema.APIVersion + ")"
	}
	var rules []any
	presence(&rules, k.Spec(), []string{"spec"})
	if len(rules) > 0 {
		m["x-kubernetes-validations"] = append(validations(m), rules...)
	}
	return m
}

// node writes s and everything below it as a structural schema. required
// says whether the member's object requires it; an optional member may
// be null, which stands for unset as mdscheck reads it.
func node(s *schema.Schema, required bool) map[string]any {
	m := map[string]any{}
	switch s.Type {
	case schema.Object:
		m["type"] = "object"
		if s.Free {
			m["x-kubernetes-preserve-unknown-fields"] = true
			break
		}
		props := map[string]any{}
		for _, p := range s.Properties {
			props[p.Name] = node(p.Schema, p.Required)
		}
		m["properties"] = props
		if req := s.Required(); len(req) > 0 {
			m["required"] = req
		}
		between(m, s)
	case schema.StringMap:
		m["type"] = "object"
		m["additionalProperties"] = map[string]any{"type": "string"}
	case schema.Array:
		m["type"] = "array"
		m["items"] = map[string]any{"x-kubernetes-preserve-unknown-fields": true}
		if s.Items != nil {
			m["items"] = node(s.Items, true)
		}
		if s.MaxItems > 0 {
			m["maxItems"] = s.MaxItems
		}
	case schema.String, schema.Integer, schema.Number, schema.Boolean:
		jsonschema.Scalar(m, s)
	}
	if len(s.Enum) > 0 {
		m["enum"] = jsonschema.Values(s)
	}
	if !required {
		m["nullable"] = true
	}
	if s.Lifecycle&schema.Immutable != 0 {
		addRule(m, "self == oldSelf", "cannot be changed after creation")
	}
	desc := s.Description
	for _, l := range schema.Lifecycles(s) {
		desc += " " + strings.ToUpper(l[:1]) + l[1:] + "."
	}
	if s.Deprecated != "" {
		desc += " Deprecated: " + s.Deprecated
	}
	if desc = strings.TrimSpace(desc); desc != "" {
		m["description"] = desc
	}
	return m
}

// between writes the rules between the members of s that are errors as
// CEL: a CRD's rule refuses the object, so mdscheck's warnings stay out.
func between(m map[string]any, s *schema.Schema) {
	for _, p := range s.Properties {
		for _, r := range p.Rules {
			var rule, msg string
			switch r.Kind {
			case schema.Requires:
				rule, msg = celexpr.Requires(p.Name, r.Names[0]), p.Name+" needs "+r.Names[0]
			case schema.Excludes:
				rule, msg = celexpr.Excludes(p.Name, r.Names[0]), "set "+p.Name+" or "+r.Names[0]+", not both"
			case schema.AtMost:
				rule, msg = celexpr.AtMost(s, p, r.Names), p.Name+" must not exceed "+strings.Join(r.Names, " or else ")
			}
			if rule != "" {
				if r.Words != "" {
					msg += ": " + r.Words
				}
				addRule(m, rule, msg)
			}
		}
	}
}

func validations(m map[string]any) []any {
	v, _ := m["x-kubernetes-validations"].([]any)
	return v
}

// addRule adds a CEL rule, which the API server evaluates, and its
// message.
func addRule(m map[string]any, rule, message string) {
	m["x-kubernetes-validations"] = append(validations(m), map[string]any{"rule": rule, "message": message})
}
