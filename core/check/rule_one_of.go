package check

import "github.com/mdscheck/mdscheck/core/schema"

// ruleOneOf (one-of=A|B, on the object): the object needs exactly one of
// the members. A warning: the specification says "should", or names the
// choice without a "must".
func ruleOneOf(c *checker, obj, _ member, _ *schema.Schema, r schema.Rule) {
	given := 0
	for _, n := range r.Names {
		if _, ok := lookup(obj.value, obj.path, n); ok {
			given++
		}
	}
	switch {
	case given == 0:
		c.report(obj.finding(Warning, "one-of", "give one of "+list(r.Names, " or ")))
	case given > 1:
		c.report(obj.finding(Warning, "one-of", "give only one of "+list(r.Names, " and ")))
	}
}
