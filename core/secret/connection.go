package secret

import (
	"github.com/mdscheck/mdscheck/core/document"
	"github.com/mdscheck/mdscheck/core/schema"
)

// Connection is the connection Secret of one manifest of a stream, as
// data that a front end acts on: the language server's command
// mdscheck.connectionSecret and the module's connection_secret. It names
// keys, never values.
type Connection struct {
	Document   int    // the manifest's index in the stream
	Kind       string // its kind
	Name       string // the Secret's name; empty when NameHidden
	NameHidden bool   // the name is also a secret value, which no answer shows
	// Namespace is the manifest's metadata.namespace, where the Secret is
	// written; empty when the manifest names none.
	Namespace string
	Disabled  bool     // no Secret is created; Keys is empty
	Keys      []string // the prefixed key names, never nil
}

// At returns the connection Secret of the manifest of src that holds
// offset, or nil when that document is no manifest of a kind mdscheck
// checks. A --- line belongs to the document it starts, a position before
// the first document to the first.
func At(src string, offset int) *Connection {
	spans := document.Split(src)
	if len(spans) == 0 {
		return nil
	}
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
	sec := Of(kind, doc)
	c := &Connection{Document: i, Kind: kind.Name, Name: sec.Name, NameHidden: sec.NameHidden,
		Disabled: sec.Disabled, Keys: sec.Keys}
	if sec.Disabled || c.Keys == nil {
		c.Keys = []string{}
	}
	if ns := root.Get("metadata").Get("namespace"); ns.String() != "" && !Find(kind, doc).Has(ns) {
		c.Namespace = ns.Text
	}
	return c
}
