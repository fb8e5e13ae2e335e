package check

import (
	"github.com/mdscheck/mdscheck/core/decimal"
	"github.com/mdscheck/mdscheck/core/schema"
)

// ruleNotAbove (not-above=A|B): a minimum above its maximum, compared with
// the first of the members that is set. A warning: the specification
// states the bounds of each but not their relation.
func ruleNotAbove(c *checker, obj, m member, _ *schema.Schema, r schema.Rule) {
	for _, n := range r.Names {
		h, ok := lookup(obj.value, obj.path, n)
		if !ok {
			continue
		}
		lv, ok1 := m.number()
		hv, ok2 := h.number()
		if ok1 && ok2 && decimal.Cmp(lv, hv) > 0 {
			c.report(m.valueFinding(Warning, "order", m.name+" ("+m.value.Text+") is above "+n+" ("+h.value.Text+")"))
		}
		return
	}
}

// ruleAtMost (at-most=A|B): the member must not exceed the first of the
// members that is set, or else the default of the last one, converted to
// the member's unit (an error: "must not exceed"). Negative numbers are
// not compared: on the member they mean "the value of the other", on the
// limit "no limit". A limit that is not a number stops the check, its
// type is reported already; a last one outside its bounds gives way to
// its default.
func ruleAtMost(c *checker, obj, m member, s *schema.Schema, r schema.Rule) {
	lv, ok := m.number()
	if !ok || lv.Sign() < 0 {
		return
	}
	unit := s.Property(m.name).Unit
	for i, n := range r.Names {
		t, set := lookup(obj.value, obj.path, n)
		last := i == len(r.Names)-1
		if !set && !last {
			continue
		}
		ls := s.Property(n).Schema
		per := int64(1)
		if ls.Unit != unit && ls.Unit != "" && unit != "" {
			per = ls.Unit.Per(unit)
		}
		v, usable := t.number()
		whole, isInt := v.Int64()
		if min, max := ls.Bounds(); usable && (min != nil && decimal.Cmp(v, *min) < 0 || max != nil && decimal.Cmp(v, *max) > 0 ||
			per != 1 && (!isInt || whole > (1<<63-1)/per)) {
			usable = false
		}
		which := ""
		switch {
		case set && !usable && !last:
			return
		case !usable:
			if v, usable = decimal.Parse(ls.Default); !usable {
				return
			}
			whole, _ = v.Int64()
			which = "the default "
		}
		if v.Sign() < 0 {
			return
		}
		limit, text := v, v.String()
		if per != 1 {
			limit = decimal.FromInt(whole * per)
			text = schema.Plural(int(whole), string(ls.Unit)) + ", that is " + limit.String() + " " + string(unit)
		}
		if decimal.Cmp(lv, limit) > 0 {
			c.report(m.valueFinding(Error, "order", m.name+" ("+m.value.Text+") must not exceed "+which+n+" ("+text+")"))
		}
		return
	}
}
