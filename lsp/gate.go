package lsp

import (
	"encoding/json"
	"slices"
	"sync"
	"time"

	"github.com/mdscheck/mdscheck/core/check"
	"github.com/mdscheck/mdscheck/core/document"
	"github.com/mdscheck/mdscheck/core/report"
	"github.com/mdscheck/mdscheck/core/secret"
)

// Every message the server sends passes the gates of the open documents
// and of the workspace's files (stream.WriteObject calls
// server.gateJSON). A document's gate holds every secret the document has
// held since it was opened: those of each check's text (the worker
// installs the check's gate) and those of each text the read loop saw
// before its check (refreshGate adds them, of the documents an edit
// changed). The gates grow in place rather than being merged into new
// ones: on a stream of 100,000 Secrets each merge of the whole stream's
// forms into a new gate cost a second of CPU and a copy of hundreds of
// megabytes, and the server made several per edit (issue 22).

// A gateSet holds the gates every message passes, and their union.
// Senders read them under mu's read lock (use); the read loop and the
// workers change them under its lock.
type gateSet struct {
	mu sync.RWMutex
	// of maps an open document's URI to its gate, and workspaceGate to
	// the gate of the workspace's files. The documents' gates are the
	// set's own, changed in place; the workspace's is read only.
	of map[string]*secret.Gate
	// fresh maps an open document's URI to the secrets the read loop
	// added to its gate since its last check's gate was installed: what
	// a gate started again from a check (install) must keep.
	fresh map[string]*secret.Gate
	// closed are the keys of the gates of closed documents in of, the
	// last closed last (drop).
	closed []string
	// all is the union of the gates, with the texts every message leaves
	// whole; nil when it must be made again (union). It is the largest
	// document's gate, the others merged into it: the union of one open
	// stream of Secrets is its gate, not a copy.
	all *secret.Gate
	// shared says that all is the workspace's gate itself, no document
	// being open: read only, it is made again, not changed, when a
	// document's gate comes (reset).
	shared bool
}

// reset drops the union, to be made again; gs.mu is held.
func (gs *gateSet) reset() { gs.all, gs.shared = nil, false }

// init makes the set's maps on its first change; gs.mu is held.
func (gs *gateSet) init() {
	if gs.of == nil {
		gs.of, gs.fresh = map[string]*secret.Gate{}, map[string]*secret.Gate{}
	}
}

// use calls fn with the union of the gates, made first if need be. fn runs
// under the read lock: it must not change the gates.
func (gs *gateSet) use(fn func(*secret.Gate)) {
	for {
		gs.mu.RLock()
		if g := gs.all; g != nil {
			defer gs.mu.RUnlock()
			fn(g)
			return
		}
		gs.mu.RUnlock()
		gs.mu.Lock()
		if gs.all == nil {
			gs.all = gs.union()
		}
		gs.mu.Unlock()
	}
}

// union returns the union of the gates; gs.mu is held. It merges the
// others into the largest document gate, which then holds them too: a
// secret of a file closed since, or of a workspace file changed since,
// stays masked in that document's messages, which is safe, where a copy
// of the largest gate would cost as much memory again.
func (gs *gateSet) union() *secret.Gate {
	var base *secret.Gate
	baseURI := ""
	for uri, g := range gs.of {
		if uri != workspaceGate && (base == nil || g.Forms() > base.Forms()) {
			base, baseURI = g, uri
		}
	}
	if base == nil {
		if ws := gs.of[workspaceGate]; ws != nil && len(gs.of) == 1 {
			// replace marked it as a union is marked: a copy of
			// the gate of a workspace of 100,000 Secrets, made when
			// the index lets out what it held back, cost 0.4 s.
			gs.shared = true
			return ws
		}
		base = &secret.Gate{}
	}
	for uri, g := range gs.of {
		if uri != baseURI {
			base.Merge(g)
		}
		// A secret's text may be part of a file's name.
		base.Safe(uri)
	}
	base.Safe("mdscheck")
	check.KeepRules(base)
	return base
}

