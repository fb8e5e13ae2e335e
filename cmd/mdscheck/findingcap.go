package main

import (
	"sync"

	"github.com/mdscheck/mdscheck/core/check"
	"github.com/mdscheck/mdscheck/core/report"
)

// findingCap keeps, of one file whose documents are checked in any order
// on several workers, the findings of its first documents up to limit in
// document order, and only counts those after: a stream of a million
// findings then holds a few thousand, whatever order the workers finish
// in, and the result is the same on every run.
type findingCap struct {
	mu       sync.Mutex
	limit    int
	results  []report.Checked
	done     []bool
	frontier int // documents [0, frontier) are checked
	sum      int // and hold this many findings
	cut      int // from this document on, findings are only counted; -1 until known
	left     report.Tally
}

func newFindingCap(limit int, results []report.Checked) *findingCap {
	return &findingCap{limit: limit, results: results, done: make([]bool, len(results)), cut: -1}
}

// checked records that document doc is checked (results[doc] is set).
func (c *findingCap) checked(doc int) {
	if c == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.done[doc] = true
	if c.cut >= 0 {
		if doc >= c.cut {
			c.drop(doc)
		}
		return
	}
	for c.frontier < len(c.done) && c.done[c.frontier] {
		c.sum += len(c.results[c.frontier].Diagnostics)
		c.frontier++
		if c.sum >= c.limit {
			// Every finding shown lies before the frontier: what is
			// checked beyond it is only counted.
			c.cut = c.frontier
			for d := c.cut; d < len(c.done); d++ {
				if c.done[d] {
					c.drop(d)
				}
			}
			return
		}
	}
}

// drop counts the findings of document d and lets them go.
func (c *findingCap) drop(d int) {
	c.left.Add(c.results[d].Diagnostics)
	c.results[d].Diagnostics = nil
}

// finish trims the documents before the cut to limit findings in all and
// puts one finding that counts what is left out where the first of it
// was. It runs once every document is checked.
func (c *findingCap) finish(spans []int) report.Tally {
	if c == nil {
		return report.Tally{}
	}
	kept, at, atDoc := 0, -1, -1
	for d := range c.results {
		ds := c.results[d].Diagnostics
		if room := c.limit - kept; len(ds) > room {
			c.left.Add(ds[room:])
			if at < 0 {
				at, atDoc = ds[room].Start, d
			}
			c.results[d].Diagnostics = ds[:room:room]
		}
		kept += len(c.results[d].Diagnostics)
		if at < 0 && c.cut >= 0 && d+1 == c.cut && d+1 < len(c.results) {
			at, atDoc = spans[d+1], d+1 // the first document whose findings all went
		}
	}
	if c.left.Total() == 0 {
		return report.Tally{}
	}
	r := &c.results[atDoc]
	r.Diagnostics = append(r.Diagnostics, check.Diagnostic{Document: atDoc, Start: at, End: at, Severity: check.Information, Rule: "limit",
		Message: c.left.LeftOut()})
	return c.left
}
