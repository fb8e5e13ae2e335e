package lsp_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
)

// kafka has one pattern finding (line 6) and one enum finding (line 7).
const kafka = `apiVersion: example.io/v1alpha1
kind: Kafka
metadata:
  name: events
spec:
  plan: business-4
  project: Bad Project!
  maintenanceWindowDow: funday
`

// repo makes a repository in a temporary directory with files (path:
// text) and returns its directory.
func repo(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	files[".git/HEAD"] = "ref: refs/heads/main\n"
	for name, text := range files {
		writeFile(t, filepath.Join(dir, name), text)
	}
	return dir
}

func writeFile(t *testing.T, path, text string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// severities lists "rule severity" of ds, sorted.
func severities(ds []protocol.Diagnostic) string {
	var out []string
	for _, d := range ds {
		out = append(out, code(d)+" "+[...]string{"?", "error", "warning", "information", "hint"}[min(int(d.Severity), 4)])
	}
	slices.Sort(out)
	return strings.Join(out, ", ")
}

// waitSeverities waits until the last diagnostics published for u are
// want.
func (s *session) waitSeverities(u uri.URI, want string) {
	s.t.Helper()
	s.waitFor(want+" for "+string(u), func() bool {
		list := s.diags[u]
		return len(list) > 0 && severities(list[len(list)-1].Diagnostics) == want
	})
}

// TestConfigurationApplies: the configuration that applies to a file sets
// the severity of its findings, leaves out excluded files, and the
// editor's settings win over it.
func TestConfigurationApplies(t *testing.T) {
	t.Parallel()
	dir := repo(t, map[string]string{
		".mdscheck.yaml":      "exclude: [legacy]\nrules: {pattern: warning}\noverrides:\n  - files: [\"staging/**\"]\n    rules: {enum: information}\n",
		"team/.mdscheck.yaml": "rules: {enum: off}\n",
	})
	s, _ := start(t)
	for name, want := range map[string]string{
		"prod/a.yaml":    "enum error, pattern warning",
		"staging/a.yaml": "enum information, pattern warning",
		"team/a.yaml":    "pattern error", // the nearest configuration, alone
		"legacy/a.yaml":  "",
	} {
		if got := severities(s.open(uri.File(filepath.Join(dir, name)), kafka)); got != want {
			t.Errorf("%s: %q, want %q", name, got, want)
		}
	}
	// An untitled buffer has no configuration.
	if got := severities(s.open("untitled:Untitled-1", kafka)); got != "enum error, pattern error" {
		t.Errorf("untitled: %q", got)
	}

	// The editor's unknownFields wins over the configuration's.
	dir = repo(t, map[string]string{".mdscheck.yaml": "unknownFields: off\n"})
	u := uri.File(filepath.Join(dir, "a.yaml"))
	s2, _ := start(t)
	if got := severities(s2.open(u, kafka+"  bogus: 1\n")); got != "enum error, pattern error" {
		t.Errorf("unknownFields: off in the configuration: %q", got)
	}
	s3, _ := start(t, func(p *protocol.InitializeParams) {
		p.InitializationOptions = protocol.LSPAny(`{"unknownFields": "warning"}`)
	})
	if got := severities(s3.open(u, kafka+"  bogus: 1\n")); got != "enum error, pattern error, unknown-field warning" {
		t.Errorf("the editor's unknownFields over the configuration's: %q", got)
	}
}

// TestConfigurationReloads: a change on disk (didChangeWatchedFiles) and
// an edit of the configuration in the editor, saved or not, check the
// open files again; closing it unsaved puts the file on disk back.
func TestConfigurationReloads(t *testing.T) {
	t.Parallel()
	dir := repo(t, map[string]string{"a.yaml": kafka})
	cfgPath := filepath.Join(dir, ".mdscheck.yaml")
	u := uri.File(filepath.Join(dir, "a.yaml"))
	s, _ := start(t)
	if got := severities(s.open(u, kafka)); got != "enum error, pattern error" {
		t.Fatalf("no configuration: %q", got)
	}

	// Created on disk.
	writeFile(t, cfgPath, "rules: {enum: off}\n")
	if err := s.srv.DidChangeWatchedFiles(s.ctx, &protocol.DidChangeWatchedFilesParams{Changes: []protocol.FileEvent{
		{URI: uri.File(cfgPath), Type: protocol.FileChangeTypeCreated}}}); err != nil {
		t.Fatal(err)
	}
	s.waitSeverities(u, "pattern error")

	// Edited in the editor, not saved: the open text counts.
	cu := uri.File(cfgPath)
	s.openAsync(cu, "rules: {enum: off}\n")
	s.edit(cu, whole("rules: {enum: off, pattern: information}\n"))
	s.waitSeverities(u, "pattern information")

	// A mistake in it is shown in it, with a quick fix; the rest applies.
	v := s.edit(cu, whole("rules: {enum: off, pattern: information}\nexlude: [x]\n"))
	ds := s.diagnostics(cu, v)
	if len(ds) != 1 || code(ds[0]) != "config" || message(ds[0]) != `unknown key "exlude"; did you mean "exclude"?` ||
		ds[0].Range != rng(1, 0, 1, 6) || !strings.HasSuffix(string(ds[0].CodeDescription.Href), "docs/configuration.md") {
		t.Errorf("configuration diagnostics:\n%s", summary(ds))
	}
	actions, err := s.codeAction(&protocol.CodeActionParams{TextDocument: docID(cu), Range: ds[0].Range,
		Context: protocol.CodeActionContext{Diagnostics: ds}})
	if err != nil || len(actions) != 1 {
		t.Fatalf("quick fixes: %v %+v", err, actions)
	}
	if a, ok := actions[0].(*protocol.CodeAction); !ok {
		t.Errorf("not a code action: %+v", actions[0])
	} else if es, _ := edits(t, a, cu); len(es) != 1 || es[0].NewText != "exclude" || es[0].Range != rng(1, 0, 1, 6) {
		t.Errorf("quick fix %q: %+v", a.Title, es)
	}
	s.waitSeverities(u, "pattern information")

	// Closed unsaved: the file on disk is in force again.
	if err := s.srv.DidClose(s.ctx, &protocol.DidCloseTextDocumentParams{TextDocument: docID(cu)}); err != nil {
		t.Fatal(err)
	}
	s.waitSeverities(u, "pattern error")

	// Deleted on disk.
	if err := os.Remove(cfgPath); err != nil {
		t.Fatal(err)
	}
	if err := s.srv.DidChangeWatchedFiles(s.ctx, &protocol.DidChangeWatchedFilesParams{Changes: []protocol.FileEvent{
		{URI: uri.File(cfgPath), Type: protocol.FileChangeTypeDeleted}}}); err != nil {
		t.Fatal(err)
	}
	s.waitSeverities(u, "enum error, pattern error")
}

// TestConfigurationCompletionAndHover: keys, rule codes and severities
// in a configuration file.
func TestConfigurationCompletionAndHover(t *testing.T) {
	t.Parallel()
	dir := repo(t, map[string]string{})
	u := uri.File(filepath.Join(dir, ".mdscheck.yml"))
	s, _ := start(t)
	src := "rules:\n  maximum: \n\noverrides:\n  - files: [a]\n    \n"
	if ds := s.open(u, src); len(ds) != 1 || !strings.HasSuffix(message(ds[0]), "not null") || ds[0].Range != rng(1, 2, 1, 9) {
		t.Errorf("a configuration with an empty value: %s", summary(ds))
	}
	for _, c := range []struct {
		at   protocol.Position
		want []string
	}{
		{pos(1, 11), []string{"error", "warning", "information", "off"}},
		{pos(1, 2), nil}, // rule codes; checked below
		{pos(2, 0), []string{"exclude", "unknownFields", "rules", "overrides"}},
		{pos(5, 4), []string{"files", "rules", "unknownFields"}},
	} {
		var got []string
		for _, it := range completionItems(t, s, u, c.at) {
			got = append(got, it.Label)
		}
		if c.want == nil {
			if !slices.Contains(got, "maximum") || !slices.Contains(got, "deprecated") || slices.Contains(got, "rules") {
				t.Errorf("at %v: %q, want the rule codes", c.at, got)
			}
			continue
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("at %v: %q, want %q", c.at, got, c.want)
		}
	}
	h, err := s.hover(u, pos(1, 4))
	if err != nil || h == nil || !strings.Contains(hoverText(h), "rule `maximum`") || h.Range == nil || *h.Range != rng(1, 2, 1, 9) {
		t.Errorf("hover on a rule code: %v %+v", err, h)
	}
	if h, err := s.hover(u, pos(3, 3)); err != nil || h == nil || !strings.Contains(hoverText(h), "later one over an earlier one") {
		t.Errorf("hover on overrides: %v %+v", err, h)
	}
}

// hoverText returns the Markdown of a hover.
func hoverText(h *protocol.Hover) string {
	if mc, ok := h.Contents.(*protocol.MarkupContent); ok {
		return mc.Value
	}
	return ""
}
