package lsp_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
)

// manySecrets is a ConfigMap named name, then n Secrets of 6 stringData
// values each, as /tmp/gen/gen14.py writes them (issue 22): the value k3 of
// Secret n/2 is middle.
func manySecrets(n int, name, middle string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: %s\ndata:\n  mode: plain\n", name)
	for i := range n {
		fmt.Fprintf(&b, "---\napiVersion: v1\nkind: Secret\nmetadata:\n  name: s%d\nstringData:\n", i)
		for k := range 6 {
			v := fmt.Sprintf("v%012x", (i*6+k)*2654435761%(1<<48))
			if i == n/2 && k == 3 {
				v = middle
			}
			fmt.Fprintf(&b, "  k%d: %s\n", k, v)
		}
	}
	return b.String()
}

// streamSecrets is enough Secrets for their gate to hold more than the
// 50,000 forms a document's gate kept from its earlier versions: a bound
// that once dropped the secrets of the version before on every check.
const streamSecrets = 3000

// outline returns the raw answer of documentSymbol for u, and that of a
// hover on the ConfigMap's name.
func outline(t testing.TB, s *session, u uri.URI) string {
	t.Helper()
	var syms, hover json.RawMessage
	if _, err := s.conn.Call(s.ctx, protocol.MethodTextDocumentDocumentSymbol, &protocol.DocumentSymbolParams{TextDocument: docID(u)}, &syms); err != nil {
		t.Fatal(err)
	}
	if _, err := s.conn.Call(s.ctx, protocol.MethodTextDocumentHover, &protocol.HoverParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{
		TextDocument: docID(u), Position: pos(3, 8)}}, &hover); err != nil {
		t.Fatal(err)
	}
	return string(syms) + string(hover)
}

// TestAnEditsNewSecretIsMaskedBeforeItsCheck: an edit of a stream of
// Secrets that adds a value, and names the ConfigMap after it, gets an
// outline and a hover at once, before the check of the edit: they mask
// the value, which the server found in the one document the edit changed.
func TestAnEditsNewSecretIsMaskedBeforeItsCheck(t *testing.T) {
	t.Parallel()
	s, _ := start(t)
	u := uri.URI("file:///stream.yaml")
	s.open(u, manySecrets(streamSecrets, "plain-name", "v000000000000"))
	if got := outline(t, s, u); !strings.Contains(got, "plain-name") {
		t.Fatalf("the outline does not name the ConfigMap: %.300s", got)
	}
	for i, value := range []string{"nw7pq2xlk9zr", "qk3vz8mw1tye"} {
		v := s.edit(u, whole(manySecrets(streamSecrets, value, value)))
		if got := outline(t, s, u); strings.Contains(got, value) {
			t.Errorf("edit %d: the answer shows the new secret %s: %.300s", i+1, value, got)
		}
		s.diagnostics(u, v)
		if got := outline(t, s, u); strings.Contains(got, value) {
			t.Errorf("edit %d, checked: the answer shows the secret %s: %.300s", i+1, value, got)
		}
	}
}

// TestAnEditsRemovedSecretStaysMasked: an edit that takes a value out of
// a Secret of a long stream and names the ConfigMap after it gets an
// outline and a hover that mask it, before and after its check, which
// finds no such secret in the text.
func TestAnEditsRemovedSecretStaysMasked(t *testing.T) {
	t.Parallel()
	s, _ := start(t)
	u := uri.URI("file:///stream.yaml")
	const value = "rm4xq8zt2kp7"
	s.open(u, manySecrets(streamSecrets, "plain-name", value))
	v := s.edit(u, whole(manySecrets(streamSecrets, value, "v000000000000")))
	if got := outline(t, s, u); strings.Contains(got, value) {
		t.Errorf("the answer shows the removed secret: %.300s", got)
	}
	s.diagnostics(u, v)
	if got := outline(t, s, u); strings.Contains(got, value) {
		t.Errorf("checked: the answer shows the removed secret: %.300s", got)
	}
	// And once more: the version the check read holds no such secret,
	// the one before did.
	v = s.edit(u, whole(manySecrets(streamSecrets, value, "v000000000001")))
	s.diagnostics(u, v)
	if got := outline(t, s, u); strings.Contains(got, value) {
		t.Errorf("two versions on: the answer shows the removed secret: %.300s", got)
	}
}

// TestARemovedSecretStaysMaskedBesideAnotherStream: with another long
// stream of Secrets open, whose secrets the union of the gates merges into
// the first one's gate, a value an edit removed from the first is still
// masked once the edit is checked.
func TestARemovedSecretStaysMaskedBesideAnotherStream(t *testing.T) {
	t.Parallel()
	s, _ := start(t)
	other := uri.URI("file:///other.yaml")
	s.open(other, strings.ReplaceAll(manySecrets(streamSecrets, "other-name", "v000000000000"), ": v", ": w"))
	u := uri.URI("file:///stream.yaml")
	const value = "rm4xq8zt2kp7"
	s.open(u, manySecrets(streamSecrets, "plain-name", value))
	for i, middle := range []string{"v000000000000", "v000000000001"} {
		v := s.edit(u, whole(manySecrets(streamSecrets, value, middle)))
		s.diagnostics(u, v)
		if got := outline(t, s, u); strings.Contains(got, value) {
			t.Errorf("edit %d, checked: the answer shows the removed secret: %.300s", i+1, got)
		}
	}
}