// add adds the secrets of delta, found in a text of the document uri, to
// its gate.
func (gs *gateSet) add(uri string, delta *secret.Gate) {
	gs.mu.Lock()
	defer gs.mu.Unlock()
	gs.init()
	if gs.shared {
		gs.reset()
	}
	g := gs.of[uri]
	if g == nil {
		g = &secret.Gate{}
		gs.of[uri] = g
		if gs.all != nil {
			gs.all.Safe(uri)
		}
	}
	g.Merge(delta)
	if gs.all != nil && gs.all != g {
		gs.all.Merge(delta)
	}
	f := gs.fresh[uri]
	if f == nil {
		f = &secret.Gate{}
		gs.fresh[uri] = f
	}
	f.Merge(delta)
}

// maxSeenForms bounds the forms of secrets a document's gate keeps from
// its earlier texts beyond those of its last check (a document typed in
// for hours).
const maxSeenForms = 50_000

// install makes g, the gate of a check of the document uri, its gate, with
// the secrets of its earlier texts: a text that was a secret a moment
// ago, then moved out of its member or left where the secret was
// deleted, is still one. Past maxSeenForms of them (beyond g's and the
// other gates') it keeps only those the read loop found since the last
// check, which no check has seen. g becomes the set's: nothing else may
// change it.
func (gs *gateSet) install(uri string, g *secret.Gate) {
	gs.mu.Lock()
	defer gs.mu.Unlock()
	gs.init()
	if gs.shared {
		gs.reset()
	}
	// Most forms of the old gate are g's already: merging it costs a
	// look-up a form, not a copy. The old gate may be or have been the
	// union (union), the others' forms merged in: they count as g's.
	old := gs.of[uri]
	kept := g.Forms()
	for other, og := range gs.of {
		if other != uri {
			kept += og.Forms()
		}
	}
	if old.Forms() <= kept+maxSeenForms {
		g.Merge(old)
	} else {
		g.Merge(gs.fresh[uri])
	}
	gs.of[uri] = g
	delete(gs.fresh, uri)
	// The union takes in g at the cost of the smaller of the two: made
	// again on g when g is the largest gate (one stream open), else g
	// merged into it (a small file edited in a workspace of Secrets).
	switch {
	case gs.all == nil:
	case gs.all == old || g.Forms() > gs.all.Forms():
		gs.reset()
	default:
		if old == nil {
			gs.all.Safe(uri)
		}
		gs.all.Merge(g)
	}
}

// replace sets the gate of key (workspaceGate) to g, which the set only
// reads once it has marked it as union marks the union (the texts every
// message leaves whole): with no document open, the union is g itself.
// Nothing else may read g while replace marks it.
func (gs *gateSet) replace(key string, g *secret.Gate) {
	g.Safe(key)
	g.Safe("mdscheck")
	check.KeepRules(g)
	gs.mu.Lock()
	defer gs.mu.Unlock()
	gs.init()
	gs.of[key] = g
	gs.reset()
}

// maxClosed and maxClosedForms bound the gates of closed documents a
// set keeps: the last closed ones, as long as their forms are fewer. A
// closed file of the workspace is read again by the index; the bound is
// for buffers, and a stream of 100,000 Secrets closed (1.8 million
// forms) is not kept twice.
const (
	maxClosed      = 64
	maxClosedForms = 1_000_000
)

// drop takes the gate of uri, a document closed, out of the open ones. Its
// secrets stay known for the rest of the session, in a gate of their own
// (closedPrefix), up to maxClosed of them and maxClosedForms forms: a
// secret typed in a buffer that was closed unsaved was shown again in the
// next diagnostics of another document that wrote it (attack 18), which
// the server had masked a moment before.
func (gs *gateSet) drop(uri string) {
	gs.mu.Lock()
	defer gs.mu.Unlock()
	g := gs.of[uri]
	delete(gs.of, uri)
	delete(gs.fresh, uri)
	gs.reset()
	if g.Empty() {
		return
	}
	key := closedPrefix + uri
	if old := gs.of[key]; old != nil {
		g.Merge(old) // closed, opened again and closed again
		gs.closed = slices.DeleteFunc(gs.closed, func(k string) bool { return k == key })
	}
	gs.of[key] = g
	gs.closed = append(gs.closed, key)
	forms := 0
	for _, k := range gs.closed {
		forms += gs.of[k].Forms()
	}
	for len(gs.closed) > 0 && (len(gs.closed) > maxClosed || forms > maxClosedForms) {
		forms -= gs.of[gs.closed[0]].Forms()
		delete(gs.of, gs.closed[0])
		gs.closed = gs.closed[1:]
	}
}

