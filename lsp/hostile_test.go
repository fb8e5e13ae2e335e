package lsp_test

// Attacks on the server over its real stdin and stdout: frames that lie
// about their length or have none, garbage between messages, ids that the
// JSON-RPC library would mangle, malformed content changes. Every test
// asserts that the session goes on: a malformed message costs one error
// answer and nothing else.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/mdscheck/mdscheck/core/check"
	"github.com/mdscheck/mdscheck/core/document"
	"github.com/mdscheck/mdscheck/core/text"
	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
)

// framed returns body with a correct header.
func framed(body string) string {
	return fmt.Sprintf("Content-Length: %d\r\n\r\n%s", len(body), body)
}

// isParseError reports whether m is the answer to a message whose id could
// not be read: a parse error with a null id.
func isParseError(m map[string]any) bool {
	id, has := m["id"]
	return has && id == nil && errorCode(m) == -32700
}

// answer waits for the response to id and counts the parse errors that
// arrive before it.
func (c *rawClient) answer(id int) (resp map[string]any, parseErrors int) {
	c.t.Helper()
	resp = c.next(fmt.Sprintf("the response to %d", id), func(m map[string]any) bool {
		if isParseError(m) {
			parseErrors++
		}
		return m["method"] == nil && m["id"] == float64(id)
	})
	return resp, parseErrors
}

// served fails unless an initialized session answers hover and completion
// on a document opened after the attack.
func (c *rawClient) served(firstID int) {
	c.t.Helper()
	c.notify("initialized", map[string]any{})
	c.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{
		"uri": "file:///after.yaml", "languageId": "yaml", "version": 1, "text": manifest + "  \n"}})
	at := func(line, char int) map[string]any {
		return map[string]any{"textDocument": map[string]any{"uri": "file:///after.yaml"},
			"position": map[string]any{"line": line, "character": char}}
	}
	c.request(firstID, "textDocument/hover", at(5, 3))
	if r, n := c.answer(firstID); errorCode(r) != 0 || r["result"] == nil || n != 0 {
		c.t.Errorf("hover after the attack: %v (%d parse errors on the way)", r, n)
	}
	c.request(firstID+1, "textDocument/completion", at(7, 2))
	if r, n := c.answer(firstID + 1); errorCode(r) != 0 || !strings.Contains(string(c.last), "maintenanceWindowDow") || n != 0 {
		c.t.Errorf("completion after the attack: %v (%d parse errors on the way)", r, n)
	}
}

