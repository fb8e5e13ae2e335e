package check

import (
	"strconv"
	"unicode/utf8"

	"github.com/mdscheck/mdscheck/core/document"
	"github.com/mdscheck/mdscheck/core/field"
	"github.com/mdscheck/mdscheck/core/schema"
)

// minLength reports a string shorter than s allows, in Unicode code
// points.
func (c *checker) minLength(n *document.Node, s *schema.Schema, p *field.Path) {
	length := utf8.RuneCountInString(n.Text)
	if length >= s.MinLength {
		return
	}
	m := says("is too short: ").quote(characters(length)).say(phrase(", at least " + strconv.Itoa(s.MinLength) + " required"))
	if length == 0 {
		m = says("must not be empty: at least ").say(phrase(characters(s.MinLength)))
	}
	d := at(n, p, Error, "min-length", "")
	c.report(*d.set(m))
}

func characters(n int) string { return schema.Plural(n, "character") }
