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