// initializeBody is the initialize request with id 1.
const initializeBody = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"processId":null,"rootUri":null,"capabilities":{}}}`

func TestBadFramesThenGoodOnes(t *testing.T) {
	t.Parallel()
	// body is the message the bad frames carry: a request that must not be
	// answered, since its frame is broken.
	const body = `{"jsonrpc":"2.0","id":99,"method":"mdscheck/stats"}`
	pretty := "{\n  \"jsonrpc\": \"2.0\",\n  \"id\": 99,\n  \"method\": \"mdscheck/stats\"\n}\n"
	cases := []struct {
		name string
		bad  string
	}{
		{"a Content-Length too long", fmt.Sprintf("Content-Length: %d\r\n\r\n%s", len(body)+40, body)},
		{"a Content-Length a megabyte too long", fmt.Sprintf("Content-Length: %d\r\n\r\n%s", len(body)+1<<20, body)},
		{"a Content-Length too short", fmt.Sprintf("Content-Length: %d\r\n\r\n%s", len(body)-10, body)},
		{"a Content-Length too short on a pretty-printed body", fmt.Sprintf("Content-Length: %d\r\n\r\n%s", len(pretty)-20, pretty)},
		{"no Content-Length", "Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n" + body},
		{"a Content-Length that is no number", "Content-Length: twelve\r\n\r\n" + body},
		{"a negative Content-Length", "Content-Length: -5\r\n\r\n" + body},
		{"an empty Content-Length", "Content-Length:\r\n\r\n" + body},
		{"a Content-Length beyond 64 bits", "Content-Length: 99999999999999999999999\r\n\r\n" + body},
		{"no blank line after the header", fmt.Sprintf("Content-Length: %d\r\n%s", len(body), body)},
		{"a body without a header", body},
		{"garbage before a header", "\x00\xffgarbage{}"},
		{"a line that is no header", "hello world\r\n"},
		{"binary garbage with line breaks", "\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\n\n"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := newRaw(t)
			// The bad frame and the good one arrive together, as they would
			// from a client that writes without waiting.
			r.write(c.bad + framed(initializeBody))
			resp, n := r.answer(1)
			if errorCode(resp) != 0 {
				t.Fatalf("initialize after the bad frame: %v", resp)
			}
			if n != 1 {
				t.Errorf("%d parse errors for one bad frame, want 1", n)
			}
			r.served(2)
			if log := r.p.stderr.String(); strings.Contains(log, "mdscheck/stats") {
				t.Errorf("the log quotes the bad frame's body:\n%s", log)
			}
		})
	}
	t.Run("a bad frame after the session started", func(t *testing.T) {
		r := newRaw(t)
		r.initialize(1)
		for i, bad := range []string{
			fmt.Sprintf("Content-Length: %d\r\n\r\n%s", len(body)+500, body),
			"Content-Length: x\r\n\r\n" + body,
		} {
			id := 10 + i
			r.write(bad)
			r.request(id, "mdscheck/stats", nil)
			if resp, n := r.answer(id); errorCode(resp) != 0 || n != 1 {
				t.Errorf("bad frame %d: %v after %d parse errors, want an answer after 1", i, resp, n)
			}
		}
		// Junk glued to a good frame: the frame is served.
		r.write("junk" + framed(`{"jsonrpc":"2.0","id":50,"method":"mdscheck/stats"}`))
		if resp, n := r.answer(50); errorCode(resp) != 0 || n != 1 {
			t.Errorf("the frame after the junk: %v after %d parse errors, want an answer after 1", resp, n)
		}
		r.served(20)
	})
}

func TestRequestIDsComeBackAsSent(t *testing.T) {
	t.Parallel()
	r := newRaw(t)
	r.initialize(1)
	for _, id := range []string{
		`-1`, `0`, `-0`, `9223372036854775807`, `9223372036854775808`, `18446744073709551616`,
		`123456789012345678901234567890`, `1.5`, `1e3`, `"abc"`, `""`, `"é\u00e9\n"`, `"1"`,
	} {
		r.frame(`{"jsonrpc":"2.0","id":` + id + `,"method":"mdscheck/stats"}`)
		resp := r.next("the response to id "+id, func(m map[string]any) bool { return m["method"] == nil })
		var got struct {
			ID json.RawMessage `json:"id"`
		}
		if err := json.Unmarshal(r.last, &got); err != nil {
			t.Fatal(err)
		}
		if string(got.ID) != id || errorCode(resp) != 0 {
			t.Errorf("request id %s answered with id %s: %s", id, got.ID, r.last)
		}
	}
	// An id that is neither a number nor a string is not an id.
	r.frame(`{"jsonrpc":"2.0","id":[1],"method":"mdscheck/stats"}`)
	if resp := r.response(nil); errorCode(resp) != -32600 {
		t.Errorf("an array as id: %v, want an invalid request with a null id", resp)
	}
	r.alive(2, "odd ids")
}

func TestMalformedContentChangesAreDropped(t *testing.T) {
	t.Parallel()
	s, _ := start(t)
	u := uri.URI("file:///changes.yaml")
	src := manifest
	s.open(u, src)
	// A text that must never reach the log: a document may hold secrets.
	const secret = "s3cr3t-value-never-logged"
	p := func(line, char any) map[string]any { return map[string]any{"line": line, "character": char} }
	good := map[string]any{"range": map[string]any{"start": p(0, 0), "end": p(0, 0)}, "text": "# ok\n"}
	for i, bad := range []map[string]any{
		{"range": map[string]any{"start": p(5, 8)}, "text": secret},
		{"range": map[string]any{"end": p(5, 8)}, "text": secret},
		{"range": map[string]any{}, "text": secret},
		{"range": nil, "text": secret},
		{"range": "5:8", "text": secret},
		{"range": map[string]any{"start": p(-1, 0), "end": p(0, 0)}, "text": secret},
		{"range": map[string]any{"start": p(1.5, 0), "end": p(2, 0)}, "text": secret},
		{"range": map[string]any{"start": p(0, "x"), "end": p(0, 0)}, "text": secret},
		{"range": map[string]any{"start": p(0, 0), "end": p(0, 0)}},
		{"range": map[string]any{"start": p(0, 0), "end": p(0, 0)}, "text": 5},
		{"text": nil},
	} {
		// The good change comes first: a notification is applied whole or
		// not at all.
		err := s.conn.Notify(s.ctx, "textDocument/didChange", map[string]any{
			"textDocument":   map[string]any{"uri": u, "version": 100 + i},
			"contentChanges": []any{good, bad}})
		if err != nil {
			t.Fatal(err)
		}
	}
	// The server's text is still the client's: an edit lands where the
	// client put it.
	edit := "  maintenanceWindowDow: funday\n"
	v := s.edit(u, replace(7, 0, 7, 0, edit))
	src = applyEdit(src, rng(7, 0, 7, 0), edit, text.UTF16)
	sameFindings(t, "after malformed changes", s.diagnostics(u, v), src, text.UTF16, check.DefaultOptions)
	// The log reaches the test through a pipe: wait for it, not for luck.
	poll(t, "11 malformed changes logged", func() bool {
		return strings.Count(s.p.stderr.String(), "malformed content change") >= 11
	})
	log := s.p.stderr.String()
	if n := strings.Count(log, "malformed content change"); n != 11 {
		t.Errorf("%d malformed changes logged, want 11:\n%s", n, log)
	}
	if strings.Contains(log, secret) || strings.Contains(log, "# ok") {
		t.Errorf("the log quotes the text of a change:\n%s", log)
	}
}

func TestLoneCarriageReturnsAreLineBreaks(t *testing.T) {
	t.Parallel()
	s, _ := start(t)
	u := uri.URI("file:///cr.yaml")
	// Old Mac line ends, mixed with the others. The core refuses a lone
	// CR; what matters here is that the server's text stays the client's.
	src := "apiVersion: example.io/v1alpha1\rkind: Kafka\r\nmetadata:\r  name: events\nspec:\r  plan: business-4\r  project: streaming\r"
	s.open(u, src)
	apply := func(l1, c1, l2, c2 uint32, newText string) int32 {
		src = applyEdit(src, rng(l1, c1, l2, c2), newText, text.UTF16)
		return s.edit(u, replace(l1, c1, l2, c2, newText))
	}
	apply(6, 11, 6, 20, "stream-ing")     // line 6 only exists when lone CRs count
	apply(3, 8, 3, 14, "orders")          // after a CRLF and lone CRs
	apply(7, 0, 7, 0, "  tags: {a: b}\r") // at the end of the text
	apply(0, 31, 1, 0, "\n")              // each lone CR becomes a LF,
	apply(2, 9, 3, 0, "\n")               // so that the text parses and
	apply(4, 5, 5, 0, "\n")               // its findings show where
	apply(5, 18, 6, 0, "\n")              // every edit landed
	apply(6, 21, 7, 0, "\n")
	v := apply(7, 14, 8, 0, "\n  maintenanceWindowDow: funday\n")
	if strings.Contains(src, "\r\r") || strings.Count(src, "\r") != 1 {
		t.Fatalf("the test's own edits went wrong: %q", src)
	}
	ds := s.diagnostics(u, v)
	sameFindings(t, "after ranged edits over lone CRs", ds, src, text.UTF16, check.DefaultOptions)
	if len(find(ds, "enum")) != 1 || len(find(ds, "yaml-syntax")) != 0 {
		t.Errorf("the text should parse and have one enum finding; server text differs from the client's %q:\n%s", src, summary(ds))
	}
}

// within runs step, one request or edit of an attack on u, and holds the
// server to the work that step asks, as mdscheck/stats counts it: at most
// one check of u runs during it, and a check after the first (an edit's)
// checks again at most the one YAML document the edit touched, reusing
// the rest. That, with the caps on what a reply holds, which the tests
// assert, is what keeps each step to seconds: a reply that grew with the
// stream, or a check of the whole stream at every edit, took minutes. The
// step's wall time is only logged: on this shared machine it swings
// threefold, and BenchmarkAttackSteps measures the server's processor
// time for the same steps.
func within(t *testing.T, s *session, u uri.URI, what string, step func()) {
	t.Helper()
	before := s.work(u)
	t0 := time.Now()
	step()
	took := time.Since(t0)
	after := s.work(u)
	t.Logf("%s: %v; %d checks of the text, the last of them checked %d of its %d documents",
		what, took.Round(time.Millisecond), after.Checks, after.Rechecked, after.Documents)
	if ran := after.Checks - before.Checks; ran > 1 {
		t.Errorf("%s ran %d checks of the text, want at most one", what, ran)
	}
	if after.Checks > 1 && after.Rechecked > 1 {
		t.Errorf("%s: the last check, an edit's, checked %d documents again, want only the one edited", what, after.Rechecked)
	}
}

// work is what mdscheck/stats says of the document u: nothing before it
// is opened.
func (s *session) work(u uri.URI) (d struct{ Checks, Documents, Rechecked int }) {
	s.t.Helper()
	for _, o := range s.stats().Open {
		if o.URI == string(u) {
			d.Checks, d.Documents, d.Rechecked = o.Checks, o.Documents, o.Rechecked
		}
	}
	return d
}

// rawSymbols asks for the outline of u and returns the reply as sent.
func (s *session) rawSymbols(u uri.URI) (json.RawMessage, []protocol.DocumentSymbol) {
	s.t.Helper()
	var raw json.RawMessage
	if _, err := s.conn.Call(s.ctx, protocol.MethodTextDocumentDocumentSymbol,
		&protocol.DocumentSymbolParams{TextDocument: docID(u)}, &raw); err != nil {
		s.t.Fatalf("documentSymbol: %v", err)
	}
	var syms []protocol.DocumentSymbol
	if err := json.Unmarshal(raw, &syms); err != nil {
		s.t.Fatalf("documentSymbol result: %v", err)
	}
	return raw, syms
}

func TestOutlineOfManyDocumentsIsCapped(t *testing.T) {
	// Not parallel: tens of MiB through the client and the server,
	// which on two loaded cores alongside other tests can outlast the
	// hang guard.
	s, _ := start(t)
	u := uri.URI("file:///many.yaml")
	const n = 200000
	src := strings.Repeat("--- {}\n", n)
	within(t, s, u, "opening 200,000 documents", func() { s.open(u, src) })
	for _, step := range []string{"the outline", "the outline after an edit"} {
		var raw json.RawMessage
		var syms []protocol.DocumentSymbol
		within(t, s, u, step, func() { raw, syms = s.rawSymbols(u) })
		t.Logf("%s: %d symbols, %d bytes", step, len(syms), len(raw))
		if len(syms) != 1000 || len(raw) > 256<<10 {
			t.Fatalf("%s: %d symbols in %d bytes, want 1,000 in a small reply", step, len(syms), len(raw))
		}
		note := syms[len(syms)-1]
		if want := fmt.Sprintf("%d more documents not shown", n-999); !strings.Contains(note.Name, want) || note.Range.Start.Line != 999 {
			t.Errorf("%s: the last symbol is %q at line %d, want a note %q at line 999", step, note.Name, note.Range.Start.Line, want)
		}
		v := s.edit(u, replace(5, 4, 5, 6, "{a: 1}"))
		within(t, s, u, "an edit's diagnostics", func() { s.diagnostics(u, v) })
	}
	within(t, s, u, "hover after the outline", func() { hoverAt(t, s, u, pos(0, 4)) })
}

func TestOutlineOfAFileOverTheStreamLimit(t *testing.T) {
	// Not parallel: tens of MiB through the client and the server,
	// which on two loaded cores alongside other tests can outlast the
	// hang guard.
	s, _ := start(t)
	u := uri.URI("file:///huge-stream.yaml")
	// 65 MiB of small documents: over the 64 MiB the checker reads at all.
	src := strings.Repeat("--- {}\n", (65<<20)/7)
	within(t, s, u, "opening a 65 MiB stream", func() {
		if ds := s.open(u, src); len(find(ds, "limit")) != 1 {
			t.Errorf("want one limit finding, got:\n%s", summary(ds))
		}
	})
	within(t, s, u, "its outline", func() {
		raw, syms := s.rawSymbols(u)
		t.Logf("outline: %d symbols, %d bytes", len(syms), len(raw))
		if len(syms) != 1 || !strings.Contains(syms[0].Name, "not outlined") {
			t.Errorf("want one note that the file is not outlined, got %d symbols: %.200s", len(syms), raw)
		}
	})
}

// manyFindings is a stream of docs documents with keys unknown members
// each: docs*keys unknown-field findings.
func manyFindings(docs, keys int) string {
	var b strings.Builder
	for i := range docs {
		fmt.Fprintf(&b, "---\napiVersion: example.io/v1alpha1\nkind: Kafka\nmetadata:\n  name: k%d\nspec:\n  plan: business-4\n  project: p\n", i)
		for k := range keys {
			fmt.Fprintf(&b, "  unknown%04d: 1\n", k)
		}
	}
	return b.String()
}

func TestPublishedDiagnosticsAreCapped(t *testing.T) {
	// Not parallel: tens of MiB through the client and the server,
	// which on two loaded cores alongside other tests can outlast the
	// hang guard.
	s, _ := start(t)
	u := uri.URI("file:///findings.yaml")
	src := manyFindings(20, 2000)
	all := expected(src, text.UTF16, check.DefaultOptions)
	// A warning first: the errors are shown before it.
	src = "---\napiVersion: example.io/v1alpha1\nkind: Kafka\nmetadata:\n  name: w\nspec:\n  plan: business-4\n  project: p\n  maintenanceWindowDow: Monday\n" + src
	var ds []protocol.Diagnostic
	within(t, s, u, "opening 40,000 findings", func() { ds = s.open(u, src) })
	check := func(step string, ds []protocol.Diagnostic) {
		t.Helper()
		size := len(mustMarshal(t, ds))
		t.Logf("%s: %d diagnostics published, %d bytes", step, len(ds), size)
		if len(ds) != 1000 || size > 1<<20 {
			t.Fatalf("%s: %d diagnostics in %d bytes, want 1,000 in a small notification", step, len(ds), size)
		}
		for _, d := range ds[:999] {
			if d.Severity != protocol.DiagnosticSeverityError {
				t.Errorf("%s: a %v is shown while errors are left out: %s", step, d.Severity, message(d))
				break
			}
		}
		note := ds[999]
		want := fmt.Sprintf("%d more findings not shown; run mdscheck validate for all", len(all)+1-999)
		if message(note) != want || note.Severity != protocol.DiagnosticSeverityInformation {
			t.Errorf("%s: the last diagnostic is %q (%v), want the information %q", step, message(note), note.Severity, want)
		}
	}
	check("open", ds)
	v := s.edit(u, replace(20, 2, 20, 2, "x"))
	within(t, s, u, "an edit's diagnostics", func() { ds = s.diagnostics(u, v) })
	check("edit", ds)
}

func mustMarshal(t *testing.T, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// offered returns the edit of the completion item labelled label at p,
// which must be an E.
func offered[E any](t *testing.T, s *session, u uri.URI, p protocol.Position, label string) E {
	t.Helper()
	it := itemByLabel(completionItems(t, s, u, p), label)
	if it == nil {
		t.Fatalf("%s is not offered", label)
	}
	e, ok := it.TextEdit.(E)
	if !ok {
		t.Fatalf("%s: textEdit %T, want a %T", label, it.TextEdit, e)
	}
	return e
}

func TestCompletionInsideAWordReplacesIt(t *testing.T) {
	t.Parallel()
	src := manifest + "  maintenanceWindowDow: wednesday\n  clo: x\n"
	// The cursor after "wed" and after "cl": the words run on after it.
	value, key := pos(7, 27), pos(8, 4)
	t.Run("a client with insertReplaceSupport", func(t *testing.T) {
		s, _ := start(t, func(p *protocol.InitializeParams) {
			yes := true
			p.Capabilities.TextDocument.Completion.CompletionItem.InsertReplaceSupport = &yes
		})
		u := uri.URI("file:///replace.yaml")
		s.open(u, src)
		for _, c := range []struct {
			at            protocol.Position
			label         string
			insert, whole protocol.Range
			newText       string
		}{
			{value, "monday", rng(7, 24, 7, 27), rng(7, 24, 7, 33), "monday"},
			{key, "cloudName", rng(8, 2, 8, 4), rng(8, 2, 8, 5), "cloudName"},
		} {
			e := offered[*protocol.InsertReplaceEdit](t, s, u, c.at, c.label)
			if e.Insert != c.insert || e.Replace != c.whole || e.NewText != c.newText {
				t.Errorf("%s: insert %v, replace %v, %q; want %v, %v, %q", c.label, e.Insert, e.Replace, e.NewText, c.insert, c.whole, c.newText)
			}
		}
	})
	t.Run("a client without", func(t *testing.T) {
		s, _ := start(t)
		u := uri.URI("file:///replace.yaml")
		s.open(u, src)
		for _, c := range []struct {
			at    protocol.Position
			label string
			want  string
		}{
			{value, "monday", "  maintenanceWindowDow: monday\n"},
			{key, "cloudName", "  cloudName: x\n"},
		} {
			e := offered[*protocol.TextEdit](t, s, u, c.at, c.label)
			got := applyEdit(src, e.Range, e.NewText, text.UTF16)
			if line := strings.SplitAfter(got, "\n")[c.at.Line]; line != c.want {
				t.Errorf("picking %s gives the line %q, want %q", c.label, line, c.want)
			}
		}
	})
}

// A megabyte of nesting on one line: the core's depth limit must fire
// before its reader's memory grows with the depth.
func TestMegabyteOfNesting(t *testing.T) {
	// Not parallel: tens of MiB through the client and the server,
	// which on two loaded cores alongside other tests can outlast the
	// hang guard.
	for _, c := range []struct{ name, head, unit string }{
		{"alone", "", "["},
		{"in a manifest", manifest + "  userConfig: ", "["},
		{"braces", "", "{"},
		{"items", "", "[a, "},
		{"dashes", "", "- "},
	} {
		t.Run(c.name, func(t *testing.T) {
			s, _ := start(t)
			u := uri.URI("file:///brackets.yaml")
			src := c.head + strings.Repeat(c.unit, (1<<20)/len(c.unit))
			last := uint32(strings.Count(src, "\n"))
			within(t, s, u, "opening", func() { s.open(u, src) })
			v := s.edit(u, replace(last, 1<<19, last, 1<<19, "x"))
			within(t, s, u, "an edit in the middle", func() { s.diagnostics(u, v) })
			v = s.edit(u, replace(last, 0, last, 1, ""))
			within(t, s, u, "an edit at the start", func() { s.diagnostics(u, v) })
			within(t, s, u, "hover", func() { hoverAt(t, s, u, pos(last, 1<<18)) })
			within(t, s, u, "completion", func() { completionItems(t, s, u, pos(last, 1<<18)) })
			within(t, s, u, "the outline", func() { s.rawSymbols(u) })
			// The server's peak memory: generous, it held the text a few
			// times over and the core's reader refused it.
			kb := peakKB(s.p.cmd.Process.Pid)
			t.Logf("peak RSS %d MiB", kb>>10)
			if kb > 1<<20 {
				t.Errorf("the server's peak RSS was %d MiB, over 1 GiB", kb>>10)
			}
		})
	}
}

// BenchmarkAttackSteps is the processor time the server spends (user and
// system, read from /proc, in cpu-ns/op) on the steps of the attacks that
// within bounds by their work: on a text opened once, an edit and its
// diagnostics, hover, completion and the outline, each a sub-benchmark.
// docs/performance.md has the numbers:
//
//	go test ./lsp -run '^$' -bench AttackSteps -benchtime 5x -count 3
func BenchmarkAttackSteps(b *testing.B) {
	for _, c := range []struct {
		name, src string
		edit      protocol.Position // where an edit inserts a character
	}{
		{"64MiB-of-empty-documents", brokenHead + strings.Repeat("---\n", (document.DefaultLimits.StreamBytes-len(brokenHead))/4), pos(6, 11)},
		{"200000-documents", strings.Repeat("--- {}\n", 200000), pos(5, 4)},
		{"40000-findings", manyFindings(20, 2000), pos(20, 2)},
		{"megabyte-of-nesting", strings.Repeat("[", 1<<20), pos(0, 1<<19)},
	} {
		b.Run(c.name, func(b *testing.B) {
			s, _ := start(b)
			u := uri.URI("file:///attack.yaml")
			s.open(u, c.src)
			s.idle()
			at := pos(c.edit.Line, c.edit.Character+1)
			for _, step := range []struct {
				name string
				run  func() error
			}{
				{"edit", func() error {
					s.diagnostics(u, s.edit(u, replace(c.edit.Line, c.edit.Character, c.edit.Line, c.edit.Character, "x")))
					return nil
				}},
				{"hover", func() error { _, err := s.hover(u, at); return err }},
				{"completion", func() error { _, err := s.completion(u, at); return err }},
				{"outline", func() error { _, err := s.symbols(u); return err }},
			} {
				b.Run(step.name, func(b *testing.B) {
					cpu := serverCPU(b, s)
					for b.Loop() {
						if err := step.run(); err != nil {
							b.Fatal(err)
						}
					}
					s.idle()
					b.ReportMetric(float64(serverCPU(b, s)-cpu)/float64(b.N), "cpu-ns/op")
				})
			}
		})
	}
}

// serverCPU is the processor time the server of s has used so far: its
// utime and stime in /proc/PID/stat, in clock ticks (USER_HZ, 100 a
// second on Linux).
func serverCPU(b *testing.B, s *session) time.Duration {
	b.Helper()
	stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", s.p.cmd.Process.Pid))
	if err != nil {
		b.Fatal(err)
	}
	// The fields after the command's name, which is in parentheses and may
	// hold spaces: state is the 3rd field of the line, utime the 14th.
	fields := strings.Fields(string(stat[bytes.LastIndexByte(stat, ')')+1:]))
	utime, err1 := strconv.ParseInt(fields[11], 10, 64)
	stime, err2 := strconv.ParseInt(fields[12], 10, 64)
	if err1 != nil || err2 != nil {
		b.Fatalf("%s: %v %v", stat, err1, err2)
	}
	return time.Duration(utime+stime) * 10 * time.Millisecond
}
