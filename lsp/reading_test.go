package lsp_test

import (
	"fmt"
	"strings"
	"testing"

	"go.lsp.dev/uri"
)

// TestReadsFilesAsKubernetesDoes: the editor sees what the command sees
// for a file saved with a byte-order mark, a List from kubectl get -o
// yaml, and one of our kinds written without our group.
func TestReadsFilesAsKubernetesDoes(t *testing.T) {
	t.Parallel()
	s, _ := start(t)
	cases := []struct{ name, text, want string }{
		{"byte-order mark with kind first", "\ufeffkind: Kafka\napiVersion: example.io/v1alpha1\nmetadata:\n  name: k\nspec:\n  plan: business-4\n  project: Bad Project!\n",
			"6:11-6:23 pattern"},
		{"a List's items", "apiVersion: v1\nkind: List\nitems:\n- apiVersion: example.io/v1alpha1\n  kind: Kafka\n  metadata:\n    name: k\n  spec:\n    plan: business-4\n    project: Bad Project!\n",
			"9:13-9:25 pattern"},
		{"no apiVersion", "kind: Grafana\nmetadata:\n  name: g\nspec:\n  plan: startup-4\n  project: p\n",
			"0:0-0:13 required"},
		{"a version without a group", "apiVersion: v1alpha1\nkind: Grafana\nmetadata:\n  name: g\nspec:\n  plan: startup-4\n  project: p\n",
			"0:12-0:20 const"},
		{"another product's kind", "apiVersion: kafka.strimzi.io/v1beta2\nkind: Kafka\nmetadata:\n  name: k\nspec:\n  kafka: {}\n", ""},
	}
	for i, c := range cases {
		u := uri.URI(fmt.Sprintf("file:///reading/%d.yaml", i))
		var got []string
		for _, d := range s.open(u, c.text) {
			got = append(got, fmt.Sprintf("%d:%d-%d:%d %s", d.Range.Start.Line, d.Range.Start.Character,
				d.Range.End.Line, d.Range.End.Character, code(d)))
		}
		if strings.Join(got, "\n") != c.want {
			t.Errorf("%s: got %q, want %q", c.name, strings.Join(got, "\n"), c.want)
		}
	}
}
