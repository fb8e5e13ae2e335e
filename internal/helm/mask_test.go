package helm

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mdscheck/mdscheck/core/check"
	"github.com/mdscheck/mdscheck/core/report"
	"github.com/mdscheck/mdscheck/core/text"
)

// findings checks a masked template and returns "line:col rule" for each
// finding, from 1.
func findings(src string) []string {
	opts := check.DefaultOptions
	opts.Template = true
	var out []string
	f := report.Validate(Mask(src), opts)
	idx := text.NewIndex(f.Text)
	for _, d := range f.Diagnostics {
		at := idx.Position(d.Start, text.UTF16)
		out = append(out, fmt.Sprintf("%d:%d %s", at.Line+1, at.Character+1, d.Rule))
	}
	return out
}

// TestChart checks the template of testdata/chart: if, with/else, range,
// include and toYaml with nindent, values in quotes and actions as whole
// values give no finding; the mistakes planted among them are found
// where they are.
func TestChart(t *testing.T) {
	b, err := os.ReadFile("testdata/chart/templates/services.yaml")
	if err != nil {
		t.Fatal(err)
	}
	got := strings.Join(findings(string(b)), "\n")
	want := strings.Join([]string{
		"12:25 enum",         // maintenanceWindowDow: funday
		"22:28 type",         // log_retention_hours: 1 week
		"29:5 unknown-field", // public_acess
		"47:1 required",      // the OpenSearch's spec has no project and no action among its members
	}, "\n")
	if got != want {
		t.Errorf("findings:\n%s\nwant:\n%s", got, want)
	}
}

func TestMask(t *testing.T) {
	const head = "apiVersion: example.io/v1alpha1\nkind: Kafka\nmetadata:\n  name: x\n"
	cases := []struct {
		name, spec string
		want       string // findings, "" for none
	}{
		{"action as the whole value", "spec:\n  project: {{ .Values.p }}\n  plan: {{ .Values.plan }}\n  disk_space: {{ .Values.disk }}\n", ""},
		{"action inside a quoted value", "spec:\n  project: \"{{ .Values.p }}\"\n  plan: 'x-{{ .Values.plan }}'\n", ""},
		{"action after literal text", "spec:\n  project: team-{{ .Values.p }}\n  plan: b\n  maintenanceWindowDow: day-{{ .Values.d }}\n", ""},
		{"literal mistakes next to actions", "spec:\n  project: {{ .Values.p }}\n  plan: b\n  maintenanceWindowDow: funday\n", "8:25 enum"},
		{"a line of actions only is blank", "spec:\n  {{- if .Values.x }}\n  project: p\n  {{- end }}\n  plan: b\n", ""},
		{"control lines hide no member", "spec:\n  {{- if .Values.x }}\n  plan: b\n  {{- end }}\n", "5:1 required"},
		{"include among members", "spec:\n  plan: b\n  {{- include \"common\" . | nindent 2 }}\n", ""},
		{"include at column 0 with indent", "spec:\n  plan: b\n{{ include \"common\" . | indent 2 }}\n", ""},
		{"toYaml as a whole mapping", "spec:\n  project: p\n  plan: b\n  userConfig:\n    {{- toYaml .Values.uc | nindent 4 }}\n", ""},
		{"toYaml into a block scalar", "spec:\n  project: p\n  plan: b\n  cloudName: |\n    {{ .Values.c }}\n", ""},
		{"a key from an action", "spec:\n  plan: b\n  {{ .Values.k }}: v\n", ""},
		{"else branch is not read", "spec:\n  project: p\n  {{- if .Values.big }}\n  plan: business-8\n  {{- else }}\n  plan: startup-4\n  {{- end }}\n", ""},
		{"else branch mistakes are not read either", "spec:\n  project: p\n  plan: b\n  {{- if .x }}\n  {{- else }}\n  maintenanceWindowDow: funday\n  {{- end }}\n", ""},
		{"range over list items", "spec:\n  project: p\n  plan: b\n  userConfig:\n    ip_filter:\n      {{- range .Values.ips }}\n      - network: {{ . }}\n      {{- end }}\n", ""},
		{"variables and comments", "{{- $name := .Release.Name }}\n{{/* a\ncomment */}}\nspec:\n  project: p\n  plan: b\n", ""},
		{"action with braces in a string", "spec:\n  project: {{ \"}}\" | quote }}\n  plan: b\n  maintenanceWindowDow: funday\n", "8:25 enum"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			src := head + tc.spec
			if got := strings.Join(findings(src), "\n"); got != tc.want {
				t.Errorf("findings %q, want %q\nmasked:\n%s", got, tc.want, Mask(src))
			}
		})
	}
}

// TestMaskKeepsPositions holds for every template, broken ones too: the
// masked text is as long as the template, with every line break where it
// was.
func TestMaskKeepsPositions(t *testing.T) {
	for _, src := range []string{
		"",
		"{{",
		"a: {{ \"unterminated",
		"a: {{ `raw\nover lines` }}\nb: 1\n",
		"{{/* never closed",
		"{{- end }}{{- end }}{{ else }}\n",
		"a:\r\n  {{- include \"x\" . | nindent 2 }}\r\n  b: 1\r\n",
		"x: {{ .a }}{{ .b }}{{ .c }}\n- {{ . }}\n{{ . }}: {{ . }}\n",
		"k:\n{{ toYaml . | nindent 99999999999999999999 }}\n",
	} {
		assertSameShape(t, src, Mask(src))
	}
}

