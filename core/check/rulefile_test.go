package check_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mdscheck/mdscheck/core/check"
)

// TestEveryRuleHasItsFileAndItsDoc holds the list of rules to the code
// and the documentation: each rule has the file that finds it (Rule.File),
// a file of core/check reports the code it is named for, and
// docs/rules.md has a section for the code with an example.
func TestEveryRuleHasItsFileAndItsDoc(t *testing.T) {
	doc, err := os.ReadFile("../../docs/rules.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range check.Rules {
		file := r.File()
		text, err := os.ReadFile(filepath.Join("../..", file))
		switch {
		case err != nil:
			t.Errorf("rule %s: no file %s finds it", r.Code, file)
		case strings.HasPrefix(file, "core/check/") && !strings.Contains(string(text), `"`+r.Code+`"`):
			t.Errorf("rule %s: %s does not report it", r.Code, file)
		}
		head := "\n### `" + r.Code + "`\n"
		i := strings.Index(string(doc), head)
		if i < 0 {
			t.Errorf("rule %s: docs/rules.md has no section ### `%s`", r.Code, r.Code)
			continue
		}
		section := string(doc[i+len(head):])
		if end := strings.Index(section, "\n#"); end >= 0 {
			section = section[:end]
		}
		if !strings.Contains(section, "```yaml\n") {
			t.Errorf("rule %s: its section in docs/rules.md has no example (a yaml block)", r.Code)
		}
	}
	files, err := filepath.Glob("rule_*.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		code := strings.ReplaceAll(strings.TrimSuffix(strings.TrimPrefix(f, "rule_"), ".go"), "_", "-")
		if check.LookupRule(code) == nil {
			t.Errorf("%s is named for %s, which is no rule code of check.Rules", f, code)
		}
	}
}
