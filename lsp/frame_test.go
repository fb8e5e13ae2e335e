package lsp

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"testing"
	"testing/iotest"
)

// goodBody is the message every frame test expects to be read in the end.
const goodBody = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}`

func frameOf(body string) string {
	return fmt.Sprintf("Content-Length: %d\r\n\r\n%s", len(body), body)
}

// readAll reads every frame of in as the stream does (a body that is not
// JSON is retracted) and returns the bodies and the answers to malformed
// frames.
func readAll(t *testing.T, in io.Reader) (bodies []string, answers []int) {
	t.Helper()
	f := newFrameReader(in, func(code int, msg string) { answers = append(answers, code) })
	for range 10000 {
		body, err := f.next()
		if err != nil {
			return bodies, answers
		}
		if !json.Valid(body) {
			f.retract("not JSON")
			continue
		}
		bodies = append(bodies, string(body))
	}
	t.Fatalf("the reader does not end")
	return nil, nil
}

func TestFrameReaderResynchronises(t *testing.T) {
	const other = `{"jsonrpc":"2.0","method":"initialized","params":{}}`
	cases := []struct {
		name    string
		in      string
		bodies  int // good bodies read, goodBody last
		answers int
	}{
		{"good frames", frameOf(other) + frameOf(goodBody), 2, 0},
		{"other header fields first and after", "Content-Type: x\r\n" + strings.Replace(frameOf(goodBody), "\r\n\r\n", "\r\ncontent-type: y\r\n\r\n", 1), 1, 0},
		{"lower-case name, LF only, blank lines between", "\r\n\n" + strings.ReplaceAll(strings.Replace(frameOf(goodBody), "Content-Length", "content-length", 1), "\r\n", "\n"), 1, 0},
		{"length too long", fmt.Sprintf("Content-Length: %d\r\n\r\n%s", len(other)+30, other) + frameOf(goodBody), 1, 1},
		{"length too short", fmt.Sprintf("Content-Length: %d\r\n\r\n%s", len(other)-9, other) + frameOf(goodBody), 1, 1},
		{"no length", "Content-Type: x\r\n\r\n" + other + frameOf(goodBody), 1, 1},
		{"a length that is no number", "Content-Length: 1e3\r\n\r\n" + other + frameOf(goodBody), 1, 1},
		{"garbage glued to the header", "\x00\x01zz" + frameOf(goodBody), 1, 1},
		{"a header field glued to the header", "Content-Length: 5\r\nX-Foo: bar" + frameOf(goodBody), 1, 1},
		{"a body without a header", other + frameOf(goodBody), 1, 1},
		{"a name without end", strings.Repeat("x", 1<<16) + "\r\n" + frameOf(goodBody), 1, 1},
		{"over the size limit", fmt.Sprintf("Content-Length: %d\r\n\r\n", maxMessage+1) + other + frameOf(goodBody), 1, 1},
	}
	for _, c := range cases {
		// One byte per read: every split of a header or body is met.
		bodies, answers := readAll(t, iotest.OneByteReader(strings.NewReader(c.in)))
		if len(bodies) != c.bodies || len(bodies) > 0 && bodies[len(bodies)-1] != goodBody || len(answers) != c.answers {
			t.Errorf("%s: read %q with %d answers, want %d bodies, the last the good one, and %d answers", c.name, bodies, len(answers), c.bodies, c.answers)
		}
	}
}

// A length too long is noticed when the next header arrives, not when the
// promised bytes do: the client waits for the answer to its next message.
func TestFrameReaderDoesNotWaitForALengthTooLong(t *testing.T) {
	r, w := io.Pipe()
	defer w.Close()
	var answers []int
	f := newFrameReader(r, func(code int, msg string) { answers = append(answers, code) })
	go io.WriteString(w, "Content-Length: 1000000\r\n\r\n{}"+frameOf(goodBody))
	body, err := f.next()
	if err != nil || string(body) != goodBody || len(answers) != 1 {
		t.Errorf("read %q, %v with %d answers; want the good body after 1 answer", body, err, len(answers))
	}
}

func TestFrameReaderFreesABigBuffer(t *testing.T) {
	big := `{"x":"` + strings.Repeat("a", 4<<20) + `"}`
	f := newFrameReader(strings.NewReader(frameOf(big)+frameOf(goodBody)), func(int, string) {})
	if b, err := f.next(); err != nil || len(b) != len(big) {
		t.Fatalf("big body: %d bytes, %v", len(b), err)
	}
	if b, err := f.next(); err != nil || string(b) != goodBody {
		t.Fatalf("after the big body: %q, %v", b, err)
	}
	if len(f.buf) > idleBuffer {
		t.Errorf("the reader keeps a buffer of %d bytes after a big message", len(f.buf))
	}
}

// FuzzFrames: whatever bytes come first, a good frame after them is read,
// last, and the reader neither panics nor waits for bytes that never come.
func FuzzFrames(f *testing.F) {
	for _, seed := range []string{
		"", "\r\n", "Content-Length: 5\r\n\r\n{}", "Content-Length: 999\r\n\r\n{",
		"Content-Length: x\r\n\r\n", "Content-Type: a\r\n\r\n[1]", "garbage", "Content-Length: 5\r\nX: y",
		"Content-Length: 0\r\n\r\n", "content-length:3\n\n{}\n", frameOf(goodBody)[:20],
		fmt.Sprintf("Content-Length: %d\r\n\r\n", maxMessage+1),
	} {
		f.Add([]byte(seed), uint8(0))
	}
	f.Fuzz(func(t *testing.T, prefix []byte, split uint8) {
		in := io.MultiReader(bytes.NewReader(prefix), strings.NewReader(frameOf(goodBody)))
		if split%2 == 1 {
			in = iotest.HalfReader(in)
		}
		bodies, _ := readAll(t, in)
		if len(bodies) == 0 || bodies[len(bodies)-1] != goodBody {
			t.Fatalf("after %q the good frame was not read last: %q", prefix, bodies)
		}
	})
}
