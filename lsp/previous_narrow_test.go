package lsp

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	versions "github.com/mdscheck/mdscheck/core/change"
	"github.com/mdscheck/mdscheck/core/check"
)

// Comparing only the documents that differ finds what comparing the whole
// texts finds, at the same places.
func TestNarrowFindsWhatTheWholeComparisonFinds(t *testing.T) {
	search := func(name, project string) string {
		return "apiVersion: example.io/v1alpha1\nkind: OpenSearch\nmetadata:\n  name: " + name +
			"\nspec:\n  plan: startup-4\n  project: " + project + "\n  disk_space: 90GiB\n"
	}
	a, b, c := search("a", "p"), search("b", "p"), search("c", "p")
	pairs := map[string][2]string{
		"one changed in a stream":        {a + "---\n" + b + "---\n" + c, a + "---\n" + search("b", "q") + "---\n" + c},
		"the first, with no marker":      {"# head\n" + a + "---\n" + b, "# head\n" + search("a", "q") + "---\n" + b},
		"one gone, one new":              {a + "---\n" + b, a + "---\n" + c},
		"moved, unchanged":               {a + "---\n" + b, b + "---\n" + a},
		"moved and changed":              {a + "---\n" + b, search("b", "q") + "---\n" + a},
		"end markers, no final line end": {a + "...\n---\n" + b + "...", a + "...\n---\n" + search("b", "q") + "..."},
		"directives":                     {"%YAML 1.2\n---\n" + a, "%YAML 1.2\n---\n" + search("a", "q")},
		"all gone":                       {a + "---\n" + b, "# nothing\n"},
		"a syntax error now":             {a + "---\n" + b, a + "---\n" + "spec: [\n"},
		"a List":                         {"apiVersion: v1\nkind: List\nitems:\n- " + strings.ReplaceAll(a, "\n", "\n  "), "apiVersion: v1\nkind: List\nitems:\n- " + strings.ReplaceAll(search("a", "q"), "\n", "\n  ")},
		"disk space down, in the middle": {a + "---\n" + b + "---\n" + c, a + "---\n" + strings.Replace(b, "90GiB", "80GiB", 1) + "---\n" + c},
	}
	dirs, _ := filepath.Glob("../core/change/testdata/*/previous.yaml")
	for _, p := range dirs {
		prev, err1 := os.ReadFile(p)
		cur, err2 := os.ReadFile(filepath.Join(filepath.Dir(p), "current.yaml"))
		if err1 != nil || err2 != nil {
			t.Fatal(err1, err2)
		}
		pairs[p] = [2]string{string(prev), string(cur)}
	}
	if len(dirs) < 3 {
		t.Fatalf("found %d golden pairs in core/change", len(dirs))
	}
	found := 0
	for name, pair := range pairs {
		n := narrow(pair[0], pair[1])
		got, want := n.findings(), versions.Streams(pair[0], pair[1]).Findings()
		check.Sort(got)
		if len(got) != len(want) || len(got) > 0 && !reflect.DeepEqual(got, want) {
			t.Errorf("%s:\nnarrow: %+v\nwhole:  %+v", name, got, want)
		}
		found += len(want)
		if name == "one changed in a stream" && (n.whole || len(n.pieces) != 1) {
			t.Errorf("%s: compared %d pieces (whole %t), want the one document that changed", name, len(n.pieces), n.whole)
		}
	}
	if found < 15 {
		t.Errorf("only %d findings compared", found)
	}
}

func TestNarrowBefore(t *testing.T) {
	doc := func(name, project string) string {
		return "---\napiVersion: example.io/v1alpha1\nkind: Grafana\nmetadata:\n  name: " + name + "\nspec:\n  plan: x\n  project: " + project + "\n"
	}
	prev := doc("a", "one") + doc("b", "two")
	cur := doc("a", "one") + doc("b", "three")
	n := narrow(prev, cur)
	if was, changed := n.before(strings.Index(cur, "three")); !changed || was.Value != `"two"` {
		t.Errorf("on the changed project: %+v %t, want \"two\"", was, changed)
	}
	if _, changed := n.before(strings.Index(cur, "one")); changed {
		t.Error("a member of an unchanged document changed")
	}
}
