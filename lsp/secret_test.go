package lsp_test

import (
	"encoding/json"
	"reflect"
	"slices"
	"strings"
	"testing"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
)

// connectionSecret is the result of the command mdscheck.connectionSecret,
// as a client reads it.
type connectionSecret struct {
	Document   int      `json:"document"`
	Kind       string   `json:"kind"`
	Name       string   `json:"name"`
	NameHidden bool     `json:"nameHidden"`
	Namespace  string   `json:"namespace"`
	Disabled   bool     `json:"disabled"`
	Keys       []string `json:"keys"`
}

// executeCommand is the params of workspace/executeCommand with arguments
// of any shape (go.lsp.dev/protocol takes them as raw JSON).
type executeCommand struct {
	Command   string `json:"command"`
	Arguments []any  `json:"arguments,omitempty"`
}

// askSecret runs mdscheck.connectionSecret with args and returns the raw
// answer.
func askSecret(s *session, args ...any) (json.RawMessage, error) {
	var raw json.RawMessage
	_, err := s.conn.Call(s.ctx, protocol.MethodWorkspaceExecuteCommand, executeCommand{Command: "mdscheck.connectionSecret", Arguments: args}, &raw)
	return raw, err
}

func secretAt(t *testing.T, s *session, u uri.URI, p protocol.Position) *connectionSecret {
	t.Helper()
	raw, err := askSecret(s, protocol.TextDocumentPositionParams{TextDocument: docID(u), Position: p})
	if err != nil {
		t.Fatalf("mdscheck.connectionSecret at %v: %v", p, err)
	}
	if string(raw) == "null" {
		return nil
	}
	var out connectionSecret
	if err := json.Unmarshal(raw, &out); err != nil {
		t.Fatalf("answer %s: %v", raw, err)
	}
	return &out
}

const secretStream = `apiVersion: v1
kind: ConfigMap
metadata:
  name: settings
---
apiVersion: example.io/v1alpha1
kind: OpenSearch
metadata:
  name: search
  namespace: data
spec:
  plan: startup-4
  project: p
  connInfoSecretTarget:
    name: search-conn
    prefix: SEARCH_
---
apiVersion: example.io/v1alpha1
kind: Kafka
metadata:
  name: events
spec:
  plan: business-4
  project: p
  userConfig:
    kafka_rest: true
---
apiVersion: example.io/v1alpha1
kind: Grafana
metadata:
  name: dashboards
spec:
  plan: startup-1
  project: p
  connInfoSecretTargetDisabled: true
`

func TestConnectionSecret(t *testing.T) {
	t.Parallel()
	s, res := start(t)
	if p := res.Capabilities.ExecuteCommandProvider; !slices.Contains(p.Commands, "mdscheck.connectionSecret") {
		t.Fatalf("executeCommandProvider %+v does not offer mdscheck.connectionSecret", p)
	}
	u := uri.URI("file:///secret.yaml")
	s.open(u, secretStream)

	if got := secretAt(t, s, u, pos(1, 3)); got != nil {
		t.Errorf("on the ConfigMap: %+v, want null", got)
	}
	// Anywhere in the OpenSearch manifest, its --- line included: the
	// name and prefix of connInfoSecretTarget, the resource's namespace,
	// the keys of the specification.
	want := &connectionSecret{Document: 1, Kind: "OpenSearch", Name: "search-conn", Namespace: "data",
		Keys: []string{"SEARCH_HOST", "SEARCH_PORT", "SEARCH_USER", "SEARCH_PASSWORD"}}
	for _, p := range []protocol.Position{pos(4, 0), pos(6, 3), pos(15, 12)} {
		if got := secretAt(t, s, u, p); !reflect.DeepEqual(got, want) {
			t.Errorf("at %v: %+v, want %+v", p, got, want)
		}
	}
	// Kafka: the default name and prefix; the REST proxy is on, Connect
	// and the schema registry are off, so only REST's keys of the three.
	kafka := secretAt(t, s, u, pos(22, 2))
	if kafka == nil || kafka.Document != 2 || kafka.Name != "events" || kafka.Namespace != "" || kafka.Disabled {
		t.Fatalf("on the Kafka: %+v", kafka)
	}
	if !slices.Contains(kafka.Keys, "KAFKA_REST_HOST") || slices.Contains(kafka.Keys, "KAFKA_CONNECT_HOST") ||
		kafka.Keys[0] != "KAFKA_HOST" {
		t.Errorf("Kafka keys %v", kafka.Keys)
	}
	// The hover on kind tells the same Secret in prose.
	h := hoverAt(t, s, u, pos(18, 1))
	for _, k := range kafka.Keys {
		if !strings.Contains(h.Contents.(*protocol.MarkupContent).Value, "`"+k+"`") {
			t.Errorf("the hover on kind does not list %s", k)
		}
	}
	// Grafana, past the end of the text: no Secret is created.
	want = &connectionSecret{Document: 3, Kind: "Grafana", Name: "dashboards", Disabled: true, Keys: []string{}}
	if got := secretAt(t, s, u, pos(99, 0)); !reflect.DeepEqual(got, want) {
		t.Errorf("past the end: %+v, want %+v", got, want)
	}
}

