// Package emacs_test runs mdscheck in Emacs through Eglot, end to end: a
// real batch Emacs (Debian's emacs-nox 28 with elpa-eglot and
// elpa-yaml-mode) whose init file is a block of the Emacs section of
// docs/editors.md, and a freshly built mdscheck as its server.
// test/e2e.el drives the editor and writes what a user would see as JSON;
// the assertions are here.
package emacs_test

import (
	"context"
	"encoding/json"
	"errors"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/mdscheck/mdscheck/internal/editortest"
)

// The manifest: three mistakes (an unknown field with a quick fix, a
// number where a string is needed, a value above its maximum) and a
// ConfigMap that must stay silent.
const manifestFile = "testdata/kafka.yaml"

type diagnostic struct {
	Line int    `json:"line"`
	Col  int    `json:"col"`
	Type string `json:"type"`
	Code string `json:"code"`
	Text string `json:"text"`
}

type results struct {
	Emacs         string             `json:"emacs"`
	Error         string             `json:"error"`
	Missing       []string           `json:"missing"`
	StandIn       bool               `json:"stand_in"`
	Mode          string             `json:"mode"`
	Diagnostics   []diagnostic       `json:"diagnostics"`
	Hover         string             `json:"hover"`
	AfterSettings []diagnostic       `json:"after_settings"`
	Actions       []string           `json:"actions"`
	FixedLine     string             `json:"fixed_line"`
	AfterFix      []diagnostic       `json:"after_fix"`
	Completion    []string           `json:"completion"`
	Servers       int                `json:"servers"`
	Warnings      string             `json:"warnings"`
	Ms            map[string]float64 `json:"ms"`
}

// Flymake's types of Eglot's diagnostics.
const (
	errorType   = "eglot-error"
	warningType = "eglot-warning"
)

// TestEmacsEndToEnd runs each Emacs Lisp block of the Emacs section of
// docs/editors.md as the init file: in yaml-mode every step a user takes,
// and in yaml-ts-mode (Emacs 29+; a stand-in of that name on Emacs 28)
// the diagnostics, which show that the setup starts the server there too.
func TestEmacsEndToEnd(t *testing.T) {
	t.Parallel()
	emacs := findEmacs(t)
	bin := editortest.BuildServer(t)
	manifest := readFile(t, manifestFile)
	line := func(prefix string) int {
		i := slices.IndexFunc(strings.Split(manifest, "\n"), func(l string) bool { return strings.HasPrefix(l, prefix) })
		if i < 0 {
			t.Fatalf("no line %q in %s", prefix, manifestFile)
		}
		return i
	}
	fixLine := line("  karapaec:")
	want := []diagnostic{
		{Line: fixLine, Col: 2, Type: errorType, Code: "unknown-field", Text: `unknown field "karapaec"; did you mean "karapace"?`},
		{Line: line("    kafka_version:"), Col: len("    kafka_version: "), Type: errorType, Code: "type", Text: `must be a string; 3.8 is a number in YAML, write "3.8"`},
		{Line: line("      min_insync_replicas:"), Col: len("      min_insync_replicas: "), Type: errorType, Code: "maximum", Text: "12 is above the maximum of 7"},
	}

	for _, setup := range initBlocks(t) {
		t.Run(setup.name, func(t *testing.T) {
			t.Run("yaml-mode", func(t *testing.T) {
				r := runEmacs(t, emacs, setup.init, manifest, map[string]string{
					"PATH":                       filepath.Dir(bin) + string(os.PathListSeparator) + os.Getenv("PATH"),
					"MDSCHECK_E2E_MODE":          "yaml-mode",
					"MDSCHECK_E2E_STEPS":         "all",
					"MDSCHECK_E2E_HOVER_LINE":    strconv.Itoa(line("  plan:")),
					"MDSCHECK_E2E_FIX_LINE":      strconv.Itoa(fixLine),
					"MDSCHECK_E2E_COMPLETE_LINE": strconv.Itoa(line("  userConfig:")),
				})
				if r.Mode != "yaml-mode" {
					t.Errorf("the manifest opened in %s, want yaml-mode", r.Mode)
				}
				checkDiagnostics(t, "on opening", r.Diagnostics, want)

				for _, s := range []string{"spec.plan", "string", "required"} {
					if !strings.Contains(r.Hover, s) {
						t.Errorf("hover (ElDoc) on plan lacks %q:\n%s", s, r.Hover)
					}
				}

				// eglot-workspace-configuration and
				// eglot-signal-didChangeConfiguration, as the docs say:
				// unknown fields become warnings, and only they.
				wantWarn := slices.Clone(want)
				wantWarn[0].Type = warningType
				checkDiagnostics(t, "after unknownFields \"warning\"", r.AfterSettings, wantWarn)

				// The quick fix from M-x eglot-code-actions renames the member,
				// and its diagnostic goes.
				if !slices.Equal(r.Actions, []string{"Rename to karapace"}) {
					t.Errorf("eglot-code-actions offered %q, want the rename alone", r.Actions)
				}
				if r.FixedLine != "  karapace: true" {
					t.Errorf("after the quick fix the line reads %q", r.FixedLine)
				}
				checkDiagnostics(t, "after the quick fix", r.AfterFix, want[1:])

				if !slices.Contains(r.Completion, "maintenanceWindowTime") {
					t.Errorf("completion of %q under spec: %q lacks maintenanceWindowTime", "  maint", r.Completion)
				}
				if r.Warnings != "" {
					t.Errorf("warnings shown to the user:\n%s", r.Warnings)
				}
			})

			t.Run("yaml-ts-mode", func(t *testing.T) {
				r := runEmacs(t, emacs, setup.init, manifest, map[string]string{
					"PATH":               filepath.Dir(bin) + string(os.PathListSeparator) + os.Getenv("PATH"),
					"MDSCHECK_E2E_MODE":  "yaml-ts-mode",
					"MDSCHECK_E2E_STEPS": "diagnostics",
				})
				if r.StandIn {
					t.Logf("Emacs %s has no yaml-ts-mode: a stand-in of that name was used", r.Emacs)
				}
				if r.Mode != "yaml-ts-mode" {
					t.Errorf("the manifest opened in %s, want yaml-ts-mode", r.Mode)
				}
				checkDiagnostics(t, "in yaml-ts-mode", r.Diagnostics, want)
			})
		})
	}
}

