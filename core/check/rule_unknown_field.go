package check

import (
	"github.com/mdscheck/mdscheck/core/spelling"
	"strconv"
	"strings"

	"github.com/mdscheck/mdscheck/core/document"
	"github.com/mdscheck/mdscheck/core/field"
	"github.com/mdscheck/mdscheck/core/schema"
)

// unknown reports a member the schema does not have, with the nearest
// known name and, at the top of userConfig, the kinds that do have it.
func (c *checker) unknown(key *document.Node, s *schema.Schema, p *field.Path) {
	if c.opts.UnknownFields == 0 {
		return
	}
	name := key.Text
	q := p.Key(name)
	m := says("unknown field ").quote(strconv.Quote(clip(name)))
	var fixes []Fix
	// A member of another kind's spec or userConfig: say whose it is.
	in, ptr := (*schema.Kind).UserConfig, p.Pointer()
	if ptr == "/spec" {
		in = (*schema.Kind).Spec
	}
	if ptr == "/spec" || ptr == "/spec/userConfig" {
		var others []string
		for _, k := range schema.OwnersOf(in, name) {
			if k != c.kind.Name {
				others = append(others, k)
			}
		}
		if len(others) > 0 {
			m.say(" in ").say(phrase(c.kind.Name)).say("; it belongs to ").say(phrase(strings.Join(others, " and ")))
		}
	}
	dotted := ""
	for _, pr := range s.Properties {
		if strings.HasPrefix(pr.Name, name+".") {
			dotted = pr.Name
			break
		}
	}
	if nested := nestedPath(name, s); nested != "" {
		// a.b: where the nested objects a and b are meant.
		// The steps are the schema's, but spell out what the user wrote.
		m.say("; these are nested members, not one key with dots: write ").quote(nested)
	} else if dotted != "" {
		// a: {b: {c: ...}} where the one key a.b.c is meant.
		m.say(phrase("; " + strconv.Quote(dotted) + " is a single key with dots in it: write " + dotted + ": on one line"))
	} else if best := nearest(name, s); best != "" {
		m.say(phrase("; did you mean " + strconv.Quote(best) + "?"))
		if !key.Alias {
			fixes = []Fix{{Title: "Rename to " + best, Edits: []Edit{{Start: key.Start, End: key.End, NewText: best}}}}
		}
	} else if len(s.Properties) <= 8 {
		names := make([]string, len(s.Properties))
		for i, pr := range s.Properties {
			names[i] = pr.Name
		}
		m.say("; known fields: ").say(phrase(strings.Join(names, ", ")))
	}
	d := at(key, q, c.opts.UnknownFields, "unknown-field", "")
	d.set(m).Fixes = fixes
	c.report(d)
}

// nestedPath returns how to write a dotted name as the nested members it
// names in s ("a:, then b: under it"), or "".
func nestedPath(name string, s *schema.Schema) string {
	parts := strings.Split(name, ".")
	if len(parts) < 2 {
		return ""
	}
	cur := s
	for i, part := range parts {
		p := cur.Property(part)
		if p == nil || i < len(parts)-1 && p.Type != schema.Object {
			return ""
		}
		cur = p.Schema
	}
	out := parts[0] + ":"
	for _, part := range parts[1:] {
		out += ", then " + part + ": under it"
	}
	return out
}

// nearest returns the member of s closest to name, when close enough to be
// a likely typo (Closeness), or "".
func nearest(name string, s *schema.Schema) string {
	best, bestDist := "", 1<<30
	for _, pr := range s.Properties {
		if d, ok := spelling.Closeness(name, pr.Name); ok && d < bestDist {
			best, bestDist = pr.Name, d
		}
	}
	return best
}
