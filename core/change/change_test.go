package change

import (
	"strings"
	"testing"

	"github.com/mdscheck/mdscheck/core/check"
)

// search is an OpenSearch manifest named name whose spec holds the lines
// of spec (indented by the caller, two spaces a level below spec).
func search(name, spec string) string {
	return "apiVersion: example.io/v1alpha1\nkind: OpenSearch\nmetadata:\n  name: " + name + "\n  namespace: prod\nspec:\n  plan: startup-4\n" + spec
}

// finding is what a test expects: the rule, the severity, the text the
// finding's span covers and words its message holds.
type finding struct {
	rule  string
	sev   check.Severity
	span  string
	words []string
}

// expect compares the findings of one version with want.
func expect(t *testing.T, src string, got []check.Diagnostic, want []finding) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("got %d findings, want %d: %+v", len(got), len(want), got)
	}
	for i, w := range want {
		d := got[i]
		if d.Rule != w.rule || d.Severity != w.sev || src[d.Start:d.End] != w.span {
			t.Errorf("finding %d: got %s %s on %q, want %s %s on %q (%s)", i, d.Severity, d.Rule, src[d.Start:d.End], w.sev, w.rule, w.span, d.Message)
		}
		for _, word := range w.words {
			if !strings.Contains(d.Message, word) {
				t.Errorf("finding %d: message %q lacks %q", i, d.Message, word)
			}
		}
	}
}

func TestImmutable(t *testing.T) {
	for _, tc := range []struct {
		name      string
		prev, cur string
		want      []finding
	}{
		{"project changed", "  project: alpha\n", "  project: beta\n",
			[]finding{{"immutable", check.Error, "beta", []string{`project cannot change after creation`, `"alpha"`, `"beta"`}}}},
		{"project quoted, same value", "  project: alpha\n", "  project: \"alpha\"\n", nil},
		{"project added", "", "  project: beta\n",
			[]finding{{"immutable", check.Error, "beta", []string{"not set", `"beta"`}}}},
		{"project removed: the finding sits on spec", "  project: alpha\n", "",
			[]finding{{"immutable", check.Error, "spec", []string{`"alpha"`, "removed"}}}},
		{"disabled added as its default: the operator refuses it", "", "  connInfoSecretTargetDisabled: false\n",
			[]finding{{"immutable", check.Error, "false", []string{"cannot be added or removed after creation, even as its default", "not set, now false"}}}},
		{"disabled removed at its default", "  connInfoSecretTargetDisabled: false\n", "",
			[]finding{{"immutable", check.Error, "spec", []string{"even as its default", "was false, now it is removed"}}}},
		{"disabled kept at its default", "  connInfoSecretTargetDisabled: false\n", "  connInfoSecretTargetDisabled: false\n", nil},
		{"disabled turned on", "", "  connInfoSecretTargetDisabled: true\n",
			[]finding{{"immutable", check.Error, "true", []string{"connInfoSecretTargetDisabled", "not set, now true"}}}},
		{"secret name set to the resource name, its default", "",
			"  connInfoSecretTarget:\n    name: search\n", nil},
		{"secret name changed", "  connInfoSecretTarget:\n    name: search\n",
			"  connInfoSecretTarget:\n    name: search-conn\n",
			[]finding{{"immutable", check.Error, "search-conn", []string{`"search"`, `"search-conn"`}}}},
		{"secret target removed: the finding sits on spec", "  connInfoSecretTarget:\n    name: other\n", "",
			[]finding{{"immutable", check.Error, "spec", []string{`"other"`}}}},
		{"integrations removed; creation only", "  serviceIntegrations:\n  - integrationType: read_replica\n    sourceServiceName: src\n", "",
			[]finding{{"immutable", check.Error, "spec", []string{"serviceIntegrations", `[{integrationType: "read_replica", sourceServiceName: "src"}]`, "acts only when the service is created"}}}},
		{"integrations, empty list is no integration", "", "  serviceIntegrations: []\n", nil},
		{"integrations reformatted", "  serviceIntegrations:\n  - integrationType: read_replica\n    sourceServiceName: src\n",
			"  serviceIntegrations: [{sourceServiceName: src, integrationType: read_replica}]\n", nil},
		{"fork source changed; creation only", "  userConfig:\n    project_to_fork_from: old\n",
			"  userConfig:\n    project_to_fork_from: new\n",
			[]finding{{"immutable", check.Error, "new", []string{`"old"`, `"new"`, "acts only when the service is created"}}}},
		{"fork source added as a list: on its key", "", "  userConfig:\n    service_to_fork_from: [a]\n",
			[]finding{{"immutable", check.Error, "service_to_fork_from", []string{`["a"]`}}}},
		{"other members change freely", "  cloudName: a\n  disk_space: 10GiB\n", "  cloudName: b\n  disk_space: 20GiB\n", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cur := search("search", tc.cur)
			c := Streams(search("search", tc.prev), cur)
			expect(t, cur, c.Current[0].Findings, tc.want)
			if len(c.Previous[0].Findings) != 0 {
				t.Errorf("findings on the previous version: %+v", c.Previous[0].Findings)
			}
		})
	}
}

