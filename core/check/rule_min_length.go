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
	msg := "is too short: " + characters(length) + ", at least " + strconv.Itoa(s.MinLength) + " required"
	if length == 0 {
		msg = "must not be empty: at least " + characters(s.MinLength)
	}
	c.report(at(n, p, Error, "min-length", msg))
}

func characters(n int) string { return schema.Plural(n, "character") }
