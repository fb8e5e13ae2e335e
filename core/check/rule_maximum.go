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
	m := writing().written(c, n, s)
	if s.Maximum == "" {
		m.say(" is over the 64-bit limit of ").say(phrase(maxInt64.String()))
	} else {
		m.say(" is above the maximum of ").say(phrase(bound(max, s.Maximum) + rangeText(s)))
	}
	d := at(n, p, Error, "maximum", "")
	c.report(*d.set(m))
}
