package lsp

import (
	"bytes"
	"io"
	"strconv"
)

// frameReader reads the messages of LSP's base protocol: header fields,
// one of them Content-Length, a blank line, and a body of that many bytes.
//
// A client that breaks the framing once must not break the session for
// good, so the reader resynchronises on the next Content-Length header
// instead of reading on from wherever the bad frame left it:
//
//   - Bytes before a header that are neither blank lines nor header fields
//     (garbage, a body without a header) are skipped up to the next
//     "Content-Length:".
//   - A header block that is malformed (a length that is no number, no
//     Content-Length, a line that is no header field) is skipped from its
//     first byte on.
//   - A length too long is noticed when a Content-Length header line
//     arrives inside the body: such a line, ending in a raw line break,
//     cannot occur in JSON (strings hold no raw line breaks and nothing
//     else holds letters), so the body ended before it. The reader stops
//     waiting for the rest and reads on from that header.
//   - A length too short leaves a body that is not JSON (the caller says
//     so with retract) and the rest of it before the next header, which is
//     skipped.
//
// Each malformed frame is answered once, with reject; what is skipped
// after it until the next Content-Length header belongs to it and is not
// answered again.
type frameReader struct {
	in     io.Reader
	reject func(code int, msg string) // answers a malformed frame; msg never quotes its bytes

	buf   []byte // buf[r:w] has been read and not consumed
	r, w  int
	err   error // the error that ended the input, returned once buf runs dry
	frame int   // where the frame of the last body returned starts, for retract; -1 after the next read

	// The state of the bytes skipped on the way to a header.
	lost   bool // in the remains of a malformed frame that was answered
	state  int  // lineStart, inName or inValue
	name   int  // bytes of the field name read so far
	fields bool // header fields other than Content-Length came first
}

// States of the bytes before a Content-Length header.
const (
	lineStart = iota
	inName
	inValue
)

// Bounds on what a header may be; beyond them it is garbage.
const (
	maxFieldName   = 256     // a header field's name
	maxHeaderBlock = 8 << 10 // the header block from Content-Length to the blank line
	// maxLengthLine bounds a Content-Length line that is looked for inside
	// a body; longer ones (absurd padding) are found only once the body
	// has ended.
	maxLengthLine = 64
	// idleBuffer is the buffer kept between messages; a bigger one, grown
	// for a big message, is dropped once that message is read.
	idleBuffer = 64 << 10
)

// headerName is the header every frame must have, compared without case.
const headerName = "content-length"

func newFrameReader(in io.Reader, reject func(code int, msg string)) *frameReader {
	return &frameReader{in: in, reject: reject, buf: make([]byte, idleBuffer), frame: -1}
}

// next returns the body of the next well-framed message. The body is valid
// until the next call. It returns an error only when the input ends or
// fails.
func (f *frameReader) next() ([]byte, error) {
	f.frame = -1
	if f.r == f.w {
		f.r, f.w = 0, 0
		if len(f.buf) > idleBuffer {
			f.buf = make([]byte, idleBuffer)
		}
	}
	for {
		if err := f.seek(); err != nil {
			return nil, err
		}
		n, size, ok, err := f.header()
		if err != nil {
			return nil, err
		}
		if !ok {
			continue
		}
		if n > maxMessage {
			f.refuse(codeInvalidRequest, "message of "+strconv.Itoa(n)+" bytes is over the limit of "+strconv.Itoa(maxMessage)+" bytes")
			// Skip the body from within the header on, so that a header
			// the block took in is found.
			f.r++
			if err := f.discard(size - 1 + n); err != nil {
				return nil, err
			}
			continue
		}
		body, ok, err := f.readBody(size, n)
		if err != nil {
			return nil, err
		}
		if ok {
			return body, nil
		}
	}
}

// retract reports that the body next returned is not JSON: its length was
// wrong. The frame is answered, and reading goes on from just after the
// start of its header: the next header may lie in its body (a length too
// long) or even in its header block (garbage without a line break glued to
// a good header).
func (f *frameReader) retract(msg string) {
	f.malformed(msg)
	if f.frame >= 0 {
		f.r = f.frame + 1
		f.frame = -1
	}
}

// malformed answers the frame being read with a parse error, once.
func (f *frameReader) malformed(msg string) {
	f.refuse(codeParseError, "parse error: "+msg)
}

