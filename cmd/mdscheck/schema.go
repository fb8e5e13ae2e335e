package main

import (
	"encoding/json"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/mdscheck/mdscheck/core/schema"
	"github.com/mdscheck/mdscheck/internal/jsonschema"
)

// newSchemaCmd prints the JSON Schema of a kind, or of a stream of every
// kind, for tools that take JSON Schema: yaml-language-server,
// kubeconform, IDEs. internal/jsonschema writes it.
func newSchemaCmd() *cobra.Command {
	var all bool
	cmd := &cobra.Command{
		Use:   "schema KIND | --all",
		Short: "Print the JSON Schema of a kind, or of all kinds",
		Long: `Prints the JSON Schema (draft 2020-12) of a kind, for tools that read JSON
Schema: yaml-language-server, kubeconform, IDEs. It holds everything JSON
Schema can say (types, bounds, patterns and the named shapes as patterns,
required members, the rules between members, defaults, deprecation) with
yaml-language-server's hover Markdown, deprecation messages and snippets,
and Kubernetes' x-kubernetes-validations in CEL (immutable members,
comparisons between members). What no keyword can say is written in the
description of the object it binds. An optional member may be null.
KIND is one of ` + orList(schema.Names()) + `.

With --all, one schema for files that hold several kinds: each document
is checked against the schema of its kind, chosen by apiVersion and kind,
and documents that are not ours pass.`,
		Example: `  mdscheck schema Kafka > kafka.schema.json
  mdscheck schema --all > mdscheck.schema.json`,
		Args: func(cmd *cobra.Command, args []string) error {
			if all {
				if len(args) > 0 {
					return fmt.Errorf("unexpected argument %q: --all writes every kind", args[0])
				}
				return nil
			}
			return exactlyOne("KIND or --all")(cmd, args)
		},
		ValidArgsFunction: completeKinds,
		RunE: func(cmd *cobra.Command, args []string) error {
			var out map[string]any
			if all {
				out = jsonschema.Stream()
			} else {
				k := schema.Lookup(args[0])
				if k == nil {
					return fmt.Errorf("unknown kind %q (%s)%s", args[0], orList(schema.Names()), meant(nearest(args[0], schema.Names())))
				}
				out = jsonschema.Kind(k)
			}
			enc := json.NewEncoder(cmd.OutOrStdout())
			enc.SetIndent("", "  ")
			enc.SetEscapeHTML(false)
			if err := enc.Encode(out); err != nil {
				fmt.Fprintf(cmd.ErrOrStderr(), "mdscheck: %v\n", err)
				return exitStatus(2)
			}
			return nil
		},
	}
	cmd.Flags().BoolVar(&all, "all", false, "one schema for every kind, chosen by each document's apiVersion and kind")
	return cmd
}
