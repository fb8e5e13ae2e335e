package lsp_test

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/mdscheck/mdscheck/core/check"
	"github.com/mdscheck/mdscheck/core/text"
	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
)

// rawClient speaks to the server byte by byte, to send what no well-behaved
// client library would.
type rawClient struct {
	t    *testing.T
	p    *proc
	msgs chan rawMessage
	// last is the body of the message next returned last, as the server
	// wrote it.
	last []byte
}

// rawMessage is one message from the server, decoded and as written.
type rawMessage struct {
	m    map[string]any
	body []byte
}

func newRaw(t *testing.T) *rawClient {
	p := startProc(t)
	c := &rawClient{t: t, p: p, msgs: make(chan rawMessage, 100)}
	go func() {
		defer close(c.msgs)
		r := bufio.NewReader(p.stdout)
		for {
			length := -1
			for {
				line, err := r.ReadString('\n')
				if err != nil {
					return
				}
				line = strings.TrimSpace(line)
				if line == "" {
					break
				}
				if v, ok := strings.CutPrefix(line, "Content-Length: "); ok {
					length, _ = strconv.Atoi(v)
				}
			}
			body := make([]byte, length)
			if _, err := io.ReadFull(r, body); err != nil {
				return
			}
			var m map[string]any
			if err := json.Unmarshal(body, &m); err != nil {
				t.Errorf("the server sent a body that is not JSON: %q", body)
				return
			}
			c.msgs <- rawMessage{m, body}
		}
	}()
	return c
}

// frame sends body with a correct header.
func (c *rawClient) frame(body string) {
	c.write(fmt.Sprintf("Content-Length: %d\r\n\r\n%s", len(body), body))
}

func (c *rawClient) write(s string) {
	if _, err := io.WriteString(c.p.stdin, s); err != nil {
		c.t.Fatalf("writing to the server: %v", err)
	}
}

// request sends a request with id.
func (c *rawClient) request(id int, method string, params any) {
	b, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": id, "method": method, "params": params})
	c.frame(string(b))
}

func (c *rawClient) notify(method string, params any) {
	b, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "method": method, "params": params})
	c.frame(string(b))
}

// next returns the next message that satisfies keep, skipping others.
func (c *rawClient) next(what string, keep func(map[string]any) bool) map[string]any {
	c.t.Helper()
	deadline := time.After(waitLimit())
	for {
		select {
		case msg, ok := <-c.msgs:
			if !ok {
				c.t.Fatalf("the server closed its output while waiting for %s\nlog:\n%s", what, c.p.stderr.String())
			}
			if keep(msg.m) {
				c.last = msg.body
				return msg.m
			}
		case <-deadline:
			c.t.Fatalf("timed out waiting for %s", what)
		}
	}
}

// response waits for the response to id (nil for a null id).
func (c *rawClient) response(id any) map[string]any {
	c.t.Helper()
	return c.next(fmt.Sprintf("the response to %v", id), func(m map[string]any) bool {
		got, has := m["id"]
		if !has || m["method"] != nil {
			return false
		}
		if id == nil {
			return got == nil
		}
		return got == float64(id.(int))
	})
}

// errorCode returns the error code of a response, 0 for none.
func errorCode(m map[string]any) int {
	e, ok := m["error"].(map[string]any)
	if !ok {
		return 0
	}
	return int(e["code"].(float64))
}

// alive fails unless the server still answers a request (id) after what.
func (c *rawClient) alive(id int, after string) {
	c.t.Helper()
	c.request(id, "mdscheck/stats", nil)
	if r := c.response(id); errorCode(r) != 0 {
		c.t.Errorf("the server is not well after %s: %v", after, r)
	}
}

func (c *rawClient) initialize(id int) {
	c.t.Helper()
	c.request(id, "initialize", map[string]any{"processId": nil, "rootUri": nil, "capabilities": map[string]any{}})
	if r := c.response(id); errorCode(r) != 0 {
		c.t.Fatalf("initialize failed: %v", r)
	}
	c.notify("initialized", map[string]any{})
}

