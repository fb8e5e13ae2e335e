package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const chart = "../../internal/helm/testdata/chart"

// TestHelmChart walks a chart: its templates are read with their actions
// masked, so only the planted mistakes are found, each at its line.
func TestHelmChart(t *testing.T) {
	code, out, errs := runCLI(t, "", "validate", "--format", "json", chart)
	if code != 1 {
		t.Fatalf("exit %d\n%s%s", code, out, errs)
	}
	tpl := chart + "/templates/services.yaml"
	want := []string{tpl + ":12:25 enum", tpl + ":22:28 type", tpl + ":29:5 unknown-field", tpl + ":47:1 required"}
	if got := jsonFindings(t, out); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("findings:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestHelmStdin reads a template through standard input, named after its
// file (as an editor sends it), and a rendered chart (helm template ... |),
// named after the chart.
func TestHelmStdin(t *testing.T) {
	tpl := chart + "/templates/services.yaml"
	b, err := os.ReadFile(tpl)
	if err != nil {
		t.Fatal(err)
	}
	_, out, _ := runCLI(t, string(b), "validate", "--format", "json", "--stdin-filename", tpl, "-")
	if got := jsonFindings(t, out); len(got) != 4 || got[0] != tpl+":12:25 enum" {
		t.Errorf("template through stdin: %v", got)
	}
	rendered := `---
# Source: demo/templates/services.yaml
apiVersion: example.io/v1alpha1
kind: Kafka
metadata:
  name: release-demo-events
spec:
  project: "streaming"
  plan: "business-4"
  maintenanceWindowDow: funday
`
	code, out, _ := runCLI(t, rendered, "validate", "--stdin-filename", "chart", "-")
	if code != 1 || !strings.Contains(out, "chart:10:25: error:") {
		t.Errorf("rendered chart through stdin: exit %d\n%s", code, out)
	}
}

// TestHelmActionsAmongLiterals: members an action writes (include ... |
// nindent) beside literal ones are no null values, and an action inside a
// flow mapping hides only the scalar it writes: the mapping's other
// members are checked.
func TestHelmActionsAmongLiterals(t *testing.T) {
	dir := t.TempDir()
	write(t, filepath.Join(dir, "Chart.yaml"), "name: x\nversion: 0.1.0\n")
	write(t, filepath.Join(dir, "templates/g.yaml"), "apiVersion: example.io/v1alpha1\nkind: Grafana\nmetadata:\n  name: g\n  labels:\n"+
		"    {{- include \"labels\" . | nindent 4 }}\n    app: x\nspec:\n  plan: p\n  project: pr\n  userConfig:\n"+
		"    auth_github: {client_id: x, client_secret: \"{{ .Values.s }}\", bogus: 1}\n"+
		"    smtp_server: {host: h, from_address: \"{{ .Values.f }}\", port: 99999}\n")
	_, out, errs := runCLI(t, "", "validate", "--format", "json", dir)
	tpl := filepath.Join(dir, "templates/g.yaml")
	want := []string{tpl + ":12:67 unknown-field", tpl + ":13:67 maximum"}
	if got := jsonFindings(t, out); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("findings:\n%s\nwant:\n%s\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"), errs)
	}
}

// TestHelmKeyWrittenByATemplate: a key an action writes may be any
// member's, a secret's too ({{ "client_secret" }}: S): its value shows in
// no output, in a block mapping or in a flow mapping, where the masking
// of the action hides the value with it.
func TestHelmKeyWrittenByATemplate(t *testing.T) {
	const secret = "ZqHelmSecret12"
	for name, body := range map[string]string{
		"block": "    auth_github:\n      {{ \"client_secret\" }}: " + secret + "\n      bogus: 1\n      client_id: {{ \"client_secret\" }}-" + secret + "x\n",
		"flow":  "    auth_github: { {{ \"client_secret\" }}: " + secret + ", bogus: 1 }\n",
	} {
		dir := t.TempDir()
		write(t, filepath.Join(dir, "Chart.yaml"), "name: x\nversion: 0.1.0\n")
		write(t, filepath.Join(dir, "templates/g.yaml"), "apiVersion: example.io/v1alpha1\nkind: Grafana\nmetadata:\n  name: g\n"+
			"spec:\n  plan: startup-1\n  project: p\n  userConfig:\n"+body)
		for _, format := range []string{"text", "json", "sarif", "github"} {
			code, out, errs := runCLI(t, "", "validate", "--format", format, dir)
			if code != 1 || !strings.Contains(out, "bogus") {
				t.Errorf("%s, %s: exit %d, the finding on bogus is missing:\n%s%s", name, format, code, out, errs)
			}
			if strings.Contains(out+errs, secret) {
				t.Errorf("%s, %s: the secret shows:\n%s%s", name, format, out, errs)
			}
		}
	}
}
