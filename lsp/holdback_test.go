package lsp_test

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
)

// heldWorkspace is a workspace whose secrets are in files no one opens,
// behind enough other files that the index reads them well after the
// first check of a file opened at once: a configuration file and a
// manifest that quote the secrets as the user wrote them.
func heldWorkspace(t *testing.T) (dir string, files map[string]string) {
	t.Helper()
	files = map[string]string{
		".mdscheck.yaml": "rules:\n  hunter: off\n  enum: hunter\n  Zq7xK2pLm9: off\nexclude: [\"hunter/[\"]\n",
		"m.yaml":         "apiVersion: v1\nkind: Secret\nmetadata:\n  name: app-cfg\nstringData:\n  app.env: |\n    DB_PASS=hunter\n",
		"s.yaml":         "apiVersion: v1\nkind: Secret\nmetadata:\n  name: s2\nstringData:\n  p: Zq7xK2pLm9\n",
		"k.yaml":         "apiVersion: example.io/v1alpha1\nkind: Kafka\nmetadata:\n  name: ev\nspec:\n  project: p\n  plan: startup-4\n  maintenanceWindowDow: Zq7xK2pLm9\n",
	}
	for i := range 400 {
		files[fmt.Sprintf("filler/f%03d.yaml", i)] = fmt.Sprintf(
			"apiVersion: example.io/v1alpha1\nkind: Kafka\nmetadata:\n  name: k%d\nspec:\n  project: p\n  plan: startup-4\n", i)
	}
	return repo(t, files), files
}

// TestNothingSaidBeforeTheWorkspaceIsRead: files opened right after
// initialized, a configuration file and a manifest, whose text holds
// values that are secrets of workspace files not read yet. Neither their
// diagnostics, nor a hover, completion or outline asked for at once,
// nor the client's log or the server's --verbose log, ever hold those
// values; and the findings do come, masked, once the files are read.
func TestNothingSaidBeforeTheWorkspaceIsRead(t *testing.T) {
	t.Parallel()
	dir, files := heldWorkspace(t)
	s := connect(t, "--verbose")
	params := &protocol.InitializeParams{Capabilities: editorCapabilities()}
	params.WorkspaceFolders = protocol.NewNullable([]protocol.WorkspaceFolder{{URI: uri.File(dir), Name: "w"}})
	if _, err := s.srv.Initialize(s.ctx, params); err != nil {
		t.Fatal(err)
	}
	if err := s.srv.Initialized(s.ctx, &protocol.InitializedParams{}); err != nil {
		t.Fatal(err)
	}
	cfg, man := uri.File(filepath.Join(dir, ".mdscheck.yaml")), uri.File(filepath.Join(dir, "k.yaml"))
	s.openAsync(cfg, files[".mdscheck.yaml"])
	s.openAsync(man, files["k.yaml"])
	var answers strings.Builder
	call := func(method string, params any) {
		var raw json.RawMessage
		if _, err := s.conn.Call(s.ctx, method, params, &raw); err != nil {
			t.Fatalf("%s: %v", method, err)
		}
		answers.Write(raw)
	}
	for _, u := range []uri.URI{cfg, man} {
		for l := range strings.Count(s.texts[u], "\n") {
			at := protocol.TextDocumentPositionParams{TextDocument: docID(u), Position: pos(uint32(l), 12)}
			call(protocol.MethodTextDocumentHover, &protocol.HoverParams{TextDocumentPositionParams: at})
			call(protocol.MethodTextDocumentCompletion, &protocol.CompletionParams{TextDocumentPositionParams: at})
		}
		call(protocol.MethodTextDocumentDocumentSymbol, &protocol.DocumentSymbolParams{TextDocument: docID(u)})
	}
	poll(t, "the workspace read", func() bool {
		st := s.workspaceStats()
		return st.Workspace.Read > 0 && !st.Workspace.Indexing && st.Pending == 0
	})
	got := s.diagnostics(cfg, 1)
	if len(got) != 4 || !strings.Contains(message(got[0]), `"(secret)"`) {
		t.Errorf("the configuration's findings, once the files are read:\n%s", summary(got))
	}
	if got := find(s.diagnostics(man, 1), "enum"); len(got) != 1 || !strings.Contains(message(got[0]), `"(secret)" is not allowed`) {
		t.Errorf("the manifest's enum finding, once the files are read:\n%s", summary(got))
	}

	s.mu.Lock()
	var said strings.Builder
	for _, u := range []uri.URI{cfg, man} {
		for _, p := range s.diags[u] {
			js, _ := json.Marshal(p)
			said.Write(js)
		}
	}
	said.WriteString(strings.Join(s.logs, "\n"))
	s.mu.Unlock()
	said.WriteString(answers.String())
	said.WriteString(s.p.stderr.String())
	for _, secret := range []string{"Zq7xK2pLm9", "hunter"} {
		if strings.Contains(said.String(), secret) {
			t.Errorf("the server said %q, a secret of a file it had not read yet:\n%s", secret, said.String())
		}
	}
	if !strings.Contains(s.p.stderr.String(), "textDocument/hover") {
		t.Errorf("the --verbose log held back while the files were read never came:\n%s", s.p.stderr.String())
	}
}

// TestShutdownWhileTheWorkspaceIsRead: a client that shuts down while
// the index reads files gets its answer to shutdown, and the server
// exits cleanly, though what it held back is never sent.
func TestShutdownWhileTheWorkspaceIsRead(t *testing.T) {
	t.Parallel()
	dir, files := heldWorkspace(t)
	s := startIn(t, dir)
	s.openAsync(uri.File(filepath.Join(dir, "k.yaml")), files["k.yaml"])
	if code := s.shutdown(); code != 0 {
		t.Errorf("exit status %d after shutdown and exit, want 0", code)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	for u, ps := range s.diags {
		for _, p := range ps {
			if js, _ := json.Marshal(p); strings.Contains(string(js), "Zq7xK2pLm9") {
				t.Errorf("diagnostics of %s hold a secret of a file not read: %s", u, js)
			}
		}
	}
}
