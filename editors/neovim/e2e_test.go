// Package neovim_test runs the Neovim plugin end to end: a real, headless
// Neovim (Debian's neovim; .ci/run installs it) with the plugin on its
// runtimepath and a freshly built mdscheck as its server. The Lua scripts
// in test/ drive the editor and write what a user would see as JSON; the
// assertions are here.
package neovim_test

import (
	"context"
	"encoding/json"
	"errors"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/mdscheck/mdscheck/internal/editortest"
	"github.com/mdscheck/mdscheck/lsp"
)

// manifest has one mistake of each kind the test follows: a pattern, a
// misspelt member with a quick fix, a number where a string is needed;
// and a ConfigMap that must stay silent.
const manifest = `apiVersion: v1
kind: ConfigMap
metadata:
  name: unrelated
---
apiVersion: example.io/v1alpha1
kind: OpenSearch
metadata:
  name: search
spec:
  project: Search Team
  plan: business-4
  cloudName: google-europe-west1
  terminationProtectoin: true
  maintenanceWindowDow: sunday
  userConfig:
    opensearch_version: 2
`

// manifestLine is the 0-based line of the manifest that starts with prefix.
func manifestLine(t *testing.T, prefix string) int {
	t.Helper()
	i := slices.IndexFunc(strings.Split(manifest, "\n"), func(l string) bool { return strings.HasPrefix(l, prefix) })
	if i < 0 {
		t.Fatalf("no line %q in the manifest", prefix)
	}
	return i
}