// refuse answers the frame being read, once.
func (f *frameReader) refuse(code int, msg string) {
	if f.lost {
		return
	}
	f.lost = true
	f.reject(code, msg)
}

// seek skips to the next Content-Length header, judging the bytes it skips.
func (f *frameReader) seek() error {
	for {
		data := f.buf[f.r:f.w]
		at := indexHeaderName(data, 0)
		skip := at
		if at < 0 {
			// Keep what may be the start of the header name; judge the
			// rest now, since the client may be waiting for an answer.
			skip = len(data) - namePrefixAtEnd(data)
		}
		f.skipped(data[:skip])
		f.r += skip
		if at >= 0 {
			if f.state != lineStart {
				f.malformed("bytes before a header") // glued to the header name
			}
			// A header starts a new frame, answered on its own if it is
			// malformed too.
			f.lost, f.state, f.fields = false, lineStart, false
			return nil
		}
		if err := f.fill(0); err != nil {
			return err
		}
	}
}

// skipped judges bytes that precede a Content-Length header: blank lines
// and header fields such as Content-Type are part of a frame; anything
// else is the remains of a malformed one.
func (f *frameReader) skipped(b []byte) {
	for _, c := range b {
		if f.lost {
			return
		}
		switch f.state {
		case lineStart:
			switch {
			case c == '\n' && f.fields:
				f.malformed("a header block without Content-Length")
			case c == '\n' || c == '\r' || c == ' ' || c == '\t':
			case isTokenByte(c):
				f.state, f.name = inName, 1
			default:
				f.malformed("bytes that are not a header")
			}
		case inName:
			switch {
			case c == ':':
				f.state = inValue
			case isTokenByte(c) && f.name < maxFieldName:
				f.name++
			default:
				f.malformed("bytes that are not a header")
			}
		case inValue:
			if c == '\n' {
				f.state, f.fields = lineStart, true
			}
		}
	}
}

// header reads the header block that starts at a Content-Length header and
// returns the length and the size of the block, which stays unconsumed
// until its body is read. A malformed block is answered and skipped past
// its first byte (ok false), so that a header inside it is still found.
func (f *frameReader) header() (length, size int, ok bool, err error) {
	bad := func(msg string) (int, int, bool, error) {
		f.malformed(msg)
		f.r++
		return 0, 0, false, nil
	}
	length = -1
	at := 0 // the start of the current line, from f.r
	for {
		data := f.buf[f.r+at : f.w]
		eol := bytes.IndexByte(data, '\n')
		if eol < 0 {
			// Refuse a line that cannot become a header field as soon as
			// that shows: the client may be waiting for an answer.
			if at+len(data) > maxHeaderBlock || !fieldPrefix(data) {
				return bad("a malformed header")
			}
			if err := f.fill(0); err != nil {
				return 0, 0, false, err
			}
			continue
		}
		line := bytes.TrimSuffix(data[:eol], []byte("\r"))
		at += eol + 1
		if len(line) == 0 {
			break
		}
		name, value, found := bytes.Cut(line, []byte(":"))
		if !found || !isToken(name) {
			return bad("a malformed header")
		}
		if bytes.EqualFold(name, []byte(headerName)) {
			if length, ok = parseLength(value); !ok {
				return bad("Content-Length is not a length")
			}
		}
	}
	return length, at, true, nil
}

// readBody reads the body of n bytes after the header block of size bytes
// at f.r, and consumes both. When a Content-Length header line arrives
// before the body is complete, the length was too long: the frame is
// answered, ok is false, and reading goes on just after the frame's start.
func (f *frameReader) readBody(size, n int) (body []byte, ok bool, err error) {
	// Search the header block too, but for the frame's own header at 0: a
	// header line may have been glued to one of the block's fields.
	searched := 1
	for f.w-f.r < size+n {
		if i := indexLengthLine(f.buf[f.r:f.w], max(1, searched-maxLengthLine)); i >= 0 {
			f.malformed("Content-Length " + strconv.Itoa(n) + " is longer than the message")
			f.r++
			return nil, false, nil
		}
		searched = f.w - f.r
		if err := f.fill(size + n); err != nil {
			return nil, false, err
		}
	}
	f.frame = f.r
	f.r += size + n
	return f.buf[f.r-n : f.r], true, nil
}

