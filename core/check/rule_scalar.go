package check

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/mdscheck/mdscheck/core/decimal"
	"github.com/mdscheck/mdscheck/core/document"
	"github.com/mdscheck/mdscheck/core/schema"
)

// reading says how YAML reads a scalar that is not a string, for messages
// that ask for quotes: "a number in YAML", or for the YAML 1.1 booleans
// that surprise people, "the boolean false for Kubernetes (YAML 1.1)".
func reading(n *document.Node) string {
	if n.Type == document.Bool && n.YAML12 != "" {
		return "the boolean " + strconv.FormatBool(n.Bool) + " for Kubernetes (YAML 1.1)"
	}
	return n.Describe() + " in YAML"
}

// quoteValue shows a scalar in a message as YAML would read it back.
func quoteValue(n *document.Node) string {
	if n.Type == document.String {
		return strconv.Quote(clip(n.Text))
	}
	return clip(n.Text)
}

// clip keeps messages short whatever the value.
func clip(s string) string {
	if utf8.RuneCountInString(s) <= 60 {
		return s
	}
	r := []rune(s)
	return string(r[:57]) + "..."
}

// hidden reports whether n must not be shown: the value of a secret
// member, or a value that shares a secret's anchor.
func (c *checker) hidden(n *document.Node, s *schema.Schema) bool {
	return s.Secret || c.secrets.Has(n)
}

// shown is how a message names a value: never a secret's.
func (c *checker) shown(n *document.Node, s *schema.Schema) string {
	if c.hidden(n, s) {
		return "the value"
	}
	return quoteValue(n)
}

// written is how a message names a number or boolean as written: never a
// secret's.
func (c *checker) written(n *document.Node, s *schema.Schema) string {
	if c.hidden(n, s) {
		return "the value"
	}
	return clip(n.Text)
}

// typeError reports a value of the wrong type. A scalar that would be right
// if quoted or unquoted says so and carries the fix.
func (c *checker) typeError(n *document.Node, s *schema.Schema, p path) {
	want := article(s)
	d := at(n, p, Error, "type", "")
	if n.Kind != document.Scalar {
		d.Message = fmt.Sprintf("must be %s, not %s", want, n.Describe())
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
		d.Message = fmt.Sprintf("must be a mapping, not %s; write it as %s", n.Describe(), entry)
		if !n.Alias {
			d.Fixes = []Fix{c.replaceFix(n, "{"+entry+"}", "Write {"+entry+"}")}
		}
		c.report(d)
		return
	}
	val := c.shown(n, s)
	secret := c.hidden(n, s)
	switch {
	case s.Type == schema.String:
		// A number or boolean where a string is wanted: quoting fixes it.
		if secret {
			d.Message = fmt.Sprintf("must be a string; the value is %s, quote it", reading(n))
		} else {
			d.Message = fmt.Sprintf("must be a string; %s is %s, write %q", n.Text, reading(n), n.Text)
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
				d.Message = fmt.Sprintf("must be %s; %s is a string because of the quotes, write %s", want, val, plain)
				if !n.Alias && !secret && (n.Style == document.SingleQuoted || n.Style == document.DoubleQuoted) {
					d.Fixes = []Fix{c.replaceFix(n, plain, "Write "+plain)}
				}
				break
			}
		}
		d.Message = fmt.Sprintf("must be %s, not the string %s", want, val)
	case n.Type == document.Float && s.Type == schema.Integer:
		d.Message = fmt.Sprintf("must be an integer, not %s", val)
	default:
		d.Message = fmt.Sprintf("must be %s, not %s (%s)", want, n.Describe(), val)
	}
	c.report(d)
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

// scalar checks a string, integer, number or boolean value.
func (c *checker) scalar(n *document.Node, s *schema.Schema, p path) {
	if n.Kind != document.Scalar {
		c.typeError(n, s, p)
		return
	}
	switch s.Type {
	case schema.String:
		if n.Type != document.String {
			c.typeError(n, s, p)
			return
		}
		c.stringValue(n, s, p)
	case schema.Boolean:
		if n.Type != document.Bool {
			c.typeError(n, s, p)
			return
		}
		if n.YAML12 != "" {
			d := at(n, p, Warning, "yaml-compat", fmt.Sprintf("%s is the boolean %t for Kubernetes, but YAML 1.2 tools read %s; write %t",
				c.written(n, s), n.Bool, n.YAML12, n.Bool))
			if !n.Alias && !c.hidden(n, s) {
				d.Fixes = []Fix{c.replaceFix(n, strconv.FormatBool(n.Bool), "Write "+strconv.FormatBool(n.Bool))}
			}
			c.report(d)
		}
	case schema.Integer, schema.Number:
		c.number(n, s, p)
	}
}

var (
	maxInt64 = decimal.FromInt(1<<63 - 1)
	minInt64 = decimal.FromInt(-1 << 63)
)

