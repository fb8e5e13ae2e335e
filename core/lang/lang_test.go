package lang

import (
	"strings"
	"testing"

	"github.com/mdscheck/mdscheck/core/text"
)

// at splits a text at the cursor mark "|" and returns the text and the
// cursor's position.
func at(marked string) (string, text.Position) {
	i := strings.Index(marked, "|")
	src := marked[:i] + marked[i+1:]
	return src, text.NewIndex(src).Position(i, text.UTF16)
}

func labels(items []CompletionItem) string {
	var out []string
	for _, it := range items {
		out = append(out, it.Label)
	}
	return strings.Join(out, " ")
}

const head = "apiVersion: example.io/v1alpha1\nkind: Kafka\nmetadata:\n  name: ev\nspec:\n"

func TestCompleteKeys(t *testing.T) {
	cases := []struct {
		name, text string
		want       []string // labels that must be offered
		not        []string // labels that must not be offered
	}{
		{"spec, not parsing", head + "  plan: x\n  |\n  foo: [\n", []string{"project", "cloudName", "karapace", "userConfig"}, []string{"plan", "apiVersion"}},
		{"spec partial word", head + "  proj|", []string{"project"}, nil},
		{"nested userConfig", head + "  userConfig:\n    kafka:\n      |\n", []string{"compression_type", "min_insync_replicas"}, []string{"kafka_version"}},
		{"userConfig level", head + "  userConfig:\n    kafka_version: \"3.8\"\n    |\n", []string{"kafka", "schema_registry"}, []string{"kafka_version", "compression_type"}},
		{"list item", head + "  technicalEmails:\n    - |\n", []string{"email"}, nil},
		{"second key of list item", head + "  userConfig:\n    ip_filter:\n      - network: 10.0.0.0/8\n        |\n", []string{"description"}, []string{"network"}},
		{"metadata", head[:len(head)-len("spec:\n")] + "  |\nspec:\n", []string{"namespace", "labels"}, []string{"name", "plan"}},
		{"top level", head + "  plan: x\n|", []string{"status"}, []string{"spec", "kind", "plan"}},
		{"empty document", "|", []string{"apiVersion", "kind: Kafka"}, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			src, pos := at(c.text)
			got := labels(Complete(src, pos, text.UTF16))
			for _, w := range c.want {
				if !strings.Contains(" "+got+" ", " "+w+" ") {
					t.Errorf("%q not offered; got %s", w, got)
				}
			}
			for _, w := range c.not {
				if strings.Contains(" "+got+" ", " "+w+" ") {
					t.Errorf("%q offered but should not be", w)
				}
			}
		})
	}
}

func TestCompleteRequiredFirstAndSnippet(t *testing.T) {
	src, pos := at(head + "  |\n")
	items := Complete(src, pos, text.UTF16)
	var plan, cloud, vpc *CompletionItem
	for i := range items {
		switch items[i].Label {
		case "plan":
			plan = &items[i]
		case "cloudName":
			cloud = &items[i]
		case "projectVPCRef":
			vpc = &items[i]
		}
	}
	if plan == nil || cloud == nil || vpc == nil {
		t.Fatalf("missing items: %s", labels(items))
	}
	if plan.SortText >= cloud.SortText {
		t.Errorf("required plan sorts after optional cloudName: %q %q", plan.SortText, cloud.SortText)
	}
	if plan.TextEdit.NewText != "plan: " || !strings.Contains(plan.Detail, "required") {
		t.Errorf("plan item %+v", plan)
	}
	if vpc.InsertTextFormat != Snippet || vpc.TextEdit.NewText != "projectVPCRef:\n    name: ${1:name}" {
		t.Errorf("projectVPCRef snippet %q", vpc.TextEdit.NewText)
	}
	if plan.Documentation == nil || !strings.Contains(plan.Documentation.Value, "at most 128") {
		t.Errorf("plan documentation %+v", plan.Documentation)
	}
}

