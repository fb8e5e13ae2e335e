package lsp_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
)

// The lifecycle rules in the editor, against real git repositories built
// in a temporary directory: the server compares an open file with its
// version at HEAD (or the revision mdscheck.previous names).

// searchAt is an OpenSearch manifest whose spec.project is project, on
// line 6 (0-based).
func searchAt(name, project string) string {
	return "apiVersion: example.io/v1alpha1\nkind: OpenSearch\nmetadata:\n  name: " + name +
		"\n  namespace: prod\nspec:\n  project: " + project + "\n  plan: startup-4\n"
}

// gitRepo makes a repository in a new directory holding files, committed.
func gitRepo(t *testing.T, files map[string]string) string {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Fatal("the git program is needed: ", err)
	}
	dir := t.TempDir()
	for name, src := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	runGit(t, dir, "init", "-q", "-b", "main")
	runGit(t, dir, "add", ".")
	runGit(t, dir, "-c", "user.name=test", "-c", "user.email=test@example.com", "commit", "-q", "-m", "first")
	return dir
}

func runGit(t *testing.T, dir string, args ...string) {
	t.Helper()
	cmd := exec.Command("git", append([]string{"-C", dir}, args...)...)
	cmd.Env = append(os.Environ(), "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_SYSTEM=/dev/null")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
}

// lastWith waits until the last diagnostics published for u satisfy ok,
// and returns them: the previous version arrives after the first check.
func (s *session) lastWith(u uri.URI, what string, ok func([]protocol.Diagnostic) bool) []protocol.Diagnostic {
	s.t.Helper()
	var out []protocol.Diagnostic
	s.waitFor(what, func() bool {
		list := s.diags[u]
		if len(list) == 0 {
			return false
		}
		last := list[len(list)-1]
		if v, _ := last.Version.Get(); v != s.version[u] {
			return false
		}
		out = last.Diagnostics
		return ok(out)
	})
	return out
}

func TestPreviousVersionAsYouType(t *testing.T) {
	t.Parallel()
	dir := gitRepo(t, map[string]string{"search.yaml": searchAt("logs", "alpha")})
	s, _ := start(t)
	u := uri.File(filepath.Join(dir, "search.yaml"))

	// Opened with a change to the immutable project: the finding comes
	// once the version at HEAD is read.
	s.openAsync(u, searchAt("logs", "beta"))
	ds := s.lastWith(u, "an immutable finding on the opened file", func(ds []protocol.Diagnostic) bool { return len(find(ds, "immutable")) == 1 })
	imm := find(ds, "immutable")[0]
	if imm.Range.Start.Line != 6 || imm.Range.Start.Character != 11 || !strings.Contains(message(imm), `"alpha"`) ||
		!strings.Contains(message(imm), `"beta"`) || imm.Severity != protocol.DiagnosticSeverityError {
		t.Errorf("immutable finding = %s, want an error on beta (6:11) naming both values", summary(ds))
	}

	// Typing another value: the finding follows at once.
	s.edit(u, replace(6, 11, 6, 15, "gamma"))
	ds = s.lastWith(u, "the finding naming gamma", func(ds []protocol.Diagnostic) bool {
		f := find(ds, "immutable")
		return len(f) == 1 && strings.Contains(message(f[0]), `"gamma"`)
	})

	// Hover on the changed member shows its value at HEAD.
	h, err := s.hover(u, pos(6, 13))
	if err != nil || h == nil {
		t.Fatalf("hover on project: %v %v", h, err)
	}
	if !strings.Contains(hoverMarkdown(h), "At `HEAD`: `\"alpha\"`") {
		t.Errorf("hover on a changed member lacks its previous value:\n%s", hoverMarkdown(h))
	}
	if h, _ := s.hover(u, pos(7, 4)); h == nil || strings.Contains(hoverMarkdown(h), "HEAD") {
		t.Errorf("hover on an unchanged member speaks of HEAD: %+v", h)
	}

	// Typing the value back: the finding goes.
	s.edit(u, replace(6, 11, 6, 16, "alpha"))
	s.lastWith(u, "no immutable finding", func(ds []protocol.Diagnostic) bool { return len(find(ds, "immutable")) == 0 })

	// Deleting the resource: a deletion on the first line.
	s.edit(u, replace(0, 0, 8, 0, "# nothing left\n"))
	ds = s.lastWith(u, "a deletion", func(ds []protocol.Diagnostic) bool { return len(find(ds, "deletion")) == 1 })
	del := find(ds, "deletion")[0]
	if del.Range.Start.Line != 0 || del.Range.End.Line != 0 || del.Range.End.Character != 14 || !strings.Contains(message(del), `"logs"`) {
		t.Errorf("deletion = %s, want it on the first line, naming logs", summary(ds))
	}
}

