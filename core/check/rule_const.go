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
	at := c.base.Key("apiVersion")
	switch {
	case av == nil || av.Value.IsNull():
		if !ours {
			return false
		}
		d := Diagnostic{Start: kp.Key.Start, End: kp.Value.End, Severity: Error, Rule: "required",
			Path: at.String(), Pointer: at.Pointer(),
			Message: "missing required member \"apiVersion\"; " + kp.Value.Text + " is of " + schema.APIVersion}
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
		var msg string
		switch {
		case grouped && group == schema.Group:
			// Our group with another version: check the rest against the
			// one version there is, so every mistake shows at once.
			msg = "unsupported version " + strconv.Quote(v) + " of " + schema.Group + "; the only version is " + strconv.Quote(schema.APIVersion)
		case !ours:
			return false // another group's object, or not an object of ours
		case !grouped:
			msg = strconv.Quote(v) + " has no group; " + kp.Value.Text + " is of " + strconv.Quote(schema.APIVersion)
		case spelling.Distance(strings.ToLower(group), schema.Group) <= 2:
			msg = "unknown group " + strconv.Quote(group) + "; did you mean " + schema.Group + "? " + kp.Value.Text + " is of " + strconv.Quote(schema.APIVersion)
		default:
			return false // another product's kind of the same name
		}
		c.reported = av.Value
		c.report(Diagnostic{Start: av.Value.Start, End: av.Value.End, Severity: Error, Rule: "const",
			Path: at.String(), Pointer: at.Pointer(), Message: msg,
			Fixes: []Fix{c.replaceFix(av.Value, schema.APIVersion, "Change to "+schema.APIVersion)}})
	}
	kindAt := c.base.Key("kind")
	if kp == nil || kp.Value.IsNull() {
		c.report(Diagnostic{Start: av.Key.Start, End: av.Value.End, Severity: Error, Rule: "required",
			Path: kindAt.String(), Pointer: kindAt.Pointer(),
			Message: "missing required member \"kind\"; one of " + strings.Join(schema.Names(), ", ")})
		return false
	}
	c.kind = schema.Lookup(kp.Value.String())
	if c.kind == nil {
		d := Diagnostic{Start: kp.Value.Start, End: kp.Value.End, Severity: Error, Rule: "enum",
			Path: kindAt.String(), Pointer: kindAt.Pointer(),
			Message: "unknown kind " + quoteValue(kp.Value) + "; must be one of " + strings.Join(schema.Names(), ", ")}
		for _, n := range schema.Names() {
			if strings.EqualFold(n, kp.Value.Text) {
				d.Message += " (did you mean " + n + "?)"
				d.Fixes = []Fix{c.replaceFix(kp.Value, n, n)}
			}
		}
		c.report(d)
		return false
	}
	return true
}
