package lsp

import (
	"encoding/json"
	"time"

	"github.com/mdscheck/mdscheck/core/check"
	"github.com/mdscheck/mdscheck/core/report"
	"github.com/mdscheck/mdscheck/core/secret"
)

// Every message the server sends passes the gates of the open documents
// (stream.WriteObject calls server.gateJSON). A document has two: the
// gate of its last check, with its previous version's secrets (gateOf,
// set by the worker), and the gate of its text as it is now (liveGate),
// which the read loop brings up to date before it answers a request from
// the text: a hover or an outline may come before the check of an edit.

// gateKey keys server.gates: a document's URI, and whether the gate is
// the live one.
type gateKey struct {
	uri  string
	live bool
}

// liveGates are the gates of the documents of an open file's current
// text, keyed by each document's text, so that an edit checks again only
// the document it changed. Read loop only.
type liveGates struct {
	src    string
	byText map[string]*secret.Gate
}

// maxGateDocuments bounds the documents of a stream whose secrets the
// live gate finds; a stream of more is past what the server checks.
const maxGateDocuments = 100_000

// contentMethods answer from a document's text: their answer passes the
// gate of the text as it is now.
var contentMethods = map[string]bool{
	"textDocument/hover":          true,
	"textDocument/completion":     true,
	"textDocument/documentSymbol": true,
	"textDocument/codeAction":     true,
	"workspace/executeCommand":    true,
}

// maxCheckWait bounds how long a content request waits for the check of
// its text under way before it finds the text's secrets itself.
const maxCheckWait = 30 * time.Second

// testHookCheckWait is called when a request starts to wait for a check.
var testHookCheckWait = func() {}

// refreshGates brings the live gate of the documents a request of method
// reads up to date: the one its textDocument names, or every open one
// when it names none (a command's argument).
func (s *server) refreshGates(method string, params json.RawMessage) {
	if !contentMethods[method] {
		return
	}
	var p struct {
		TextDocument struct {
			URI string `json:"uri"`
		} `json:"textDocument"`
	}
	if json.Unmarshal(params, &p) == nil && p.TextDocument.URI != "" {
		if d := s.document(p.TextDocument.URI); d != nil {
			s.refreshGate(d)
		}
		return
	}
	for _, d := range s.openDocuments() {
		s.refreshGate(d)
	}
}

// refreshGate sets the live gate of d for its text now. Documents whose
// text has not changed keep their gate; the others are checked. Read loop
// only.
func (s *server) refreshGate(d *openDoc) {
	v := d.view()
	lg := &d.live
	if lg.src == v.src && lg.byText != nil {
		return
	}
	d.mu.Lock()
	checked := d.last != nil && d.last.text == v.src
	var ran chan struct{}
	if !checked && d.running && d.checking == v.src {
		ran = d.ran
	}
	d.mu.Unlock()
	if ran != nil {
		// The worker is checking this very text (the first check of a
		// file just opened): its gate will know every secret of it.
		// Waiting for it costs the request what is left of that check;
		// checking the text again here cost a stream of 150,000 Secrets
		// as long again, in the read loop. The wait is bounded in case
		// the check is stuck.
		testHookCheckWait()
		select {
		case <-ran:
		case <-time.After(maxCheckWait):
		}
		d.mu.Lock()
		checked = d.last != nil && d.last.text == v.src
		d.mu.Unlock()
	}
	if checked {
		// The last check read this very text: its gate, the document's,
		// knows every secret of it, and the live gate of an earlier text
		// still masks what that text held. Merging a gate per document
		// again cost a stream of 150,000 Secrets seconds per hover.
		return
	}
	src := d.checker.as.Text(v.src)
	spans := v.spans[:min(len(v.spans), maxGateDocuments)]
	byText := make(map[string]*secret.Gate)
	g := &secret.Gate{}
	var c report.Checker
	for _, sp := range spans {
		t := src[sp.Start:sp.End]
		if _, seen := byText[t]; seen {
			continue // the same document again (empty ones, copies): merged once
		}
		dg, ok := lg.byText[t]
		if !ok {
			dg = &secret.Gate{}
			if !d.checker.secrets(t, dg) {
				r := c.Check(src, sp, 0, d.checker.as.Options(check.DefaultOptions))
				r.Info.Feed(dg)
			}
		}
		byText[t] = dg
		g.Merge(dg)
	}
	lg.src, lg.byText = v.src, byText
	// The secrets of this text are secret in every later one too, even
	// when no check ever sees it (edits faster than the pause before a
	// check): the document remembers them.
	d.mu.Lock()
	d.remember(g)
	d.mu.Unlock()
	s.storeGate(gateKey{d.uri, true}, g)
}

// maxSeenForms bounds the forms of secrets a document remembers from its
// earlier versions (openDoc.seen).
const maxSeenForms = 50_000

// remember adds the secrets g knows to those d remembers; d.mu is held.
// Past maxSeenForms (a document typed in for hours) it starts again from
// g.
func (d *openDoc) remember(g *secret.Gate) {
	if d.seen.Forms() > maxSeenForms {
		d.seen = nil
	}
	if d.seen == nil {
		d.seen = &secret.Gate{}
	}
	d.seen.Merge(g)
}

// forgetGates drops the gates of a document that is closed: nothing more
// is said of it.
func (s *server) forgetGates(uri string) {
	s.gates.Delete(gateKey{uri, false})
	s.gates.Delete(gateKey{uri, true})
	s.gateGen.Add(1)
}