// TestManifestSnippetFromTheSchema: the skeleton of a new manifest holds
// the members the schema requires, with the schema's example for plan, and
// a snippet of an object holds its required members' defaults.
func TestManifestSnippetFromTheSchema(t *testing.T) {
	offered := func(src, label string) string {
		t.Helper()
		text0, pos := at(src)
		for _, it := range Complete(text0, pos, text.UTF16) {
			if it.Label == label && it.InsertTextFormat == Snippet {
				return it.TextEdit.NewText
			}
		}
		t.Fatalf("no snippet %q offered", label)
		return ""
	}
	if got, want := offered("|", "kind: Kafka"), "kind: Kafka\nmetadata:\n  name: ${1:name}\nspec:\n  plan: ${2:startup-4}\n  project: ${3:project}\n  $0"; got != want {
		t.Errorf("kind: Kafka offers %q, want %q", got, want)
	}
	src := "apiVersion: example.io/v1alpha1\nkind: OpenSearch\nmetadata:\n  name: o\nspec:\n  userConfig:\n    opensearch:\n      shard_indexing_pressure:\n        primary_parameter:\n          |\n"
	if got, want := offered(src, "node"), "node:\n            soft_limit: ${1:0.7}"; got != want {
		t.Errorf("node offers %q, want %q", got, want)
	}
}

func TestCompleteValues(t *testing.T) {
	cases := []struct {
		text string
		want string
	}{
		{head + "  maintenanceWindowDow: |\n", "monday tuesday wednesday thursday friday saturday sunday"},
		{head + "  maintenanceWindowDow: fr|\n", "monday tuesday wednesday thursday friday saturday sunday"},
		{head + "  terminationProtection: |\n", "true false"},
		{head + "  userConfig:\n    kafka_version: |\n", `"3.7" "3.8"`},
		{"apiVersion: |\n", "example.io/v1alpha1"},
		{"apiVersion: example.io/v1alpha1\nkind: |\n", "Grafana Kafka OpenSearch"},
	}
	for _, c := range cases {
		src, pos := at(c.text)
		if got := labels(Complete(src, pos, text.UTF16)); got != c.want {
			t.Errorf("%q:\n got %s\nwant %s", c.text, got, c.want)
		}
	}
	// The edit replaces the word typed so far.
	src, pos := at(head + "  maintenanceWindowDow: fr|\n")
	it := Complete(src, pos, text.UTF16)[4]
	if it.TextEdit.Range.Start.Character != 24 || it.TextEdit.Range.End.Character != 26 {
		t.Errorf("edit range %+v", it.TextEdit.Range)
	}
}

func TestCompleteIgnoresOtherGroups(t *testing.T) {
	src, pos := at("apiVersion: v1\nkind: ConfigMap\ndata:\n  |\n")
	if items := Complete(src, pos, text.UTF16); len(items) != 0 {
		t.Errorf("offered %s in a ConfigMap", labels(items))
	}
}

func TestHover(t *testing.T) {
	cases := []struct {
		text string
		want []string
	}{
		{head + "  pl|an: business-4\n  project: p\n", []string{"**spec.plan**: string, required", "at most 128 characters"}},
		{head + "  plan: business-4\n  project: p|x\n", []string{"**spec.project**", "immutable"}},
		{head + "  plan: b\n  project: p\n  userConfig:\n    kafka:\n      compression_t|ype: zstd\n", []string{"spec.userConfig.kafka.compression_type", "`zstd`", "default `producer`"}},
		{"apiVersion: example.io/v1alpha1\nkind: Ka|fka\nmetadata:\n  name: ev\n", []string{"Connection Secret `ev`", "`KAFKA_HOST`"}},
		{head + "  plan: b\n  project: p\n  projectVPCRef: {na|me: net}\n", []string{"**spec.projectVPCRef.name**: string, required"}},
		{head + "  plan: b\n  maintenanceWindowDow: fri|day\n", []string{"**spec.maintenanceWindowDow**", "`sunday`"}},
		{head + "  plan: b\n  technicalEmails:\n    - em|ail: a@b.co\n", []string{"**spec.technicalEmails[].email**"}},
		// Text that does not parse still hovers from indentation.
		{head + "  pl|an: [\n", []string{"**spec.plan**"}},
	}
	for _, c := range cases {
		src, pos := at(c.text)
		h := Hover(src, pos, text.UTF16)
		if h == nil {
			t.Errorf("no hover at %q", c.text)
			continue
		}
		for _, w := range c.want {
			if !strings.Contains(h.Contents.Value, w) {
				t.Errorf("hover at %q lacks %q:\n%s", c.text, w, h.Contents.Value)
			}
		}
	}
	src, pos := at("apiVersion: v1\nkind: Con|figMap\n")
	if h := Hover(src, pos, text.UTF16); h != nil {
		t.Errorf("hover on a ConfigMap: %+v", h)
	}
}

