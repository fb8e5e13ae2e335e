package lsp

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"reflect"
	"runtime/debug"
	"strconv"
	"sync"
	"sync/atomic"

	"github.com/sourcegraph/jsonrpc2"
	"github.com/tliron/glsp"
)

// JSON-RPC and LSP error codes the server answers with.
const (
	codeParseError           = -32700
	codeInvalidRequest       = -32600
	codeMethodNotFound       = -32601
	codeInvalidParams        = -32602
	codeInternalError        = -32603
	codeServerNotInitialized = -32002
	codeRequestCancelled     = -32800
)

// maxMessage is the largest message body read: twice the largest stream
// core/document reads at all. A bigger one is skipped and answered with an
// error: the server stays up, the document is not read.
const maxMessage = 128 << 20

// stream frames JSON-RPC messages with LSP's Content-Length headers, like
// jsonrpc2.VSCodeObjectCodec, but survives what a broken client sends: a
// malformed frame, a body that is not JSON, or JSON that is not a message,
// is answered with a parse or invalid-request error and the next message
// is read (frameReader finds it), where the stock codec would close the
// connection. Only the end of the input ends the stream. It also gives each
// request its id back as the client wrote it (requestIDs).
type stream struct {
	frames *frameReader
	in     io.Reader
	log    *log.Logger
	ids    requestIDs
	params *heldParams // shared with the adapter, which gives them back

	wmu sync.Mutex // one writer at a time: the read loop and the workers both send
	w   io.Writer
	// gate takes the secrets of the open documents out of a message
	// before it is sent; nil sends it as it is.
	gate func([]byte) []byte
	// held holds messages back while the workspace's index reads files
	// (holdback.go); nil holds none.
	held *holdback
	// ended is set by the exit notification: the read loop then reads
	// nothing more and ends the connection itself. Closing it from a
	// handler instead left the loop reading a reply the connection had
	// already given up, which sourcegraph/jsonrpc2 sends on a closed
	// channel (a panic).
	ended atomic.Bool
}

func newStream(in io.Reader, out io.Writer, logger *log.Logger, params *heldParams) *stream {
	s := &stream{in: in, w: out, log: logger, params: params}
	s.frames = newFrameReader(in, func(code int, msg string) {
		s.log.Printf("malformed message skipped: %s", msg)
		s.replyError(code, msg)
	})
	return s
}

// WriteObject sends one message with a single Write, so that messages from
// different goroutines never interleave.
func (s *stream) WriteObject(obj any) error {
	body, err := json.Marshal(obj)
	if err != nil {
		return err
	}
	if s.held != nil && s.held.keep(body) {
		return nil
	}
	return s.send(body)
}

// send writes body, a message as the library wrote it: the request ids
// back as the client wrote them, through the gate.
func (s *stream) send(body []byte) error {
	body = s.ids.outgoing(body)
	if s.gate != nil {
		body = s.gate(body)
	}
	var buf bytes.Buffer
	buf.Grow(len(body) + 32)
	buf.WriteString("Content-Length: ")
	buf.WriteString(strconv.Itoa(len(body)))
	buf.WriteString("\r\n\r\n")
	buf.Write(body)
	s.wmu.Lock()
	defer s.wmu.Unlock()
	_, err := s.w.Write(buf.Bytes())
	return err
}

// release sends what the stream held back (holdback.release); abandon
// drops it, answering each request held with an error.
func (s *stream) release(log func([]byte), abandon bool, still func() bool) {
	s.held.release(func(body []byte) {
		if err := s.send(body); err != nil {
			s.log.Printf("sending a message held back: %v", err)
		}
	}, func(id jsonrpc2.ID, msg string) {
		body, err := json.Marshal(&jsonrpc2.Response{ID: id, Error: &jsonrpc2.Error{Code: codeRequestCancelled, Message: msg}})
		if err == nil {
			err = s.send(body)
		}
		if err != nil {
			s.log.Printf("answering a request held back: %v", err)
		}
	}, log, abandon, still)
}

// ReadObject reads the next well-formed message into v. Malformed ones are
// answered and skipped.
func (s *stream) ReadObject(v any) error {
	for {
		if s.ended.Load() {
			return io.EOF
		}
		body, err := s.frames.next()
		if err != nil {
			return err
		}
		// Decode into a fresh value: a failed decode may leave part of a
		// message behind, which the next message must not inherit.
		fresh := reflect.New(reflect.TypeOf(v).Elem())
		// Large params are held back first, so that the id's swap reads a
		// short message rather than the whole text once more.
		if err := json.Unmarshal(s.ids.incoming(s.params.hold(body)), fresh.Interface()); err != nil {
			if !json.Valid(body) {
				// The frame's length was wrong, or the client sent no JSON.
				s.frames.retract(fmt.Sprintf("a body of %d bytes that is not JSON", len(body)))
				continue
			}
			s.log.Printf("malformed message (invalid request, %d bytes): %v", len(body), err)
			s.replyError(codeInvalidRequest, "invalid request: "+err.Error())
			continue
		}
		reflect.ValueOf(v).Elem().Set(fresh.Elem())
		return nil
	}
}