// A name that is also a secret value (through an anchor) is not shown.
func TestConnectionSecretHidesSecretValues(t *testing.T) {
	t.Parallel()
	s, _ := start(t)
	u := uri.URI("file:///anchor.yaml")
	const value = "hunter2-very-secret"
	s.open(u, "apiVersion: example.io/v1alpha1\nkind: Grafana\nmetadata:\n  name: &pw "+value+
		"\nspec:\n  plan: startup-1\n  project: p\n  userConfig:\n    smtp_server:\n      host: h\n      port: 25\n      from_address: a@b.c\n      password: *pw\n")
	raw, err := askSecret(s, protocol.TextDocumentPositionParams{TextDocument: docID(u), Position: pos(1, 0)})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(raw), value) {
		t.Fatalf("the answer shows the secret value: %s", raw)
	}
	var got connectionSecret
	if err := json.Unmarshal(raw, &got); err != nil || !got.NameHidden || got.Name != "" || len(got.Keys) == 0 {
		t.Errorf("answer %s (%v), want the keys and a hidden name", raw, err)
	}
}

// Bad calls get an error that says what is wrong, and the server goes on.
func TestConnectionSecretErrors(t *testing.T) {
	t.Parallel()
	s, _ := start(t)
	u := uri.URI("file:///open.yaml")
	s.open(u, secretStream)
	at := protocol.TextDocumentPositionParams{TextDocument: docID(u), Position: pos(6, 0)}
	for _, c := range []struct {
		name string
		args []any
		want string
	}{
		{"no argument", nil, "takes one argument"},
		{"two arguments", []any{at, at}, "takes one argument"},
		{"not an object", []any{"file:///open.yaml"}, "takes one argument"},
		{"not open", []any{protocol.TextDocumentPositionParams{TextDocument: docID("file:///closed.yaml")}}, "is not open"},
	} {
		if _, err := askSecret(s, c.args...); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one that says %q", c.name, err, c.want)
		}
	}
	var raw json.RawMessage
	_, err := s.conn.Call(s.ctx, protocol.MethodWorkspaceExecuteCommand, executeCommand{Command: "mdscheck.other"}, &raw)
	if err == nil || !strings.Contains(err.Error(), "unknown command") {
		t.Errorf("an unknown command: %v", err)
	}
	if got := secretAt(t, s, u, at.Position); got == nil || got.Kind != "OpenSearch" {
		t.Errorf("after the bad calls: %+v", got)
	}
}

// TestConnectionSecretHidesANameSecretElsewhere: a name that is a secret's
// value in another open document is hidden as the core hides its own.
func TestConnectionSecretHidesANameSecretElsewhere(t *testing.T) {
	t.Parallel()
	s, _ := start(t)
	const value = "hunter2-very-secret"
	s.open(uri.URI("file:///other.yaml"), "apiVersion: example.io/v1alpha1\nkind: Grafana\nmetadata:\n  name: g\nspec:\n  plan: startup-1\n  project: p\n  userConfig:\n    smtp_server:\n      host: h\n      port: 25\n      from_address: a@b.c\n      password: "+value+"\n")
	u := uri.URI("file:///named.yaml")
	s.open(u, "apiVersion: example.io/v1alpha1\nkind: Kafka\nmetadata:\n  name: "+value+"\nspec:\n  plan: business-4\n  project: p\n")
	raw, err := askSecret(s, protocol.TextDocumentPositionParams{TextDocument: docID(u), Position: pos(1, 0)})
	if err != nil {
		t.Fatal(err)
	}
	var got connectionSecret
	if err := json.Unmarshal(raw, &got); err != nil || !got.NameHidden || got.Name != "" || strings.Contains(string(raw), value) {
		t.Errorf("answer %s (%v), want a hidden name", raw, err)
	}
}

