package main

import (
	"encoding/json"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/mdscheck/mdscheck/core/schema"
)

// newSchemaCmd prints the JSON Schema of a kind (draft 2020-12 keywords
// that OpenAPI v3 shares, plus x- extensions for what JSON Schema lacks),
// for tools that take JSON Schema: yaml-language-server, kubeconform, IDEs.
func newSchemaCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "schema KIND",
		Short: "Print the JSON Schema of a kind",
		Long: `Prints the JSON Schema (draft 2020-12) of a kind, for tools that read JSON
Schema: yaml-language-server, kubeconform, IDEs. What JSON Schema cannot
say (lifecycle, secrets, deprecation, named formats) is in x- keywords.
KIND is one of ` + orList(schema.Names()) + ".",
		Example:           `  mdscheck schema Kafka > kafka.schema.json`,
		Args:              exactlyOne("KIND"),
		ValidArgsFunction: completeKinds,
		RunE: func(cmd *cobra.Command, args []string) error {
			k := schema.Lookup(args[0])
			if k == nil {
				return fmt.Errorf("unknown kind %q (%s)%s", args[0], orList(schema.Names()), meant(nearest(args[0], schema.Names())))
			}
			out := jsonSchema(k.Manifest)
			out["$schema"] = "https://json-schema.org/draft/2020-12/schema"
			out["title"] = k.Name + " (" + schema.APIVersion + ")"
			enc := json.NewEncoder(cmd.OutOrStdout())
			enc.SetIndent("", "  ")
			if err := enc.Encode(out); err != nil {
				fmt.Fprintf(cmd.ErrOrStderr(), "mdscheck: %v\n", err)
				return exitStatus(2)
			}
			return nil
		},
	}
}

func jsonSchema(s *schema.Schema) map[string]any {
	m := map[string]any{}
	if s.Description != "" {
		m["description"] = s.Description
	}
	switch s.Type {
	case schema.Object:
		m["type"] = "object"
		if s.Free {
			break
		}
		props := map[string]any{}
		var req []string
		for _, p := range s.Properties {
			props[p.Name] = jsonSchema(p.Schema)
			if p.Required {
				req = append(req, p.Name)
			}
		}
		m["properties"] = props
		m["additionalProperties"] = false
		if len(req) > 0 {
			m["required"] = req
		}
	case schema.StringMap:
		m["type"] = "object"
		m["additionalProperties"] = map[string]any{"type": "string"}
	case schema.Array:
		m["type"] = "array"
		if s.Items != nil {
			m["items"] = jsonSchema(s.Items)
		}
		if s.MaxItems > 0 {
			m["maxItems"] = s.MaxItems
		}
	case schema.String:
		m["type"] = "string"
		if s.MinLength > 0 {
			m["minLength"] = s.MinLength
		}
		if s.MaxLength > 0 {
			m["maxLength"] = s.MaxLength
		}
		if s.Pattern != "" {
			m["pattern"] = s.Pattern
		}
		if s.Format != schema.FormatNone {
			m["x-mdscheck-format"] = string(s.Format)
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
	if len(s.Enum) > 0 {
		vals := make([]any, len(s.Enum))
		for i, e := range s.Enum {
			if s.Type == schema.Integer {
				vals[i] = json.Number(e)
			} else {
				vals[i] = e
			}
		}
		m["enum"] = vals
	}
	if s.Default != "" {
		m["default"] = s.Default
		if s.Type != schema.String {
			m["default"] = json.RawMessage(defaultJSON(s.Default))
		}
	}
	if s.Deprecated != "" {
		m["deprecated"] = true
		m["x-deprecation"] = s.Deprecated
	}
	if s.Secret {
		m["writeOnly"] = true
		m["x-secret"] = true
	}
	if s.Lifecycle&schema.Immutable != 0 {
		m["x-immutable"] = true
	}
	if s.Lifecycle&schema.CreateOnly != 0 {
		m["x-create-only"] = true
	}
	if s.Lifecycle&schema.Restarts != 0 {
		m["x-restarts-instances"] = true
	}
	return m
}

// defaultJSON writes a YAML default of a non-string member as JSON.
func defaultJSON(v string) string {
	if json.Valid([]byte(v)) {
		return v
	}
	b, _ := json.Marshal(v)
	return string(b)
}
