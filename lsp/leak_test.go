package lsp_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"github.com/mdscheck/mdscheck/internal/leak"
)

// TestNoSecretOverTheWire runs the sample of the secret attack cases
// (every way once, every member once; core/lang runs them all on the
// functions the server calls) through one server over real stdio: the published diagnostics, the outline, hover
// and completion at the start and middle of every line, the code actions
// of every finding, an edit that breaks the secret's line, and the
// server's log and window/logMessage. No byte the server writes may hold
// a secret.
func TestNoSecretOverTheWire(t *testing.T) {
	t.Parallel()
	s, _ := start(t)
	call := func(method string, params any) string {
		var raw json.RawMessage
		if _, err := s.conn.Call(s.ctx, method, params, &raw); err != nil {
			t.Fatalf("%s: %v", method, err)
		}
		return string(raw)
	}
	cases := leak.Sample()
	for i, c := range cases {
		u := uri.URI(fmt.Sprintf("file:///leak/%d.yaml", i))
		var out strings.Builder
		diags := s.open(u, c.Text)
		js, _ := json.Marshal(s.lastPublished(u))
		out.Write(js)
		out.WriteString(call(protocol.MethodTextDocumentDocumentSymbol, &protocol.DocumentSymbolParams{TextDocument: docID(u)}))
		lines := strings.Split(c.Text, "\n")
		for l, line := range lines {
			for _, ch := range []int{0, len(line) / 2} {
				at := protocol.TextDocumentPositionParams{TextDocument: docID(u), Position: pos(uint32(l), uint32(len([]rune(line[:ch]))))}
				out.WriteString(call(protocol.MethodTextDocumentHover, &protocol.HoverParams{TextDocumentPositionParams: at}))
				out.WriteString(call(protocol.MethodTextDocumentCompletion, &protocol.CompletionParams{TextDocumentPositionParams: at}))
			}
		}
		for _, d := range diags {
			out.WriteString(call(protocol.MethodTextDocumentCodeAction, &protocol.CodeActionParams{TextDocument: docID(u),
				Range: d.Range, Context: protocol.CodeActionContext{Diagnostics: []protocol.Diagnostic{d}}}))
		}
		// Typing on the secret's line: the text goes through the
		// incremental path and a re-check.
		for l, line := range lines {
			if c.Leaked(line) != "" {
				v := s.edit(u, replace(uint32(l), 0, uint32(l), 0, "  x: [\n"))
				js, _ := json.Marshal(s.diagnostics(u, v))
				out.Write(js)
				break
			}
		}
		if err := s.srv.DidClose(s.ctx, &protocol.DidCloseTextDocumentParams{TextDocument: docID(u)}); err != nil {
			t.Fatal(err)
		}
		if leaked := c.Leaked(out.String()); leaked != "" {
			t.Errorf("%s: the server sent the secret %q", c.Name, leaked)
		}
	}
	s.mu.Lock()
	logs := strings.Join(s.logs, "\n")
	s.mu.Unlock()
	logs += s.p.stderr.String()
	for _, c := range cases {
		if leaked := c.Leaked(logs); leaked != "" {
			t.Fatalf("the server's log holds the secret %q of %s:\n%s", leaked, c.Name, logs)
		}
	}
}

// TestOwnWordsStayWholeInTheEditor: the problems list keeps the enum
// lists and the schema's names of a finding whole though a Secret of the
// document holds them, and masks them where the finding quotes the
// user's text; a secret of another open document is masked in the
// user's text too, while the words of mdscheck stay.
func TestOwnWordsStayWholeInTheEditor(t *testing.T) {
	t.Parallel()
	s, _ := start(t)
	a := uri.URI("file:///vocabulary/a.yaml")
	messages := func(ds []protocol.Diagnostic) string {
		var b strings.Builder
		for _, d := range ds {
			b.WriteString(message(d) + "\n")
		}
		return b.String()
	}
	got := messages(s.open(a, leak.Vocabulary.Text))
	for _, want := range leak.Vocabulary.Said {
		if !strings.Contains(got, want) {
			t.Errorf("the problems list does not say %s:\n%s", want, got)
		}
	}
	for _, hidden := range leak.Vocabulary.Hidden {
		if strings.Contains(got, hidden) {
			t.Errorf("the problems list shows the user's %q:\n%s", hidden, got)
		}
	}
	// Another document's secret is the user's value in a.yaml: masked
	// there, while a.yaml's enum list, which holds a.yaml's secret,
	// stays whole.
	s.open(uri.URI("file:///vocabulary/b.yaml"), "apiVersion: v1\nkind: Secret\nmetadata:\n  name: t\nstringData:\n  password: hunterx\n")
	v := s.edit(a, replace(12, 0, 12, 0, "  # edited\n"))
	got = messages(s.diagnostics(a, v))
	want := `"(secret)" is not allowed; must be one of monday, tuesday, wednesday, thursday, friday, saturday, sunday`
	if !strings.Contains(got, want) {
		t.Errorf("with b.yaml open, the problems list of a.yaml does not say %s:\n%s", want, got)
	}
}
