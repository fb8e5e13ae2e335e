package lsp_test

import (
	"strings"
	"testing"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
)

// TestOwnWordsInAnswers: a Secret's file that holds short words the
// schema uses too (SERVICE=kafka, MODE=connect) leaves hover and
// completion saying what the schema says, while the user's own text in
// an answer (a resource named like one of those words) stays masked.
func TestOwnWordsInAnswers(t *testing.T) {
	t.Parallel()
	s, _ := start(t)
	u := uri.URI("file:///own.yaml")
	src := "apiVersion: v1\nkind: Secret\nmetadata:\n  name: env\nstringData:\n  app.env: |\n    SERVICE=kafka\n    MODE=connect\n" +
		"---\napiVersion: example.io/v1alpha1\nkind: Kafka\nmetadata:\n  name: connect\nspec:\n  plan: business-4\n  project: demo\n  userConfig:\n    ip_filter: []\n    \n"
	s.open(u, src)
	// ip_filter's description: "... allowed to connect to the service".
	h := hoverAt(t, s, u, pos(17, 6))
	if h == nil {
		t.Fatal("no hover on ip_filter")
	}
	if v := h.Contents.(*protocol.MarkupContent).Value; !strings.Contains(v, "allowed to connect") || strings.Contains(v, "(secret)") {
		t.Errorf("hover on ip_filter masks the schema's words: %q", v)
	}
	// On kind: the connection Secret is named after the resource, the
	// user's "connect", which is masked; the schema's words are not.
	h = hoverAt(t, s, u, pos(10, 2))
	if h == nil {
		t.Fatal("no hover on kind")
	}
	if v := h.Contents.(*protocol.MarkupContent).Value; !strings.Contains(v, "Connection Secret `(secret)`") || !strings.Contains(v, "`Kafka`") {
		t.Errorf("hover on kind: %q", v)
	}
	// Members of userConfig: "kafka" is one of them.
	items := completionItems(t, s, u, pos(18, 4))
	if itemByLabel(items, "kafka") == nil {
		t.Errorf("no member kafka among %v", labels(items))
	}
	for _, it := range items {
		if d, _ := it.Detail.Get(); strings.Contains(it.Label+d, "(secret)") {
			t.Errorf("completion item masked: %q %q", it.Label, d)
		}
	}
}

// TestClosedDocumentsSecretsStaySecret: a secret typed in a buffer that is
// closed unsaved stays masked in the next diagnostics of another document
// that writes it, as it was while the buffer was open.
func TestClosedDocumentsSecretsStaySecret(t *testing.T) {
	t.Parallel()
	s, _ := start(t)
	const secret = "Zq7xK2pLm9Tr0ub4xW"
	a, b := uri.URI("untitled:Untitled-1"), uri.URI("untitled:Untitled-2")
	s.open(a, "apiVersion: example.io/v1alpha1\nkind: Grafana\nmetadata:\n  name: g\nspec:\n  plan: startup-1\n  project: p\n  userConfig:\n    auth_github:\n      client_secret: \""+secret+"\"\n")
	kafka := "apiVersion: example.io/v1alpha1\nkind: Kafka\nmetadata:\n  name: k\nspec:\n  plan: business-4\n  project: \"" + secret + "!\"\n"
	before := s.open(b, kafka)
	if len(before) == 0 || strings.Contains(summary(before), secret) {
		t.Fatalf("with the secret's buffer open: %s", summary(before))
	}
	if err := s.srv.DidClose(s.ctx, &protocol.DidCloseTextDocumentParams{TextDocument: docID(a)}); err != nil {
		t.Fatal(err)
	}
	v := s.edit(b, whole(kafka+"  cloudName: google-europe-west1\n"))
	if after := s.diagnostics(b, v); len(after) == 0 || strings.Contains(summary(after), secret) {
		t.Errorf("after the secret's buffer was closed: %s", summary(after))
	}
}
