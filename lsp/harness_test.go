package lsp_test

// The tests drive the real binary over its stdin and stdout with an
// independent client: go.lsp.dev/protocol and go.lsp.dev/jsonrpc2, which
// share no code with glsp or sourcegraph/jsonrpc2.

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"
	"time"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"github.com/mdscheck/mdscheck/internal/clibuild"
)

// serverBin is the mdscheck binary under test, built once by TestMain.
var serverBin string

func TestMain(m *testing.M) {
	// MDSCHECK_LSP_BIN runs the tests against another build, for example
	// one made with -race.
	if bin := os.Getenv("MDSCHECK_LSP_BIN"); bin != "" {
		serverBin = bin
		os.Exit(m.Run())
	}
	bin, err := clibuild.Path()
	if err != nil {
		fmt.Fprintln(os.Stderr, "building mdscheck:", err)
		os.Exit(1)
	}
	serverBin = bin
	os.Exit(m.Run())
}

// started is about when go test's -timeout began to count.
var started = time.Now()

// waitLimit is how long a wait may last before its test fails as hung.
// It guards against a hang and is not a speed assertion (the benchmarks
// measure speed). A fixed minute was tight: at load 20 the open of 64 MiB
// outlasted it. Five minutes, but never past shortly before go test's
// -timeout, which would end the binary with a stack dump instead of
// the request and the server's log. A wait for a result that never
// comes (a wrong one) also ends here, so the guard is not longer.
func waitLimit() time.Duration {
	const guard = 5 * time.Minute
	timeout := time.Duration(0)
	if f := flag.Lookup("test.timeout"); f != nil {
		timeout, _ = f.Value.(flag.Getter).Get().(time.Duration)
	}
	if timeout <= 0 {
		return guard
	}
	margin := min(time.Minute, timeout/10) // to print the failure and stop the servers
	return min(guard, max(time.Until(started.Add(timeout-margin)), time.Second))
}

// proc is a running server process.
type proc struct {
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	stdout io.ReadCloser
	stderr *syncBuffer
	done   chan struct{} // closed when the process has exited
	err    error         // its exit error, after done
}

// syncBuffer collects the server's log.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}

func startProc(t testing.TB, args ...string) *proc {
	t.Helper()
	// MDSCHECK_LSP_VERBOSE=1 shows the server's timings in the test log.
	verbose := os.Getenv("MDSCHECK_LSP_VERBOSE") != ""
	if verbose {
		args = append(args, "--verbose")
	}
	cmd := exec.Command(serverBin, append([]string{"lsp"}, args...)...)
	p := &proc{cmd: cmd, stderr: &syncBuffer{}, done: make(chan struct{})}
	cmd.Stderr = p.stderr
	var err error
	if p.stdin, err = cmd.StdinPipe(); err != nil {
		t.Fatal(err)
	}
	if p.stdout, err = cmd.StdoutPipe(); err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() {
		p.err = cmd.Wait()
		close(p.done)
	}()
	t.Cleanup(func() {
		p.stdin.Close()
		select {
		case <-p.done:
		case <-time.After(10 * time.Second):
			cmd.Process.Kill()
			<-p.done
			t.Errorf("the server did not exit when its input closed")
		}
		if strings.Contains(p.stderr.String(), "DATA RACE") {
			t.Errorf("the server (built with -race) found a data race")
		}
		if t.Failed() || verbose {
			t.Logf("server log:\n%s", p.stderr.String())
		}
	})
	return p
}

// wait waits for the process to exit and returns its exit status.
func (p *proc) wait(t testing.TB) int {
	t.Helper()
	select {
	case <-p.done:
	case <-time.After(waitLimit()):
		t.Fatalf("the server did not exit")
	}
	return p.cmd.ProcessState.ExitCode()
}

// pipe joins the process's stdout and stdin into the client's transport.
type pipe struct {
	io.Reader
	io.WriteCloser
}

