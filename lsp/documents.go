package lsp

import (
	"encoding/json"
	"sync"
	"sync/atomic"
	"time"

	"github.com/mdscheck/mdscheck/core/text"
	"github.com/tliron/glsp"
	protocol "github.com/tliron/glsp/protocol_3_16"
)

// openDoc is one open text document: its latest text and version, and
// the state of checking it. The read loop changes the text; one worker
// at a time checks a snapshot of it and publishes the diagnostics.
type openDoc struct {
	uri      string
	checker  streamChecker
	symbols  symbolCache
	previous previousVersion // its version at a git revision (previous.go)

	mu      sync.Mutex // guards the fields below
	version int32
	text    string
	closed  bool
	// shut is closed, for those that read it without d.mu (isClosed).
	shut    atomic.Bool
	timer   *time.Timer // the debounce timer; at most one per document
	pending bool        // the timer is armed
	running bool        // a worker is checking
	again   bool        // the text or the settings changed during the check
	since   time.Time   // when the oldest unpublished change arrived
	last    *checkResult
	// checking is the text the worker is checking, and ran is closed when
	// that check is over, its result stored or dropped.
	checking string
	ran      chan struct{}
	checks   int // runs so far, for mdscheck/stats

	// Only the read loop uses these.
	v            *view // the documents of text
	outlineNoted bool  // the user was told the outline is cut short
	live         liveGates
}

// snapshot returns the version and text at this moment.
func (d *openDoc) snapshot() (int32, string) {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.version, d.text
}

// view returns the documents of the current text. Read loop only.
func (d *openDoc) view() *view {
	_, src := d.snapshot()
	if d.v == nil || d.v.src != src {
		d.v = newView(src)
	}
	return d.v
}

// close stops the document's pending work; a check in progress finishes
// but publishes nothing.
func (d *openDoc) close() {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.closed = true
	d.shut.Store(true)
	if d.timer != nil {
		d.timer.Stop()
	}
	d.pending = false
}

// feature returns the open document uri for a language feature, or nil
// when there is none or the user turned mdscheck off.
func (s *server) feature(uri string) (*openDoc, text.Encoding) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.settings.Enable {
		return nil, s.enc
	}
	return s.docs[uri], s.enc
}

func (s *server) didOpen(_ *glsp.Context, p *protocol.DidOpenTextDocumentParams) error {
	d := &openDoc{uri: p.TextDocument.URI, version: p.TextDocument.Version, text: p.TextDocument.Text}
	d.checker.as = readingOf(d.uri)
	s.mu.Lock()
	old := s.docs[d.uri]
	s.docs[d.uri] = d
	s.mu.Unlock()
	if old != nil {
		old.close() // opened twice without a close: the new text wins
	}
	s.ws.opening(d)
	s.schedule(d, 0)
	return nil
}

// didChange applies a notification's content changes. It reads the
// params itself: glsp reads a change whose range lacks its end as an
// insert at 0:0, and one with a null range as a whole new text, both of
// which would leave the server's text different from the client's without
// a word. A notification with a malformed change is dropped whole, logged
// and the text left as it was: applying the others would desynchronise
// it just the same.
func (s *server) didChange(params json.RawMessage) error {
	var p struct {
		TextDocument struct {
			URI     string `json:"uri"`
			Version int32  `json:"version"`
		} `json:"textDocument"`
		ContentChanges []json.RawMessage `json:"contentChanges"`
	}
	if err := json.Unmarshal(params, &p); err != nil {
		s.log.Printf("didChange with malformed params ignored: %v", err)
		return nil
	}
	d := s.document(p.TextDocument.URI)
	if d == nil {
		s.log.Printf("didChange for a document that is not open; ignored")
		return nil
	}
	changes := make([]change, len(p.ContentChanges))
	for i, raw := range p.ContentChanges {
		c, err := decodeChange(raw)
		if err != nil {
			// The URI names a file, not its content; the text is never logged.
			s.log.Printf("malformed content change %d of %d for %s (%v); the notification is dropped and the document left unchanged",
				i+1, len(changes), p.TextDocument.URI, err)
			return nil
		}
		changes[i] = c
	}
	// Only the read loop writes the text, so it may edit outside the lock
	// while a worker reads the previous snapshot.
	_, src := d.snapshot()
	src = applyChanges(src, changes, s.encoding())
	d.mu.Lock()
	d.text, d.version = src, p.TextDocument.Version
	d.mu.Unlock()
	// The document's gate learns the secrets of this version, which a
	// later change may come too soon for a check to see.
	s.refreshGate(d)
	s.schedule(d, debounce)
	return nil
}

func (s *server) didSave(_ *glsp.Context, p *protocol.DidSaveTextDocumentParams) error {
	d := s.document(p.TextDocument.URI)
	if d == nil {
		return nil
	}
	if p.Text != nil {
		d.mu.Lock()
		d.text = *p.Text
		d.mu.Unlock()
	}
	d.previous.markStale()
	s.schedule(d, 0)
	return nil
}

func (s *server) didClose(_ *glsp.Context, p *protocol.DidCloseTextDocumentParams) error {
	s.mu.Lock()
	d := s.docs[p.TextDocument.URI]
	delete(s.docs, p.TextDocument.URI)
	s.mu.Unlock()
	if d == nil {
		return nil
	}
	d.close()
	s.didCloseConfig(d.uri)
	s.closeCross(d)
	// The diagnostics of a closed file would otherwise stay in the
	// editor's problem list, stale.
	s.client.notify(string(protocol.ServerTextDocumentPublishDiagnostics),
		protocol.PublishDiagnosticsParams{URI: d.uri, Diagnostics: []protocol.Diagnostic{}})
	s.forgetGates(d.uri)
	return nil
}