func TestRequestsBeforeInitialize(t *testing.T) {
	t.Parallel()
	c := newRaw(t)
	hover := map[string]any{"textDocument": map[string]any{"uri": "file:///a.yaml"}, "position": map[string]any{"line": 0, "character": 0}}
	c.request(1, "textDocument/hover", hover)
	if code := errorCode(c.response(1)); code != -32002 {
		t.Errorf("a request before initialize: error %d, want -32002 (server not initialized)", code)
	}
	// A notification before initialize is dropped without an answer.
	c.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": "file:///a.yaml", "languageId": "yaml", "version": 1, "text": manifest}})
	c.initialize(2)
	c.request(3, "textDocument/hover", hover)
	if r := c.response(3); errorCode(r) != 0 || r["result"] != nil {
		t.Errorf("hover on a document opened before initialize: %v", r)
	}
	c.request(4, "initialize", map[string]any{"capabilities": map[string]any{}})
	if code := errorCode(c.response(4)); code != -32600 {
		t.Errorf("a second initialize: error %d, want -32600", code)
	}
}

func TestUnknownMethods(t *testing.T) {
	t.Parallel()
	c := newRaw(t)
	c.initialize(1)
	c.request(2, "mdscheck/nothing", nil)
	if code := errorCode(c.response(2)); code != -32601 {
		t.Errorf("an unknown request: error %d, want -32601 (method not found)", code)
	}
	c.request(3, "textDocument/rename", map[string]any{})
	if code := errorCode(c.response(3)); code != -32601 {
		t.Errorf("a request the server does not offer: error %d, want -32601", code)
	}
	// Notifications get no answer, whether known or not; cancellation of a
	// request that is done is fine.
	c.notify("mdscheck/nothing", map[string]any{})
	c.notify("$/cancelRequest", map[string]any{"id": 2})
	c.notify("$/setTrace", map[string]any{"value": "verbose"})
	c.alive(4, "unknown notifications")
}

func TestMalformedMessages(t *testing.T) {
	t.Parallel()
	c := newRaw(t)
	c.initialize(1)
	steps := []struct {
		name string
		send func()
		id   any
		code int
	}{
		{"a body that is not JSON", func() { c.frame(`{"jsonrpc": "2.0", "id": 2, "method": `) }, nil, -32700},
		{"JSON that is no message", func() { c.frame(`{"jsonrpc": "2.0", "hello": 1}`) }, nil, -32600},
		{"an id of the wrong type", func() { c.frame(`{"jsonrpc": "2.0", "id": {"x": 1}, "method": "shutdown"}`) }, nil, -32600},
		{"a header block without Content-Length", func() { c.write("Content-Type: application/json\r\n\r\n") }, nil, -32700},
		{"a bad Content-Length", func() { c.write("Content-Length: lots\r\n\r\n") }, nil, -32700},
		{"params of the wrong type", func() { c.frame(`{"jsonrpc": "2.0", "id": 3, "method": "textDocument/hover", "params": "here"}`) }, 3, -32602},
		{"params missing", func() { c.frame(`{"jsonrpc": "2.0", "id": 4, "method": "textDocument/completion"}`) }, 4, -32602},
		{"a JSON array", func() { c.frame(`[1, 2]`) }, nil, -32600},
		{"a megabyte of garbage without a line break, then a header block", func() {
			c.write(strings.Repeat("x", 1<<20) + "\r\n\r\n")
		}, nil, -32700},
		{"a message over the size limit of 128 MiB", func() {
			const n = 129 << 20
			c.write(fmt.Sprintf("Content-Length: %d\r\n\r\n", n))
			chunk := strings.Repeat(" ", 1<<20)
			for range n >> 20 {
				c.write(chunk)
			}
		}, nil, -32600},
	}
	for _, st := range steps {
		st.send()
		if code := errorCode(c.response(st.id)); code != st.code {
			t.Errorf("%s: error %d, want %d", st.name, code, st.code)
		}
	}
	c.alive(9, "malformed messages")
}

