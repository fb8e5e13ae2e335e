package main

import (
	"encoding/json"
	"fmt"

	"github.com/spf13/cobra"

	"sigs.k8s.io/yaml"

	"github.com/mdscheck/mdscheck/core/schema"
	"github.com/mdscheck/mdscheck/internal/crd"
	"github.com/mdscheck/mdscheck/internal/jsonschema"
)

// newSchemaCmd prints the JSON Schema of a kind, or of a stream of every
// kind, for tools that take JSON Schema: yaml-language-server,
// kubeconform, IDEs. internal/jsonschema writes it. With --crd it prints
// the CustomResourceDefinitions instead, which internal/crd writes.
func newSchemaCmd() *cobra.Command {
	var all, asCRD bool
	cmd := &cobra.Command{
		Use:   "schema [--crd] KIND | --all",
		Short: "Print the JSON Schema or the CustomResourceDefinition of a kind, or of all kinds",
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
and documents that are not ours pass.

With --crd, the kind's CustomResourceDefinition (apiextensions.k8s.io/v1)
as YAML instead, with --all every kind's, one document each: a structural
openAPIV3Schema of the whole spec, the rules between members that are
errors and the members that cannot change after creation as CEL
(x-kubernetes-validations, transition rules on oldSelf). The API server
then refuses what mdscheck reports as an error, except what OpenAPI and
CEL cannot say (YAML-level findings; docs/design.md lists them).
Warnings stay out: a CRD rule can only refuse. To check files with it
offline: kubectl-validate --local-crds DIR FILE...`,
		Example: `  mdscheck schema Kafka > kafka.schema.json
  mdscheck schema --all > mdscheck.schema.json
  mdscheck schema --crd --all > crds.yaml && kubectl apply -f crds.yaml`,
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
			if asCRD {
				return writeCRDs(cmd, all, args)
			}
			var out map[string]any
			if all {
				out = jsonschema.Stream()
			} else {
				k, err := lookupKind(args[0])
				if err != nil {
					return err
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
	cmd.Flags().BoolVar(&asCRD, "crd", false, "print the CustomResourceDefinition (YAML) instead, for the API server and kubectl-validate")
	return cmd
}

// lookupKind returns the kind called name, or an error that lists the
// kinds and the nearest one.
func lookupKind(name string) (*schema.Kind, error) {
	k := schema.Lookup(name)
	if k == nil {
		return nil, fmt.Errorf("unknown kind %q (%s)%s", name, orList(schema.Names()), meant(nearest(name, schema.Names())))
	}
	return k, nil
}

// writeCRDs prints the CustomResourceDefinition of the kind args[0], or
// with all of every kind, as a stream of YAML documents.
func writeCRDs(cmd *cobra.Command, all bool, args []string) error {
	var docs []map[string]any
	if all {
		docs = crd.All()
	} else {
		k, err := lookupKind(args[0])
		if err != nil {
			return err
		}
		docs = []map[string]any{crd.Kind(k)}
	}
	w := cmd.OutOrStdout()
	for i, d := range docs {
		b, err := yaml.Marshal(d)
		if err != nil {
			fmt.Fprintf(cmd.ErrOrStderr(), "mdscheck: %v\n", err)
			return exitStatus(2)
		}
		if i > 0 {
			fmt.Fprintln(w, "---")
		}
		if _, err := w.Write(b); err != nil {
			fmt.Fprintf(cmd.ErrOrStderr(), "mdscheck: %v\n", err)
			return exitStatus(2)
		}
	}
	return nil
}