func assertSameShape(t *testing.T, src, masked string) {
	t.Helper()
	if len(masked) != len(src) {
		t.Fatalf("Mask(%q) is %d bytes, not %d", src, len(masked), len(src))
	}
	for i := range src {
		if (src[i] == '\n') != (masked[i] == '\n') {
			t.Fatalf("Mask(%q) = %q moves a line break", src, masked)
		}
	}
}

func FuzzMask(f *testing.F) {
	b, _ := os.ReadFile("testdata/chart/templates/services.yaml")
	f.Add(string(b))
	f.Add("a: {{ .x }}\n  {{- if }}\n")
	f.Fuzz(func(t *testing.T, src string) {
		assertSameShape(t, src, Mask(src))
		findings(src) // must not panic
	})
}

func TestIsTemplate(t *testing.T) {
	for path, want := range map[string]bool{
		"testdata/chart/templates/services.yaml": true,
		"testdata/chart/values.yaml":             false,
		"testdata/chart/Chart.yaml":              false,
		"mask.go":                                false,
	} {
		if got := IsTemplate(filepath.FromSlash(path)); got != want {
			t.Errorf("IsTemplate(%s) = %v", path, got)
		}
	}
	// A templates directory without a chart beside it is a directory.
	dir := filepath.Join(t.TempDir(), "templates")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if IsTemplate(filepath.Join(dir, "a.yaml")) {
		t.Error("a templates directory without Chart.yaml is a chart")
	}
}

// BenchmarkMask masks a 1 MB template: the chart's template over and over.
//
//	go test ./internal/helm -run '^$' -bench Mask
func BenchmarkMask(b *testing.B) {
	one, err := os.ReadFile("testdata/chart/templates/services.yaml")
	if err != nil {
		b.Fatal(err)
	}
	src := strings.Repeat(string(one)+"\n---\n", 1<<20/len(one))
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		Mask(src)
	}
}

// TestMaskKeepsLiterals: the string literals of the actions that write a
// scalar stay in its placeholder, which still starts with check.Masked
// and is a YAML string as long as the scalar: where a secret belongs, the
// check learns the default a chart writes, and masks it where the same
// text is written elsewhere. A key's literals, and the arguments that no
// function writes (required's message, lookup's names), stay masked.
func TestMaskKeepsLiterals(t *testing.T) {
	const secret = "Zq7xK2pLm9Tr0ub4xW"
	for name, member := range map[string]string{
		"a default in a pipeline":  `client_secret: {{ .Values.secret | default "` + secret + `" | quote }}`,
		"default's first argument": `client_secret: {{ default "` + secret + `" .Values.smtp }}`,
		"a literal alone":          `client_secret: {{ "` + secret + `" }}`,
		"a raw string":             "client_secret: {{ `" + secret + "` }}",
		"in quotes":                `client_secret: "{{ .Values.s | default "` + secret + `" }}"`,
		"among literal text":       `client_secret: x-{{ default "` + secret + `" .Values.s }}`,
		"below its key":            "client_secret:\n        {{ default \"" + secret + "\" .Values.s }}",
		"in a flow mapping":        `{client_secret: {{ default "` + secret + `" .Values.s }}, client_id: c}`,
		"after a lookup":           `client_secret: {{ (lookup "v1" "Secret" "ns" "n").data.s | default "` + secret + `" }}`,
		"the first of or":          `client_secret: {{ or .Values.s "` + secret + `" }}`,
	} {
		t.Run(name, func(t *testing.T) {
			auth := "\n      client_id: c\n      " + member
			if member[0] == '{' {
				auth = " " + member
			}
			src := "apiVersion: example.io/v1alpha1\nkind: Grafana\nmetadata:\n  name: g\nspec:\n  plan: p\n  project: \"" + secret +
				"!\"\n  userConfig:\n    auth_github:" + auth + "\n"
			masked := Mask(src)
			if len(masked) != len(src) {
				t.Fatalf("masked to %d bytes of %d", len(masked), len(src))
			}
			opts := check.DefaultOptions
			opts.Template = true
			f := report.Validate(masked, opts)
			if len(f.Diagnostics) == 0 {
				t.Fatalf("no finding on the project:\n%s", masked)
			}
			for _, d := range f.Diagnostics {
				if strings.Contains(d.Message, secret) {
					t.Errorf("%s: %s\nmasked:\n%s", d.Rule, d.Message, masked)
				}
				if d.Rule != "pattern" && d.Rule != "format" {
					t.Errorf("a finding on the placeholder: %s %s\nmasked:\n%s", d.Rule, d.Message, masked)
				}
			}
		})
	}
	for name, line := range map[string]string{
		"a key's":          `  {{ "client_secret" }}: x`,
		"required's":       `  password: {{ required "the password is required" .Values.p }}`,
		"an octal escape":  `  password: {{ default "a\101bcdef" .Values.p }}`,
		"a raw with quote": "  password: {{ default `a\"bcdef` .Values.p }}",
		"lookup's":         `  password: {{ (lookup "v1" "Secret" "ns" "name").data.password | default (include "x.password" .) }}`,
	} {
		masked := Mask(line + "\n")
		for _, w := range []string{"client_secret", "required", "bcdef", "Secret", "name", "x.password"} {
			if strings.Contains(masked, w) {
				t.Errorf("%s literal is kept: %q", name, masked)
			}
		}
	}
}
