// Command wasm is the mdscheck WebAssembly module: the pure core behind a
// small ABI that any WebAssembly host can call (browsers, Node, wazero,
// wasmtime). It is built as a WASI reactor by make wasm:
//
//	GOOS=wasip1 GOARCH=wasm go build -buildmode=c-shared -trimpath -ldflags '-s -w' $(WASM_GCFLAGS) -o dist/mdscheck.wasm ./wasm
//
// where the Makefile's WASM_GCFLAGS turn inlining off in the packages in
// which it costs size and buys no speed.
// The host calls _initialize once, then the exports below. Text goes in
// through a buffer from alloc; every result is a JSON buffer that the host
// reads and frees. docs/embedding.md describes the protocol step by step.
//
// ABI version 1:
//
//	abi_version() -> i32                                1
//	alloc(size: i32) -> i32                             a buffer the host writes input into; 0 if refused
//	free(ptr: i32)                                      releases an alloc'd or returned buffer
//	validate(ptr: i32, len: i32, opts: i32) -> i64      result JSON
//	complete(ptr, len, line, character, opts) -> i64    result JSON
//	hover(ptr, len, line, character, opts) -> i64       result JSON
//	validate_change(prev_ptr, prev_len, ptr, len, opts) -> i64
//	                                                    validate with the lifecycle rules; result JSON
//	validate_set(ptr: i32, len: i32, opts: i32) -> i64  a set of named texts checked together; result JSON
//
// A result is (out_ptr << 32) | out_len. opts bits 0-1 are the position
// encoding (0 UTF-16, 1 UTF-8, 2 UTF-32); the other bits must be 0.
package main

import (
	"errors"

	"github.com/mdscheck/mdscheck/core/text"
)

// main is never called in a reactor; c-shared needs it to exist.
func main() {}

// abiVersion changes only when an export changes its meaning.
const abiVersion = 1

// The exports are thin: buffers.go holds the memory protocol, calls.go
// what each call computes. The Go names differ from the export names,
// which are the ABI's.

//go:wasmexport abi_version
func exportABIVersion() int32 { return abiVersion }

//go:wasmexport alloc
func exportAlloc(size int32) uint32 { return buffers.alloc(size) }

//go:wasmexport free
func exportFree(ptr uint32) { buffers.free(ptr) }

//go:wasmexport validate
func exportValidate(ptr uint32, n int32, opts int32) int64 {
	return buffers.result(guard(func() ([]byte, error) {
		src, enc, err := arguments(ptr, n, opts)
		if err != nil {
			return nil, err
		}
		return validateJSON(src, enc)
	}))
}

//go:wasmexport complete
func exportComplete(ptr uint32, n int32, line, character int32, opts int32) int64 {
	return buffers.result(guard(func() ([]byte, error) {
		src, enc, err := arguments(ptr, n, opts)
		if err != nil {
			return nil, err
		}
		return completeJSON(src, position(line, character), enc)
	}))
}

//go:wasmexport hover
func exportHover(ptr uint32, n int32, line, character int32, opts int32) int64 {
	return buffers.result(guard(func() ([]byte, error) {
		src, enc, err := arguments(ptr, n, opts)
		if err != nil {
			return nil, err
		}
		return hoverJSON(src, position(line, character), enc)
	}))
}

//go:wasmexport validate_change
func exportValidateChange(prevPtr uint32, prevN int32, ptr uint32, n int32, opts int32) int64 {
	return buffers.result(guard(func() ([]byte, error) {
		src, enc, err := arguments(ptr, n, opts)
		if err != nil {
			return nil, err
		}
		prev, err := buffers.input(prevPtr, prevN)
		if err != nil {
			return nil, errors.New("previous text: " + err.Error())
		}
		return validateChangeJSON(prev, src, enc)
	}))
}

// arguments reads the text and the options every call takes.
func arguments(ptr uint32, n int32, opts int32) (string, text.Encoding, error) {
	enc, err := encoding(opts)
	if err != nil {
		return "", 0, err
	}
	src, err := buffers.input(ptr, n)
	return src, enc, err
}

// exportValidateSet checks a set of named texts, given as the JSON
// [{"name": ..., "text": ...}, ...], together: set.go.
//
//go:wasmexport validate_set
func exportValidateSet(ptr uint32, n int32, opts int32) int64 {
	return buffers.result(guard(func() ([]byte, error) {
		src, enc, err := arguments(ptr, n, opts)
		if err != nil {
			return nil, err
		}
		return validateSetJSON(src, enc)
	}))
}
