package schema

// The constructors below keep the kind definitions short and close to the
// tables of the specification: one line a member.

// Option sets one attribute of a Schema.
type Option func(*Schema)

func build(t Type, opts []Option) *Schema {
	s := &Schema{Type: t}
	for _, o := range opts {
		o(s)
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
func Doc(text string) Option { return func(s *Schema) { s.Description = text } }

// Default sets the default, as written in YAML.
func Default(v string) Option { return func(s *Schema) { s.Default = v } }

// Deprecated marks the member deprecated; why says what to do instead.
func Deprecated(why string) Option { return func(s *Schema) { s.Deprecated = why } }

// Life sets lifecycle flags.
func Life(l Lifecycle) Option { return func(s *Schema) { s.Lifecycle |= l } }

// Secret marks a member whose value must never be shown.
func Secret() Option { return func(s *Schema) { s.Secret = true } }

// Enum sets the allowed values, as written in YAML.
func Enum(values ...string) Option { return func(s *Schema) { s.Enum = values } }

// Pattern sets a regular expression and its reading in words.
func Pattern(re, words string) Option {
	return func(s *Schema) { s.Pattern, s.PatternWords = re, words }
}

// Fmt sets a named shape.
func Fmt(f Format) Option { return func(s *Schema) { s.Format = f } }

// MinLen sets the minimum length in code points.
func MinLen(n int) Option { return func(s *Schema) { s.MinLength = n } }

// MaxLen sets the maximum length in code points.
func MaxLen(n int) Option { return func(s *Schema) { s.MaxLength = n } }

// Min sets the inclusive minimum, a decimal number.
func Min(v string) Option { return func(s *Schema) { s.Minimum = v } }

// Max sets the inclusive maximum, a decimal number.
func Max(v string) Option { return func(s *Schema) { s.Maximum = v } }

// MaxItems sets the maximum number of array items.
func MaxItems(n int) Option { return func(s *Schema) { s.MaxItems = n } }

// Free is an object whose content is not checked.
func Free(opts ...Option) *Schema {
	s := build(Object, opts)
	s.Free = true
	return s
}
