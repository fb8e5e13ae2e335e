package jsonschema

import (
	"regexp"
	"strings"

	"github.com/mdscheck/mdscheck/core/schema"
)

// Stream returns one schema for a stream of documents of every kind, for
// editors that take one schema per file name: each document that is one
// of ours is checked against its kind's schema (in $defs), chosen by its
// apiVersion and kind; other documents pass. A document is ours as
// mdscheck reads it: apiVersion of our group, or one of our kinds with
// apiVersion missing or without a group.
func Stream() map[string]any {
	names := schema.Names()
	defs := map[string]any{}
	var dispatch []any
	ourGroup := "^" + regexp.QuoteMeta(schema.Group) + "/"
	for _, n := range names {
		k := node(n, schema.Lookup(n).Manifest, false, false)
		k["title"] = n + " (" + schema.APIVersion + ")"
		defs[n] = k
		dispatch = append(dispatch, map[string]any{
			"if": map[string]any{
				"required": []string{"kind"},
				"properties": map[string]any{
					"kind":       map[string]any{"const": n},
					"apiVersion": map[string]any{"type": "string", "pattern": ourGroup + "|^[^/]*$"},
				},
			},
			"then": map[string]any{"$ref": "#/$defs/" + n},
		})
	}
	// A document of our group is one of our kinds, of our one version.
	dispatch = append(dispatch, map[string]any{
		"if": map[string]any{
			"required":   []string{"apiVersion"},
			"properties": map[string]any{"apiVersion": map[string]any{"type": "string", "pattern": ourGroup}},
		},
		"then": map[string]any{
			"required": []string{"kind"},
			"properties": map[string]any{
				"apiVersion": map[string]any{"const": schema.APIVersion},
				"kind":       map[string]any{"enum": names},
			},
		},
	})
	return map[string]any{
		"$schema": Dialect,
		"title":   "mdscheck: " + strings.Join(names, ", ") + " (" + schema.APIVersion + ")",
		"description": "A stream of Kubernetes manifests. Documents of kind " + strings.Join(names, ", ") +
			" of " + schema.APIVersion + " are checked against their kind's schema; other documents pass.",
		"allOf": dispatch,
		"$defs": defs,
	}
}
