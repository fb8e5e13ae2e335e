package lsp_test

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
)

// TestTemplate opens a Helm chart's template: the findings are the
// mistakes planted among its actions, and completion and hover work
// inside it.
func TestTemplate(t *testing.T) {
	t.Parallel()
	path, err := filepath.Abs("../internal/helm/testdata/chart/templates/services.yaml")
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	s, _ := start(t)
	u := uri.File(path)
	var got []string
	for _, d := range s.open(u, string(b)) {
		got = append(got, code(d)+" "+strconv.Itoa(int(d.Range.Start.Line)+1))
	}
	want := "enum 12, type 22, unknown-field 29, required 47"
	if strings.Join(got, ", ") != want {
		t.Errorf("diagnostics %v, want %s", got, want)
	}
	// Hover on a key between actions: line 11, maintenanceWindowDow.
	h := hoverAt(t, s, u, pos(11, 4))
	if h == nil || !strings.Contains(h.Contents.(*protocol.MarkupContent).Value, "maintenanceWindowDow") {
		t.Errorf("hover in the template: %+v", h)
	}
	// Completion on a new line of spec, right after an {{- end }}.
	v := s.edit(u, replace(16, 12, 16, 12, "\n  "))
	s.diagnostics(u, v)
	items := completionItems(t, s, u, pos(17, 2))
	if itemByLabel(items, "disk_space") == nil || itemByLabel(items, "plan") != nil {
		t.Errorf("completion in spec of the template: %v", labels(items))
	}
	// The same text elsewhere is not a template: its actions are YAML
	// mistakes.
	other := uri.File(filepath.Join(t.TempDir(), "services.yaml"))
	if ds := s.open(other, string(b)); len(find(ds, "yaml-syntax")) == 0 {
		t.Errorf("outside a chart the template is read as it is: %v", ds)
	}
}

// TestPatch opens a patch a kustomization lists: nothing it leaves to the
// base is missing.
func TestPatch(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	patch := "apiVersion: example.io/v1alpha1\nkind: Kafka\nmetadata:\n  name: events\nspec:\n  plan: business-8\n  maintenanceWindowDow: funday\n"
	for name, text := range map[string]string{"kustomization.yaml": "resources: [../base]\npatches:\n  - path: plan.yaml\n", "plan.yaml": patch} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	s, _ := start(t)
	var got []string
	for _, d := range s.open(uri.File(filepath.Join(dir, "plan.yaml")), patch) {
		got = append(got, code(d))
	}
	if strings.Join(got, " ") != "enum" {
		t.Errorf("patch diagnostics %v, want the enum alone", got)
	}
}

// TestTemplateDefaultOfASecret: the literal a template's action writes
// for a secret member (a chart's default password) is a secret, which
// the diagnostics of the same file show nowhere.
func TestTemplateDefaultOfASecret(t *testing.T) {
	t.Parallel()
	const secret = "Zq7xK2pLm9Tr0ub4xW"
	dir := t.TempDir()
	src := "apiVersion: example.io/v1alpha1\nkind: Grafana\nmetadata:\n  name: g\nspec:\n  plan: startup-1\n  project: p\n  userConfig:\n" +
		"    auth_github:\n      client_id: c\n      client_secret: {{ .Values.secret | default \"" + secret + "\" | quote }}\n" +
		"---\napiVersion: example.io/v1alpha1\nkind: Kafka\nmetadata:\n  name: events\nspec:\n  plan: business-4\n  project: \"" + secret + "!\"\n"
	for name, text := range map[string]string{"Chart.yaml": "apiVersion: v2\nname: x\nversion: 0.1.0\n", "templates/g.yaml": src} {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	s, _ := start(t)
	ds := s.open(uri.File(filepath.Join(dir, "templates", "g.yaml")), src)
	quoted := false
	for _, d := range ds {
		if strings.Contains(message(d), "!") {
			quoted = true
		}
		if strings.Contains(message(d), secret) {
			t.Errorf("the secret shows: %s", message(d))
		}
	}
	if !quoted {
		t.Errorf("no finding quotes the Kafka's project: %v", ds)
	}
}
