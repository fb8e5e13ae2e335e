// Package lsp is mdscheck's language server: an adapter that puts the pure
// core (core/report, core/check, core/lang) in front of editors over the
// Language Server Protocol, on github.com/tliron/glsp's protocol types and
// handler.
//
// One file per LSP method or concern: transport.go (the message stream,
// dispatch, panics), frame.go (reading frames, resynchronising after a
// malformed one), ids.go (request ids back as the client wrote them),
// initialize.go (capabilities, position encoding), documents.go
// (open, change, close, save), edit.go (ranged edits), diagnostics.go
// (scheduling checks, publishing), incremental.go (re-checking only the
// changed documents of a stream), completion.go (and snippet.go),
// hover.go, symbols.go (and view.go), codeaction.go, settings.go,
// stats.go (mdscheck/stats), secret.go (the command
// mdscheck.connectionSecret).
//
// Every message is handled on the connection's read loop, in order, as
// glsp's design has it; checks run on one worker per document, which
// publishes its diagnostics itself. glsp's own server package is not used:
// its stdio transport closes the connection on the first malformed
// message, reads os.Stdin directly and logs through commonlog, so
// transport.go serves glsp's handler on sourcegraph/jsonrpc2 (the library
// glsp's server uses) with a framing that answers malformed input and
// reads on.
package lsp

import (
	"context"
	"errors"
	"io"
	"log"
	"os"
	"sync"
	"sync/atomic"
	"time"

	"github.com/mdscheck/mdscheck/core/text"
	"github.com/sourcegraph/jsonrpc2"
	"github.com/tliron/glsp"
	protocol "github.com/tliron/glsp/protocol_3_16"
)

// Options configure Serve.
type Options struct {
	// Log receives the server's log; nil means os.Stderr. Never stdout:
	// that is the protocol's channel.
	Log io.Writer
	// Verbose logs every message's method and duration, and every check.
	Verbose bool
	// Version is reported to the client in serverInfo.
	Version string
}

// Serve speaks LSP on in and out until the client sends exit or closes
// in, and returns the process exit status LSP asks for: 0 after
// shutdown+exit or when the input ends, 1 when exit comes without shutdown.
func Serve(in io.Reader, out io.Writer, opts Options) int {
	if opts.Log == nil {
		opts.Log = os.Stderr
	}
	gated := &gatedLog{w: opts.Log}
	logger := log.New(gated, "mdscheck lsp: ", log.LstdFlags|log.Lmicroseconds)
	s := newServer(logger, opts)
	gated.s.Store(s)
	s.logOut = gated
	rc := &rpcClient{ready: make(chan struct{}), log: logger}
	s.client = rc
	params := &heldParams{}
	a := &adapter{handler: s, params: params, log: logger, verbose: opts.Verbose, onExit: s.exit}
	st := newStream(in, out, logger, params)
	st.gate = s.gateJSON
	st.held, s.out = s.held, st
	a.end = func() { st.ended.Store(true) }
	conn := jsonrpc2.NewConn(context.Background(), st, a)
	rc.conn = conn
	close(rc.ready)
	<-conn.DisconnectNotify()
	s.stop()
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.state == stateShutdown || !s.exited {
		// After shutdown, or the client went away (end of input): a
		// clean end either way.
		return 0
	}
	return 1
}

// lifecycle states of the server.
const (
	stateNew = iota
	stateRunning
	stateShutdown
)

// server is the state of one connection.
type server struct {
	log     *log.Logger
	verbose bool
	version string
	proto   protocol.Handler

	client client // set before the first message is read

	own ownAnswers // texts of answers in mdscheck's words, for gateJSON

	mu       sync.Mutex // guards the fields below, which workers read too
	state    int
	exited   bool // the client sent exit
	enc      text.Encoding
	caps     clientCaps
	base     Settings // defaults and initializationOptions
	settings Settings
	docs     map[string]*openDoc
	warned   map[string]bool // the warnings said once (warnOnce)

	// gates are the secrets every outgoing message passes (gate.go).
	gates gateSet

	cfg configState // the workspace's .mdscheck.yaml files (config.go)
	ws  *workspace  // the index of the workspace's files (workspace.go)

	// held holds back what the server says while the index reads files
	// (holdback.go); out is the stream it is sent on at last, nil in
	// tests that make a server alone. begin starts the first read.
	held   *holdback
	out    *stream
	logOut *gatedLog
	begin  sync.Once
}

// client is the way back to the editor; both methods are safe from any
// goroutine.
type client interface {
	notify(method string, params any)
	// call sends a request and waits for its result. Never call it on the
	// read loop (from a handler): the reply would never be read.
	call(ctx context.Context, method string, params, result any) error
}

func newServer(logger *log.Logger, opts Options) *server {
	s := &server{log: logger, verbose: opts.Verbose, version: opts.Version,
		base: DefaultSettings, settings: DefaultSettings, docs: map[string]*openDoc{}, held: &holdback{}}
	s.proto = protocol.Handler{
		Initialize:                      s.initialize,
		Initialized:                     s.initialized,
		Shutdown:                        s.shutdown,
		Exit:                            func(*glsp.Context) error { return nil },
		SetTrace:                        func(*glsp.Context, *protocol.SetTraceParams) error { return nil },
		CancelRequest:                   func(*glsp.Context, *protocol.CancelParams) error { return nil },
		WorkspaceDidChangeConfiguration: s.didChangeConfiguration,
		TextDocumentDidOpen:             s.didOpen,
		TextDocumentDidClose:            s.didClose,
		TextDocumentDidSave:             s.didSave,
		TextDocumentCompletion:          s.completion,
		TextDocumentHover:               s.hover,
		TextDocumentDocumentSymbol:      s.documentSymbol,
		TextDocumentCodeAction:          s.codeAction,
		WorkspaceDidChangeWatchedFiles:  s.didChangeWatchedFiles,
		WorkspaceExecuteCommand:         s.executeCommand,
	}
	s.startCross()
	return s
}