func TestImmutableNeverShowsASecret(t *testing.T) {
	// The project is an alias of a password's anchor: the same secret.
	spec := func(pw string) string {
		return "  userConfig:\n    azure_migration:\n      key: &pw " + pw + "\n  project: *pw\n"
	}
	cur := search("search", spec("s3cr3t-two"))
	c := Streams(search("search", spec("s3cr3t-one")), cur)
	if len(c.Current[0].Findings) != 1 || c.Current[0].Findings[0].Rule != "immutable" {
		t.Fatalf("want one immutable finding, got %+v", c.Current[0].Findings)
	}
	if msg := c.Current[0].Findings[0].Message; strings.Contains(msg, "s3cr3t") || !strings.Contains(msg, "a secret value") {
		t.Errorf("message %q shows the secret, or does not say one changed", msg)
	}
}

func TestRestart(t *testing.T) {
	list := func(hosts string) string {
		return "  userConfig:\n    opensearch:\n      reindex_remote_whitelist: " + hosts + "\n"
	}
	for _, tc := range []struct {
		name      string
		prev, cur string
		want      []finding
	}{
		{"host added", list("[a.example:9200]"), list("[a.example:9200, b.example:9200]"),
			[]finding{{"restart", check.Warning, "reindex_remote_whitelist", []string{"restarts all instances"}}}},
		{"list set", "", list("[a.example:9200]"),
			[]finding{{"restart", check.Warning, "reindex_remote_whitelist", nil}}},
		{"list removed: on the nearest member left", list("[a.example:9200]"), "  userConfig:\n    opensearch: {}\n",
			[]finding{{"restart", check.Warning, "opensearch", nil}}},
		{"same list in block style", list("[a.example:9200]"), "  userConfig:\n    opensearch:\n      reindex_remote_whitelist:\n      - a.example:9200\n", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cur := search("search", tc.cur)
			expect(t, cur, Streams(search("search", tc.prev), cur).Current[0].Findings, tc.want)
		})
	}
}

func TestDiskSpace(t *testing.T) {
	for _, tc := range []struct {
		name      string
		prev, cur string
		want      []finding
	}{
		{"reduced", "  disk_space: 100GiB\n", "  disk_space: 80G\n",
			[]finding{{"disk-space", check.Warning, "80G", []string{`disk_space goes down from "100GiB" to "80G"`, "re-balanced"}}}},
		{"reduced, units in other cases", "  disk_space: 100gib\n", "  disk_space: \"99\"\n",
			[]finding{{"disk-space", check.Warning, `"99"`, nil}}},
		{"grown", "  disk_space: 100GiB\n", "  disk_space: 120GiB\n", nil},
		{"same size in another unit", "  disk_space: 100GiB\n", "  disk_space: 100G\n", nil},
		{"removed: the size stays", "  disk_space: 100GiB\n", "",
			[]finding{{"disk-space", check.Information, "spec", []string{`disk_space is removed (it was "100GiB")`, "current size is kept"}}}},
		{"set to null: removed", "  disk_space: 100GiB\n", "  disk_space:\n",
			[]finding{{"disk-space", check.Information, "disk_space", []string{"current size is kept"}}}},
		{"set for the first time", "", "  disk_space: 80GiB\n", nil},
		{"previous not a size: nothing to compare", "  disk_space: lots\n", "  disk_space: 80GiB\n", nil},
		{"current not a size: the format rule says so", "  disk_space: 100GiB\n", "  disk_space: 080GiB\n", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cur := search("search", tc.cur)
			expect(t, cur, Streams(search("search", tc.prev), cur).Current[0].Findings, tc.want)
		})
	}
}

