package check

import (
	"github.com/mdscheck/mdscheck/core/spelling"
	"strconv"
	"strings"

	"github.com/mdscheck/mdscheck/core/document"
	"github.com/mdscheck/mdscheck/core/schema"
	"github.com/mdscheck/mdscheck/core/text"
)

// envelope decides whether a resource is ours and of which kind. It
// reports what stops the check and returns false then. One of our kinds
// with no apiVersion, a version without a group, or a group one or two
// edits from ours is ours with a mistake: kubectl refuses it, and the
// user plainly meant this kind.
func (c *checker) envelope(root *document.Node) bool {
	av := root.GetPair("apiVersion")
	kp := root.GetPair("kind")
	ours := kp != nil && schema.Lookup(kp.Value.String()) != nil
	at := c.base.Member("apiVersion")
	// Where a message names the kind, it is one of ours, written as the
	// schema names it.
	var kind phrase
	if ours {
		kind = phrase(kp.Value.String())
	}
	switch {
	case av == nil || av.Value.IsNull():
		if !ours {
			return false
		}
		d := Diagnostic{Start: kp.Key.Start, End: kp.Value.End, Severity: Error, Rule: "required"}
		d.place(at)
		d.set(says("missing required member \"apiVersion\"; ").say(kind).say(" is of ").say(schema.APIVersion))
		if av != nil {
			d.Start, d.End = av.Key.Start, av.Key.End
		} else if ls := text.LineStart(c.src, kp.Key.Start); strings.Trim(c.src[ls:kp.Key.Start], " -") == "" {
			// A block mapping: the member goes on a line of its own above kind.
			d.Fixes = []Fix{{Title: "Add apiVersion: " + schema.APIVersion, Edits: []Edit{{Start: kp.Key.Start, End: kp.Key.Start,
				NewText: "apiVersion: " + schema.APIVersion + "\n" + strings.Repeat(" ", kp.Key.Start-ls)}}}}
		}
		c.report(d)
	case av.Value.Type != document.String:
		return false
	case c.opts.Template && av.Value.Text != "" && av.Value.Text[0] == Masked && ours:
		// An action writes the apiVersion of one of our kinds: read the
		// rest as that version, the one there is.
	case av.Value.Text != schema.APIVersion:
		v := av.Value.Text
		group, _, grouped := strings.Cut(v, "/")
		var m *message
		switch {
		case grouped && group == schema.Group:
			// Our group with another version: check the rest against the
			// one version there is, so every mistake shows at once.
			m = says("unsupported version ").quote(strconv.Quote(v)).say(" of " + schema.Group + "; the only version is \"" + schema.APIVersion + "\"")
		case !ours:
			return false // another group's object, or not an object of ours
		case !grouped:
			m = writing().quote(strconv.Quote(v)).say(" has no group; ").say(kind).say(" is of \"" + schema.APIVersion + "\"")
		case spelling.Distance(strings.ToLower(group), schema.Group) <= 2:
			m = says("unknown group ").quote(strconv.Quote(group)).say("; did you mean " + schema.Group + "? ").say(kind).say(" is of \"" + schema.APIVersion + "\"")
		default:
			return false // another product's kind of the same name
		}
		c.reported = av.Value
		d := Diagnostic{Start: av.Value.Start, End: av.Value.End, Severity: Error, Rule: "const",
			Fixes: []Fix{c.replaceFix(av.Value, schema.APIVersion, "Change to "+schema.APIVersion)}}
		d.place(at)
		d.set(m)
		c.report(d)
	}
	kindAt := c.base.Member("kind")
	kinds := phrase(strings.Join(schema.Names(), ", "))
	if kp == nil || kp.Value.IsNull() {
		d := Diagnostic{Start: av.Key.Start, End: av.Value.End, Severity: Error, Rule: "required"}
		d.place(kindAt)
		d.set(says("missing required member \"kind\"; one of ").say(kinds))
		c.report(d)
		return false
	}
	c.kind = schema.Lookup(kp.Value.String())
	if c.kind == nil {
		d := Diagnostic{Start: kp.Value.Start, End: kp.Value.End, Severity: Error, Rule: "enum"}
		d.place(kindAt)
		m := says("unknown kind ").quote(quoteValue(kp.Value)).say("; must be one of ").say(kinds)
		for _, n := range schema.Names() {
			if strings.EqualFold(n, kp.Value.Text) {
				m.say(" (did you mean ").say(phrase(n)).say("?)")
				d.Fixes = []Fix{c.replaceFix(kp.Value, n, n)}
			}
		}
		d.set(m)
		c.report(d)
		return false
	}
	return true
}
