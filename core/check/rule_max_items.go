package check

import (
	"strconv"

	"github.com/mdscheck/mdscheck/core/document"
	"github.com/mdscheck/mdscheck/core/field"
	"github.com/mdscheck/mdscheck/core/schema"
)

// maxItems reports a list with more items than s allows. The first item
// too many is underlined; the pointer names the list.
func (c *checker) maxItems(n *document.Node, s *schema.Schema, p *field.Path) {
	d := at(n.Items[s.MaxItems], p, Error, "max-items", "")
	d.set(says("has ").quote(strconv.Itoa(len(n.Items))).say(phrase(" items; at most " + schema.Plural(s.MaxItems, "item") + " allowed")))
	if n.Alias {
		d.Start, d.End = n.Start, n.End
	}
	c.report(d)
}
