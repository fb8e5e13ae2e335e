package main

import (
	"strings"
	"testing"

	"github.com/mdscheck/mdscheck/internal/leak"
)

// TestOwnWordsStayWholeInEveryFormat: in every output format, the enum
// list, the fixed phrases of messages and the schema's member names in
// paths and suggestions stay whole though a Secret holds them, while the
// same secrets stay masked where the findings quote what the user wrote.
func TestOwnWordsStayWholeInEveryFormat(t *testing.T) {
	for _, format := range []string{"text", "json", "sarif", "github"} {
		t.Run(format, func(t *testing.T) {
			code, out, errs := runCLI(t, leak.Vocabulary.Text, "validate", "--no-config", "--format", format, "-")
			if code != 1 {
				t.Fatalf("exit %d, stderr %s", code, errs)
			}
			if format == "json" || format == "sarif" {
				out = strings.ReplaceAll(out, `\"`, `"`)
			}
			for _, want := range leak.Vocabulary.Said {
				if !strings.Contains(out, want) {
					t.Errorf("the output does not say %s:\n%s", want, out)
				}
			}
			if format == "json" {
				for _, want := range []string{`"path": "spec.plan"`, `"pointer": "/spec/plan"`, `"path": "spec.(secret)2"`, `"pointer": "/spec/(secret)2"`} {
					if !strings.Contains(out, want) {
						t.Errorf("the JSON does not hold %s:\n%s", want, out)
					}
				}
			}
			for _, leaked := range leak.Vocabulary.Hidden {
				if strings.Contains(out, leaked) {
					t.Errorf("the output shows the user's %q:\n%s", leaked, out)
				}
			}
		})
	}
}