// TestURIsStayWholeThoughTheyHoldASecret: a file whose name holds the text
// of a secret (of its own or of another open document) still gets its
// diagnostics: the gates leave every open document's URI whole.
func TestURIsStayWholeThoughTheyHoldASecret(t *testing.T) {
	t.Parallel()
	s, _ := start(t)
	const value = "hunter2-very-secret"
	grafana := "apiVersion: example.io/v1alpha1\nkind: Grafana\nmetadata:\n  name: g\nspec:\n  plan: startup-1\n  project: p\n  userConfig:\n    smtp_server:\n      host: h\n      port: 25\n      from_address: a@b.c\n      password: " + value + "\n"
	s.open(uri.URI("file:///secrets/a.yaml"), grafana)
	u := uri.URI("file:///" + value + "/b.yaml")
	s.open(u, grafana+"  bogus: 1\n")
	v := s.edit(u, replace(0, 0, 0, 0, "# edited\n"))
	if ds := s.diagnostics(u, v); len(find(ds, "unknown-field")) != 1 {
		t.Errorf("diagnostics of %s: %s", u, summary(ds))
	}
}

// TestSecretsOfUncheckedVersionsStaySecret: a secret typed and moved out
// of its member faster than the pause before a check is still a secret.
func TestSecretsOfUncheckedVersionsStaySecret(t *testing.T) {
	t.Parallel()
	s, _ := start(t)
	u := uri.URI("file:///fast.yaml")
	const value = "Lspdebounq"
	grafana := func(password, port string) string {
		return "apiVersion: example.io/v1alpha1\nkind: Grafana\nmetadata:\n  name: g\nspec:\n  plan: startup-1\n  project: p\n  userConfig:\n    smtp_server:\n      host: h\n      port: " + port + "\n      from_address: a@b.c\n      password: " + password + "\n"
	}
	s.open(u, grafana("x", "25"))
	s.edit(u, whole(grafana(value, "25")))
	v := s.edit(u, whole(grafana("x", value)))
	ds := s.diagnostics(u, v)
	if len(find(ds, "type")) != 1 {
		t.Fatalf("diagnostics: %s", summary(ds))
	}
	for _, d := range ds {
		if strings.Contains(message(d), value) {
			t.Errorf("a message quotes the secret of a version never checked: %s", message(d))
		}
	}
}

// TestVerboseLogHoldsNoSecret: the server's log (stderr, with --verbose)
// names what a client sent, a method or a setting; a client that sends a
// secret's text of an open document finds it masked there too.
func TestVerboseLogHoldsNoSecret(t *testing.T) {
	t.Parallel()
	const s = "Zq7uXw9SECRETk2"
	c := connect(t, "--verbose")
	params := &protocol.InitializeParams{Capabilities: editorCapabilities()}
	if _, err := c.srv.Initialize(c.ctx, params); err != nil {
		t.Fatal(err)
	}
	if err := c.srv.Initialized(c.ctx, &protocol.InitializedParams{}); err != nil {
		t.Fatal(err)
	}
	u := uri.File("/w/grafana.yaml")
	c.open(u, "apiVersion: example.io/v1alpha1\nkind: Grafana\nmetadata:\n  name: g\nspec:\n  plan: startup-1\n  project: p\n  userConfig:\n    auth_github:\n      client_id: c\n      client_secret: "+s+"\n")
	var out any
	_, _ = c.conn.Call(c.ctx, s, map[string]string{"x": s}, &out) // an unknown method named by the secret
	_ = c.conn.Notify(c.ctx, "workspace/didChangeConfiguration", map[string]any{"settings": map[string]any{"mdscheck": map[string]any{"unknownFields": s}}})
	c.symbols(u) // a request after both: the server has logged them
	if log := c.p.stderr.String(); strings.Contains(log, s) || !strings.Contains(log, "took") {
		t.Errorf("the log holds the secret, or logs nothing:\n%s", log)
	}
}