func TestSymbols(t *testing.T) {
	src := head + "  plan: p\n  project: q\n---\napiVersion: v1\nkind: ConfigMap\n"
	syms := Symbols(src, text.UTF16)
	if len(syms) != 2 || syms[0].Name != "Kafka ev" || syms[1].Name != "ConfigMap" {
		t.Fatalf("symbols %+v", syms)
	}
	var spec *Symbol
	for i := range syms[0].Children {
		if syms[0].Children[i].Name == "spec" {
			spec = &syms[0].Children[i]
		}
	}
	if spec == nil || len(spec.Children) != 2 || spec.Children[1].Name != "project" {
		t.Errorf("spec symbol %+v", spec)
	}
}

func TestCompletePresentKeys(t *testing.T) {
	cases := []struct {
		name, text string
		not, want  []string
	}{
		{"keys below the cursor count", head + "  |\n  plan: x\n  project: y\n", []string{"plan", "project"}, []string{"cloudName"}},
		{"keys of the item the cursor starts", head + "  technicalEmails:\n    - |\n      email: a@b.co\n", []string{"email"}, nil},
		{"keys of the next item do not", head + "  userConfig:\n    ip_filter:\n      - network: 10.0.0.0/8\n        |\n      - description: d\n", []string{"network"}, []string{"description"}},
		{"keys of the outer mapping do not", head + "  plan: x\n  projectVPCRef:\n    |\n  project: y\n", nil, []string{"name", "namespace"}},
	}
	for _, c := range cases {
		src, pos := at(c.text)
		got := " " + labels(Complete(src, pos, text.UTF16)) + " "
		for _, w := range c.not {
			if strings.Contains(got, " "+w+" ") {
				t.Errorf("%s: %q offered again", c.name, w)
			}
		}
		for _, w := range c.want {
			if !strings.Contains(got, " "+w+" ") {
				t.Errorf("%s: %q not offered (%s)", c.name, w, got)
			}
		}
	}
}

// BenchmarkCompleteHugeDocument: one document of 20,000 keys; finding the
// keys already present must stay linear.
func BenchmarkCompleteHugeDocument(b *testing.B) {
	var sb strings.Builder
	sb.WriteString(head + "  tags:\n")
	for i := 0; i < 20000; i++ {
		sb.WriteString("    k" + strings.Repeat("x", i%7) + ": v\n")
	}
	src, pos := at(sb.String() + "  |\n")
	for b.Loop() {
		Complete(src, pos, text.UTF16)
	}
}

// TestHoverSecret: the hover on the members that name the connection
// Secret carries it as data, with the keys the Markdown lists, and other
// members carry none. (A name that is also a secret value is hidden by
// secret.Of, which lsp/secret_test.go tests through the command.)
func TestHoverSecret(t *testing.T) {
	src := "apiVersion: example.io/v1alpha1\nkind: Kafka\nmetadata:\n  name: events\n  namespace: data\nspec:\n  plan: business-4\n  project: p\n"
	h := Hover(src, text.Position{Line: 1, Character: 2}, text.UTF16)
	if h == nil || h.Secret == nil {
		t.Fatalf("hover on kind: %+v", h)
	}
	s := h.Secret
	if s.Kind != "Kafka" || s.Name != "events" || s.Namespace != "data" || s.Disabled || len(s.Keys) == 0 {
		t.Errorf("the Secret: %+v", s)
	}
	for _, k := range s.Keys {
		if !strings.Contains(h.Contents.Value, "`"+k+"`") {
			t.Errorf("key %s is not in the Markdown:\n%s", k, h.Contents.Value)
		}
	}
	if h := Hover(src, text.Position{Line: 6, Character: 3}, text.UTF16); h == nil || h.Secret != nil {
		t.Errorf("hover on plan carries a Secret: %+v", h)
	}
	disabled := strings.Replace(src, "spec:\n", "spec:\n  connInfoSecretTargetDisabled: true\n", 1)
	if h := Hover(disabled, text.Position{Line: 1, Character: 2}, text.UTF16); h == nil || h.Secret == nil || !h.Secret.Disabled || h.Secret.Keys == nil || len(h.Secret.Keys) != 0 {
		t.Errorf("hover on kind of a manifest with no Secret: %+v", h)
	}
}
