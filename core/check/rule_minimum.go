package check

import (
	"github.com/mdscheck/mdscheck/core/decimal"
	"github.com/mdscheck/mdscheck/core/document"
	"github.com/mdscheck/mdscheck/core/field"
	"github.com/mdscheck/mdscheck/core/schema"
)

// minimum reports a number below min: the minimum of s, or for an integer
// without one the 64-bit limit.
func (c *checker) minimum(n *document.Node, s *schema.Schema, p *field.Path, min decimal.Dec) {
	m := writing().written(c, n, s)
	if s.Minimum == "" {
		m.say(" is beyond the 64-bit limit of ").say(phrase(minInt64.String()))
	} else {
		m.say(" is below the minimum of ").say(phrase(bound(min, s.Minimum) + rangeText(s)))
	}
	d := at(n, p, Error, "minimum", "")
	c.report(*d.set(m))
}

func bound(r decimal.Dec, written string) string {
	if written != "" {
		return written
	}
	return r.String()
}

// rangeText adds the allowed range when both bounds exist.
func rangeText(s *schema.Schema) string {
	if s.Minimum != "" && s.Maximum != "" {
		return " (allowed: " + s.Minimum + " to " + s.Maximum + ")"
	}
	return ""
}
