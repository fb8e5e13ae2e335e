package check

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/mdscheck/mdscheck/core/decimal"
	"github.com/mdscheck/mdscheck/core/document"
	"github.com/mdscheck/mdscheck/core/field"
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

// scalar checks a string, integer, number or boolean value.
func (c *checker) scalar(n *document.Node, s *schema.Schema, p *field.Path) {
	if n.Kind != document.Scalar {
		c.mistyped(n, s, p)
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
			c.compat(n, s, p, strconv.FormatBool(n.Bool), "the boolean")
		}
	case schema.Integer, schema.Number:
		c.number(n, s, p)
	}
}

var (
	maxInt64 = decimal.FromInt(1<<63 - 1)
	minInt64 = decimal.FromInt(-1 << 63)
)

func (c *checker) number(n *document.Node, s *schema.Schema, p *field.Path) {
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
			c.minimum(n, s, p, minInt64)
			return
		case n.Overflow:
			c.maximum(n, s, p, maxInt64)
			return
		default:
			c.report(at(n, p, Error, "type", "must be a finite "+s.Type.String()+", not "+c.written(n, s)))
			return
		}
	}
	if s.Type == schema.Integer && !v.IsInt() {
		c.report(at(n, p, Error, "type", "must be an integer, not "+c.written(n, s)))
		return
	}
	if n.YAML12 != "" {
		c.compat(n, s, p, v.String(), "the number")
	}
	if len(s.Enum) > 0 {
		c.numberEnum(n, s, p, v)
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
		c.minimum(n, s, p, *min)
	}
	if max != nil && decimal.Cmp(v, *max) > 0 {
		c.maximum(n, s, p, *max)
	}
}

func (c *checker) stringValue(n *document.Node, s *schema.Schema, p *field.Path) {
	if len(s.Enum) > 0 {
		c.enum(n, s, p)
	}
	if s.MinLength > 0 {
		c.minLength(n, s, p)
	}
	if s.MaxLength > 0 && len(n.Text) > s.MaxLength { // fewer bytes are fewer code points
		c.maxLength(n, s, p)
	}
	if re := s.CompiledPattern(); re != nil && !re.MatchString(n.Text) {
		c.pattern(n, s, p)
	}
	if s.Format != schema.FormatNone {
		c.format(n, s, p)
	}
}