func TestInvalidUTF8(t *testing.T) {
	t.Parallel()
	c := newRaw(t)
	c.initialize(1)
	// Raw bytes that are not UTF-8 inside the JSON string of the text,
	// and a NUL written as a JSON escape.
	bad := strings.Replace(manifest, "streaming", "stream\xff\xfeing", 1)
	body := fmt.Sprintf(`{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///bad.yaml","languageId":"yaml","version":1,"text":%q}}}`, bad)
	body = strings.Replace(body, `\xff\xfe`, "\xff\xfe", 1)
	c.frame(body)
	nul := strings.Replace(manifest, "streaming", "stream\x00ing", 1)
	c.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": "file:///nul.yaml", "languageId": "yaml", "version": 1, "text": nul}})
	published := map[string][]any{}
	for len(published) < 2 {
		m := c.next("diagnostics of both documents", func(m map[string]any) bool {
			return m["method"] == "textDocument/publishDiagnostics"
		})
		p := m["params"].(map[string]any)
		published[p["uri"].(string)] = p["diagnostics"].([]any)
	}
	if ds := published["file:///nul.yaml"]; len(ds) != 1 || ds[0].(map[string]any)["code"] != "yaml-syntax" {
		t.Errorf("a NUL in the text: %v, want one yaml-syntax finding", ds)
	}
	c.request(2, "textDocument/hover", map[string]any{"textDocument": map[string]any{"uri": "file:///bad.yaml"}, "position": map[string]any{"line": 6, "character": 14}})
	if r := c.response(2); errorCode(r) != 0 {
		t.Errorf("hover in a text that was not UTF-8: %v", r)
	}
}

func TestTwentyMegabyteDocument(t *testing.T) {
	// Not parallel: tens of MiB through the client and the server,
	// which on two loaded cores alongside other tests can outlast the
	// hang guard.
	s, _ := start(t)
	u := uri.URI("file:///huge.yaml")
	// Five documents of 4 MB each, over the limit of one document, then a
	// small one that is checked as usual.
	var b strings.Builder
	for b.Len() < 20<<20 {
		b.WriteString("---\n" + manifest + "  description: |\n")
		for n := 0; n < 4<<20; n += 64 {
			b.WriteString("    " + strings.Repeat("x", 59) + "\n")
		}
	}
	b.WriteString("---\n" + manifest + "  maintenanceWindowDow: funday\n")
	src := b.String()
	ds := s.open(u, src)
	if n := len(find(ds, "limit")); n != 5 {
		t.Errorf("want 5 limit findings for the 4 MB documents, got:\n%s", summary(ds))
	}
	if n := len(find(ds, "enum")); n != 1 {
		t.Errorf("the small document after them was not checked:\n%s", summary(ds))
	}
	// The server still answers, and an edit at the end is seen.
	last := uint32(strings.Count(src, "\n"))
	if h := hoverAt(t, s, u, pos(last-3, 3)); h == nil {
		t.Errorf("no hover on plan in the last document")
	}
	v := s.edit(u, replace(last-1, 24, last-1, 30, "monday"))
	src = applyEdit(src, rng(last-1, 24, last-1, 30), "monday", text.UTF16)
	ds = s.diagnostics(u, v)
	sameFindings(t, "after the edit", ds, src, text.UTF16, check.DefaultOptions)
	if st := s.stats(); st.Open[0].Rechecked != 1 {
		t.Errorf("an edit in the last document re-checked %d documents", st.Open[0].Rechecked)
	}
}

