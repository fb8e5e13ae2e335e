package lsp

import (
	"bytes"
	"encoding/json"
	"strconv"
	"sync"
)

// requestIDs gives each request its id back exactly as the client wrote
// it. sourcegraph/jsonrpc2 reads a numeric id into an int64 and writes it
// back as a uint64, so -1 came back as 18446744073709551615, and it refuses
// ids beyond int64 or with a fraction; JSON-RPC asks for the same value
// back. So the stream swaps each request's id for a token of its own, a
// string the library carries through intact, and swaps the token in the
// response back for the id's original text.
type requestIDs struct {
	mu   sync.Mutex
	seq  uint64
	held map[string][]byte // token -> the id as the client wrote it
}

// incoming returns body with the id of a request replaced by a token, or
// body itself when it is no request with a number or string id (a
// notification, a response to the server's own request, an id of another
// type, which the library answers as an invalid request).
func (ids *requestIDs) incoming(body []byte) []byte {
	start, end, request := topLevelID(body)
	if start < 0 || !request {
		return body
	}
	id := body[start:end]
	if c := id[0]; c != '"' && c != '-' && (c < '0' || c > '9') {
		return body
	}
	ids.mu.Lock()
	ids.seq++
	token := strconv.FormatUint(ids.seq, 10)
	if ids.held == nil {
		ids.held = map[string][]byte{}
	}
	ids.held[token] = bytes.Clone(id)
	ids.mu.Unlock()
	out := make([]byte, 0, len(body)+len(token))
	out = append(out, body[:start]...)
	out = strconv.AppendQuote(out, token)
	return append(out, body[end:]...)
}

// responsePrefix starts every response the library writes: it marshals
// jsonrpc2.Response's fields in order, the id first. A token is a string.
const responsePrefix = `{"id":"`

// outgoing returns msg with a token in the response's id replaced by the
// original id. Other messages are returned as they are.
func (ids *requestIDs) outgoing(msg []byte) []byte {
	if !bytes.HasPrefix(msg, []byte(responsePrefix)) {
		return msg
	}
	rest := msg[len(responsePrefix):]
	end := bytes.IndexByte(rest, '"')
	if end < 0 {
		return msg
	}
	ids.mu.Lock()
	id, ok := ids.held[string(rest[:end])]
	delete(ids.held, string(rest[:end]))
	ids.mu.Unlock()
	if !ok {
		return msg
	}
	out := make([]byte, 0, len(msg)+len(id))
	out = append(out, `{"id":`...)
	out = append(out, id...)
	return append(out, rest[end+1:]...)
}

// topLevelID finds the value of the member "id" of the JSON object b (start
// -1 when there is none) and whether the object has a member "method". It
// reads only the top level; nested values are skipped, so a large
// didOpen costs one fast pass. On text that is not a JSON object it finds
// nothing: the decoder reports the error.
func topLevelID(b []byte) (start, end int, request bool) {
	m := topLevel(b)
	return m.id[0], m.id[1], m.method
}

// members are the spans of the top-level members of a message that the
// stream looks at: -1 where there is none.
type members struct {
	id, params [2]int
	method     bool
}

// topLevel reads the top level of the JSON object b; on text that is not
// a JSON object it finds nothing.
func topLevel(b []byte) members {
	m := members{id: [2]int{-1, -1}, params: [2]int{-1, -1}}
	ok := objectMembers(b, 0, func(key []byte, start, end int) bool {
		// The last of duplicates, as the decoder takes.
		switch memberName(key) {
		case "id":
			m.id = [2]int{start, end}
		case "params":
			m.params = [2]int{start, end}
		case "method":
			m.method = true
		}
		return true
	})
	if !ok {
		return members{id: [2]int{-1, -1}, params: [2]int{-1, -1}}
	}
	return m
}

// objectMembers calls fn with the name (quotes included) and the span of
// the value of each member of the JSON object at b[i], skipping nested
// values, so that a large message costs one fast pass. It returns false
// when b[i] starts no object, at the first malformed member, or when fn
// returns false.
func objectMembers(b []byte, i int, fn func(key []byte, start, end int) bool) bool {
	i = skipSpace(b, i)
	if i >= len(b) || b[i] != '{' {
		return false
	}
	i = skipSpace(b, i+1)
	if i < len(b) && b[i] == '}' {
		return true
	}
	for i < len(b) {
		if b[i] != '"' {
			return false
		}
		keyEnd := skipString(b, i)
		if keyEnd < 0 {
			return false
		}
		key := b[i:keyEnd]
		i = skipSpace(b, keyEnd)
		if i >= len(b) || b[i] != ':' {
			return false
		}
		i = skipSpace(b, i+1)
		valueEnd := skipValue(b, i)
		if valueEnd < 0 || !fn(key, i, valueEnd) {
			return false
		}
		i = skipSpace(b, valueEnd)
		if i < len(b) && b[i] == '}' {
			return true
		}
		if i >= len(b) || b[i] != ',' {
			return false
		}
		i = skipSpace(b, i+1)
	}
	return false
}

// memberName decodes a member name, quotes included.
func memberName(key []byte) string {
	if bytes.IndexByte(key, '\\') < 0 {
		return string(key[1 : len(key)-1])
	}
	var s string
	if json.Unmarshal(key, &s) != nil {
		return ""
	}
	return s
}

func skipSpace(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r') {
		i++
	}
	return i
}

// skipString returns the end of the string that starts at b[i], or -1.
func skipString(b []byte, i int) int {
	for j := i + 1; j < len(b); {
		q := bytes.IndexByte(b[j:], '"')
		if q < 0 {
			return -1
		}
		q += j
		// The quote ends the string unless an odd number of backslashes
		// escapes it.
		n := 0
		for k := q - 1; k > i && b[k] == '\\'; k-- {
			n++
		}
		if n%2 == 0 {
			return q + 1
		}
		j = q + 1
	}
	return -1
}

// skipValue returns the end of the value that starts at b[i], or -1.
func skipValue(b []byte, i int) int {
	if i >= len(b) {
		return -1
	}
	switch b[i] {
	case '"':
		return skipString(b, i)
	case '{', '[':
		depth := 0
		for i < len(b) {
			switch b[i] {
			case '"':
				if i = skipString(b, i); i < 0 {
					return -1
				}
				continue
			case '{', '[':
				depth++
			case '}', ']':
				if depth--; depth == 0 {
					return i + 1
				}
			}
			i++
		}
		return -1
	}
	j := i
	for j < len(b) && bytes.IndexByte([]byte(",}] \t\r\n"), b[j]) < 0 {
		j++
	}
	if j == i {
		return -1
	}
	return j
}
