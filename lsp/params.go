package lsp

import (
	"bytes"
	"encoding/json"
	"strconv"
	"sync"
)

// heldParams keeps the params of a large message out of
// sourcegraph/jsonrpc2's decoding. The library reads a request into a map
// of interfaces and marshals its params back to JSON (Request.UnmarshalJSON),
// after a first pass that tells requests from responses: for the didOpen
// of a 1.5 MB stream that was four passes over the text, two of them
// unquoting and quoting it, 60 ms before the server saw the message. The
// stream swaps such params for a short token, a JSON string the library
// carries through unchanged, and the adapter swaps the token back before
// the handler decodes the params, once.
//
// Messages are read and handled one at a time, in order (the adapter's
// comment says why), so one held params at a time is enough: a token that
// is not the one held is left as it is, and the handler then finds params
// of the wrong type.
type heldParams struct {
	mu    sync.Mutex
	seq   uint64
	token string          // the held params' token, as JSON
	raw   json.RawMessage // the params the client sent
}

// holdFrom is the size of params from which they are held: below it the
// library's passes cost less than a look at the message.
const holdFrom = 64 << 10

// hold returns body with large, well-formed params replaced by a token.
// Params that are not valid JSON stay, so the library reports them as it
// always did.
func (h *heldParams) hold(body []byte) []byte {
	if len(body) < holdFrom {
		return body
	}
	m := topLevel(body)
	start, end := m.params[0], m.params[1]
	if !m.method || start < 0 || end-start < holdFrom || !json.Valid(body[start:end]) {
		return body
	}
	h.mu.Lock()
	h.seq++
	h.token = strconv.Quote("mdscheck:held-params:" + strconv.FormatUint(h.seq, 10))
	h.raw = bytes.Clone(body[start:end])
	token := h.token
	h.mu.Unlock()
	out := make([]byte, 0, start+len(token)+len(body)-end)
	out = append(out, body[:start]...)
	out = append(out, token...)
	return append(out, body[end:]...)
}

// take returns the params that params stands for, when it is the held
// token, and params itself otherwise.
func (h *heldParams) take(params json.RawMessage) json.RawMessage {
	if len(params) == 0 || params[0] != '"' {
		return params
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.token == "" || string(params) != h.token {
		return params
	}
	raw := h.raw
	h.token, h.raw = "", nil
	return raw
}
