package check

import (
	"strconv"
	"unicode/utf8"

	"github.com/mdscheck/mdscheck/core/document"
	"github.com/mdscheck/mdscheck/core/field"
	"github.com/mdscheck/mdscheck/core/schema"
)

// maxLength reports a string longer than s allows, in Unicode code points.
func (c *checker) maxLength(n *document.Node, s *schema.Schema, p *field.Path) {
	if length := utf8.RuneCountInString(n.Text); length > s.MaxLength {
		// The length is the user's value's, not mdscheck's word: a
		// secret may be that number.
		d := at(n, p, Error, "max-length", "")
		c.report(*d.set(says("is too long: ").quote(characters(length)).say(phrase(", at most " + strconv.Itoa(s.MaxLength) + " allowed"))))
	}
}