// TestEmacsServerMissing: with mdscheck.el and no mdscheck program, the
// user is told once how to get one, and no server is started.
func TestEmacsServerMissing(t *testing.T) {
	t.Parallel()
	emacs := findEmacs(t)
	var library *initBlock
	for _, b := range initBlocks(t) {
		if b.name == "mdscheck.el" {
			library = &b
		}
	}
	if library == nil {
		t.Fatal("no block of the Emacs section loads mdscheck.el")
	}
	r := runEmacs(t, emacs, library.init, readFile(t, manifestFile), map[string]string{
		"PATH":               t.TempDir(), // no mdscheck there
		"MDSCHECK_E2E_MODE":  "yaml-mode",
		"MDSCHECK_E2E_STEPS": "missing",
	})
	if r.Servers != 0 {
		t.Errorf("%d servers running without a server program", r.Servers)
	}
	if n := strings.Count(r.Warnings, "Cannot run"); n != 1 || !strings.Contains(r.Warnings, "go install ./cmd/mdscheck") || !strings.Contains(r.Warnings, "in a clone of https://github.com/mdscheck/mdscheck") {
		t.Errorf("want one warning that says how to install mdscheck, after opening two YAML files; got %d:\n%s", n, r.Warnings)
	}
}

// initBlock is an init file under test: a block of the docs.
type initBlock struct {
	name string // mdscheck.el or snippet
	init string
}

// initBlocks returns the Emacs Lisp blocks of the Emacs section of
// docs/editors.md, each a whole init file: the one that loads mdscheck.el
// (its placeholder path replaced by this directory) and the snippet for
// those without it.
func initBlocks(t *testing.T) []initBlock {
	t.Helper()
	docs := readFile(t, filepath.Join("..", "..", "docs", "editors.md"))
	here, err := filepath.Abs(".")
	if err != nil {
		t.Fatal(err)
	}
	const placeholder = "/path/to/mdscheck/editors/emacs"
	var blocks []initBlock
	for _, code := range editortest.FencedBlocks(t, editortest.Section(t, docs, "## Emacs (eglot)"), "elisp") {
		b := initBlock{name: "snippet", init: code}
		if strings.Contains(code, placeholder) {
			b = initBlock{name: "mdscheck.el", init: strings.ReplaceAll(code, placeholder, here)}
		}
		blocks = append(blocks, b)
	}
	names := make([]string, len(blocks))
	for i, b := range blocks {
		names[i] = b.name
	}
	if !slices.Equal(names, []string{"mdscheck.el", "snippet"}) {
		t.Fatalf("the Emacs section's elisp blocks are %q, want one that loads %s and one snippet", names, placeholder)
	}
	return blocks
}

