package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/mdscheck/mdscheck/core/check"
	"github.com/mdscheck/mdscheck/internal/golden"
)

var ruleSection = regexp.MustCompile("(?s)### `([a-z0-9-]+)`\n.*?```yaml\n(.*?)```\n\n```text\n(.*?)```")

// previousExample is the previous version in the section of a rule that
// compares two versions (validate --previous).
var previousExample = regexp.MustCompile("(?s)```yaml previous\n(.*?)```")

// TestRulesDoc runs the example of every rule in docs/rules.md and compares
// what mdscheck prints with the text the page shows, so the page cannot
// drift from the code.
func TestRulesDoc(t *testing.T) {
	const file = "../../docs/rules.md"
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	doc := string(b)
	seen := map[string]bool{}
	doc = ruleSection.ReplaceAllStringFunc(doc, func(section string) string {
		m := ruleSection.FindStringSubmatch(section)
		code, example, shown := m[1], m[2], m[3]
		seen[code] = true
		args := []string{"validate", "--color", "never", "-"}
		prev := filepath.Join(t.TempDir(), "previous.yaml")
		if p := previousExample.FindStringSubmatch(section); p != nil {
			if err := os.WriteFile(prev, []byte(p[1]), 0o644); err != nil {
				t.Fatal(err)
			}
			args = append(args, "--previous", prev)
		}
		_, out, _ := runCLI(t, example, args...)
		out = strings.ReplaceAll(out, "<stdin>", "m.yaml")
		out = strings.ReplaceAll(out, prev, "previous.yaml")
		if i := strings.Index(out, "\ncompared with the previous version"); i >= 0 {
			out = out[:i+1] // the counts of --previous, a second summary line
		}
		lines := strings.Split(strings.TrimSpace(out), "\n")
		got := strings.Join(lines[:len(lines)-1], "\n") + "\n" // without the summary
		if !strings.Contains(got, "["+code+"]") {
			t.Errorf("the example of %s does not trigger it:\n%s", code, got)
		}
		if golden.Update() {
			return strings.Replace(section, "```text\n"+shown+"```", "```text\n"+got+"```", 1)
		}
		if got != shown {
			t.Errorf("docs/rules.md shows for %s:\n%s\nmdscheck prints:\n%s(run go test ./cmd/mdscheck -run TestRulesDoc -update)", code, shown, got)
		}
		return section
	})
	for _, r := range check.Rules {
		if !seen[r.Code] {
			t.Errorf("docs/rules.md has no section for rule %s", r.Code)
		}
	}
	if golden.Update() {
		if err := os.WriteFile(file, []byte(doc), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