func TestThousandRapidEdits(t *testing.T) {
	t.Parallel()
	s, _ := start(t)
	u := uri.URI("file:///rapid.yaml")
	src := manifest + "  # é😀\n"
	s.open(u, src)
	// Type a comment after the emoji, character by character, deleting
	// now and then, without waiting for anything.
	var v int32
	col := uint32(7) // after "  # é😀": 4 + 1 + 2 UTF-16 units
	for i := range 1000 {
		var c protocol.TextDocumentContentChangeEvent
		if i%7 == 6 {
			c = replace(7, col-1, 7, col, "")
			col--
		} else {
			ch := string(rune('a' + i%26))
			if i%50 == 0 {
				ch = "ж"
			}
			c = replace(7, col, 7, col, ch)
			col++
		}
		p := c.(*protocol.TextDocumentContentChangePartial)
		src = applyEdit(src, p.Range, p.Text, text.UTF16)
		v = s.edit(u, c)
	}
	ds := s.diagnostics(u, v)
	sameFindings(t, "after 1,000 edits", ds, src, text.UTF16, check.DefaultOptions)
	// The server's copy is the client's: a finding after the comment lands
	// where the client expects it.
	v = s.edit(u, replace(8, 0, 8, 0, "  maintenanceWindowDow: funday\n"))
	src = applyEdit(src, rng(8, 0, 8, 0), "  maintenanceWindowDow: funday\n", text.UTF16)
	sameFindings(t, "after a last edit", s.diagnostics(u, v), src, text.UTF16, check.DefaultOptions)
	t.Logf("1,000 edits gave %d diagnostics notifications", s.published(u))
}

func TestClientDisappears(t *testing.T) {
	t.Parallel()
	s, _ := start(t)
	u := uri.URI("file:///gone.yaml")
	s.open(u, bigStream(500, func(int) bool { return false }))
	for i := range 20 {
		s.edit(u, replace(7, 11, 7, 11, strconv.Itoa(i)))
	}
	// The editor dies: its end of the pipe closes, with checks pending.
	s.p.stdin.Close()
	if code := s.p.wait(t); code != 0 {
		t.Errorf("exit status %d when the input ended, want 0", code)
	}
}

func TestExitStatus(t *testing.T) {
	t.Parallel()
	t.Run("exit without shutdown", func(t *testing.T) {
		s, _ := start(t)
		if err := s.srv.Exit(s.ctx); err != nil {
			t.Fatal(err)
		}
		if code := s.p.wait(t); code != 1 {
			t.Errorf("exit status %d, want 1 as LSP asks", code)
		}
	})
	t.Run("requests after shutdown", func(t *testing.T) {
		c := newRaw(t)
		c.initialize(1)
		c.request(2, "shutdown", nil)
		if r := c.response(2); errorCode(r) != 0 {
			t.Fatalf("shutdown: %v", r)
		}
		c.request(3, "textDocument/hover", map[string]any{"textDocument": map[string]any{"uri": "file:///a.yaml"}, "position": map[string]any{"line": 0, "character": 0}})
		if code := errorCode(c.response(3)); code != -32600 {
			t.Errorf("a request after shutdown: error %d, want -32600", code)
		}
		c.notify("exit", nil)
		if code := c.p.wait(t); code != 0 {
			t.Errorf("exit status %d after shutdown and exit, want 0", code)
		}
	})
}

func TestLogsGoToStderr(t *testing.T) {
	t.Parallel()
	c := newRaw(t)
	c.initialize(1)
	c.frame(`{oops`)
	c.response(nil)
	c.request(2, "shutdown", nil)
	c.response(2)
	c.notify("exit", nil)
	c.p.wait(t)
	// Every byte on stdout was a framed message (the reader would have
	// failed otherwise); the log is on stderr.
	if log := c.p.stderr.String(); !strings.Contains(log, "malformed message") {
		t.Errorf("stderr has no log of the malformed message:\n%s", log)
	}
}

func TestCommandLine(t *testing.T) {
	t.Parallel()
	// VS Code's client adds --stdio, some clients --clientProcessId.
	s := connect(t, "--stdio", "--clientProcessId=7")
	if _, err := s.srv.Initialize(s.ctx, &protocol.InitializeParams{}); err != nil {
		t.Fatalf("initialize with --stdio: %v", err)
	}
	if code := s.shutdown(); code != 0 {
		t.Errorf("exit status %d", code)
	}
	p := startProc(t, "--no-such-flag")
	if code := p.wait(t); code != 2 {
		t.Errorf("an unknown flag: exit status %d, want 2", code)
	}
}