// session is a client connected to a server process.
type session struct {
	t    testing.TB
	p    *proc
	conn jsonrpc2.Conn
	srv  protocol.Server
	ctx  context.Context

	mu      sync.Mutex
	changed chan struct{} // closed and replaced whenever a notification arrives
	diags   map[uri.URI][]*protocol.PublishDiagnosticsParams
	logs    []string
	config  json.RawMessage // what workspace/configuration answers for "mdscheck"
	pulls   int             // workspace/configuration requests received
	version map[uri.URI]int32
	texts   map[uri.URI]string
}

// client is the editor side.
type client struct {
	protocol.UnimplementedClient
	s *session
}

func (c client) PublishDiagnostics(_ context.Context, p *protocol.PublishDiagnosticsParams) error {
	c.s.mu.Lock()
	defer c.s.mu.Unlock()
	c.s.diags[p.URI] = append(c.s.diags[p.URI], p)
	c.s.notifyLocked()
	return nil
}

func (c client) LogMessage(_ context.Context, p *protocol.LogMessageParams) error {
	c.s.mu.Lock()
	defer c.s.mu.Unlock()
	c.s.logs = append(c.s.logs, p.Message)
	c.s.notifyLocked()
	return nil
}

func (c client) Configuration(_ context.Context, p *protocol.ConfigurationParams) ([]protocol.LSPAny, error) {
	c.s.mu.Lock()
	defer c.s.mu.Unlock()
	c.s.pulls++
	out := make([]protocol.LSPAny, len(p.Items))
	for i, it := range p.Items {
		out[i] = protocol.LSPAny("null")
		if it.Section != nil && *it.Section == "mdscheck" && c.s.config != nil {
			out[i] = protocol.LSPAny(c.s.config)
		}
	}
	c.s.notifyLocked()
	return out, nil
}

func (s *session) notifyLocked() {
	close(s.changed)
	s.changed = make(chan struct{})
}

// connect starts a server and connects a client, without initializing.
func connect(t testing.TB, args ...string) *session {
	t.Helper()
	p := startProc(t, args...)
	s := &session{t: t, p: p, changed: make(chan struct{}), diags: map[uri.URI][]*protocol.PublishDiagnosticsParams{},
		version: map[uri.URI]int32{}, texts: map[uri.URI]string{}}
	ctx, conn, srv := protocol.NewClient(context.Background(), client{s: s}, jsonrpc2.NewStream(pipe{p.stdout, p.stdin}))
	s.ctx, s.conn, s.srv = ctx, conn, srv
	t.Cleanup(func() { conn.Close() })
	return s
}

// capabilities of a typical editor: snippets, versioned edits, pulled
// configuration, UTF-16 positions.
func editorCapabilities() protocol.ClientCapabilities {
	yes := true
	return protocol.ClientCapabilities{
		Workspace: &protocol.WorkspaceClientCapabilities{
			Configuration: &yes,
			WorkspaceEdit: &protocol.WorkspaceEditClientCapabilities{DocumentChanges: &yes},
		},
		TextDocument: &protocol.TextDocumentClientCapabilities{
			Completion: &protocol.CompletionClientCapabilities{
				CompletionItem: &protocol.ClientCompletionItemOptions{SnippetSupport: &yes},
			},
			DocumentSymbol:     &protocol.DocumentSymbolClientCapabilities{HierarchicalDocumentSymbolSupport: &yes},
			PublishDiagnostics: &protocol.PublishDiagnosticsClientCapabilities{},
		},
	}
}

// start starts a server and initializes it; edit adjusts the initialize
// params.
func start(t testing.TB, edit ...func(*protocol.InitializeParams)) (*session, *protocol.InitializeResult) {
	t.Helper()
	s := connect(t)
	params := &protocol.InitializeParams{Capabilities: editorCapabilities()}
	params.ClientInfo = protocol.ClientInfo{Name: "mdscheck-test"}
	for _, e := range edit {
		e(params)
	}
	res, err := s.srv.Initialize(s.ctx, params)
	if err != nil {
		t.Fatalf("initialize: %v", err)
	}
	if err := s.srv.Initialized(s.ctx, &protocol.InitializedParams{}); err != nil {
		t.Fatalf("initialized: %v", err)
	}
	return s, res
}