// closedPrefix keys, before its URI, the gate of a closed document.
const closedPrefix = "mdscheck:closed:"

// liveGates records the documents of the text of an open file the read
// loop last saw (the file's live text) (refreshGate), whose secrets its gate holds, so that an
// edit looks for the secrets of only the documents it changed. Read loop
// only.
type liveGates struct {
	src    string
	byText map[string]struct{}
}

// maxGateDocuments bounds the documents of a stream whose secrets the
// read loop finds; a stream of more is past what the server checks.
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

// refreshGates adds to the gates the secrets of the text now of the
// documents a request of method reads (refreshGate): the one its
// textDocument names, or every open one when it names none (a command's
// argument).
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

// refreshGate adds to the gate of d the secrets of its text now, before
// a check has read it: of the documents that are not those of the text
// it last saw, nor of the last check's text. Read loop only.
func (s *server) refreshGate(d *openDoc) {
	v := d.view()
	lg := &d.live
	if lg.src == v.src && lg.byText != nil {
		return
	}
	d.mu.Lock()
	checked := d.last != nil && d.last.text == v.src
	var ran chan struct{}
	if !checked && d.running && (d.checking == v.src || lg.byText == nil) {
		ran = d.ran
	}
	d.mu.Unlock()
	if ran != nil {
		// The worker is checking this very text, or the text of the
		// file just opened before an edit: its gate will know every
		// secret of that text. Waiting for it costs the request what is
		// left of that check; checking the text again here cost a
		// stream of 150,000 Secrets as long again, in the read loop.
		// The wait is bounded in case the check is stuck.
		testHookCheckWait()
		select {
		case <-ran:
		case <-time.After(maxCheckWait):
		}
		d.mu.Lock()
		checked = d.last != nil && d.last.text == v.src
		d.mu.Unlock()
	}
	known := lg.byText
	if known == nil && !checked {
		// The first text the read loop sees since the file was opened:
		// the gate holds the secrets of the documents of the last check.
		d.mu.Lock()
		var last string
		if d.last != nil {
			last = d.last.text
		}
		d.mu.Unlock()
		known = documentTexts(d.checker.as.Text(last), newView(last).spans)
	}
	src := d.checker.as.Text(v.src)
	spans := v.spans[:min(len(v.spans), maxGateDocuments)]
	byText := make(map[string]struct{}, len(spans))
	delta := &secret.Gate{}
	var c report.Checker
	for _, sp := range spans {
		t := src[sp.Start:sp.End]
		if _, seen := byText[t]; seen {
			continue // the same document again (empty ones, copies)
		}
		byText[t] = struct{}{}
		if _, ok := known[t]; ok || checked {
			// The last check's gate, installed, or an earlier call
			// holds its secrets.
			continue
		}
		if !d.checker.secrets(t, delta) {
			r := c.Check(src, sp, 0, d.checker.as.Options(check.DefaultOptions))
			r.Info.Feed(delta)
		}
	}
	// Only the documents of this text, whose strings are slices of it:
	// those of every text since the open would keep each text alive.
	lg.src, lg.byText = v.src, byText
	if !delta.Empty() {
		s.gates.add(d.uri, delta)
	}
}

// documentTexts returns the set of the texts of the documents of src at
// spans.
func documentTexts(src string, spans []document.Span) map[string]struct{} {
	out := make(map[string]struct{}, len(spans))
	for _, sp := range spans {
		out[src[sp.Start:sp.End]] = struct{}{}
	}
	return out
}

// forgetGates drops the gate of a document that is closed from the open
// ones: nothing more is said of it, but its secrets stay secrets (drop).
func (s *server) forgetGates(uri string) {
	s.gates.drop(uri)
}