// Handle implements glsp.Handler: the lifecycle of LSP around glsp's
// dispatch, and mdscheck's own methods.
func (s *server) Handle(ctx *glsp.Context) (r any, validMethod, validParams bool, err error) {
	var start time.Time
	if s.verbose {
		start = time.Now()
		defer func() { s.log.Printf("%s (%d bytes) took %v", ctx.Method, len(ctx.Params), time.Since(start)) }()
	}
	s.mu.Lock()
	state := s.state
	s.mu.Unlock()
	switch {
	case ctx.Method == "exit":
		return nil, true, true, nil
	case state == stateNew && ctx.Method != "initialize":
		return nil, true, true, &jsonrpc2.Error{Code: codeServerNotInitialized,
			Message: "the server is not initialized: send initialize first"}
	case state != stateNew && ctx.Method == "initialize":
		return nil, true, true, &jsonrpc2.Error{Code: codeInvalidRequest, Message: "the server is already initialized"}
	case state == stateShutdown:
		return nil, true, true, &jsonrpc2.Error{Code: codeInvalidRequest, Message: "the server is shutting down: only exit is accepted"}
	case ctx.Method != "initialize":
		// The first message after initialize (initialized, as clients
		// send it) starts reading the workspace's files, before anything
		// it asks for is answered: what the server says waits for them.
		s.begin.Do(s.indexFolders)
		if contentMethods[ctx.Method] {
			s.refreshGates(ctx.Method, ctx.Params)
		}
	}
	switch {
	case ctx.Method == methodStats:
		return s.stats(), true, true, nil
	case ctx.Method == string(protocol.MethodTextDocumentDidChange):
		return nil, true, true, s.didChange(ctx.Params)
	case ctx.Method == string(protocol.MethodTextDocumentDidOpen):
		// As glsp reads it, with the text unquoted faster (decodeDidOpen).
		p, err := decodeDidOpen(ctx.Params)
		if err != nil {
			return nil, true, false, err
		}
		return nil, true, true, s.didOpen(ctx, p)
	}
	return s.proto.Handle(ctx)
}

// exit records how the process should end; the adapter closes the
// connection.
func (s *server) exit() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.exited = true
}

// stop ends every document's pending work when the connection is gone.
func (s *server) stop() {
	s.mu.Lock()
	docs := s.docs
	s.docs = map[string]*openDoc{}
	s.mu.Unlock()
	for _, d := range docs {
		d.close()
	}
}

func (s *server) shutdown(*glsp.Context) error {
	s.mu.Lock()
	s.state = stateShutdown
	s.mu.Unlock()
	s.stop()
	s.releaseHeld(true)
	return nil
}

// encoding returns the negotiated position encoding.
func (s *server) encoding() text.Encoding {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.enc
}

// current returns the settings in force.
func (s *server) current() Settings {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.settings
}

// document returns the open document uri, or nil.
func (s *server) document(uri string) *openDoc {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.docs[uri]
}

// openDocuments returns the open documents.
func (s *server) openDocuments() []*openDoc {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]*openDoc, 0, len(s.docs))
	for _, d := range s.docs {
		out = append(out, d)
	}
	return out
}

// logMessage shows a message in the client's log (window/logMessage) and
// in ours.
func (s *server) logMessage(typ protocol.MessageType, msg string) {
	s.log.Print(msg)
	s.client.notify(string(protocol.ServerWindowLogMessage), protocol.LogMessageParams{Type: typ, Message: "mdscheck: " + msg})
}

// rpcClient is the client over the JSON-RPC connection. The connection
// starts reading as it is made, so the methods wait until it is set.
type rpcClient struct {
	ready chan struct{}
	conn  *jsonrpc2.Conn
	log   *log.Logger
}

func (c *rpcClient) notify(method string, params any) {
	<-c.ready
	if err := c.conn.Notify(context.Background(), method, params); err != nil && !errors.Is(err, jsonrpc2.ErrClosed) {
		c.log.Printf("notify %s: %v", method, err)
	}
}

func (c *rpcClient) call(ctx context.Context, method string, params, result any) error {
	<-c.ready
	return c.conn.Call(ctx, method, params, result)
}

// gatedLog is the server's log: every line passes the gate of the open
// documents, as every message to the client does. A log line may name
// what a client sent (a method, a URI, a setting, a malformed message),
// which may hold anything.
type gatedLog struct {
	w io.Writer
	s atomic.Pointer[server]
}

func (l *gatedLog) Write(p []byte) (int, error) {
	if s := l.s.Load(); s != nil && s.held.keepLog(p) {
		return len(p), nil // written when the workspace's secrets are known
	}
	return l.write(p)
}

// write writes p through the gate of the open documents.
func (l *gatedLog) write(p []byte) (int, error) {
	if s := l.s.Load(); s != nil {
		if _, err := io.WriteString(l.w, s.clean(string(p))); err != nil {
			return 0, err
		}
		return len(p), nil
	}
	return l.w.Write(p)
}
