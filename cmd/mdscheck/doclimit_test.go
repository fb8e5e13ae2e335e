package main

import (
	"fmt"
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
