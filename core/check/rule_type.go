package check

import (
	"strconv"

	"github.com/mdscheck/mdscheck/core/document"
	"github.com/mdscheck/mdscheck/core/field"
	"github.com/mdscheck/mdscheck/core/schema"
)

// typeError reports a value of the wrong type. A scalar that would be right
// if quoted or unquoted says so and carries the fix.
func (c *checker) typeError(n *document.Node, s *schema.Schema, p *field.Path) {
	want := phrase(article(s))
	d := at(n, p, Error, "type", "")
	if n.Kind != document.Scalar {
		d.set(says("must be ").say(want).say(", not ").say(phrase(n.Describe())))
		c.report(d)
		return
	}
	if only := onlyRequired(s); only != nil && !n.IsNull() && !c.hidden(n, s) && matchesScalar(n, only.Schema) {
		// [10.0.0.0/8] where each item is {address: ...}, its one
		// required member: show the shape with the value in it.
		entry := only.Name + ": " + n.Text
		if n.Type == document.String {
			entry = only.Name + ": " + document.Quote(n.Text)
		}
		d.set(says("must be a mapping, not ").say(phrase(n.Describe())).say("; write it as ").quote(entry))
		if !n.Alias {
			d.Fixes = []Fix{c.replaceFix(n, "{"+entry+"}", "Write {"+entry+"}")}
		}
		c.report(d)
		return
	}
	secret := c.hidden(n, s)
	switch {
	case s.Type == schema.String:
		// A number or boolean where a string is wanted: quoting fixes it.
		if secret {
			d.set(says("must be a string; the value is ").say(phrase(reading(n))).say(", quote it"))
		} else {
			d.set(says("must be a string; ").quote(n.Text).say(" is ").say(phrase(reading(n))).say(", write ").quote(strconv.Quote(n.Text)))
		}
		// A fix carries the value in its edit: none for secrets.
		if !n.Alias && n.Style == document.Plain && !secret {
			d.Fixes = []Fix{c.replaceFix(n, strconv.Quote(n.Text), "Quote the value")}
		}
	case n.Type == document.String && (s.Type == schema.Integer || s.Type == schema.Number || s.Type == schema.Boolean):
		if n.Text != "" {
			if probe := document.ReadScalar(n.Text); probe != nil && matchesType(probe, s.Type) {
				// Write the value the way every YAML reader agrees on:
				// "yes" becomes true, not yes.
				plain := n.Text
				if probe.Type == document.Bool {
					plain = strconv.FormatBool(probe.Bool)
				}
				d.set(says("must be ").say(want).say("; ").value(c, n, s).say(" is a string because of the quotes, write ").quote(plain))
				if !n.Alias && !secret && (n.Style == document.SingleQuoted || n.Style == document.DoubleQuoted) {
					d.Fixes = []Fix{c.replaceFix(n, plain, "Write "+plain)}
				}
				break
			}
		}
		d.set(says("must be ").say(want).say(", not the string ").value(c, n, s))
	case n.Type == document.Float && s.Type == schema.Integer:
		d.set(says("must be an integer, not ").value(c, n, s))
	default:
		d.set(says("must be ").say(want).say(", not ").say(phrase(n.Describe())).say(" (").value(c, n, s).say(")"))
	}
	c.report(d)
}

func (c *checker) stringMap(n *document.Node, s *schema.Schema, p *field.Path) {
	c.keys(n, p)
	for _, pr := range n.Pairs {
		if c.dups[pr.Key] {
			c.duplicate(pr.Key, p.Key(pr.Key.Text))
		}
		v := pr.Value
		q := p.Key(pr.Key.Text)
		if v.Kind == document.Scalar && v.Type == document.String {
			continue
		}
		if c.opts.Template && pr.Key.Text != "" && pr.Key.Text[0] == Masked {
			c.secrets.Add(v) // a key a template writes may be a secret's name
			continue         // members a template action writes (include ... | nindent)
		}
		var msg string
		hidden := c.secrets.Has(v)
		switch {
		case v.IsNull():
			msg = "values of this map must be strings; this one is null, write \"\" for an empty string"
		case v.Kind == document.Scalar && hidden:
			msg = "values of this map must be strings; the value is " + reading(v) + ", quote it"
		case v.Kind == document.Scalar:
			msg = "values of this map must be strings; " + v.Text + " is " + reading(v) + ", write " + strconv.Quote(v.Text)
		default:
			msg = "values of this map must be strings, not " + v.Describe()
		}
		d := at(v, q, Error, "type", msg)
		if v.Kind == document.Scalar && !v.IsNull() && !v.Alias && !hidden {
			d.Fixes = []Fix{c.replaceFix(v, strconv.Quote(v.Text), "Quote the value")}
		}
		c.report(d)
	}
}

// article names the expected type with an article for messages.
func article(s *schema.Schema) string {
	switch s.Type {
	case schema.Object:
		return "a mapping"
	case schema.Array:
		return "a list"
	case schema.Integer:
		return "an integer"
	case schema.StringMap:
		return "a map of string to string"
	}
	return "a " + s.Type.String()
}

// onlyRequired returns the one required member of an object schema, or
// nil when it has none or several.
func onlyRequired(s *schema.Schema) *schema.Property {
	if s.Type != schema.Object {
		return nil
	}
	var only *schema.Property
	for _, p := range s.Properties {
		if p.Required {
			if only != nil {
				return nil
			}
			only = p
		}
	}
	return only
}

// matchesScalar reports whether scalar n has the type schema s wants.
func matchesScalar(n *document.Node, s *schema.Schema) bool {
	if s.Type == schema.String {
		return n.Type == document.String
	}
	return matchesType(n, s.Type)
}

func matchesType(n *document.Node, t schema.Type) bool {
	switch t {
	case schema.Boolean:
		return n.Type == document.Bool
	case schema.Integer:
		return n.Type == document.Int
	case schema.Number:
		return n.Type == document.Int || n.Type == document.Float
	}
	return false
}
