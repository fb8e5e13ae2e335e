package main

import (
	"errors"
	"strconv"
	"unsafe"
)

// maxAlloc is the largest buffer alloc hands out: twice the largest stream
// the core reads at all (document.DefaultLimits.StreamBytes, 64 MiB), so
// a text somewhat over that limit still gets the core's finding instead of
// a refusal, while an absurd size is refused before Go's allocator could
// run out of memory, which no recover can catch.
const maxAlloc = 128 << 20

// table pins the buffers shared with the host. Go's collector never moves
// an object, so an address stays valid for as long as the buffer is
// reachable; the map keeps it reachable until the host frees it. Exports
// are not re-entrant (a host thread runs one call at a time), so the map
// needs no lock.
type table struct {
	pinned map[uint32][]byte
}

// buffers holds every buffer the host has not freed yet.
var buffers = table{pinned: map[uint32][]byte{}}

// address is where b starts in linear memory. Addresses of wasm32 memory
// fit in 32 bits even though Go's wasm port has 64-bit pointers.
func address(b []byte) uint32 {
	return uint32(uintptr(unsafe.Pointer(unsafe.SliceData(b))))
}

// pin keeps b alive until free and returns its address. b is never empty:
// every empty allocation in Go shares one address.
func (t *table) pin(b []byte) uint32 {
	p := address(b)
	t.pinned[p] = b
	return p
}

// alloc returns a buffer of size bytes for the host to write into, or 0
// when the size is negative or above maxAlloc. alloc(0) returns a real
// one-byte buffer so that a host that allocates for an empty text needs
// no special case.
func (t *table) alloc(size int32) uint32 {
	if size < 0 || size > maxAlloc {
		return 0
	}
	return t.pin(make([]byte, max(size, 1)))
}

// free releases a buffer. Unknown addresses (0, a double free) are
// ignored: a host mistake must not crash the module.
func (t *table) free(ptr uint32) {
	delete(t.pinned, ptr)
}

// input returns the n bytes at ptr as a string without copying them. They
// must lie inside one buffer from alloc; anything else (an address beyond
// memory, a freed buffer, a negative or too large length) is an error, not
// a read of memory the host did not mean. The string is only used during
// the call, while the buffer is pinned and the host is blocked.
func (t *table) input(ptr uint32, n int32) (string, error) {
	if n < 0 {
		return "", errors.New("len " + strconv.Itoa(int(n)) + " is negative")
	}
	if n == 0 {
		return "", nil
	}
	b, ok := t.pinned[ptr]
	off := uint64(0)
	if !ok {
		// ptr may point inside a buffer; the map is small (a few live buffers).
		for start, buf := range t.pinned {
			if ptr > start && uint64(ptr) < uint64(start)+uint64(len(buf)) {
				b, off, ok = buf, uint64(ptr-start), true
				break
			}
		}
	}
	if !ok || off+uint64(n) > uint64(len(b)) {
		return "", errors.New("ptr " + strconv.FormatUint(uint64(ptr), 10) + " len " + strconv.Itoa(int(n)) +
			" is not inside a live buffer from alloc")
	}
	return unsafe.String(&b[off], int(n)), nil
}

// result pins out and packs its address and length into one i64:
// (out_ptr << 32) | out_len.
func (t *table) result(out []byte) int64 {
	return int64(uint64(t.pin(out))<<32 | uint64(len(out)))
}
