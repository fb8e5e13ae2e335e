package check

import (
	"strconv"

	"github.com/mdscheck/mdscheck/core/document"
	"github.com/mdscheck/mdscheck/core/field"
	"github.com/mdscheck/mdscheck/core/schema"
)

// deprecated warns about a deprecated member; its value is still checked.
func (c *checker) deprecated(key *document.Node, s *schema.Schema, p *field.Path) {
	d := at(key, p, Warning, "deprecated", strconv.Quote(key.Text)+" is deprecated: "+s.Deprecated)
	d.Deprecated = true
	if f, ok := c.removeFix(key); ok {
		d.Fixes = []Fix{f}
	}
	c.report(d)
}
