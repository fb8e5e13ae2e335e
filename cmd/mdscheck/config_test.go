package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// writeTree writes files (path: text) below dir, "DIR/" entries as empty
// directories.
func writeTree(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, text := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if strings.HasSuffix(name, "/") {
			if err := os.MkdirAll(p, 0o755); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// findings runs validate --format json and returns "path rule severity"
// for each finding, sorted, with the exit status and standard error.
func findings(t *testing.T, args ...string) ([]string, int, string) {
	t.Helper()
	code, out, errOut := runCLI(t, invalid, append([]string{"validate", "--format", "json"}, args...)...)
	var res struct {
		Files []struct {
			Path        string `json:"path"`
			Diagnostics []struct {
				Rule, Severity string
			} `json:"diagnostics"`
		} `json:"files"`
		Summary struct{ Errors, Warnings int } `json:"summary"`
	}
	if code == 2 {
		return nil, code, errOut
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatalf("%q: %v\n%s%s", args, err, out, errOut)
	}
	var got []string
	errs, warns := 0, 0
	for _, f := range res.Files {
		for _, d := range f.Diagnostics {
			got = append(got, filepath.ToSlash(f.Path)+" "+d.Rule+" "+d.Severity)
			switch d.Severity {
			case "error":
				errs++
			case "warning":
				warns++
			}
		}
	}
	if res.Summary.Errors != errs || res.Summary.Warnings != warns {
		t.Errorf("%q: the summary counts %d errors, %d warnings; the findings %d, %d", args, res.Summary.Errors, res.Summary.Warnings, errs, warns)
	}
	slices.Sort(got)
	return got, code, errOut
}

// TestConfiguration runs validate in a repository with configuration
// files: what is reported, at which severity, and the exit status.
func TestConfiguration(t *testing.T) {
	// invalid has one pattern and one enum finding.
	both := func(path, pattern, enum string) []string {
		var out []string
		if enum != "" {
			out = append(out, path+" enum "+enum)
		}
		if pattern != "" {
			out = append(out, path+" pattern "+pattern)
		}
		return out
	}
	join := func(lists ...[]string) []string {
		var out []string
		for _, l := range lists {
			out = append(out, l...)
		}
		slices.Sort(out)
		return out
	}
	cases := []struct {
		name   string
		files  map[string]string
		args   []string
		want   []string
		code   int
		stderr string // in standard error, when set
		cd     string // where it runs, below the temporary directory
	}{
		{
			name:  "no configuration",
			files: map[string]string{"a.yaml": invalid},
			args:  []string{"."},
			want:  both("a.yaml", "error", "error"), code: 1,
		},
		{
			name: "rules change severities and turn rules off",
			files: map[string]string{"a.yaml": invalid,
				".mdscheck.yaml": "rules:\n  pattern: warning\n  enum: off\n"},
			args: []string{"."},
			want: both("a.yaml", "warning", ""), code: 0,
		},
		{
			name: "warnings fail with --strict",
			files: map[string]string{"a.yaml": invalid,
				".mdscheck.yaml": "rules: {pattern: warning, enum: information}\n"},
			args: []string{"--strict", "."},
			want: both("a.yaml", "warning", "information"), code: 1,
		},
		{
			name: "a rule raised to an error",
			files: map[string]string{"a.yaml": invalid + "  bogus: 1\n",
				".mdscheck.yaml": "unknownFields: warning\nrules: {pattern: off, enum: off}\n"},
			args: []string{"."},
			want: []string{"a.yaml unknown-field warning"}, code: 0,
		},
		{
			name: "exclude skips files and directories in a walk",
			files: map[string]string{"a.yaml": invalid, "legacy/b.yaml": invalid, "old/c.yaml": invalid, "deep/x/old.yaml": invalid,
				".mdscheck.yaml": "exclude: [\"legacy/**\", old, \"**/old.yaml\"]\n"},
			args: []string{"."},
			want: both("a.yaml", "error", "error"), code: 1,
		},
		{
			name: "an excluded file named on the command line is skipped with a note",
			files: map[string]string{"legacy/b.yaml": invalid, "a.yaml": invalid,
				".mdscheck.yaml": "exclude: [legacy]\n"},
			args: []string{"legacy/b.yaml", "a.yaml"},
			want: both("a.yaml", "error", "error"), code: 1,
			stderr: "legacy/b.yaml: skipped, excluded by .mdscheck.yaml",
		},
		{
			name: "overrides apply over rules, the later over the earlier",
			files: map[string]string{"a.yaml": invalid, "staging/b.yaml": invalid, "staging/eu/c.yaml": invalid,
				".mdscheck.yaml": `rules: {pattern: warning}
overrides:
  - files: ["staging/**"]
    rules: {pattern: off, enum: warning}
  - files: ["staging/eu/*.yaml"]
    rules: {pattern: information}
`},
			args: []string{"."},
			want: join(both("a.yaml", "warning", "error"), both("staging/b.yaml", "", "warning"),
				both("staging/eu/c.yaml", "information", "warning")),
			code: 1,
		},
		{
			name: "the nearest configuration applies, alone",
			files: map[string]string{"a.yaml": invalid, "team/b.yaml": invalid,
				".mdscheck.yaml":      "rules: {pattern: off}\n",
				"team/.mdscheck.yml":  "rules: {enum: warning}\n",
				"team/.mdscheck.yaml": "rules: {enum: off}\n"}, // .yaml wins over .yml
			args: []string{"."},
			want: join(both("a.yaml", "", "error"), both("team/b.yaml", "error", "")), code: 1,
		},
		{
			name: "a directory is excluded by the configuration of its files",
			files: map[string]string{"a.yaml": invalid, "team/legacy/b.yaml": invalid, "old/c.yaml": invalid,
				".mdscheck.yaml":      "exclude: [team/legacy, old]\n",
				"team/.mdscheck.yaml": "rules: {pattern: off}\n"},
			args: []string{"."},
			want: join(both("a.yaml", "error", "error"), both("team/legacy/b.yaml", "", "error")), code: 1,
		},
		{
			name: "a configuration above the repository root is not read",
			files: map[string]string{"repo/a.yaml": invalid, "repo/.git/": "",
				".mdscheck.yaml": "rules: {pattern: off, enum: off}\n"},
			args: []string{"repo"},
			want: both("repo/a.yaml", "error", "error"), code: 1,
		},
		{
			name: "nor one above the repository named as .",
			files: map[string]string{"repo/a.yaml": invalid, "repo/.git/": "",
				".mdscheck.yaml": "exclude: [repo]\n"},
			cd:   "repo",
			args: []string{"."},
			want: both("a.yaml", "error", "error"), code: 1,
		},
		{
			name: "--no-config reads none",
			files: map[string]string{"legacy/a.yaml": invalid,
				".mdscheck.yaml": "exclude: [legacy]\nrules: {pattern: off}\n"},
			args: []string{"--no-config", "."},
			want: both("legacy/a.yaml", "error", "error"), code: 1,
		},
		{
			name: "--config names one for every input, its globs relative to it",
			files: map[string]string{"a.yaml": invalid, "team/b.yaml": invalid,
				"team/.mdscheck.yaml": "rules: {pattern: error, enum: error}\n",
				"conf/strict.yaml":    "exclude: [\"*.yaml\"]\nrules: {pattern: warning}\noverrides:\n  - files: [\"../team/**\", \"**\"]\n    rules: {enum: off}\n"},
			args: []string{"--config", "conf/strict.yaml", "."},
			code: 2, stderr: "conf/strict.yaml:4:13: error: glob \"../team/**\": a glob is matched inside the directory",
		},
		{
			name: "--config with globs that match",
			files: map[string]string{"a.yaml": invalid, "team/b.yaml": invalid,
				"team/.mdscheck.yaml": "rules: {pattern: error, enum: error}\n",
				"ci.yaml":             "exclude: [\"a.yaml\"]\nrules: {pattern: warning}\n"},
			args: []string{"--config", "ci.yaml", "team"},
			want: both("team/b.yaml", "warning", "error"), code: 1,
		},
		{
			name:  "--exclude on the command line",
			files: map[string]string{"a.yaml": invalid, "gen/b.yaml": invalid, "gen/c.yml": invalid},
			args:  []string{"--exclude", "gen/*.yaml", "--exclude=**/*.yml", "."},
			want:  both("a.yaml", "error", "error"), code: 1,
		},
		{
			name: "--unknown-fields wins over the configuration",
			files: map[string]string{"a.yaml": valid + "  bogus: 1\n",
				".mdscheck.yaml": "unknownFields: off\n"},
			args: []string{"--unknown-fields", "warning", "."},
			want: []string{"a.yaml unknown-field warning"}, code: 0,
		},
		{
			name: "standard input takes the configuration of the current directory and its name's overrides",
			files: map[string]string{
				".mdscheck.yaml": "exclude: [\"**\"]\noverrides:\n  - files: [prod]\n    rules: {enum: off}\n"},
			args: []string{"--stdin-filename", "prod/k.yaml", "-"},
			want: both("prod/k.yaml", "error", ""), code: 1,
		},
		{
			name: "mistakes in the configuration, each at its line and column",
			files: map[string]string{"a.yaml": invalid,
				".mdscheck.yaml": "exlude: [x]\nrules:\n  pattern: warn\n  patern: off\noverrides:\n  - rules: {enum: off}\n  - files: [\"[a-\"]\n"},
			args: []string{"."},
			code: 2,
			stderr: `.mdscheck.yaml:1:1: error: unknown key "exlude"; did you mean "exclude"?
.mdscheck.yaml:3:12: error: the severity of pattern is error, warning, information or off, not "warn"; did you mean "warning"?
.mdscheck.yaml:4:3: error: unknown rule code "patern"; did you mean "pattern"?
.mdscheck.yaml:6:5: error: an override needs files: the globs of the files it applies to
.mdscheck.yaml:7:13: error: glob "[a-": not a valid glob`,
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			writeTree(t, dir, c.files)
			if _, ok := c.files["repo/.git/"]; !ok {
				writeTree(t, dir, map[string]string{".git/": ""})
			}
			t.Chdir(filepath.Join(dir, c.cd))
			got, code, errOut := findings(t, c.args...)
			if code != c.code || !slices.Equal(got, c.want) {
				t.Errorf("exit %d, want %d; findings:\n%s\nwant:\n%s\nstderr:\n%s", code, c.code,
					strings.Join(got, "\n"), strings.Join(c.want, "\n"), errOut)
			}
			if !strings.Contains(errOut, c.stderr) {
				t.Errorf("standard error lacks %q:\n%s", c.stderr, errOut)
			}
		})
	}
}

// TestConfigurationFlagErrors: flags that cannot be used are usage errors.
func TestConfigurationFlagErrors(t *testing.T) {
	t.Chdir(t.TempDir())
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--config", "missing.yaml", "-"}, "--config: open missing.yaml"},
		{[]string{"--config", "x.yaml", "--no-config", "-"}, "--config and --no-config contradict each other"},
		{[]string{"--exclude", "[", "-"}, "--exclude: glob \"[\": not a valid glob"},
		{[]string{"--exclude", "/abs/**", "-"}, "drop the leading /"},
	} {
		code, _, errOut := runCLI(t, valid, append([]string{"validate"}, c.args...)...)
		if code != 2 || !strings.Contains(errOut, c.want) {
			t.Errorf("%q: exit %d, want 2 and %q in:\n%s", c.args, code, c.want, errOut)
		}
	}
}

