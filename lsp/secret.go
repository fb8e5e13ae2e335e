package lsp

import (
	"encoding/json"

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
	c := connectionSecret(src, position(at.Position), s.encoding())
	if c != nil && !c.NameHidden && s.secretText(c.Name) {
		// A name that is a secret's text elsewhere (another document, an
		// earlier version): the answer says so, as the core's does.
		c.Name, c.NameHidden = "", true
	}
	return c, nil
}

// secretText reports whether a gate of an open document would take t out
// of a message.
func (s *server) secretText(t string) bool {
	return s.clean(t) != t
}

// decodeArgument reads a command's argument, which glsp gives as decoded
// JSON, into v.
func decodeArgument(arg any, v any) bool {
	b, err := json.Marshal(arg)
	return err == nil && json.Unmarshal(b, v) == nil
}

// connectionSecret returns the connection Secret of the manifest of src
// that holds pos, or nil (secret.At).
func connectionSecret(src string, pos text.Position, enc text.Encoding) *ConnectionSecret {
	c := secret.At(src, text.NewIndex(src).Offset(pos, enc))
	if c == nil {
		return nil
	}
	return &ConnectionSecret{Document: c.Document, Kind: c.Kind, Name: c.Name, NameHidden: c.NameHidden,
		Namespace: c.Namespace, Disabled: c.Disabled, Keys: c.Keys}
}
