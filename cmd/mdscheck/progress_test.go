package main

import (
	"bytes"
	"strings"
	"sync"
	"testing"
	"time"
)

// lockedBuffer is written by the progress goroutine and read by the test.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

func TestProgressShowsAndClears(t *testing.T) {
	var out lockedBuffer
	p := &progress{w: &out, after: time.Millisecond}
	p.start(3)
	p.done()
	deadline := time.Now().Add(5 * time.Second)
	for !strings.Contains(out.String(), "checked 1 of 3 documents") && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	p.stop()
	got := out.String()
	if !strings.Contains(got, "\rchecked 1 of 3 documents") || !strings.HasSuffix(got, "\r\x1b[K") {
		t.Errorf("progress wrote %q", got)
	}
}

func TestProgressQuietWhenQuick(t *testing.T) {
	var out lockedBuffer
	p := &progress{w: &out}
	p.start(1)
	p.done()
	p.stop()
	if out.String() != "" {
		t.Errorf("a quick run wrote %q", out.String())
	}
	var none *progress // not a terminal
	none.start(1)
	none.done()
	none.stop()
}