// other holds no manifest of ours.
const other = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: 2
`

type diagnostic struct {
	Line     int    `json:"line"`
	Col      int    `json:"col"`
	Code     string `json:"code"`
	Severity int    `json:"severity"`
	Message  string `json:"message"`
}

type results struct {
	Nvim              string       `json:"nvim"`
	Error             string       `json:"error"`
	Log               []string     `json:"log"`
	Filetype          string       `json:"filetype"`
	Clients           int          `json:"clients"`
	Diagnostics       []diagnostic `json:"diagnostics"`
	Hover             string       `json:"hover"`
	HoverKind         string       `json:"hover_kind"`
	Symbols           []string     `json:"symbols"`
	AfterSettings     []diagnostic `json:"after_settings"`
	Actions           []string     `json:"actions"`
	FixedLine         string       `json:"fixed_line"`
	AfterFix          []diagnostic `json:"after_fix"`
	Completion        []string     `json:"completion"`
	OtherPublished    *int         `json:"other_published"`
	OtherDiagnostics  int          `json:"other_diagnostics"`
	ClientsAfterOther int          `json:"clients_after_other"`
	Health            string       `json:"health"`
	// Milliseconds of each step as the user waits for it; logged, never
	// asserted (docs/performance.md has the numbers).
	Ms map[string]float64 `json:"ms"`
}

// Severities as vim.diagnostic.severity numbers them.
const (
	errorSeverity   = 1
	warningSeverity = 2
)

func TestNeovimEndToEnd(t *testing.T) {
	t.Parallel()
	nvim := findNvim(t)
	bin := editortest.BuildServer(t)
	dir := t.TempDir()
	file := filepath.Join(dir, "search.yaml")
	otherFile := filepath.Join(dir, "deployment.yaml")
	editortest.WriteFile(t, file, manifest)
	editortest.WriteFile(t, otherFile, other)

	line := func(prefix string) int { return manifestLine(t, prefix) }
	hoverLine, kindLine := line("  plan:"), line("kind: OpenSearch")
	fixLine, completeLine := line("  terminationProtectoin:"), line("  userConfig:")

	r := runNvim(t, nvim, dir, "test/e2e.lua", map[string]string{
		"MDSCHECK_BIN":               bin,
		"MDSCHECK_E2E_FILE":          file,
		"MDSCHECK_E2E_OTHER":         otherFile,
		"MDSCHECK_E2E_HOVER_LINE":    strconv.Itoa(hoverLine),
		"MDSCHECK_E2E_KIND_LINE":     strconv.Itoa(kindLine),
		"MDSCHECK_E2E_FIX_LINE":      strconv.Itoa(fixLine),
		"MDSCHECK_E2E_COMPLETE_LINE": strconv.Itoa(completeLine),
	})
	t.Logf("Neovim %s", r.Nvim)
	for _, k := range slices.Sorted(maps.Keys(r.Ms)) {
		t.Logf("%-26s %7.1f ms", k, r.Ms[k])
	}

	if r.Filetype != "yaml" || r.Clients != 1 {
		t.Errorf("filetype %q with %d mdscheck clients, want yaml with 1", r.Filetype, r.Clients)
	}

	// Diagnostics: rule codes on the lines of the mistakes, nothing on the ConfigMap.
	want := []diagnostic{
		{Line: line("  project:"), Col: len("  project: "), Code: "pattern", Severity: errorSeverity},
		{Line: fixLine, Col: 2, Code: "unknown-field", Severity: errorSeverity},
		{Line: line("    opensearch_version:"), Col: len("    opensearch_version: "), Code: "type", Severity: errorSeverity},
	}
	if !sameDiagnostics(r.Diagnostics, want) {
		t.Errorf("diagnostics:\n got %s\nwant %s", show(r.Diagnostics), show(want))
	}
	for _, d := range r.Diagnostics {
		if d.Code == "unknown-field" && !strings.Contains(d.Message, `did you mean "terminationProtection"`) {
			t.Errorf("unknown-field message %q does not suggest the right name", d.Message)
		}
	}

	// Hover on a member and on kind.
	for _, s := range []string{"**spec.plan**", "string", "required"} {
		if !strings.Contains(r.Hover, s) {
			t.Errorf("hover on plan lacks %q:\n%s", s, r.Hover)
		}
	}
	for _, s := range []string{"Connection Secret `search`", "`OPENSEARCH_HOST`", "`OPENSEARCH_PASSWORD`"} {
		if !strings.Contains(r.HoverKind, s) {
			t.Errorf("hover on kind lacks %q:\n%s", s, r.HoverKind)
		}
	}

	// The outline names the manifest.
	if !slices.Contains(r.Symbols, "OpenSearch search") {
		t.Errorf("document symbols %q lack %q", r.Symbols, "OpenSearch search")
	}

	// update_settings reaches the server: unknown fields become warnings,
	// and only they.
	wantWarn := slices.Clone(want)
	wantWarn[1].Severity = warningSeverity
	if !sameDiagnostics(r.AfterSettings, wantWarn) {
		t.Errorf("after unknownFields=warning:\n got %s\nwant %s", show(r.AfterSettings), show(wantWarn))
	}

	// The quick fix renames the member, and its diagnostic goes.
	if !slices.Contains(r.Actions, "Rename to terminationProtection") {
		t.Errorf("code actions %q lack the rename", r.Actions)
	}
	if r.FixedLine != "  terminationProtection: true" {
		t.Errorf("after the quick fix the line reads %q", r.FixedLine)
	}
	if wantFixed := []diagnostic{want[0], want[2]}; !sameDiagnostics(r.AfterFix, wantFixed) {
		t.Errorf("after the fix:\n got %s\nwant %s", show(r.AfterFix), show(wantFixed))
	}

	// Completion of a member being typed under spec.
	if !slices.Contains(r.Completion, "maintenanceWindowTime") {
		t.Errorf("completion of %q under spec: %q lacks maintenanceWindowTime", "  maint", r.Completion)
	}

	// A YAML file with no manifest of ours: the same server, nothing reported.
	if r.OtherPublished == nil || *r.OtherPublished != 0 || r.OtherDiagnostics != 0 {
		t.Errorf("the Deployment got diagnostics: published %v, shown %d", r.OtherPublished, r.OtherDiagnostics)
	}
	if r.ClientsAfterOther != 1 {
		t.Errorf("%d mdscheck clients after opening a second file of the same directory, want 1", r.ClientsAfterOther)
	}
	// :checkhealth mdscheck: the program runs, one client.
	if !strings.Contains(r.Health, "OK") || !strings.Contains(r.Health, bin) || !strings.Contains(r.Health, "1 client running") || strings.Contains(r.Health, "ERROR") {
		t.Errorf(":checkhealth mdscheck:\n%s", r.Health)
	}
	if len(r.Log) > 0 {
		t.Errorf("messages shown to the user: %q", r.Log)
	}
}

// TestNeovimServerMissing: with no server program, the user is told once
// how to get one, and nothing is started; :checkhealth says the same.
func TestNeovimServerMissing(t *testing.T) {
	t.Parallel()
	nvim := findNvim(t)
	dir := t.TempDir()
	file := filepath.Join(dir, "m.yaml")
	editortest.WriteFile(t, file, manifest)
	r := runNvim(t, nvim, dir, "test/missing.lua", map[string]string{
		"MDSCHECK_BIN":      filepath.Join(dir, "no-such-mdscheck"),
		"MDSCHECK_E2E_FILE": file,
	})
	if r.Clients != 0 {
		t.Errorf("%d clients started without a server program", r.Clients)
	}
	if len(r.Log) != 1 || !strings.Contains(r.Log[0], "cannot run") || !strings.Contains(r.Log[0], "go install ./cmd/mdscheck` in a clone of https://github.com/mdscheck/mdscheck") {
		t.Errorf("want one message that says how to install mdscheck, got %q", r.Log)
	}
	if !strings.Contains(r.Health, "ERROR") || !strings.Contains(r.Health, "git clone https://github.com/mdscheck/mdscheck && cd mdscheck && go install ./cmd/mdscheck") {
		t.Errorf(":checkhealth mdscheck does not say how to install mdscheck from a clone:\n%s", r.Health)
	}
}