func (c *checker) number(n *document.Node, s *schema.Schema, p path) {
	if n.Type != document.Int && n.Type != document.Float {
		c.typeError(n, s, p)
		return
	}
	var v decimal.Dec
	switch {
	case n.Type == document.Int && !n.Overflow:
		v = decimal.FromInt(n.Int)
	default:
		r, ok := decimal.Parse(strings.ReplaceAll(n.Text, "_", ""))
		switch {
		case ok:
			v = r
		case n.Overflow && strings.HasPrefix(n.Text, "-"):
			// 0x, 0o and 0b integers beyond 64 bits.
			c.report(at(n, p, Error, "minimum", fmt.Sprintf("%s is beyond the 64-bit limit of %s", c.written(n, s), minInt64)))
			return
		case n.Overflow:
			c.report(at(n, p, Error, "maximum", fmt.Sprintf("%s is over the 64-bit limit of %s", c.written(n, s), maxInt64)))
			return
		default:
			c.report(at(n, p, Error, "type", fmt.Sprintf("must be a finite %s, not %s", s.Type, c.written(n, s))))
			return
		}
	}
	if s.Type == schema.Integer && !v.IsInt() {
		c.report(at(n, p, Error, "type", fmt.Sprintf("must be an integer, not %s", c.written(n, s))))
		return
	}
	if n.YAML12 != "" {
		d := at(n, p, Warning, "yaml-compat", fmt.Sprintf("%s is the number %s for Kubernetes, but YAML 1.2 tools read %s; write %s",
			c.written(n, s), v, n.YAML12, v))
		if !n.Alias && !c.hidden(n, s) {
			d.Fixes = []Fix{c.replaceFix(n, v.String(), "Write "+v.String())}
		}
		c.report(d)
	}
	if len(s.Enum) > 0 {
		ok := false
		for _, e := range s.Enum {
			if r, valid := decimal.Parse(e); valid && decimal.Cmp(r, v) == 0 {
				ok = true
			}
		}
		if !ok {
			c.report(at(n, p, Error, "enum", fmt.Sprintf("%s is not allowed; must be one of %s", c.written(n, s), enumList(s.Enum))))
		}
	}
	min, max := s.Bounds()
	if s.Type == schema.Integer {
		if max == nil {
			max = &maxInt64
		}
		if min == nil {
			min = &minInt64
		}
	}
	if min != nil && decimal.Cmp(v, *min) < 0 {
		msg := fmt.Sprintf("%s is below the minimum of %s%s", c.written(n, s), bound(*min, s.Minimum), rangeText(s))
		if s.Minimum == "" {
			msg = fmt.Sprintf("%s is beyond the 64-bit limit of %s", c.written(n, s), minInt64)
		}
		c.report(at(n, p, Error, "minimum", msg))
	}
	if max != nil && decimal.Cmp(v, *max) > 0 {
		msg := fmt.Sprintf("%s is above the maximum of %s%s", c.written(n, s), bound(*max, s.Maximum), rangeText(s))
		if s.Maximum == "" {
			msg = fmt.Sprintf("%s is over the 64-bit limit of %s", c.written(n, s), maxInt64)
		}
		c.report(at(n, p, Error, "maximum", msg))
	}
}

func bound(r decimal.Dec, written string) string {
	if written != "" {
		return written
	}
	return r.String()
}

// rangeText adds the allowed range when both bounds exist.
func rangeText(s *schema.Schema) string {
	if s.Minimum != "" && s.Maximum != "" {
		return fmt.Sprintf(" (allowed: %s to %s)", s.Minimum, s.Maximum)
	}
	return ""
}

func (c *checker) stringValue(n *document.Node, s *schema.Schema, p path) {
	v := n.Text
	if len(s.Enum) > 0 {
		ok := false
		for _, e := range s.Enum {
			if e == v {
				ok = true
				break
			}
		}
		if !ok {
			d := at(n, p, Error, "enum", fmt.Sprintf("%s is not allowed; must be one of %s", c.shown(n, s), enumList(s.Enum)))
			if len(s.Enum) == 1 {
				d.Message = fmt.Sprintf("%s is not allowed; the only allowed value is %s", c.shown(n, s), enumList(s.Enum))
			}
			if e := nearestEnum(v, s.Enum); e != "" && !n.Alias && !c.hidden(n, s) {
				if len(s.Enum) > 1 {
					d.Message += fmt.Sprintf(" (did you mean %s?)", e)
				}
				d.Fixes = []Fix{c.replaceFix(n, document.Quote(e), "Change to "+e)}
			}
			c.report(d)
		}
	}
	count := -1
	length := func() int {
		if count < 0 {
			count = utf8.RuneCountInString(v)
		}
		return count
	}
	if s.MinLength > 0 && length() < s.MinLength {
		msg := fmt.Sprintf("is too short: %s, at least %d required", characters(length()), s.MinLength)
		if length() == 0 {
			msg = fmt.Sprintf("must not be empty: at least %s", characters(s.MinLength))
		}
		c.report(at(n, p, Error, "min-length", msg))
	}
	if s.MaxLength > 0 && len(v) > s.MaxLength && length() > s.MaxLength {
		c.report(at(n, p, Error, "max-length", fmt.Sprintf("is too long: %s, at most %d allowed", characters(length()), s.MaxLength)))
	}
	if re := s.CompiledPattern(); re != nil && !re.MatchString(v) {
		c.report(at(n, p, Error, "pattern", fmt.Sprintf("%s does not match the pattern %s: %s", c.shown(n, s), s.Pattern, s.PatternWords)))
	}
	if s.Format != schema.FormatNone {
		c.format(n, s, p)
	}
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
		if d := distance(lv, strings.ToLower(e)); d < bestDist {
			best, bestDist = e, d
		}
	}
	return best
}

func characters(n int) string { return schema.Plural(n, "character") }

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
