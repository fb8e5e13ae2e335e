package main

import (
	"fmt"
	"io"
	"sync"
	"sync/atomic"
	"time"
)

// progress shows how far a long validation is, on a terminal only and only
// once it has taken a second: short runs and CI logs stay clean. A nil
// *progress does nothing.
type progress struct {
	w       io.Writer
	total   int
	checked atomic.Int64
	stopped chan struct{}
	wg      sync.WaitGroup
	shown   bool
}

func (p *progress) start(total int) {
	if p == nil {
		return
	}
	p.total = total
	p.stopped = make(chan struct{})
	p.wg.Add(1)
	go func() {
		defer p.wg.Done()
		delay := time.NewTimer(time.Second)
		defer delay.Stop()
		select {
		case <-p.stopped:
			return
		case <-delay.C:
		}
		tick := time.NewTicker(200 * time.Millisecond)
		defer tick.Stop()
		for {
			p.shown = true
			fmt.Fprintf(p.w, "\rchecked %d of %d documents", p.checked.Load(), p.total)
			select {
			case <-p.stopped:
				return
			case <-tick.C:
			}
		}
	}()
}

func (p *progress) done() {
	if p != nil {
		p.checked.Add(1)
	}
}

// stop ends the display and clears its line.
func (p *progress) stop() {
	if p == nil {
		return
	}
	close(p.stopped)
	p.wg.Wait()
	if p.shown {
		fmt.Fprint(p.w, "\r\x1b[K")
	}
}