// waitFor waits until cond holds; cond runs with s.mu held.
func (s *session) waitFor(what string, cond func() bool) {
	s.t.Helper()
	deadline := time.After(waitLimit())
	for {
		s.mu.Lock()
		ok := cond()
		ch := s.changed
		s.mu.Unlock()
		if ok {
			return
		}
		select {
		case <-ch:
		case <-deadline:
			s.t.Fatalf("timed out waiting for %s\nserver log:\n%s", what, s.p.stderr.String())
		}
	}
}

// poll calls cond until it holds, for state that no notification
// announces.
func poll(t testing.TB, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(waitLimit())
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// diagnostics waits for the diagnostics of version of u and returns them.
func (s *session) diagnostics(u uri.URI, version int32) []protocol.Diagnostic {
	s.t.Helper()
	var out []protocol.Diagnostic
	s.waitFor(fmt.Sprintf("diagnostics of %s version %d", u, version), func() bool {
		list := s.diags[u]
		for i := len(list) - 1; i >= 0; i-- {
			if v, ok := list[i].Version.Get(); ok && v == version {
				out = list[i].Diagnostics
				return true
			}
		}
		return false
	})
	return out
}

// published returns how many diagnostics notifications arrived for u.
func (s *session) published(u uri.URI) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.diags[u])
}

// lastPublished returns the last diagnostics notification for u.
func (s *session) lastPublished(u uri.URI) *protocol.PublishDiagnosticsParams {
	s.mu.Lock()
	defer s.mu.Unlock()
	list := s.diags[u]
	if len(list) == 0 {
		return nil
	}
	return list[len(list)-1]
}

// open opens a document with version 1 and returns its diagnostics.
func (s *session) open(u uri.URI, text string) []protocol.Diagnostic {
	s.t.Helper()
	s.openAsync(u, text)
	return s.diagnostics(u, 1)
}

// openAsync opens a document with version 1.
func (s *session) openAsync(u uri.URI, text string) {
	s.t.Helper()
	s.mu.Lock()
	s.version[u] = 1
	s.texts[u] = text
	s.mu.Unlock()
	err := s.srv.DidOpen(s.ctx, &protocol.DidOpenTextDocumentParams{TextDocument: protocol.TextDocumentItem{
		URI: u, LanguageID: "yaml", Version: 1, Text: text}})
	if err != nil {
		s.t.Fatalf("didOpen: %v", err)
	}
}

// edit sends one didChange with the given changes and returns the new
// version.
func (s *session) edit(u uri.URI, changes ...protocol.TextDocumentContentChangeEvent) int32 {
	s.t.Helper()
	s.mu.Lock()
	s.version[u]++
	v := s.version[u]
	s.mu.Unlock()
	err := s.srv.DidChange(s.ctx, &protocol.DidChangeTextDocumentParams{
		TextDocument:   protocol.VersionedTextDocumentIdentifier{TextDocumentIdentifier: protocol.TextDocumentIdentifier{URI: u}, Version: v},
		ContentChanges: changes,
	})
	if err != nil {
		s.t.Fatalf("didChange: %v", err)
	}
	return v
}

// replace is a ranged change.
func replace(l1, c1, l2, c2 uint32, text string) protocol.TextDocumentContentChangeEvent {
	return &protocol.TextDocumentContentChangePartial{Range: rng(l1, c1, l2, c2), Text: text}
}

// whole is a full-text change.
func whole(text string) protocol.TextDocumentContentChangeEvent {
	return &protocol.TextDocumentContentChangeWholeDocument{Text: text}
}

func rng(l1, c1, l2, c2 uint32) protocol.Range {
	return protocol.Range{Start: protocol.Position{Line: l1, Character: c1}, End: protocol.Position{Line: l2, Character: c2}}
}

func pos(line, char uint32) protocol.Position { return protocol.Position{Line: line, Character: char} }

func docID(u uri.URI) protocol.TextDocumentIdentifier { return protocol.TextDocumentIdentifier{URI: u} }

// stats asks the server what it holds (mdscheck/stats).
type stats struct {
	Documents  int `json:"documents"`
	Goroutines int `json:"goroutines"`
	Pending    int `json:"pending"`
	Open       []struct {
		URI       string `json:"uri"`
		Version   int32  `json:"version"`
		Checks    int    `json:"checks"`
		Checked   int32  `json:"checked"`
		Documents int    `json:"documents"`
		Rechecked int    `json:"rechecked"`
	} `json:"open"`
}

