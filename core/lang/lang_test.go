package lang

import (
	"strings"
	"testing"

	"github.com/mdscheck/mdscheck/core/text"
)

// Hover and completion are held to the marker files of testdata/markers
// (marker_test.go), which show what an editor shows; the tests in Go are
// for what a marker cannot say: properties over many texts, limits, the
// secret sweeps, and the outline.

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
	t.Parallel()
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
