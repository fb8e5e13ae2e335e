package report

import (
	"github.com/mdscheck/mdscheck/core/check"
	"github.com/mdscheck/mdscheck/core/document"
)

// capState keeps, of a stream whose documents are checked in any order,
// the findings of its first documents up to the cap (Options.Cap) in
// document order, and only counts those after: a stream of a million
// findings then holds a few thousand, whatever order its documents are
// checked in, and the result is the same on every run.
type capState struct {
	done     []bool
	frontier int // documents [0, frontier) are checked
	sum      int // and hold this many findings
	cut      int // from this document on, findings are only counted; -1 until known
	left     Tally
}

func newCapState(documents int) *capState {
	return &capState{done: make([]bool, documents), cut: -1}
}

// checked records that document d is checked (results[d] is set).
func (c *capState) checked(results []Checked, d, limit int) {
	c.done[d] = true
	if c.cut >= 0 {
		if d >= c.cut {
			c.drop(results, d)
		}
		return
	}
	for c.frontier < len(c.done) && c.done[c.frontier] {
		c.sum += len(results[c.frontier].Diagnostics)
		c.frontier++
		if c.sum >= limit {
			// Every finding shown lies before the frontier: what is
			// checked beyond it is only counted.
			c.cut = c.frontier
			for x := c.cut; x < len(c.done); x++ {
				if c.done[x] {
					c.drop(results, x)
				}
			}
			return
		}
	}
}

// drop counts the findings of document d and lets them go.
func (c *capState) drop(results []Checked, d int) {
	c.left.Add(results[d].Diagnostics)
	results[d].Diagnostics = nil
}

// finish trims the documents before the cut to limit findings in all and
// puts one finding that counts what is left out where the first of it
// was, and returns the count. It runs once every document is checked.
func (c *capState) finish(results []Checked, spans []document.Span, limit int) Tally {
	kept, at, atDoc := 0, -1, -1
	for d := range results {
		ds := results[d].Diagnostics
		if room := limit - kept; len(ds) > room {
			c.left.Add(ds[room:])
			if at < 0 {
				at, atDoc = ds[room].Start, d
			}
			results[d].Diagnostics = ds[:room:room]
		}
		kept += len(results[d].Diagnostics)
		if at < 0 && c.cut >= 0 && d+1 == c.cut && d+1 < len(results) {
			at, atDoc = spans[d+1].Start, d+1 // the first document whose findings all went
		}
	}
	if c.left.Total() == 0 {
		return Tally{}
	}
	r := &results[atDoc]
	r.Diagnostics = append(r.Diagnostics, check.Diagnostic{Document: atDoc, Start: at, End: at, Severity: check.Information, Rule: "limit",
		Message: c.left.LeftOut()})
	return c.left
}
