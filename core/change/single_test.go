package change

import (
	"strings"
	"testing"
)

func TestFindingsPutADeletionOnTheFirstLine(t *testing.T) {
	prev := search("gone", "") + "---\n" + search("kept", "  project: alpha\n")
	cur := "# the current version\r\n---\n" + search("kept", "  project: beta\n")
	got := Streams(prev, cur).Findings()
	if len(got) != 2 {
		t.Fatalf("got %d findings, want a deletion and an immutable change: %+v", len(got), got)
	}
	del, imm := got[0], got[1]
	if del.Rule != "deletion" || del.Document != -1 || del.Pointer != "" || cur[del.Start:del.End] != "# the current version" {
		t.Errorf("deletion = %+v on %q, want document -1, no pointer, on the first line without its line break", del, cur[del.Start:del.End])
	}
	if !strings.Contains(del.Message, `"gone"`) {
		t.Errorf("the deletion does not name the resource: %s", del.Message)
	}
	if imm.Rule != "immutable" || imm.Document != 0 || cur[imm.Start:imm.End] != "beta" {
		t.Errorf("immutable = %+v on %q, want document 0 on beta", imm, cur[imm.Start:imm.End])
	}
	if got := Streams(prev, "").Findings(); len(got) != 2 || got[0].End != 0 || got[1].End != 0 {
		t.Errorf("deletions into an empty text = %+v, want two on the empty first line", got)
	}
}

func TestBefore(t *testing.T) {
	prev := search("s", "  project: alpha\n  userConfig:\n    opensearch_version: \"1\"\n    ip_filter: [a, b]\n") +
		"---\napiVersion: example.io/v1alpha1\nkind: Kafka\nmetadata: {name: k}\nspec:\n  plan: x\n  authSecretRef: {name: s, key: password}\n"
	cur := search("s", "  project: beta\n  cloudName: new\n  userConfig:\n    opensearch_version: \"1\"\n    ip_filter: [a, c]\n") +
		"---\napiVersion: example.io/v1alpha1\nkind: Grafana\nmetadata: {name: created}\nspec: {plan: y}\n"
	cmp := Streams(prev, cur)
	at := func(s string, nth int) int {
		i := -1
		for range nth {
			i = strings.Index(cur[i+1:], s) + i + 1
		}
		return i + 1
	}
	for _, tc := range []struct {
		name    string
		offset  int
		changed bool
		want    Previous
	}{
		{"on a changed value", at("beta", 1), true, Previous{Value: `"alpha"`, Set: true}},
		{"on its key", at("project", 1), true, Previous{Value: `"alpha"`, Set: true}},
		{"an added member", at("cloudName", 1), true, Previous{}},
		{"an unchanged member", at("opensearch_version", 1), false, Previous{}},
		{"an item of a list", at("c]", 1), true, Previous{Value: `"b"`, Set: true}},
		{"the list itself", at("ip_filter", 1), true, Previous{Value: `["a", "b"]`, Set: true}},
		{"a mapping that holds a change", at("userConfig", 1), true,
			Previous{Value: `{opensearch_version: "1", ip_filter: ["a", "b"]}`, Set: true}},
		{"a resource that is new", at("plan: y", 1), false, Previous{}},
	} {
		got, changed := cmp.Before(tc.offset)
		if changed != tc.changed || got != tc.want {
			t.Errorf("%s (offset %d, %q): got %+v %t, want %+v %t", tc.name, tc.offset, cur[tc.offset:min(tc.offset+12, len(cur))],
				got, changed, tc.want, tc.changed)
		}
	}
}

func TestBeforeNeverShowsASecret(t *testing.T) {
	// The project is an alias of a password's anchor: the same secret.
	spec := func(pw string) string {
		return "  userConfig:\n    azure_migration:\n      key: &pw " + pw + "\n  project: *pw\n"
	}
	cur := search("search", spec("s3cr3t-two"))
	cmp := Streams(search("search", spec("s3cr3t-one")), cur)
	for _, at := range []string{"s3cr3t-two", "*pw", "key:", "azure_migration"} {
		got, changed := cmp.Before(strings.Index(cur, at))
		if !changed || !got.Secret || got.Value != "" {
			t.Errorf("on %s: %+v %t, want changed, Secret and no value", at, got, changed)
		}
	}
}