// replyError answers a message whose id could not be read, as JSON-RPC
// asks: an error response with a null id.
func (s *stream) replyError(code int, msg string) {
	type rpcError struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	}
	resp := struct {
		JSONRPC string    `json:"jsonrpc"`
		ID      *struct{} `json:"id"`
		Error   rpcError  `json:"error"`
	}{JSONRPC: "2.0", Error: rpcError{Code: code, Message: msg}}
	if err := s.WriteObject(resp); err != nil {
		s.log.Printf("writing an error response: %v", err)
	}
}

// Close ends the connection. It closes the input when it can, so that a
// read in progress returns.
func (s *stream) Close() error {
	if c, ok := s.in.(io.Closer); ok {
		return c.Close()
	}
	return nil
}

// adapter serves a glsp.Handler on a sourcegraph/jsonrpc2 connection, as
// glsp's own server package does, with what that package lacks: a handler
// that panics answers with an internal error instead of taking the process
// down, errors carry their JSON-RPC codes, logs go to our logger, and the
// exit notification ends the connection.
//
// Messages are handled one at a time, in order, on the connection's read
// loop. A handler must therefore never wait for a reply from the client
// (ctx.Call): the reply could only be read after the handler returns.
type adapter struct {
	handler glsp.Handler
	params  *heldParams // what the stream held back of large messages
	log     *log.Logger
	verbose bool
	onExit  func()
	end     func() // stops the read loop after the message being handled
}

// Handle implements jsonrpc2.Handler.
func (a *adapter) Handle(ctx context.Context, conn *jsonrpc2.Conn, req *jsonrpc2.Request) {
	result, err := a.dispatch(ctx, conn, req)
	if req.Method == "exit" {
		a.onExit()
		if a.end != nil {
			a.end()
		}
		return
	}
	if req.Notif {
		if err != nil && a.verbose {
			a.log.Printf("notification %s: %v", req.Method, err)
		}
		return
	}
	resp := &jsonrpc2.Response{ID: req.ID}
	if err == nil {
		if err = resp.SetResult(result); err != nil {
			err = &jsonrpc2.Error{Code: codeInternalError, Message: "cannot encode the result: " + err.Error()}
		}
	}
	if err != nil {
		var rpcErr *jsonrpc2.Error
		if !errors.As(err, &rpcErr) {
			rpcErr = &jsonrpc2.Error{Code: codeInternalError, Message: err.Error()}
		}
		resp.Result, resp.Error = nil, rpcErr
	}
	if err := conn.SendResponse(ctx, resp); err != nil && !errors.Is(err, jsonrpc2.ErrClosed) {
		a.log.Printf("sending the response to %s: %v", req.Method, err)
	}
}

// dispatch calls the handler and turns its four results into one error.
func (a *adapter) dispatch(ctx context.Context, conn *jsonrpc2.Conn, req *jsonrpc2.Request) (result any, err error) {
	defer func() {
		if r := recover(); r != nil {
			// The stack names code, not document text, so it is safe to log.
			a.log.Printf("panic in %s: %v\n%s", req.Method, r, debug.Stack())
			result, err = nil, &jsonrpc2.Error{Code: codeInternalError,
				Message: fmt.Sprintf("internal error in %s; the server recovered and logged it", req.Method)}
		}
	}()
	gctx := &glsp.Context{
		Method: req.Method,
		Notify: func(method string, params any) {
			if err := conn.Notify(ctx, method, params); err != nil && !errors.Is(err, jsonrpc2.ErrClosed) {
				a.log.Printf("notify %s: %v", method, err)
			}
		},
		Call: func(method string, params, result any) {
			if err := conn.Call(ctx, method, params, result); err != nil {
				a.log.Printf("call %s: %v", method, err)
			}
		},
	}
	if req.Params != nil {
		gctx.Params = a.params.take(*req.Params)
	}
	r, validMethod, validParams, err := a.handler.Handle(gctx)
	switch {
	case !validMethod:
		return nil, &jsonrpc2.Error{Code: codeMethodNotFound, Message: "method not supported: " + req.Method}
	case !validParams:
		msg := "invalid params for " + req.Method
		if err != nil {
			msg += ": " + err.Error()
		}
		return nil, &jsonrpc2.Error{Code: codeInvalidParams, Message: msg}
	}
	return r, err
}