// discard skips a body of n bytes that is not read, stopping early at a
// Content-Length header line inside it.
func (f *frameReader) discard(n int) error {
	for n > 0 {
		data := f.buf[f.r:f.w]
		if i := indexLengthLine(data, 0); i >= 0 && i < n {
			f.r += i
			return nil
		}
		drop := min(n, len(data))
		if drop < n {
			drop = max(0, drop-maxLengthLine) // may hold the start of a header line
		}
		f.r += drop
		n -= drop
		if n == 0 {
			return nil
		}
		if err := f.fill(0); err != nil {
			return err
		}
	}
	return nil
}

// fill reads more input. want is how many unconsumed bytes the caller
// needs at once (0: any number); the buffer grows towards it.
func (f *frameReader) fill(want int) error {
	if f.err != nil {
		return f.err
	}
	if f.w == len(f.buf) {
		if f.r > 0 {
			// The body returned before may be overwritten now: next has
			// been called again.
			f.w = copy(f.buf, f.buf[f.r:f.w])
			f.r = 0
		}
		if f.w == len(f.buf) {
			size := 2 * len(f.buf)
			if want > len(f.buf) && want < size {
				size = want
			}
			grown := make([]byte, size)
			copy(grown, f.buf[:f.w])
			f.buf = grown
		}
	}
	n, err := f.in.Read(f.buf[f.w:])
	f.w += n
	if err != nil {
		f.err = err
		if n == 0 {
			return err
		}
	}
	return nil
}

// indexHeaderName returns the index of the first "Content-Length:" (any
// case) in b at or after from, or -1.
func indexHeaderName(b []byte, from int) int {
	// Look for the colon, where the name ends.
	for c := from + len(headerName); c < len(b); c++ {
		i := bytes.IndexByte(b[c:], ':')
		if i < 0 {
			return -1
		}
		c += i
		if start := c - len(headerName); bytes.EqualFold(b[start:c], []byte(headerName)) {
			return start
		}
	}
	return -1
}

// namePrefixAtEnd returns the length of the longest end of b that may
// begin "Content-Length:".
func namePrefixAtEnd(b []byte) int {
	for k := min(len(b), len(headerName)); k > 0; k-- {
		if bytes.EqualFold(b[len(b)-k:], []byte(headerName[:k])) {
			return k
		}
	}
	return 0
}

// indexLengthLine returns the index of the first complete Content-Length
// header line (name, digits, line break) in b at or after from, or -1.
func indexLengthLine(b []byte, from int) int {
	for {
		i := indexHeaderName(b, from)
		if i < 0 {
			return -1
		}
		rest := b[i+len(headerName)+1 : min(len(b), i+maxLengthLine)]
		if eol := bytes.IndexByte(rest, '\n'); eol >= 0 {
			if _, ok := parseLength(bytes.TrimSuffix(rest[:eol], []byte("\r"))); ok {
				return i
			}
		}
		from = i + 1
	}
}

// parseLength reads a Content-Length value: decimal digits, blanks around.
func parseLength(v []byte) (int, bool) {
	v = bytes.Trim(v, " \t")
	if len(v) == 0 || len(v) > 10 {
		return 0, false
	}
	n := 0
	for _, c := range v {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int(c-'0')
	}
	return n, true
}

// fieldPrefix reports whether b, a line whose end has not arrived, may
// still become a header field or the blank line: a name of token bytes,
// then a colon and anything.
func fieldPrefix(b []byte) bool {
	name, _, colon := bytes.Cut(b, []byte(":"))
	switch {
	case len(name) > maxFieldName:
		return false
	case !colon:
		// Still in the name, or a blank line's "\r" before its "\n".
		return len(b) == 0 || string(b) == "\r" || isToken(b)
	}
	return isToken(name)
}

// isToken reports whether b is a header field name (RFC 9110 token).
func isToken(b []byte) bool {
	if len(b) == 0 {
		return false
	}
	for _, c := range b {
		if !isTokenByte(c) {
			return false
		}
	}
	return true
}

func isTokenByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' ||
		bytes.IndexByte([]byte("!#$%&'*+-.^_`|~"), c) >= 0
}