func TestPreviousVersionOff(t *testing.T) {
	t.Parallel()
	dir := gitRepo(t, map[string]string{"search.yaml": searchAt("logs", "alpha")})
	s, _ := start(t)
	u := uri.File(filepath.Join(dir, "search.yaml"))
	s.openAsync(u, searchAt("logs", "beta"))
	s.lastWith(u, "an immutable finding", func(ds []protocol.Diagnostic) bool { return len(find(ds, "immutable")) == 1 })

	before := s.published(u)
	s.configure(`{"mdscheck": {"previous": "off"}}`)
	s.waitFor("diagnostics after the setting", func() bool { return len(s.diags[u]) > before })
	if ds := s.lastPublished(u).Diagnostics; len(find(ds, "immutable")) != 0 {
		t.Errorf("with previous off: %s", summary(ds))
	}
	if h, _ := s.hover(u, pos(6, 13)); h == nil || strings.Contains(hoverMarkdown(h), "HEAD") {
		t.Errorf("with previous off, hover speaks of HEAD: %+v", h)
	}

	// Back on, at a revision the repository does not have: the user is
	// told, and nothing is compared.
	s.configure(`{"mdscheck": {"previous": "no-such-branch"}}`)
	s.waitFor("a warning about the revision", func() bool {
		for _, l := range s.logs {
			if strings.Contains(l, "no-such-branch") {
				return true
			}
		}
		return false
	})
	if ds := s.lastPublished(u).Diagnostics; len(find(ds, "immutable")) != 0 {
		t.Errorf("at an unknown revision: %s", summary(ds))
	}
	s.configure(`{"mdscheck": {"previous": "main"}}`)
	s.lastWith(u, "an immutable finding against main", func(ds []protocol.Diagnostic) bool { return len(find(ds, "immutable")) == 1 })
}

func TestPreviousVersionOutsideGit(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	s := connect(t, "--verbose")
	if _, err := s.srv.Initialize(s.ctx, &protocol.InitializeParams{Capabilities: editorCapabilities()}); err != nil {
		t.Fatal(err)
	}
	if err := s.srv.Initialized(s.ctx, &protocol.InitializedParams{}); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "search.yaml")
	u := uri.File(path)
	ds := s.open(u, searchAt("logs", "beta"))
	poll(t, "the server to find no work tree", func() bool {
		return strings.Contains(s.p.stderr.String(), "previous version of "+path+": not in a git work tree")
	})
	s.edit(u, replace(6, 11, 6, 15, "gamma"))
	ds = s.diagnostics(u, 2)
	for _, rule := range []string{"immutable", "deletion", "restart", "disk-space", "transition"} {
		if len(find(ds, rule)) != 0 {
			t.Errorf("a file outside git has a %s finding: %s", rule, summary(ds))
		}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.logs) != 0 {
		t.Errorf("a file outside git made the server say: %q", s.logs)
	}
}

func TestPreviousVersionObeysTheConfiguration(t *testing.T) {
	t.Parallel()
	dir := gitRepo(t, map[string]string{"search.yaml": searchAt("logs", "alpha"),
		".mdscheck.yaml": "rules:\n  immutable: warning\n"})
	s, _ := start(t)
	u := uri.File(filepath.Join(dir, "search.yaml"))
	s.openAsync(u, searchAt("logs", "beta"))
	ds := s.lastWith(u, "an immutable finding", func(ds []protocol.Diagnostic) bool { return len(find(ds, "immutable")) == 1 })
	if sev := find(ds, "immutable")[0].Severity; sev != protocol.DiagnosticSeverityWarning {
		t.Errorf("immutable with rules: {immutable: warning} has severity %v, want a warning", sev)
	}
}

// configure pushes settings with workspace/didChangeConfiguration.
func (s *session) configure(settings string) {
	s.t.Helper()
	if err := s.srv.DidChangeConfiguration(s.ctx, &protocol.DidChangeConfigurationParams{Settings: protocol.LSPAny(settings)}); err != nil {
		s.t.Fatal(err)
	}
}

// hoverMarkdown returns a hover's Markdown, or "" when there is none.
func hoverMarkdown(h *protocol.Hover) string {
	if h == nil {
		return ""
	}
	if mc, ok := h.Contents.(*protocol.MarkupContent); ok {
		return mc.Value
	}
	return ""
}

// TestPreviousSecretsKnownBeforeFirstDiagnostics: a secret of the version
// at HEAD is never quoted, not even by the diagnostics of the moment the
// file is opened, before that version is read.
func TestPreviousSecretsKnownBeforeFirstDiagnostics(t *testing.T) {
	t.Parallel()
	const secret = "HeadSecret Qwzx"
	head := searchAt("logs", "alpha") + "  userConfig:\n    openid:\n      client_secret: " + secret + "\n"
	dir := gitRepo(t, map[string]string{"search.yaml": head})
	s, _ := start(t)
	u := uri.File(filepath.Join(dir, "search.yaml"))
	// The secret of HEAD, now a value of a member whose message quotes it.
	s.openAsync(u, searchAt("logs", "alpha")+"  maintenanceWindowDow: "+secret+"\n")
	s.lastWith(u, "the enum finding", func(ds []protocol.Diagnostic) bool { return len(find(ds, "enum")) == 1 })
	for i, p := range s.diags[u] {
		for _, d := range p.Diagnostics {
			if strings.Contains(message(d), "HeadSecret") {
				t.Errorf("publication %d quotes the secret of HEAD: %s", i, message(d))
			}
		}
	}
}

// TestSecretsOfEarlierVersionsStaySecret: a secret typed in a document is
// not quoted after it left its member, moved or deleted.
func TestSecretsOfEarlierVersionsStaySecret(t *testing.T) {
	t.Parallel()
	s, _ := start(t)
	u := uri.File(filepath.Join(t.TempDir(), "search.yaml"))
	const secret = "MovedSecret Kpqz"
	s.open(u, searchAt("logs", "alpha")+"  maintenanceWindowDow: "+secret+"\n  userConfig:\n    openid:\n      client_secret: "+secret+"\n")
	s.edit(u, replace(9, 0, 12, 0, ""))
	ds := s.lastWith(u, "the enum finding", func(ds []protocol.Diagnostic) bool { return len(find(ds, "enum")) == 1 })
	for _, d := range ds {
		if strings.Contains(message(d), "MovedSecret") {
			t.Errorf("after the secret's member went, a message quotes it: %s", message(d))
		}
	}
}
