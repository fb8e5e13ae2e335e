package main

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/mdscheck/mdscheck/core/schema"
)

// TestSchemaAll: --all prints one schema with every kind under $defs,
// chosen by apiVersion and kind, and takes no KIND beside it.
func TestSchemaAll(t *testing.T) {
	code, out, errOut := runCLI(t, "", "schema", "--all")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var s struct {
		Schema string                    `json:"$schema"`
		Defs   map[string]map[string]any `json:"$defs"`
		AllOf  []struct {
			Then struct {
				Ref string `json:"$ref"`
			}
		}
	}
	if err := json.Unmarshal([]byte(out), &s); err != nil {
		t.Fatal(err)
	}
	var refs []string
	for _, a := range s.AllOf {
		if a.Then.Ref != "" {
			refs = append(refs, strings.TrimPrefix(a.Then.Ref, "#/$defs/"))
		}
	}
	for _, k := range schema.Names() {
		if s.Defs[k] == nil || !slices.Contains(refs, k) {
			t.Errorf("%s: in $defs %v, dispatched to %v", k, s.Defs[k] != nil, refs)
		}
	}
	if !strings.Contains(s.Schema, "2020-12") {
		t.Errorf("$schema %q", s.Schema)
	}
	// Patterns print as written, not with < and > escaped for HTML.
	if strings.Contains(out, `\u003c`) {
		t.Error("the output escapes < for HTML")
	}
	code, out, errOut = runCLI(t, "", "schema", "--all", "Kafka")
	if code != 2 || out != "" || !strings.Contains(errOut, `unexpected argument "Kafka": --all writes every kind`) {
		t.Errorf("--all with a kind: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
}
