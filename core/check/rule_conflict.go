package check

import "github.com/mdscheck/mdscheck/core/schema"

// ruleConflict (conflicts=B): the member and B should not be set
// together, a warning (the specification says "should", or no word);
// with excludes=B an error, as the operator refuses the manifest.
// Between booleans it is both true, where B unset counts with its
// default: the message then says how to set B aside.
func ruleConflict(c *checker, obj, m member, s *schema.Schema, r schema.Rule) {
	other := r.Names[0]
	o, set := lookup(obj.value, obj.path, other)
	if s.Property(m.name).Type != schema.Boolean {
		if set {
			msg := "set " + m.name + " or " + other + ", not both"
			if r.Words != "" {
				msg += ": " + r.Words
			}
			c.report(m.finding(Severity(r.Kind.Severity()), "conflict", msg))
		}
		return
	}
	if on, isBool := m.boolean(); !isBool || !on {
		return
	}
	if on, isBool := o.boolean(); set && isBool && !on || !set && s.Property(other).Default != "true" {
		return
	}
	msg := m.name + " should not be enabled together with " + other
	if !set {
		msg += ", which is on by default; set " + other + ": false"
		if r.Words != "" {
			msg += " " + r.Words
		}
	}
	c.report(m.finding(Warning, "conflict", msg))
}
