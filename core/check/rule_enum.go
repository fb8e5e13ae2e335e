package check

import (
	"github.com/mdscheck/mdscheck/core/spelling"
	"strconv"
	"strings"

	"github.com/mdscheck/mdscheck/core/decimal"
	"github.com/mdscheck/mdscheck/core/document"
	"github.com/mdscheck/mdscheck/core/field"
	"github.com/mdscheck/mdscheck/core/schema"
)

// enum reports a string that is none of the values s allows, with the one
// most likely meant. The envelope (rule_const.go) reports an unknown kind.
func (c *checker) enum(n *document.Node, s *schema.Schema, p *field.Path) {
	v := n.Text
	for _, e := range s.Enum {
		if e == v {
			return
		}
	}
	m := writing().value(c, n, s)
	if len(s.Enum) == 1 {
		m.say(" is not allowed; the only allowed value is ").say(phrase(enumList(s.Enum)))
	} else {
		m.say(" is not allowed; must be one of ").say(phrase(enumList(s.Enum)))
	}
	var fixes []Fix
	if e := nearestEnum(v, s.Enum); e != "" && !n.Alias && !c.hidden(n, s) {
		if len(s.Enum) > 1 {
			m.say(" (did you mean ").say(phrase(e)).say("?)")
		}
		fixes = []Fix{c.replaceFix(n, document.Quote(e), "Change to "+e)}
	}
	d := at(n, p, Error, "enum", "")
	d.set(m).Fixes = fixes
	c.report(d)
}

// numberEnum reports a number that is none of the values s allows.
func (c *checker) numberEnum(n *document.Node, s *schema.Schema, p *field.Path, v decimal.Dec) {
	for _, e := range s.Enum {
		if r, valid := decimal.Parse(e); valid && decimal.Cmp(r, v) == 0 {
			return
		}
	}
	// A number quotes as it is written (quoteValue).
	d := at(n, p, Error, "enum", "")
	c.report(*d.set(writing().value(c, n, s).say(" is not allowed; must be one of ").say(phrase(enumList(s.Enum)))))
}

// nearestEnum returns the allowed value v most likely meant: the same in
// another case, one that starts with or contains it (mandatory for
// MandatoryStartTLS), or one a few edits away; "" when none stands out.
func nearestEnum(v string, enum []string) string {
	lv := strings.ToLower(v)
	if lv == "" {
		return ""
	}
	for _, e := range enum {
		if strings.EqualFold(e, v) {
			return e
		}
	}
	found := ""
	for _, e := range enum {
		if le := strings.ToLower(e); strings.Contains(le, lv) || len(le) >= 3 && strings.Contains(lv, le) {
			if found != "" {
				return "" // two candidates: no guess
			}
			found = e
		}
	}
	if found != "" {
		return found
	}
	best, bestDist := "", max(len(v)/3, 1)+1
	for _, e := range enum {
		if d, ok := spelling.Within(lv, strings.ToLower(e), bestDist-1); ok {
			best, bestDist = e, d
		}
	}
	return best
}

// enumList lists allowed values for a message; values that would be hard
// to read in a comma-separated list ("compact,delete", "") are quoted.
func enumList(values []string) string {
	out := make([]string, len(values))
	for i, v := range values {
		if v == "" || strings.ContainsAny(v, ", ") {
			v = strconv.Quote(v)
		}
		out[i] = v
	}
	return strings.Join(out, ", ")
}