func (s *session) stats() stats {
	s.t.Helper()
	var st stats
	if _, err := s.conn.Call(s.ctx, "mdscheck/stats", nil, &st); err != nil {
		s.t.Fatalf("mdscheck/stats: %v", err)
	}
	return st
}

// shutdown ends the session politely and returns the exit status.
func (s *session) shutdown() int {
	s.t.Helper()
	if err := s.srv.Shutdown(s.ctx); err != nil {
		s.t.Fatalf("shutdown: %v", err)
	}
	if err := s.srv.Exit(s.ctx); err != nil {
		s.t.Fatalf("exit: %v", err)
	}
	return s.p.wait(s.t)
}

// message returns a diagnostic's message as text.
func message(d protocol.Diagnostic) string {
	if m, ok := d.Message.(protocol.String); ok {
		return string(m)
	}
	if m, ok := d.Message.(*protocol.MarkupContent); ok {
		return m.Value
	}
	return ""
}

// code returns a diagnostic's code as text.
func code(d protocol.Diagnostic) string {
	switch c := d.Code.(type) {
	case protocol.String:
		return string(c)
	case protocol.Integer:
		return fmt.Sprint(int32(c))
	}
	return ""
}

// find returns the diagnostics with rule code.
func find(ds []protocol.Diagnostic, rule string) []protocol.Diagnostic {
	var out []protocol.Diagnostic
	for _, d := range ds {
		if code(d) == rule {
			out = append(out, d)
		}
	}
	return out
}

// summary lists diagnostics as "line:char-line:char rule" for messages.
func summary(ds []protocol.Diagnostic) string {
	var b strings.Builder
	for _, d := range ds {
		fmt.Fprintf(&b, "%d:%d-%d:%d %s %s\n", d.Range.Start.Line, d.Range.Start.Character,
			d.Range.End.Line, d.Range.End.Character, code(d), message(d))
	}
	return b.String()
}

// request sends a request and decodes its result from a copy the test owns.
// go.lsp.dev/protocol v1.0.1 decodes the results of textDocument/codeAction,
// completion, hover and documentSymbol into strings that alias the
// connection's pooled read buffer, so the next message from the server can
// overwrite a result the test is still reading (a code action's kind once
// read back as garbage). The jsonrpc2 codec copies a json.RawMessage result,
// and protocol.Unmarshal then aliases only that copy.
func request[T any](s *session, method string, params any) (T, error) {
	var raw json.RawMessage
	var out T
	if _, err := s.conn.Call(s.ctx, method, params, &raw); err != nil {
		return out, err
	}
	if len(raw) == 0 || string(raw) == "null" {
		return out, nil
	}
	err := protocol.Unmarshal(raw, &out)
	return out, err
}

// hover asks for hover at p.
func (s *session) hover(u uri.URI, p protocol.Position) (*protocol.Hover, error) {
	return request[*protocol.Hover](s, protocol.MethodTextDocumentHover,
		&protocol.HoverParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{TextDocument: docID(u), Position: p}})
}

// completion asks for completion at p.
func (s *session) completion(u uri.URI, p protocol.Position) (protocol.CompletionResult, error) {
	return request[protocol.CompletionResult](s, protocol.MethodTextDocumentCompletion,
		&protocol.CompletionParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{TextDocument: docID(u), Position: p}})
}

// symbols asks for the outline of u.
func (s *session) symbols(u uri.URI) (protocol.DocumentSymbolResult, error) {
	return request[protocol.DocumentSymbolResult](s, protocol.MethodTextDocumentDocumentSymbol,
		&protocol.DocumentSymbolParams{TextDocument: docID(u)})
}

// codeAction asks for the code actions of p.
func (s *session) codeAction(p *protocol.CodeActionParams) ([]protocol.CommandOrCodeAction, error) {
	return request[[]protocol.CommandOrCodeAction](s, protocol.MethodTextDocumentCodeAction, p)
}
