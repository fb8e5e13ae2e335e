package check

import (
	"github.com/mdscheck/mdscheck/core/document"
	"github.com/mdscheck/mdscheck/core/field"
	"github.com/mdscheck/mdscheck/core/schema"
)

// pattern reports a string that does not match the regular expression of
// s, said in words too.
func (c *checker) pattern(n *document.Node, s *schema.Schema, p *field.Path) {
	d := at(n, p, Error, "pattern", "")
	c.report(*d.set(writing().value(c, n, s).say(phrase(" does not match the pattern " + s.Pattern + ": " + s.PatternWords))))
}