func TestTransition(t *testing.T) {
	kafka := func(userConfig string) string {
		return "apiVersion: example.io/v1alpha1\nkind: Kafka\nmetadata:\n  name: k\nspec:\n  plan: business-4\n  userConfig:\n" + userConfig
	}
	registry := func(on, topic string) string {
		s := "    schema_registry: " + on + "\n"
		if topic != "" {
			s += "    schema_registry_config:\n      topic_name: " + topic + "\n"
		}
		return s
	}
	primary := func(v string) string {
		return "  userConfig:\n    opensearch:\n      cluster.routing.allocation.balance.prefer_primary: " + v + "\n"
	}
	for _, tc := range []struct {
		name      string
		prev, cur string
		want      []finding
	}{
		{"topic renamed while the registry is on", kafka(registry("true", "_schemas")), kafka(registry("true", "schemas2")),
			[]finding{{"transition", check.Error, "schemas2", []string{`schema_registry_config.topic_name changed from "_schemas" to "schemas2" while schema_registry is true`, "schema ID sequence breaks"}}}},
		{"topic renamed as the registry is turned on", kafka(registry("false", "a")), kafka(registry("true", "b")),
			[]finding{{"transition", check.Error, "b", nil}}},
		{"topic renamed while the registry is off", kafka(registry("false", "a")), kafka(registry("false", "b")), nil},
		{"topic set to its default", kafka(registry("true", "")), kafka(registry("true", "_schemas")), nil},
		{"topic removed, away from its default", kafka(registry("true", "mine")), kafka(registry("true", "")),
			[]finding{{"transition", check.Error, "userConfig", []string{`from "mine" to not set`}}}},
		{"prefer_primary turned off", search("s", primary("true")), search("s", primary("false")),
			[]finding{{"transition", check.Information, "false", []string{"opensearch[cluster.routing.allocation.balance.prefer_primary] goes from true to false", "nothing is redistributed"}}}},
		{"prefer_primary removed: back to its default", search("s", primary("true")), search("s", "  userConfig:\n    opensearch: {}\n"),
			[]finding{{"transition", check.Information, "opensearch", nil}}},
		{"prefer_primary turned on", search("s", primary("false")), search("s", primary("true")), nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			expect(t, tc.cur, Streams(tc.prev, tc.cur).Current[0].Findings, tc.want)
		})
	}
}

func TestDeletion(t *testing.T) {
	a, b := search("a", "  project: p\n"), search("b", "  project: p\n")
	protected := search("b", "  project: p\n  terminationProtection: true\n")
	for _, tc := range []struct {
		name                      string
		prev, cur                 []File
		want                      []finding // on the first previous file
		created, changed, deleted int
	}{
		{"deleted", files(a + "---\n" + b), files(a), []finding{{"deletion", check.Warning, "b",
			[]string{`OpenSearch "b" in namespace "prod" is gone`, "deletes the service and its data"}}}, 0, 0, 1},
		{"protected", files(a + "---\n" + protected), files(a), []finding{{"deletion", check.Error, "b",
			[]string{"terminationProtection: true", "cannot be deleted"}}}, 0, 0, 1},
		{"protection off before", files(search("b", "  terminationProtection: false\n")), files(""),
			[]finding{{"deletion", check.Warning, "b", nil}}, 0, 0, 1},
		{"renamed: a deletion and a create", files(a), files(search("a2", "  project: p\n")),
			[]finding{{"deletion", check.Warning, "a", nil}}, 1, 0, 1},
		{"moved to another namespace", files(a), files(strings.Replace(a, "namespace: prod", "namespace: test", 1)),
			[]finding{{"deletion", check.Warning, "a", nil}}, 1, 0, 1},
		{"moved to another file", files(a, b), files(a+"---\n"+b, ""), nil, 0, 0, 0},
		{"unchanged", files(a), files(a), nil, 0, 0, 0},
		{"a syntax error in the same file: not sure it is gone", []File{{"x.yaml", a}}, []File{{"x.yaml", "a: [\n"}}, nil, 0, 0, 0},
		{"a syntax error in another file: gone", []File{{"x.yaml", a}}, []File{{"x.yaml", ""}, {"y.yaml", "a: [\n"}},
			[]finding{{"deletion", check.Warning, "a", nil}}, 0, 0, 1},
		{"other kinds are not ours", files("apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\n"), files(""), nil, 0, 0, 0},
		{"another group's OpenSearch is not ours", files(strings.Replace(a, "example.io", "other.example", 1)), files(""), nil, 0, 0, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := Compare(tc.prev, tc.cur)
			expect(t, tc.prev[0].Text, c.Previous[0].Findings, tc.want)
			for i, ch := range c.Current {
				if len(ch.Findings) != 0 {
					t.Errorf("findings on current file %d: %+v", i, ch.Findings)
				}
			}
			if cr, ch, de := totals(c); cr != tc.created || ch != tc.changed || de != tc.deleted {
				t.Errorf("created, changed, deleted = %d, %d, %d; want %d, %d, %d", cr, ch, de, tc.created, tc.changed, tc.deleted)
			}
		})
	}
}

