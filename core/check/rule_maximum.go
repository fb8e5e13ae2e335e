package check

import (
	"github.com/mdscheck/mdscheck/core/decimal"
	"github.com/mdscheck/mdscheck/core/document"
	"github.com/mdscheck/mdscheck/core/field"
	"github.com/mdscheck/mdscheck/core/schema"
)

// maximum reports a number above max: the maximum of s, or for an integer
// without one the 64-bit limit.
func (c *checker) maximum(n *document.Node, s *schema.Schema, p *field.Path, max decimal.Dec) {
	msg := c.written(n, s) + " is above the maximum of " + bound(max, s.Maximum) + rangeText(s)
	if s.Maximum == "" {
		msg = c.written(n, s) + " is over the 64-bit limit of " + maxInt64.String()
	}
	c.report(at(n, p, Error, "maximum", msg))
}
