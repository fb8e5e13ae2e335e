package lsp

import (
	"encoding/json"

	"github.com/mdscheck/mdscheck/core/document"
	"github.com/mdscheck/mdscheck/core/schema"
	"github.com/mdscheck/mdscheck/core/secret"
	"github.com/mdscheck/mdscheck/core/text"
	"github.com/sourcegraph/jsonrpc2"
	"github.com/tliron/glsp"
	protocol "github.com/tliron/glsp/protocol_3_16"
)

// commandConnectionSecret is mdscheck's command (workspace/executeCommand)
// for the connection Secret of the manifest at a position: what the hover
// on kind tells people, as data a client acts on (the VS Code command Show
// Connection Secret Keys lists and copies its keys). Its one argument is
// a TextDocumentPositionParams; the result is a ConnectionSecret, or null
// when the position is in no manifest of a kind mdscheck checks.
const commandConnectionSecret = "mdscheck.connectionSecret"

// ConnectionSecret is the result of mdscheck.connectionSecret: the Secret
// the service writes for one manifest. It names keys, never values.
type ConnectionSecret struct {
	// Document is the index of the manifest in the stream.
	Document int    `json:"document"`
	Kind     string `json:"kind"`
	// Name is spec.connInfoSecretTarget.name, else metadata.name; empty
	// when NameHidden.
	Name string `json:"name"`
	// NameHidden is set when the name is also the value of a secret
	// member (through an anchor), which no answer shows.
	NameHidden bool `json:"nameHidden,omitempty"`
	// Namespace is the manifest's metadata.namespace, where the Secret is
	// written; empty when the manifest names none (the namespace it is
	// applied in).
	Namespace string `json:"namespace,omitempty"`
	// Disabled is set by spec.connInfoSecretTargetDisabled: true; no
	// Secret is created and Keys is empty.
	Disabled bool `json:"disabled"`
	// Keys are the prefixed key names, in the specification's order.
	Keys []string `json:"keys"`
}

// executeCommand runs mdscheck's commands.
func (s *server) executeCommand(_ *glsp.Context, p *protocol.ExecuteCommandParams) (any, error) {
	if p.Command != commandConnectionSecret {
		return nil, &jsonrpc2.Error{Code: codeInvalidParams, Message: "unknown command " + p.Command + "; the server runs " + commandConnectionSecret}
	}
	var at protocol.TextDocumentPositionParams
	if len(p.Arguments) != 1 || !decodeArgument(p.Arguments[0], &at) || at.TextDocument.URI == "" {
		return nil, &jsonrpc2.Error{Code: codeInvalidParams,
			Message: commandConnectionSecret + " takes one argument: {textDocument: {uri}, position: {line, character}}"}
	}
	d := s.document(at.TextDocument.URI)
	if d == nil {
		return nil, &jsonrpc2.Error{Code: codeInvalidParams, Message: "the document " + at.TextDocument.URI + " is not open"}
	}
	_, src := d.snapshot()
	return connectionSecret(src, position(at.Position), s.encoding()), nil
}

// decodeArgument reads a command's argument, which glsp gives as decoded
// JSON, into v.
func decodeArgument(arg any, v any) bool {
	b, err := json.Marshal(arg)
	return err == nil && json.Unmarshal(b, v) == nil
}

// connectionSecret returns the connection Secret of the manifest of src
// that holds pos, or nil. A --- line belongs to the document it starts; a
// position before the first document belongs to it, one after a
// document's ... to that document.
func connectionSecret(src string, pos text.Position, enc text.Encoding) *ConnectionSecret {
	spans := document.Split(src)
	if len(spans) == 0 {
		return nil
	}
	offset := text.NewIndex(src).Offset(pos, enc)
	i := 0
	for i+1 < len(spans) && spans[i+1].Start <= offset {
		i++
	}
	doc := document.Parse(src, spans[i], i, document.DefaultLimits)
	root := doc.Root
	if root == nil || root.Kind != document.Mapping || root.Get("apiVersion").String() != schema.APIVersion {
		return nil
	}
	kind := schema.Lookup(root.Get("kind").String())
	if kind == nil {
		return nil
	}
	sec := secret.Of(kind, doc)
	out := &ConnectionSecret{Document: i, Kind: kind.Name, Name: sec.Name, NameHidden: sec.NameHidden,
		Disabled: sec.Disabled, Keys: sec.Keys}
	if sec.Disabled || out.Keys == nil {
		out.Keys = []string{}
	}
	if ns := root.Get("metadata").Get("namespace"); ns.String() != "" && !secret.Find(kind, doc).Has(ns) {
		out.Namespace = ns.Text
	}
	return out
}