// files makes one File a text, named by its place.
func files(texts ...string) []File {
	out := make([]File, len(texts))
	for i, s := range texts {
		out[i] = File{Path: string(rune('a'+i)) + ".yaml", Text: s}
	}
	return out
}

func TestCounts(t *testing.T) {
	prev := files(search("a", "  project: p\n") + "---\n" + search("b", "  project: p\n"))
	cur := files(search("a", "  project: p\n  cloudName: x\n") + "---\n" + search("b", "  project: p\n") + "---\n" + search("c", "  project: p\n"))
	c := Compare(prev, cur)
	if cr, ch, de := totals(c); cr != 1 || ch != 1 || de != 0 {
		t.Errorf("created, changed, deleted = %d, %d, %d; want 1, 1, 0", cr, ch, de)
	}
}

// totals sums the counts of all files.
func totals(c *Comparison) (created, changed, deleted int) {
	for _, f := range c.Current {
		created += f.Created
		changed += f.Changed
	}
	for _, f := range c.Previous {
		deleted += f.Deleted
	}
	return
}

func TestListItems(t *testing.T) {
	list := func(project string) string {
		return "apiVersion: v1\nkind: List\nitems:\n- apiVersion: example.io/v1alpha1\n  kind: Kafka\n  metadata:\n    name: k\n  spec:\n    plan: business-4\n    project: " + project + "\n"
	}
	cur := list("beta")
	c := Streams(list("alpha"), cur)
	expect(t, cur, c.Current[0].Findings, []finding{{"immutable", check.Error, "beta", nil}})
	if d := c.Current[0].Findings[0]; d.Path != "items[0].spec.project" || d.Pointer != "/items/0/spec/project" {
		t.Errorf("path %q, pointer %q; want the item's", d.Path, d.Pointer)
	}
	// The item, moved out of its List, is the same resource.
	single := strings.ReplaceAll(strings.TrimPrefix(list("alpha"), "apiVersion: v1\nkind: List\nitems:\n- "), "\n  ", "\n")
	if cr, ch, de := totals(Streams(list("alpha"), single)); cr+ch+de != 0 {
		t.Errorf("moving out of a List: created, changed, deleted = %d, %d, %d; want none", cr, ch, de)
	}
}

func TestKey(t *testing.T) {
	prev := files("apiVersion: example.io/v1alpha1\nkind: Grafana\nmetadata: {name: g}\nspec: {plan: x, projec: p}\n", "kind: [\n")
	cur := files("# moved\n", "kind: [\n", "apiVersion: example.io/v1alpha1\nkind: Grafana\nmetadata: {name: g}\nspec: {plan: y, projec: p}\n")
	c := Compare(prev, cur)
	same := func(pf, pd int, pp string, cf, cd int, cp, rule string) bool {
		return c.Key(true, pf, pd, pp, rule) == c.Key(false, cf, cd, cp, rule)
	}
	if !same(0, 0, "/spec/projec", 2, 0, "/spec/projec", "unknown-field") {
		t.Error("a finding on the same resource, pointer and rule has another key in a file of another name")
	}
	if same(0, 0, "/spec/projec", 2, 0, "/spec/plan", "unknown-field") {
		t.Error("findings at two pointers share a key")
	}
	if c.Key(true, 0, 0, "/spec/projec", "unknown-field") == c.Key(true, 0, 0, "/spec/projec", "required") {
		t.Error("findings of two rules share a key")
	}
	// A document that names no resource is known by its file and place.
	if !same(1, 0, "", 1, 0, "", "yaml-syntax") {
		t.Error("the same syntax error in the same file has another key")
	}
	if same(1, 0, "", 0, 0, "", "yaml-syntax") {
		t.Error("syntax errors in two files share a key")
	}
	if c.Key(false, 7, 0, "", "x") != "" {
		t.Error("a file out of range has a key")
	}
}
