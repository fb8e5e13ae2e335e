package config

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mdscheck/mdscheck/core/check"
	"github.com/mdscheck/mdscheck/core/report"
)

// problems returns "offset-offset message => replace" for each problem.
func problems(c *Config) string {
	var b strings.Builder
	for _, p := range c.Problems {
		b.WriteString(c.Src[p.Start:p.End] + ": " + p.Message)
		if p.Replace != "" {
			b.WriteString(" => " + p.Replace)
		}
		b.WriteByte('\n')
	}
	return b.String()
}

func TestParseProblems(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"", ""},
		{"# only a comment\n", ""},
		{"exclude:\nrules:\noverrides:\n", ""},
		{"rules: {deprecated: off, maximum: information, unknown-field: error}\n", ""},
		{"[1, 2]\n", "[1, 2]: a configuration is a mapping of exclude, unknownFields, rules and overrides, not a list\n"},
		{"exclud: [a]\n", `exclud: unknown key "exclud"; did you mean "exclude"? => exclude` + "\n"},
		{"colour: red\n", `colour: unknown key "colour"; the keys here are exclude, unknownFields, rules and overrides` + "\n"},
		{"rules: {Deprecated: off}\n", `Deprecated: unknown rule code "Deprecated"; did you mean "deprecated"? => deprecated` + "\n"},
		{"rules: {nonsense-rule: off}\n", "nonsense-rule: unknown rule code \"nonsense-rule\"; `mdscheck explain RULE` and docs/rules.md list them\n"},
		{"rules: {maximum: info}\n", `info: the severity of maximum is error, warning, information or off, not "info"; did you mean "information"? => information` + "\n"},
		{"rules: {maximum: 3}\n", `3: the severity of maximum is error, warning, information or off, not "3"` + "\n"},
		{"rules: {maximum: [warning]}\n", `[warning]: the severity of maximum is error, warning, information or off, not a list` + "\n"},
		{"rules:\n  maximum:\n", "maximum: the severity of maximum is error, warning, information or off, not null\n"},
		{"unknownFields: information\n", `information: unknownFields is error, warning or off, not "information"` + "\n"},
		{"unknownFields: off\nrules: {unknown-field: warning}\n", "unknownFields: unknownFields and rules' unknown-field both set the severity of unknown fields; keep one\n"},
		{"exclude: legacy\n", `legacy: exclude is a list of globs, such as ["legacy/**"], not a string` + "\n"},
		{"exclude: [1, \"\", \"a/{b\", /abs]\n", "1: a glob is a string, not a number\n" +
			`"": glob "": an empty glob matches nothing` + "\n" +
			`"a/{b": glob "a/{b": not a valid glob (an unclosed [ or {, or a \ at the end)` + "\n" +
			`/abs: glob "/abs": globs are relative to the directory of the configuration; drop the leading /` + "\n"},
		{"overrides: {files: [a]}\n", "{files: [a]}: overrides is a list of {files: [...], rules: {...}}, not a mapping\n"},
		{"overrides:\n  - rules: {}\n    file: [a]\n", `file: unknown key "file"; did you mean "files"? => files` + "\n" +
			"rules: {}: an override needs files: the globs of the files it applies to\n"},
		{"rules: {}\nrules: {}\n", `rules: "rules" appears twice in this mapping; the last one counts, so keep one` + "\n"},
		{"rules: {a: [\n", "the text is not YAML"},
		{"rules: {}\n---\nexclude: []\n", "exclude: []: a configuration is one YAML document; this second one is ignored\n"},
	} {
		got := problems(Parse("/repo/.mdscheck.yaml", c.src))
		if c.want == "the text is not YAML" {
			if got == "" {
				t.Errorf("%q: no problem", c.src)
			}
			continue
		}
		if got != c.want {
			t.Errorf("%q:\n got %s\nwant %s", c.src, got, c.want)
		}
	}
}

func TestPolicy(t *testing.T) {
	c := Parse("/repo/.mdscheck.yaml", `
unknownFields: warning
rules: {deprecated: off, maximum: warning}
overrides:
  - files: ["staging/**", "*.tmpl.yaml"]
    rules: {maximum: error, unknown-field: information}
  - files: [staging/eu]
    unknownFields: off
`)
	if len(c.Problems) > 0 {
		t.Fatal(problems(c))
	}
	for path, want := range map[string]Policy{
		"/repo/prod/a.yaml":         {"deprecated": Off, "maximum": Warning, "unknown-field": Warning},
		"/repo/staging/a.yaml":      {"deprecated": Off, "maximum": Error, "unknown-field": Information},
		"/repo/staging/eu/x/a.yaml": {"deprecated": Off, "maximum": Error, "unknown-field": Off},
		"/repo/b.tmpl.yaml":         {"deprecated": Off, "maximum": Error, "unknown-field": Information},
		"/repo/sub/b.tmpl.yaml":     {"deprecated": Off, "maximum": Warning, "unknown-field": Warning},
		"/elsewhere/staging/a.yaml": {"deprecated": Off, "maximum": Warning, "unknown-field": Warning},
	} {
		got := c.Policy(path)
		if len(got) != len(want) {
			t.Errorf("%s: %v, want %v", path, got, want)
			continue
		}
		for k, v := range want {
			if got[k] != v {
				t.Errorf("%s: %s is %v, want %v", path, k, got[k], v)
			}
		}
	}
}

