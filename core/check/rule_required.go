package check

import (
	"strconv"

	"github.com/mdscheck/mdscheck/core/document"
	"github.com/mdscheck/mdscheck/core/field"
	"github.com/mdscheck/mdscheck/core/schema"
	"github.com/mdscheck/mdscheck/core/text"
)

// required reports the required members of s that the mapping n lacks or
// holds as null. key is the entry n is the value of, nil for a list item.
// The envelope (rule_const.go) reports a missing apiVersion or kind.
func (c *checker) required(n *document.Node, s *schema.Schema, p *field.Path, key *document.Node) {
	for _, prop := range s.Properties {
		// At the resource's root p is c.base itself: the walk starts
		// from it, and paths compare as pointers.
		if !prop.Required || p == c.base && (prop.Name == "apiVersion" || prop.Name == "kind") {
			continue // the envelope has said what is missing there
		}
		v := n.GetPair(prop.Name)
		if v != nil && !v.Value.IsNull() {
			continue
		}
		d := Diagnostic{Severity: Error, Rule: "required"}
		d.place(p.Member(prop.Name))
		missing := says(phrase("missing required member " + strconv.Quote(prop.Name) + " (" + prop.Type.String() + ")"))
		switch {
		case v != nil:
			d.Start, d.End = v.Key.Start, v.Key.End
			d.set(says(phrase("required member " + strconv.Quote(prop.Name) + " is null; give it " + article(prop.Schema))))
		case key != nil:
			d.Start, d.End = key.Start, key.End
			d.set(missing)
			d.Fixes = c.addMemberFix(n, prop)
		default:
			// A list item: its first line, or all of a flow mapping.
			d.Start, d.End = n.Start, text.LineBreak(c.src, n.Start)
			if n.End > n.Start && n.End < d.End {
				d.End = n.End
			}
			d.set(missing)
			d.Fixes = c.addMemberFix(n, prop)
		}
		c.report(d)
	}
}
