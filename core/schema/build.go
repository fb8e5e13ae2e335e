package schema

import "strings"

// The constructors below keep the kind definitions short and close to the
// tables of the specification: one line a member.

// Option sets one attribute of a Schema. It is a value, not a function:
// the kinds declare some two thousand options, and as plain values they
// compile to a fraction of the code that closures need, which every
// WebAssembly host downloads and compiles.
type Option struct {
	attr  attr
	s, s2 string
	n     int
}

type attr uint8

const (
	attrDoc attr = iota
	attrDefault
	attrDeprecated
	attrLife
	attrSecret
	attrEnum
	attrPattern
	attrFormat
	attrMinLen
	attrMaxLen
	attrMin
	attrMax
	attrMaxItems
)

func build(t Type, opts []Option) *Schema {
	s := &Schema{Type: t}
	for _, o := range opts {
		switch o.attr {
		case attrDoc:
			s.Description = o.s
		case attrDefault:
			s.Default = o.s
		case attrDeprecated:
			s.Deprecated = o.s
		case attrLife:
			s.Lifecycle |= Lifecycle(o.n)
		case attrSecret:
			s.Secret = true
		case attrEnum:
			s.Enum = strings.Split(o.s, "\x00")
		case attrPattern:
			s.Pattern, s.PatternWords = o.s, o.s2
		case attrFormat:
			s.Format = Format(o.s)
		case attrMinLen:
			s.MinLength = o.n
		case attrMaxLen:
			s.MaxLength = o.n
		case attrMin:
			s.Minimum = o.s
		case attrMax:
			s.Maximum = o.s
		case attrMaxItems:
			s.MaxItems = o.n
		}
	}
	return s
}

// Str is a string member.
func Str(opts ...Option) *Schema { return build(String, opts) }

// Int is an integer member.
func Int(opts ...Option) *Schema { return build(Integer, opts) }

// Num is a number member.
func Num(opts ...Option) *Schema { return build(Number, opts) }

// Bool is a boolean member.
func Bool(opts ...Option) *Schema { return build(Boolean, opts) }

// Map is a map of string to string.
func Map(opts ...Option) *Schema { return build(StringMap, opts) }

// Arr is an array whose items are described by items.
func Arr(items *Schema, opts ...Option) *Schema {
	s := build(Array, opts)
	s.Items = items
	return s
}

// Obj is an object with the given members.
func Obj(props []*Property, opts ...Option) *Schema {
	s := build(Object, opts)
	s.Properties = props
	return s
}

// Props lists the members of an object; it exists so that member lists read
// as one table.
func Props(p ...*Property) []*Property { return p }

// Opt is an optional member.
func Opt(name string, s *Schema) *Property { return &Property{Name: name, Schema: s} }

// Req is a required member.
func Req(name string, s *Schema) *Property { return &Property{Name: name, Required: true, Schema: s} }

// Doc sets the description.
func Doc(text string) Option { return Option{attr: attrDoc, s: text} }

// Default sets the default, as written in YAML.
func Default(v string) Option { return Option{attr: attrDefault, s: v} }

// Deprecated marks the member deprecated; why says what to do instead.
func Deprecated(why string) Option { return Option{attr: attrDeprecated, s: why} }

// Life sets lifecycle flags.
func Life(l Lifecycle) Option { return Option{attr: attrLife, n: int(l)} }

// Secret marks a member whose value must never be shown.
func Secret() Option { return Option{attr: attrSecret} }

// Enum sets the allowed values, as written in YAML.
func Enum(values ...string) Option { return Option{attr: attrEnum, s: strings.Join(values, "\x00")} }

// Pattern sets a regular expression and its reading in words.
func Pattern(re, words string) Option { return Option{attr: attrPattern, s: re, s2: words} }

// Fmt sets a named shape.
func Fmt(f Format) Option { return Option{attr: attrFormat, s: string(f)} }

// MinLen sets the minimum length in code points.
func MinLen(n int) Option { return Option{attr: attrMinLen, n: n} }

// MaxLen sets the maximum length in code points.
func MaxLen(n int) Option { return Option{attr: attrMaxLen, n: n} }

// Min sets the inclusive minimum, a decimal number.
func Min(v string) Option { return Option{attr: attrMin, s: v} }

// Max sets the inclusive maximum, a decimal number.
func Max(v string) Option { return Option{attr: attrMax, s: v} }

// MaxItems sets the maximum number of array items.
func MaxItems(n int) Option { return Option{attr: attrMaxItems, n: n} }

// Free is an object whose content is not checked.
func Free(opts ...Option) *Schema {
	s := build(Object, opts)
	s.Free = true
	return s
}
