package main

import (
	"bytes"
	"strings"
	"sync"
	"testing"
	"testing/synctest"
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

// The progress tests run in a synctest bubble, whose clock moves only
// when every goroutine in it waits: what the display shows after a
// second, and every 200 ms after it, is the same on any machine, however
// loaded.

func TestProgressShowsAndClears(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		var out lockedBuffer
		p := &progress{w: &out}
		p.start(3)
		p.done()
		time.Sleep(time.Second) // the delay before it shows
		synctest.Wait()
		if got := out.String(); got != "\rchecked 1 of 3 documents" {
			t.Errorf("after a second progress wrote %q, want the count", got)
		}
		p.done()
		time.Sleep(200 * time.Millisecond) // one tick
		synctest.Wait()
		if got := out.String(); got != "\rchecked 1 of 3 documents\rchecked 2 of 3 documents" {
			t.Errorf("after a tick progress wrote %q, want the new count after the old", got)
		}
		p.stop()
		if got := out.String(); !strings.HasSuffix(got, "2 of 3 documents\r\x1b[K") {
			t.Errorf("stop left %q, want the line cleared", got)
		}
	})
}

func TestProgressQuietWhenQuick(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		var out lockedBuffer
		p := &progress{w: &out}
		p.start(1)
		p.done()
		time.Sleep(time.Second - time.Millisecond) // just under the delay
		synctest.Wait()
		p.stop()
		if out.String() != "" {
			t.Errorf("a run under a second wrote %q", out.String())
		}
	})
	var none *progress // not a terminal
	none.start(1)
	none.done()
	none.stop()
}