// TestConfigProblemsHoldNoSecret: a problem of the configuration quotes
// what it could not read; when that text is a secret of a manifest of
// the run, it is masked, whatever the mistake.
func TestConfigProblemsHoldNoSecret(t *testing.T) {
	const s = "Zq7uXw9SECRETk2"
	for _, cfg := range []string{
		"rules: {pattern: " + s + "}\n",
		"rules: {" + s + ": off}\n",
		s + ": 1\n",
		"exclude: [\"[" + s + "\"]\n",
	} {
		dir := t.TempDir()
		manifest := "apiVersion: example.io/v1alpha1\nkind: Grafana\nmetadata:\n  name: g\nspec:\n  plan: startup-1\n  project: p\n  userConfig:\n    auth_github:\n      client_id: c\n      client_secret: " + s + "\n"
		if err := os.WriteFile(filepath.Join(dir, "g.yaml"), []byte(manifest), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, ".mdscheck.yaml"), []byte(cfg), 0o644); err != nil {
			t.Fatal(err)
		}
		code, out, errOut := runCLI(t, "", "validate", dir)
		if code != 2 || !strings.Contains(errOut, ".mdscheck.yaml:") {
			t.Errorf("%q: exit %d, stderr %q: want 2 and the problem", cfg, code, errOut)
		}
		if strings.Contains(out+errOut, s) {
			t.Errorf("%q: the output quotes the secret:\n%s%s", cfg, out, errOut)
		}
	}
}
