package lsp

import (
	"encoding/json"
	"fmt"
	"sync"

	"github.com/sourcegraph/jsonrpc2"
	protocol "github.com/tliron/glsp/protocol_3_16"
)

// While the workspace's index reads files, the server's gate does not
// know the secrets of the files not read yet, and any message may quote
// one: a diagnostic quoting the open file's text, a hover, a completion, a
// log line naming what the client sent. So everything the server would
// say while the index reads files is held back, and sent once the index
// has read them, through the gate as it is then (holdback). One place
// for every output, rather than a wait in each that may quote text: a
// configuration file's diagnostics once went out at once while a
// manifest's waited, and quoted a secret of a file the index read a
// moment later.
//
// What the server asks the client (registering watchers, pulling the
// settings) is not held: its params are mdscheck's own, and the settings
// pulled decide the checks whose output waits.

// maxHeldBytes bounds the messages held back other than diagnostics
// (responses, log messages); diagnostics are held once per document, the
// newest replacing the one before. A response past it is an error that
// says why; a log message past it is dropped, and counted.
const maxHeldBytes = 16 << 20

// holdback holds what the server says while the index reads files.
type holdback struct {
	mu      sync.Mutex
	on      bool // the index is reading files
	sending bool // release is sending what was held
	done    bool // the server shut down: nothing more is held
	msgs    []heldMessage
	size    int // bytes of msgs but diagnostics
	// byURI is where in msgs each document's diagnostics are.
	byURI   map[string]int
	dropped int      // log messages dropped past maxHeldBytes
	logs    [][]byte // server log lines held back, each once
	logSize int
}

// heldMessage is a message held back: its body as the library wrote it
// (not yet gated, the request ids its own), nil where newer diagnostics
// replaced it or the bound refused it; the id of a response.
type heldMessage struct {
	body []byte
	id   *jsonrpc2.ID
}

// hold starts holding back what the server says.
func (h *holdback) hold() {
	h.mu.Lock()
	defer h.mu.Unlock()
	if !h.done {
		h.on = true
	}
}

// keep holds back body, a message as the library wrote it, when the
// server is holding; it reports whether it did. Requests of the server's
// own pass.
func (h *holdback) keep(body []byte) bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	if !h.on {
		return false
	}
	m := topLevel(body)
	hasID := m.id[0] >= 0
	switch {
	case m.method && hasID:
		return false // a request of the server's
	case m.method:
		if uri, ok := diagnosticsURI(body); ok {
			if i, ok := h.byURI[uri]; ok {
				h.msgs[i].body = nil // the newest diagnostics replace these
			}
			if h.byURI == nil {
				h.byURI = map[string]int{}
			}
			h.byURI[uri] = len(h.msgs)
			h.msgs = append(h.msgs, heldMessage{body: body})
			return true
		}
		if h.size+len(body) > maxHeldBytes {
			h.dropped++
			return true
		}
		h.size += len(body)
		h.msgs = append(h.msgs, heldMessage{body: body})
		return true
	}
	var id *jsonrpc2.ID
	if hasID {
		id = &jsonrpc2.ID{}
		if json.Unmarshal(body[m.id[0]:m.id[1]], id) != nil {
			id = nil // null: an answer to what could not be read
		}
	}
	if h.size+len(body) > maxHeldBytes {
		if id != nil {
			h.msgs = append(h.msgs, heldMessage{id: id})
		}
		return true
	}
	h.size += len(body)
	h.msgs = append(h.msgs, heldMessage{body: body, id: id})
	return true
}

// diagnosticsURI returns the document of a publishDiagnostics body.
func diagnosticsURI(body []byte) (string, bool) {
	var n struct {
		Method string `json:"method"`
		Params struct {
			URI string `json:"uri"`
		} `json:"params"`
	}
	ok := json.Unmarshal(body, &n) == nil && n.Method == string(protocol.ServerTextDocumentPublishDiagnostics)
	return n.Params.URI, ok
}

// keepLog holds back a line of the server's log when the server is
// holding, and reports whether it did.
func (h *holdback) keepLog(p []byte) bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	if !h.on {
		return false
	}
	if h.logSize+len(p) <= maxHeldBytes {
		h.logs = append(h.logs, append([]byte(nil), p...))
		h.logSize += len(p)
	}
	return true
}

// release sends what was held, in order, with send (which gates it), and
// writes the log lines held with log, then holds nothing more until hold;
// but not while still reports that the index reads files again (a read
// queued since the last ended). What is said while it sends is held and
// sent after, in order; nothing is sent under the lock, which a log line
// written meanwhile takes.
//
// abandon is for a server that shuts down before the index has read every
// file: the held messages are not sent, for the gate does not know what
// they may quote; a request held is answered with an error that says so.
func (h *holdback) release(send func([]byte), refuse func(jsonrpc2.ID, string), log func([]byte), abandon bool, still func() bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if abandon {
		h.done = true
	}
	if !h.on || h.sending || (!abandon && still()) {
		return // not holding, being sent, or another read of files began: its end releases
	}
	h.sending = true
	for len(h.msgs)+len(h.logs)+h.dropped > 0 {
		msgs, logs, dropped := h.msgs, h.logs, h.dropped
		h.msgs, h.byURI, h.size, h.logs, h.logSize, h.dropped = nil, nil, 0, nil, 0, 0
		abandon = h.done
		h.mu.Unlock()
		flush(msgs, logs, dropped, send, refuse, log, abandon)
		h.mu.Lock()
	}
	h.sending = false
	h.on = !h.done && still()
}

// flush sends or refuses what release took.
func flush(msgs []heldMessage, logs [][]byte, dropped int, send func([]byte), refuse func(jsonrpc2.ID, string), log func([]byte), abandon bool) {
	for _, m := range msgs {
		switch {
		case m.body == nil && m.id != nil:
			refuse(*m.id, "the server was still reading the workspace's files and held back more answers than it keeps; ask again")
		case m.body == nil:
		case abandon && m.id != nil:
			refuse(*m.id, "the server shut down before it had read the workspace's files, which this answer waited for")
		case !abandon:
			send(m.body)
		}
	}
	if abandon {
		if len(logs) > 0 {
			log(fmt.Appendf(nil, "mdscheck lsp: %d log lines written while the workspace's files were read are left out: the server shut down before it knew their secrets\n", len(logs)))
		}
		return
	}
	for _, l := range logs {
		log(l)
	}
	if dropped > 0 {
		log(fmt.Appendf(nil, "mdscheck lsp: %d log messages to the client were dropped while the workspace's files were read\n", dropped))
	}
}

// releaseHeld sends what the server held back while the index read files,
// unless it reads files again (holdback.release).
func (s *server) releaseHeld(abandon bool) {
	if s.out == nil {
		return
	}
	ix := &s.ws.scan
	s.out.release(func(p []byte) { _, _ = s.logOut.write(p) }, abandon, func() bool {
		ix.mu.Lock()
		defer ix.mu.Unlock()
		return ix.running
	})
}