// checkDiagnostics compares Flymake's diagnostics with want: place, type,
// rule, and the message in the text the user reads.
func checkDiagnostics(t *testing.T, when string, got, want []diagnostic) {
	t.Helper()
	same := slices.EqualFunc(got, want, func(g, w diagnostic) bool {
		return g.Line == w.Line && g.Col == w.Col && g.Type == w.Type && g.Code == w.Code &&
			strings.Contains(g.Text, w.Text)
	})
	if !same {
		show := func(ds []diagnostic) string {
			var b strings.Builder
			for _, d := range ds {
				b.WriteString("\n  " + strconv.Itoa(d.Line) + ":" + strconv.Itoa(d.Col) + " " + d.Type + " [" + d.Code + "] " + d.Text)
			}
			return b.String()
		}
		t.Errorf("Flymake's diagnostics %s:\n got %s\nwant %s", when, show(got), show(want))
	}
}

// findEmacs returns the emacs program. Its absence fails the test: a skip
// would pass for a test that never ran. MDSCHECK_NO_EMACS=1 skips it on
// purpose, with a message that says so.
func findEmacs(t *testing.T) string {
	t.Helper()
	p, err := exec.LookPath("emacs")
	if err != nil {
		if os.Getenv("MDSCHECK_NO_EMACS") == "1" {
			t.Skip("MDSCHECK_NO_EMACS=1: the Emacs end-to-end test does not run")
		}
		t.Fatal("emacs not found: " + aptInstall + ", or MDSCHECK_NO_EMACS=1 to skip this test on purpose")
	}
	return p
}

// aptInstall installs what the test needs on Debian 12.
const aptInstall = "apt-get install -y emacs-nox elpa-eglot elpa-yaml-mode"

// runEmacs runs test/e2e.el in batch Emacs with a fresh HOME, init as the
// init file and the manifest in a directory of its own, and reads what it
// recorded.
func runEmacs(t *testing.T, emacs, init, manifest string, env map[string]string) results {
	t.Helper()
	script, err := filepath.Abs(filepath.Join("test", "e2e.el"))
	if err != nil {
		t.Fatal(err)
	}
	home, dir := t.TempDir(), t.TempDir()
	initFile := filepath.Join(home, ".emacs.d", "init.el")
	if err := os.MkdirAll(filepath.Dir(initFile), 0o755); err != nil {
		t.Fatal(err)
	}
	editortest.WriteFile(t, initFile, init)
	file, other := filepath.Join(dir, "kafka.yaml"), filepath.Join(dir, "other.yaml")
	editortest.WriteFile(t, file, manifest)
	editortest.WriteFile(t, other, "apiVersion: v1\nkind: Namespace\nmetadata:\n  name: other\n")
	out := filepath.Join(dir, "results.json")

	// e2e.el bounds each of its waits; this bounds the whole run in case
	// Emacs itself never returns.
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, emacs, "--batch", "-l", script)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "HOME="+home, "XDG_CONFIG_HOME="+filepath.Join(home, ".config"),
		"MDSCHECK_E2E_INIT="+initFile, "MDSCHECK_E2E_FILE="+file, "MDSCHECK_E2E_OTHER="+other,
		"MDSCHECK_E2E_OUT="+out)
	for _, k := range slices.Sorted(maps.Keys(env)) {
		cmd.Env = append(cmd.Env, k+"="+env[k])
	}
	output, err := cmd.CombinedOutput()
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		t.Fatalf("emacs did not finish in 2 minutes:\n%s", output)
	}
	if err != nil {
		t.Fatalf("emacs: %v\n%s", err, output)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatalf("emacs wrote no results: %v\n%s", err, output)
	}
	var r results
	if err := json.Unmarshal(data, &r); err != nil {
		t.Fatalf("results: %v\n%s", err, data)
	}
	if len(r.Missing) > 0 {
		t.Fatalf("Emacs %s lacks the packages %q: %s (Emacs 28, Debian 12); Emacs 29 and later have Eglot built in and take yaml-mode from M-x package-install",
			r.Emacs, r.Missing, aptInstall)
	}
	if r.Error != "" {
		t.Fatalf("the test script failed in Emacs %s: %s\n%s", r.Emacs, r.Error, output)
	}
	t.Logf("Emacs %s", r.Emacs)
	for _, k := range slices.Sorted(maps.Keys(r.Ms)) {
		t.Logf("%-24s %7.1f ms", k, r.Ms[k])
	}
	return r
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}