// TestNeovimVersionPaths checks what the plugin hands Neovim 0.8-0.10
// (vim.lsp.start) and 0.11+ (vim.lsp.config, vim.lsp.enable). Only 0.7 can
// be installed here, so test/versions.lua stubs those functions on it; the
// real 0.7 path runs in TestNeovimEndToEnd.
func TestNeovimVersionPaths(t *testing.T) {
	t.Parallel()
	nvim := findNvim(t)
	dir := t.TempDir()
	project := filepath.Join(dir, "project")
	if err := os.MkdirAll(filepath.Join(project, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(project, "deploy", "prod"), 0o755); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(project, "deploy", "prod", "m.yaml")
	editortest.WriteFile(t, file, manifest)
	bin := filepath.Join(dir, "bin", "mdscheck")
	if err := os.MkdirAll(filepath.Dir(bin), 0o755); err != nil {
		t.Fatal(err)
	}
	editortest.WriteFile(t, bin, "#!/bin/sh\n")
	if err := os.Chmod(bin, 0o755); err != nil {
		t.Fatal(err)
	}

	type config struct {
		Name        string         `json:"name"`
		Cmd         []string       `json:"cmd"`
		Settings    map[string]any `json:"settings"`
		InitOptions map[string]any `json:"init_options"`
		RootDir     any            `json:"root_dir"`
		Filetypes   []string       `json:"filetypes"`
		RootMarkers []string       `json:"root_markers"`
		HasOnInit   bool           `json:"has_on_init"`
	}
	var r struct {
		Error    string   `json:"error"`
		Log      []string `json:"log"`
		StartBuf int      `json:"start_buf"`
		Start    []struct {
			Config config `json:"config"`
			Bufnr  int    `json:"bufnr"`
		} `json:"start"`
		Configured []struct {
			Name   string `json:"name"`
			Config config `json:"config"`
		} `json:"configured"`
		Enabled      []string `json:"enabled"`
		Autocommands int      `json:"autocommands"`
	}
	raw := runNvimRaw(t, nvim, dir, "test/versions.lua", map[string]string{"MDSCHECK_BIN": bin, "MDSCHECK_E2E_FILE": file})
	if err := json.Unmarshal(raw, &r); err != nil {
		t.Fatalf("results: %v\n%s", err, raw)
	}
	if r.Error != "" {
		t.Fatalf("the test script failed: %s", r.Error)
	}

	// 0.8-0.10: one vim.lsp.start for the YAML buffer, none for the JSON one.
	if len(r.Start) != 1 {
		t.Fatalf("vim.lsp.start called %d times, want once (for the YAML buffer only)", len(r.Start))
	}
	s := r.Start[0]
	if s.Bufnr != r.StartBuf {
		t.Errorf("vim.lsp.start for buffer %d, want %d", s.Bufnr, r.StartBuf)
	}
	if s.Config.Name != "mdscheck" || !slices.Equal(s.Config.Cmd, []string{bin, "lsp"}) || !s.Config.HasOnInit {
		t.Errorf("vim.lsp.start config: %+v", s.Config)
	}
	if s.Config.RootDir != project {
		t.Errorf("root_dir %v, want the directory with .git, %s", s.Config.RootDir, project)
	}
	if got := s.Config.Settings["mdscheck"].(map[string]any)["unknownFields"]; got != "off" {
		t.Errorf("settings given as {mdscheck = {...}}: %v", s.Config.Settings)
	}
	if s.Config.InitOptions["unknownFields"] != "off" {
		t.Errorf("init_options %v, want the mdscheck section", s.Config.InitOptions)
	}

	// 0.11+: vim.lsp.config with filetypes and root markers, then enable; no autocommand.
	if len(r.Configured) != 1 || r.Configured[0].Name != "mdscheck" {
		t.Fatalf("vim.lsp.config calls: %+v", r.Configured)
	}
	c := r.Configured[0].Config
	if !slices.Equal(c.Cmd, []string{bin, "lsp"}) {
		t.Errorf("cmd given as a string: %q, want {bin, \"lsp\"}", c.Cmd)
	}
	if !slices.Equal(c.Filetypes, []string{"yaml", "yaml.helm"}) || !slices.Equal(c.RootMarkers, []string{".git"}) {
		t.Errorf("filetypes %q, root_markers %q", c.Filetypes, c.RootMarkers)
	}
	if got := c.Settings["mdscheck"].(map[string]any)["unknownFields"]; got != "warning" || c.InitOptions["unknownFields"] != "warning" {
		t.Errorf("settings %v, init_options %v", c.Settings, c.InitOptions)
	}
	if !slices.Equal(r.Enabled, []string{"mdscheck"}) {
		t.Errorf("vim.lsp.enable calls: %q", r.Enabled)
	}
	if r.Autocommands != 0 {
		t.Errorf("%d autocommands of mdscheck on 0.11, want none (vim.lsp.enable attaches)", r.Autocommands)
	}
	if len(r.Log) > 0 {
		t.Errorf("messages shown to the user: %q", r.Log)
	}
}

// TestNeovimLspConfig checks lsp/mdscheck.lua, which Neovim 0.11+ reads
// for vim.lsp.enable("mdscheck"): its shape, its settings against the
// server's, and the client it describes, started on 0.7 as 0.11 would
// start it (test/lsp_config.lua), with a user's setting merged over it.
func TestNeovimLspConfig(t *testing.T) {
	t.Parallel()
	nvim := findNvim(t)
	bin := editortest.BuildServer(t)
	dir := t.TempDir()
	project := filepath.Join(dir, "project")
	if err := os.MkdirAll(filepath.Join(project, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(project, "deploy"), 0o755); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(project, "deploy", "m.yaml")
	editortest.WriteFile(t, file, manifest)

	var r struct {
		Error       string         `json:"error"`
		Log         []string       `json:"log"`
		Found       []string       `json:"found"`
		Keys        []string       `json:"keys"`
		Cmd         []string       `json:"cmd"`
		Filetypes   []string       `json:"filetypes"`
		RootMarkers []string       `json:"root_markers"`
		Settings    map[string]any `json:"settings"`
		Matches     bool           `json:"filetype_matches"`
		RootDir     string         `json:"root_dir"`
		Diagnostics []diagnostic   `json:"diagnostics"`
	}
	// The file names "mdscheck", not a path: the freshly built one must be
	// the first on PATH.
	path := filepath.Dir(bin) + string(os.PathListSeparator) + os.Getenv("PATH")
	raw := runNvimRaw(t, nvim, dir, "test/lsp_config.lua", map[string]string{"PATH": path, "MDSCHECK_E2E_FILE": file})
	if err := json.Unmarshal(raw, &r); err != nil {
		t.Fatalf("results: %v\n%s", err, raw)
	}
	if r.Error != "" {
		t.Fatalf("the test script failed: %s", r.Error)
	}

	plugin, err := filepath.Abs(".")
	if err != nil {
		t.Fatal(err)
	}
	if want := filepath.Join(plugin, "lsp", "mdscheck.lua"); !slices.Contains(r.Found, want) {
		t.Errorf("lsp/mdscheck.lua on the runtimepath: %q, want %s", r.Found, want)
	}
	// Neovim ignores a field it does not know (a misspelt root_marker would
	// quietly give no root), so every key must be one of vim.lsp.Config's.
	known := []string{"cmd", "filetypes", "root_markers", "root_dir", "settings", "init_options",
		"capabilities", "on_attach", "on_init", "handlers", "workspace_required", "before_init"}
	for _, k := range r.Keys {
		if !slices.Contains(known, k) {
			t.Errorf("lsp/mdscheck.lua has %q, which is no field of vim.lsp.Config", k)
		}
	}
	if !slices.Equal(r.Cmd, []string{"mdscheck", "lsp"}) {
		t.Errorf("cmd %q, want {\"mdscheck\", \"lsp\"}", r.Cmd)
	}
	if !slices.Equal(r.Filetypes, []string{"yaml"}) || !r.Matches {
		t.Errorf("filetypes %q (the manifest's filetype among them: %t), want {\"yaml\"}", r.Filetypes, r.Matches)
	}
	if !slices.Equal(r.RootMarkers, []string{".git"}) || r.RootDir != project {
		t.Errorf("root_markers %q gave the root %q, want {\".git\"} giving %s", r.RootMarkers, r.RootDir, project)
	}
	checkSettings(t, r.Settings)

	// The client the file describes checks the manifest, with the
	// user's unknownFields = "warning" merged over the file's settings.
	want := []diagnostic{
		{Line: manifestLine(t, "  project:"), Code: "pattern", Severity: errorSeverity},
		{Line: manifestLine(t, "  terminationProtectoin:"), Code: "unknown-field", Severity: warningSeverity},
		{Line: manifestLine(t, "    opensearch_version:"), Code: "type", Severity: errorSeverity},
	}
	if !slices.EqualFunc(r.Diagnostics, want, func(a, b diagnostic) bool {
		return a.Line == b.Line && a.Code == b.Code && a.Severity == b.Severity
	}) {
		t.Errorf("diagnostics from the client of lsp/mdscheck.lua:\n got %s\nwant %s", show(r.Diagnostics), show(want))
	}
	if len(r.Log) > 0 {
		t.Errorf("messages shown to the user: %q", r.Log)
	}
}

// checkSettings compares the settings of lsp/mdscheck.lua with the
// server's: the section "mdscheck" with every setting the server reads
// (the JSON names of lsp.Settings) at its default, so that a renamed or
// new setting cannot leave the file behind.
func checkSettings(t *testing.T, settings map[string]any) {
	t.Helper()
	section, ok := settings["mdscheck"].(map[string]any)
	if !ok || len(settings) != 1 {
		t.Fatalf("settings %v, want one section, mdscheck", settings)
	}
	data, err := json.Marshal(lsp.DefaultSettings)
	if err != nil {
		t.Fatal(err)
	}
	var defaults map[string]any
	if err := json.Unmarshal(data, &defaults); err != nil {
		t.Fatal(err)
	}
	if !maps.Equal(section, defaults) {
		t.Errorf("settings.mdscheck = %v, want the server's settings at their defaults, %v", section, defaults)
	}
}

// TestNeovimDocs runs every Lua block of the Neovim section of
// docs/editors.md in Neovim (test/docs.lua, with vim.lsp.config,
// vim.lsp.enable and nvim-lspconfig stubbed) and holds what each does to
// lsp/mdscheck.lua: the configurations the docs print are the file's.
func TestNeovimDocs(t *testing.T) {
	t.Parallel()
	nvim := findNvim(t)
	dir := t.TempDir()
	docs, err := os.ReadFile(filepath.Join("..", "..", "docs", "editors.md"))
	if err != nil {
		t.Fatal(err)
	}
	blocks := editortest.FencedBlocks(t, editortest.Section(t, string(docs), "## Neovim"), "lua")
	var paths []string
	for i, b := range blocks {
		p := filepath.Join(dir, "block"+strconv.Itoa(i+1)+".lua")
		editortest.WriteFile(t, p, b)
		paths = append(paths, p)
	}
	list, err := json.Marshal(paths)
	if err != nil {
		t.Fatal(err)
	}

	type config struct {
		Cmd         []string       `json:"cmd"`
		Filetypes   []string       `json:"filetypes"`
		RootMarkers []string       `json:"root_markers"`
		RootDir     any            `json:"root_dir"`
		Settings    map[string]any `json:"settings"`
		SingleFile  any            `json:"single_file_support"`
	}
	var r struct {
		Error  string `json:"error"`
		File   config `json:"file"`
		Blocks []struct {
			Error      string `json:"error"`
			Configured []struct {
				Name   string `json:"name"`
				Config config `json:"config"`
			} `json:"configured"`
			Enabled   []string `json:"enabled"`
			Lspconfig []struct {
				Name          string `json:"name"`
				DefaultConfig config `json:"default_config"`
			} `json:"lspconfig"`
			Setup []struct {
				Name string `json:"name"`
			} `json:"setup"`
			Spec *struct {
				Dir    any    `json:"dir"`
				Config string `json:"config"`
			} `json:"spec"`
		} `json:"blocks"`
	}
	raw := runNvimRaw(t, nvim, dir, "test/docs.lua", map[string]string{"MDSCHECK_E2E_BLOCKS": string(list)})
	if err := json.Unmarshal(raw, &r); err != nil {
		t.Fatalf("results: %v\n%s", err, raw)
	}
	if r.Error != "" {
		t.Fatalf("the test script failed: %s", r.Error)
	}
	if len(r.Blocks) != len(blocks) {
		t.Fatalf("%d blocks run of %d", len(r.Blocks), len(blocks))
	}

	// What the file's table says, in the form each snippet spells it.
	file := r.File
	sameAsFile := func(what string, c config) {
		t.Helper()
		if !slices.Equal(c.Cmd, file.Cmd) || !slices.Equal(c.Filetypes, file.Filetypes) || !reflect.DeepEqual(c.Settings, file.Settings) {
			t.Errorf("%s: cmd %q, filetypes %q, settings %v; lsp/mdscheck.lua has %q, %q, %v",
				what, c.Cmd, c.Filetypes, c.Settings, file.Cmd, file.Filetypes, file.Settings)
		}
	}
	seen := map[string]bool{}
	var whole []string // the blocks that give a whole configuration
	for i, b := range r.Blocks {
		name := "block " + strconv.Itoa(i+1) + " of the Neovim section:\n" + blocks[i]
		if b.Error != "" {
			t.Errorf("%s\nfails: %s", name, b.Error)
			continue
		}
		did := false
		for _, c := range b.Configured {
			did = true
			if c.Name != "mdscheck" {
				t.Errorf("%s\nconfigures %q", name, c.Name)
			}
			if c.Config.Cmd == nil {
				// A change merged over lsp/mdscheck.lua: settings only.
				seen["override"] = true
				if s, ok := c.Config.Settings["mdscheck"].(map[string]any); !ok || s["unknownFields"] == nil {
					t.Errorf("%s\nchanges %v, want a setting of the section mdscheck", name, c.Config.Settings)
				}
				continue
			}
			seen["full"] = true
			whole = append(whole, blocks[i])
			sameAsFile(name, c.Config)
			if !slices.Equal(c.Config.RootMarkers, file.RootMarkers) {
				t.Errorf("%s\nroot_markers %q, lsp/mdscheck.lua has %q", name, c.Config.RootMarkers, file.RootMarkers)
			}
		}
		for _, e := range b.Enabled {
			did = true
			seen["enable"] = true
			if e != "mdscheck" {
				t.Errorf("%s\nenables %q", name, e)
			}
		}
		for _, c := range b.Lspconfig {
			did = true
			seen["lspconfig"] = true
			whole = append(whole, blocks[i])
			sameAsFile(name, c.DefaultConfig)
			markers, _ := c.DefaultConfig.RootDir.(map[string]any)["markers"].([]any)
			if len(markers) != len(file.RootMarkers) || markers[0] != file.RootMarkers[0] {
				t.Errorf("%s\nroot_dir from root_pattern%v, lsp/mdscheck.lua has root_markers %q", name, markers, file.RootMarkers)
			}
			if !slices.ContainsFunc(b.Setup, func(s struct {
				Name string `json:"name"`
			}) bool {
				return s.Name == c.Name
			}) {
				t.Errorf("%s\ndefines %q for nvim-lspconfig but never calls its setup()", name, c.Name)
			}
		}
		if b.Spec != nil {
			did = true
			seen["lazy"] = true
			if dir, _ := b.Spec.Dir.(string); !strings.HasSuffix(dir, "/editors/neovim") || b.Spec.Config != "function" {
				t.Errorf("%s\nis a lazy.nvim spec with dir %v and config a %s", name, b.Spec.Dir, b.Spec.Config)
			}
		}
		if !did {
			t.Errorf("%s\ndoes nothing this test knows how to check", name)
		}
	}
	for _, k := range []string{"enable", "override", "full", "lspconfig", "lazy"} {
		if !seen[k] {
			t.Errorf("no block of the Neovim section does %q", k)
		}
	}

	// The help file prints the same configurations as the docs.
	help, err := os.ReadFile(filepath.Join("doc", "mdscheck.txt"))
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range whole {
		indented := "    " + strings.ReplaceAll(b, "\n", "\n    ")
		if !strings.Contains(string(help), indented) {
			t.Errorf("doc/mdscheck.txt lacks this block of docs/editors.md (indented by 4):\n%s", b)
		}
	}
}

// TestNeovimHelp: :help mdscheck finds the help file, its tags are
// well formed, and every |link| in it leads to a help tag.
func TestNeovimHelp(t *testing.T) {
	t.Parallel()
	nvim := findNvim(t)
	dir := t.TempDir()
	doc := filepath.Join(dir, "doc")
	if err := os.MkdirAll(doc, 0o755); err != nil {
		t.Fatal(err)
	}
	text, err := os.ReadFile(filepath.Join("doc", "mdscheck.txt"))
	if err != nil {
		t.Fatal(err)
	}
	editortest.WriteFile(t, filepath.Join(doc, "mdscheck.txt"), string(text))
	// helptags writes a tags file beside the help file it reads: in the
	// copy, never in the work tree. (A tags file a user's :helptags ALL
	// made in a checkout is ignored by .gitignore.)
	_, err = os.Stat(filepath.Join("doc", "tags"))
	hadTags := err == nil
	defer func() {
		if _, err := os.Stat(filepath.Join("doc", "tags")); err == nil && !hadTags {
			t.Errorf("the test left doc/tags in the work tree")
		}
	}()
	var r struct {
		Error  string   `json:"error"`
		Tags   []string `json:"tags"`
		Broken []string `json:"broken"`
		First  string   `json:"first"`
	}
	raw := runNvimRaw(t, nvim, dir, "test/help.lua", map[string]string{"MDSCHECK_E2E_DOC": doc})
	if err := json.Unmarshal(raw, &r); err != nil {
		t.Fatalf("results: %v\n%s", err, raw)
	}
	if r.Error != "" {
		t.Fatalf("the help script failed: %s", r.Error)
	}
	for _, tag := range []string{"mdscheck.txt", "mdscheck.setup()", "mdscheck-settings", "mdscheck-lspconfig", "mdscheck-lsp-config", "mdscheck-troubleshooting"} {
		if !slices.Contains(r.Tags, tag) {
			t.Errorf("no help tag %q in %q", tag, r.Tags)
		}
	}
	if len(r.Broken) > 0 {
		t.Errorf("links to no help tag: %q", r.Broken)
	}
	if !strings.Contains(r.First, "*mdscheck.txt*") {
		t.Errorf(":help mdscheck opened %q", r.First)
	}
}

// findNvim returns the nvim program. Its absence fails the test: CI
// installs it (.ci/run), and a skip would pass for a test that never ran.
// MDSCHECK_NO_NVIM=1 skips it on purpose, with a message that says so.
func findNvim(t *testing.T) string {
	t.Helper()
	p, err := exec.LookPath("nvim")
	if err != nil {
		if os.Getenv("MDSCHECK_NO_NVIM") == "1" {
			t.Skip("MDSCHECK_NO_NVIM=1: the Neovim end-to-end test does not run")
		}
		t.Fatal("nvim not found: apt-get install -y neovim (.ci/run does), or MDSCHECK_NO_NVIM=1 to skip this test on purpose")
	}
	return p
}

// runNvim runs a Lua script of test/ in headless Neovim with the plugin
// on its runtimepath and no user configuration, and reads its results.
func runNvim(t *testing.T, nvim, dir, script string, env map[string]string) results {
	t.Helper()
	data := runNvimRaw(t, nvim, dir, script, env)
	var r results
	if err := json.Unmarshal(data, &r); err != nil {
		t.Fatalf("results: %v\n%s", err, data)
	}
	if r.Error != "" {
		t.Fatalf("the test script failed in Neovim %s: %s\nmessages: %q", r.Nvim, r.Error, r.Log)
	}
	return r
}

// runNvimRaw runs the script and returns the JSON it wrote.
func runNvimRaw(t *testing.T, nvim, dir, script string, env map[string]string) []byte {
	t.Helper()
	plugin, err := filepath.Abs(".")
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "results.json")
	// The Lua script bounds each of its waits; this bounds the whole run
	// in case Neovim itself never returns.
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, nvim, "--headless", "-u", "NONE", "-i", "NONE", "-n",
		"--cmd", "set rtp^="+plugin, "-c", "luafile "+filepath.Join(plugin, script))
	cmd.Dir = dir
	home := t.TempDir()
	cmd.Env = append(os.Environ(), "HOME="+home, "XDG_CONFIG_HOME="+home, "XDG_DATA_HOME="+home,
		"XDG_STATE_HOME="+home, "XDG_CACHE_HOME="+home, "MDSCHECK_E2E_OUT="+out)
	for k, v := range env {
		cmd.Env = append(cmd.Env, k+"="+v)
	}
	output, err := cmd.CombinedOutput()
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		t.Fatalf("nvim did not finish in 2 minutes:\n%s", output)
	}
	if err != nil {
		t.Fatalf("nvim: %v\n%s", err, output)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatalf("nvim wrote no results: %v\n%s", err, output)
	}
	return data
}

// sameDiagnostics compares place, rule and severity; the messages belong
// to the core's tests.
func sameDiagnostics(got, want []diagnostic) bool {
	return slices.EqualFunc(got, want, func(a, b diagnostic) bool {
		return a.Line == b.Line && a.Col == b.Col && a.Code == b.Code && a.Severity == b.Severity
	})
}

func show(ds []diagnostic) string {
	var b strings.Builder
	for _, d := range ds {
		b.WriteString("\n  " + strconv.Itoa(d.Line) + ":" + strconv.Itoa(d.Col) + " " + d.Code + " severity " + strconv.Itoa(d.Severity))
	}
	return b.String()
}