func TestExcluded(t *testing.T) {
	c := Parse("/repo/.mdscheck.yaml", `exclude: ["legacy/**", vendor, "**/*.generated.yaml", "./charts/*/templates"]`)
	for path, want := range map[string]bool{
		"/repo/legacy":                           true,
		"/repo/legacy/a.yaml":                    true,
		"/repo/vendor/x/y.yaml":                  true,
		"/repo/src/vendor/y.yaml":                false, // relative to the file's directory
		"/repo/a/b/c.generated.yaml":             true,
		"/repo/charts/web/templates/deploy.yaml": true,
		"/repo/charts/web/values.yaml":           false,
		"/repo/prod/a.yaml":                      false,
		"/other/legacy/a.yaml":                   false, // outside the directory
	} {
		if got := c.Excluded(path); got != want {
			t.Errorf("Excluded(%s) = %t, want %t", path, got, want)
		}
	}
	var none *Config
	if none.Excluded("/repo/legacy/a.yaml") || len(none.Policy("/a")) != 0 {
		t.Error("a nil Config excludes or changes something")
	}
}

func TestFind(t *testing.T) {
	root := t.TempDir()
	write := func(name, text string) {
		p := filepath.Join(root, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(".mdscheck.yaml", "rules: {}\n")        // above the repository: never read
	write("repo/.git", "gitdir: elsewhere\n")     // a worktree's .git is a file
	write("repo/a/.mdscheck.yml", "rules: {}\n")  // .yml is read
	write("repo/a/b/c/file.yaml", "")             // no configuration of its own
	write("repo/d/.mdscheck.yaml", "rules: {}\n") // .yaml wins over .yml
	write("repo/d/.mdscheck.yml", "rules: {}\n")
	for dir, want := range map[string]string{
		"repo/a/b/c": "repo/a/.mdscheck.yml",
		"repo/a":     "repo/a/.mdscheck.yml",
		"repo/d":     "repo/d/.mdscheck.yaml",
		"repo":       "",
		"repo/e":     "", // need not exist
		".":          ".mdscheck.yaml",
	} {
		got := Find(filepath.Join(root, dir))
		if want != "" {
			want = filepath.Join(root, want)
		}
		if got != want {
			t.Errorf("Find(%s) = %q, want %q", dir, got, want)
		}
	}

	var f Finder
	c, err := f.For(filepath.Join(root, "repo/a/b/c/file.yaml"))
	if err != nil || c == nil || c.Path != filepath.Join(root, "repo/a/.mdscheck.yml") || c.Dir != filepath.Join(root, "repo/a") {
		t.Fatalf("For: %+v, %v", c, err)
	}
	if again, _ := f.For(filepath.Join(root, "repo/a/x.yaml")); again != c {
		t.Error("the same configuration was read twice")
	}
	f2 := Finder{Read: func(p string) (string, bool) { return "rules: {enum: off}\n", true }}
	if c, _ := f2.For(filepath.Join(root, "repo/a/x.yaml")); c == nil || c.Rules["enum"] != Off {
		t.Errorf("Read's text was not used: %+v", c)
	}
	if _, err := Load(filepath.Join(root, "repo")); err == nil {
		t.Error("Load of a directory: no error")
	}
}

func TestApply(t *testing.T) {
	f := report.File{Diagnostics: []check.Diagnostic{
		{Rule: "maximum", Severity: check.Error}, {Rule: "deprecated", Severity: check.Warning}, {Rule: "enum", Severity: check.Error},
	}}
	got := Policy{"maximum": Warning, "deprecated": Off}.Apply(f)
	if len(got.Diagnostics) != 2 || got.Diagnostics[0].Severity != check.Warning || got.Diagnostics[1].Rule != "enum" || got.Diagnostics[1].Severity != check.Error {
		t.Errorf("Apply: %+v", got.Diagnostics)
	}
	if f.Diagnostics[0].Severity != check.Error || len(f.Diagnostics) != 3 {
		t.Errorf("Apply changed its input: %+v", f.Diagnostics)
	}
}
