package check

import "github.com/mdscheck/mdscheck/core/schema"

// ruleRequires (requires=B): the member needs B beside it. The
// specification says "needs": an error.
func ruleRequires(c *checker, obj, m member, _ *schema.Schema, r schema.Rule) {
	if _, ok := lookup(obj.value, obj.path, r.Names[0]); !ok {
		c.report(m.finding(Error, "requires", m.name+" needs "+r.Names[0]+", which is not set"))
	}
}

// ruleTogether (together="A|B|C; WORDS", on the object): members that
// describe one thing together, such as a self-hosted provider's URLs; one
// without the others is a warning on the first one set.
func ruleTogether(c *checker, obj, _ member, _ *schema.Schema, r schema.Rule) {
	var missing []string
	var first member
	set := false
	for _, n := range r.Names {
		if m, ok := lookup(obj.value, obj.path, n); !ok {
			missing = append(missing, n)
		} else if !set {
			first, set = m, true
		}
	}
	if set && len(missing) > 0 {
		verb := " is"
		if len(missing) > 1 {
			verb = " are"
		}
		c.report(first.finding(Warning, "requires", r.Words+" needs "+list(r.Names, " and ")+" together; "+list(missing, " and ")+verb+" missing"))
	}
}

// list joins names for a message: "a", "a and b", "a, b and c".
func list(names []string, last string) string {
	s := ""
	for i, n := range names {
		switch {
		case i == 0:
			s = n
		case i == len(names)-1:
			s += last + n
		default:
			s += ", " + n
		}
	}
	return s
}
