package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mdscheck/mdscheck/core/document"
)

// TestStreamOverTheDocumentLimit: in every format, a stream of more
// documents than the limit shows the findings of the documents before it
// and one limit error that says how many documents the stream has.
func TestStreamOverTheDocumentLimit(t *testing.T) {
	// The command in process, on its own files: no environment,
	// directory or shard size, so it runs beside the others.
	t.Parallel()
	n := document.DefaultLimits.Documents
	head := "apiVersion: example.io/v1alpha1\nkind: Kafka\nmetadata:\n  name: k\nspec:\n  plan: 4\n  project: p\n"
	src := head + strings.Repeat("---\n", n+9)
	limit := fmt.Sprintf("the stream has %d documents, over the limit of %d; this one and the 10 after it were not checked", n+10, n)
	for format, want := range map[string][]string{
		"text":   {"<stdin>:6:9: error: must be a string; 4 is a number in YAML", fmt.Sprintf("<stdin>:%d:1: error: %s [limit]", n+6, limit)},
		"json":   {"4 is a number in YAML", `"` + limit + `"`},
		"sarif":  {"4 is a number in YAML", `"` + limit + `"`},
		"github": {"::error file=<stdin>,line=6,col=9,", fmt.Sprintf("::error file=<stdin>,line=%d,col=1,endLine=%[1]d,endColumn=4,title=mdscheck limit::%s [limit]", n+6, limit)},
	} {
		code, out, errOut := runCLI(t, src, "validate", "--format", format, "-")
		if code != 1 {
			t.Errorf("%s: exit %d, want 1; %s", format, code, errOut)
		}
		for _, w := range want {
			if !strings.Contains(out, w) {
				t.Errorf("%s: the output does not hold %q:\n%.2000s", format, w, out)
			}
		}
	}
}

// TestDocumentOverTheTokenLimit: a Secret refused for its tokens shows
// none of its values on the line of its finding (met anywhere in its
// data), and lends none of its words to the other documents: the
// Kafka it names keeps its name.
func TestDocumentOverTheTokenLimit(t *testing.T) {
	var b strings.Builder
	b.WriteString("apiVersion: example.io/v1alpha1\nkind: Kafka\nmetadata:\n  name: events\nspec:\n  plan: business-4\n  project: demo\n")
	b.WriteString("---\napiVersion: v1\nkind: Secret\nmetadata:\n  name: events\nstringData:\n")
	for i := 0; i < 130_000; i++ {
		fmt.Fprintf(&b, "  k%d: Zq7%06dxW\n", i, i)
	}
	path := filepath.Join(t.TempDir(), "big.yaml")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, _ := runCLI(t, "", "validate", "--color", "never", path)
	if code != 1 || !strings.Contains(out, "tokens, the limit") {
		t.Fatalf("exit %d, want 1 with the token limit:\n%s", code, out)
	}
	if strings.Contains(out, "Zq7") {
		t.Errorf("the line of the finding shows a value of the Secret:\n%s", out)
	}
	// A Deployment refused for its tokens that reads the Kafka's
	// connection Secret: its words are no secrets of the Kafka's.
	b.Reset()
	b.WriteString("apiVersion: example.io/v1alpha1\nkind: Kafka\nmetadata:\n  name: events\nspec:\n  plan: business-4\n  project: demo\n")
	b.WriteString("---\napiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: app\nspec:\n  template:\n    spec:\n      containers:\n        - name: app\n          env:\n")
	for i := 0; i < 20_000; i++ {
		fmt.Fprintf(&b, "            - {name: E%d, valueFrom: {secretKeyRef: {name: events, key: KAFKA_HOST}}}\n", i)
	}
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	_, js, _ := runCLI(t, "", "validate", "--format", "json", path)
	if !strings.Contains(js, "tokens, the limit") || !strings.Contains(js, `"name": "events"`) {
		t.Errorf("the Kafka's name is masked by the refused Deployment's words:\n%.2000s", js)
	}
}
