package jsonschema

// The harness of the tests: the exported schemas compiled by a real JSON
// Schema validator, and manifests made from the schema data, checked by
// that validator and by mdscheck's own checker.

import (
	"bytes"
	"encoding/json"
	"math/big"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	validator "github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"

	"github.com/mdscheck/mdscheck/core/check"
	"github.com/mdscheck/mdscheck/core/document"
	"github.com/mdscheck/mdscheck/core/schema"
)

// compile compiles an exported schema as a tool reads it: from its JSON.
func compile(t testing.TB, s map[string]any) *validator.Schema {
	t.Helper()
	c := validator.NewCompiler()
	doc := instance(t, s)
	const url = "mem://mdscheck.schema.json"
	if err := c.AddResource(url, doc); err != nil {
		t.Fatal(err)
	}
	sch, err := c.Compile(url)
	if err != nil {
		t.Fatalf("the validator refuses the schema: %v", err)
	}
	return sch
}

// instance turns a manifest into the JSON values a validator reads.
func instance(t testing.TB, v any) any {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	out, err := validator.UnmarshalJSON(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// failure is one leaf of a validator's answer: where and which keyword.
type failure struct {
	pointer, keyword, message string
}

// failures lists the keywords the validator finds broken in v, and where:
// every node of its answer, since a keyword that holds others (oneOf,
// allOf, $ref) is broken where they are.
func failures(t testing.TB, sch *validator.Schema, v any) []failure {
	t.Helper()
	err := sch.Validate(instance(t, v))
	if err == nil {
		return nil
	}
	ve, ok := err.(*validator.ValidationError)
	if !ok {
		t.Fatalf("validator: %v", err)
	}
	var out []failure
	var walk func(e *validator.ValidationError)
	walk = func(e *validator.ValidationError) {
		kw := ""
		if p := e.ErrorKind.KeywordPath(); len(p) > 0 {
			kw = p[0]
		}
		switch e.ErrorKind.(type) {
		case *kind.Not: // its keyword path is empty
			kw = "not"
		case *kind.FalseSchema:
			kw = "false"
		}
		if kw != "" {
			msg, _, _ := strings.Cut(e.Error(), "\n")
			out = append(out, failure{pointer(e.InstanceLocation), kw, msg})
		}
		for _, c := range e.Causes {
			walk(c)
		}
	}
	walk(ve)
	return out
}

func pointer(segs []string) string {
	var b strings.Builder
	for _, s := range segs {
		b.WriteString("/" + strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1"))
	}
	return b.String()
}

// findings are mdscheck's findings on a manifest, written as JSON (which
// YAML reads as it is), apart from deprecation warnings, which the
// validator gives no verdict on.
func findings(t testing.TB, v any) []check.Diagnostic {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	src := string(b)
	var out []check.Diagnostic
	for _, d := range document.ParseStream(src, document.DefaultLimits).Docs {
		_, ds := check.Document(src, d, check.DefaultOptions)
		for _, d := range ds {
			if d.Rule != "deprecated" {
				out = append(out, d)
			}
		}
	}
	return out
}

// A member of a kind's manifest: segs are its JSON pointer's tokens, "0"
// for the first item of a list.
type member struct {
	kind string
	segs []string
	p    *schema.Property
}

// members lists every member of a kind, depth first, and the first item
// of each list as a member called "[]".
func members(kind string) []member {
	var out []member
	var walk func(s *schema.Schema, segs []string)
	walk = func(s *schema.Schema, segs []string) {
		if s.Type == schema.Array && s.Items != nil {
			segs = append(slices.Clone(segs), "0")
			out = append(out, member{kind, segs, &schema.Property{Name: "[]", Schema: s.Items}})
			walk(s.Items, segs)
			return
		}
		for _, p := range s.Properties {
			ps := append(slices.Clone(segs), p.Name)
			out = append(out, member{kind, ps, p})
			walk(p.Schema, ps)
		}
	}
	walk(schema.Lookup(kind).Manifest, nil)
	return out
}

// shapes are the exported patterns of the named shapes, compiled.
var shapes = func() map[schema.Format]*regexp.Regexp {
	out := map[schema.Format]*regexp.Regexp{}
	for f, p := range formatPatterns {
		out[f] = regexp.MustCompile(p)
	}
	return out
}()

// seeds are strings that sample tries, in this order, for a member
// with a pattern or shape: one fits each named shape.
var seeds = []string{"a", "abc", "A", "80GiB", "1", "oncall@example.com", "10.0.0.0/8", "03:30:00", "5m", "G-ABC123"}

// sample is a valid value of s made from the data alone: the required
// members of an object, one item of a list, the default or first allowed
// value, the lower bound, the first seed that fits a string.
func sample(s *schema.Schema) any {
	switch s.Type {
	case schema.Object:
		m := map[string]any{}
		for _, p := range s.Properties {
			if p.Required {
				m[p.Name] = sample(p.Schema)
			}
		}
		complete(s, m)
		return m
	case schema.StringMap:
		return map[string]any{"team": "search"}
	case schema.Array:
		return []any{sample(s.Items)}
	case schema.Boolean:
		return false
	case schema.Integer, schema.Number:
		switch {
		case len(s.Enum) > 0:
			return json.Number(s.Enum[0])
		case s.Default != "":
			return json.Number(s.Default)
		case s.Minimum != "":
			return json.Number(s.Minimum)
		case s.Maximum != "":
			return json.Number(s.Maximum)
		}
		return json.Number("1")
	}
	switch {
	case len(s.Enum) > 0:
		return s.Enum[0]
	case s.Default != "":
		return s.Default
	}
	fits := func(v string) bool {
		n := utf8.RuneCountInString(v)
		if n < s.MinLength || s.MaxLength > 0 && n > s.MaxLength {
			return false
		}
		if re := s.CompiledPattern(); re != nil && !re.MatchString(v) {
			return false
		}
		f := shapes[s.Format]
		return f == nil || f.MatchString(v)
	}
	for _, v := range seeds {
		for _, w := range []string{v, strings.Repeat(v, max(1, s.MinLength))} {
			if fits(w) {
				return w
			}
		}
	}
	return "no sample fits"
}

// complete adds to m, an object of schema s, the members that the rules
// between members want beside those it has: what a member requires, the
// rest of a together group, the first of a one-of choice.
func complete(s *schema.Schema, m map[string]any) {
	add := func(name string) bool {
		if _, ok := m[name]; ok {
			return false
		}
		m[name] = sample(s.Property(name).Schema)
		return true
	}
	for changed := true; changed; {
		changed = false
		for _, r := range s.Rules {
			has := slices.ContainsFunc(r.Names, func(n string) bool { _, ok := m[n]; return ok })
			switch {
			case r.Kind == schema.OneOf && !has:
				changed = add(r.Names[0]) || changed
			case r.Kind == schema.Together && has:
				for _, n := range r.Names {
					changed = add(n) || changed
				}
			}
		}
		for _, p := range s.Properties {
			if _, ok := m[p.Name]; !ok {
				continue
			}
			for _, r := range p.Rules {
				if r.Kind == schema.Requires {
					changed = add(r.Names[0]) || changed
				}
			}
		}
	}
}

// choose removes from m, an object of schema s, the members that name,
// about to be set, excludes: the other choices of a one-of rule.
func choose(s *schema.Schema, m map[string]any, name string) {
	for _, r := range s.Rules {
		if r.Kind == schema.OneOf && slices.Contains(r.Names, name) {
			for _, n := range r.Names {
				if n != name {
					delete(m, n)
				}
			}
		}
	}
}

// manifest is the smallest manifest of kind with v at segs: the samples
// of the objects on the way, with what the rules want beside v.
func manifest(kind string, segs []string, v any) map[string]any {
	s := schema.Lookup(kind).Manifest
	root := sample(s).(map[string]any)
	type object struct {
		s *schema.Schema
		m map[string]any
	}
	var way []object
	defer func() {
		for i := len(way) - 1; i >= 0; i-- {
			complete(way[i].s, way[i].m)
		}
	}()
	var cur any = root
	for i, seg := range segs {
		last := i == len(segs)-1
		if s.Type == schema.Array {
			q := cur.([]any)
			s = s.Items
			if last {
				q[0] = v
				break
			}
			cur = q[0]
			continue
		}
		m := cur.(map[string]any)
		way = append(way, object{s, m})
		choose(s, m, seg)
		p := s.Property(seg)
		if last {
			m[seg] = v
			break
		}
		next, ok := m[seg]
		if !ok {
			next = sample(p.Schema)
			m[seg] = next
		}
		cur, s = next, p.Schema
	}
	return root
}

// violation is a value of a member that breaks one keyword.
type violation struct {
	name    string
	value   any
	keyword string
	at      string // below the member's pointer, "" at it
}

// violations lists, for a member of schema s, one value that breaks each
// keyword its schema has; badShape gives a value outside a named shape.
func violations(s *schema.Schema, badShape func(schema.Format) string) []violation {
	var out []violation
	add := func(name string, v any, kw string) { out = append(out, violation{name, v, kw, ""}) }
	switch s.Type {
	case schema.String:
		add("wrong type", json.Number("424242"), "type")
		if len(s.Enum) > 0 {
			add("outside the enum", "zz-not-allowed", "enum")
		}
		if s.MinLength > 0 {
			add("one too short", strings.Repeat("a", s.MinLength-1), "minLength")
		}
		if s.MaxLength > 0 {
			add("one too long", strings.Repeat("a", s.MaxLength+1), "maxLength")
		}
		if re := s.CompiledPattern(); re != nil {
			for _, v := range []string{"!zz-violation", "!", " "} {
				if !re.MatchString(v) {
					add("outside the pattern", v, "pattern")
					break
				}
			}
		}
		if s.Format != schema.FormatNone {
			add("outside the shape "+string(s.Format), badShape(s.Format), "pattern")
		}
		for _, r := range s.Rules {
			if r.Kind == schema.PathIn {
				add("a path that starts with /", "/a", "pattern")
				add("a path that ends with /", "a/", "pattern")
			}
		}
	case schema.Integer, schema.Number:
		add("wrong type", "abc", "type")
		if s.Type == schema.Integer {
			add("a fraction", json.Number("1.5"), "type")
		}
		one := big.NewRat(1, 1)
		if s.Minimum != "" {
			lo, _ := new(big.Rat).SetString(s.Minimum)
			add("below the minimum", number(lo.Sub(lo, one)), "minimum")
		}
		if s.Maximum != "" {
			hi, _ := new(big.Rat).SetString(s.Maximum)
			add("above the maximum", number(hi.Add(hi, one)), "maximum")
		}
		if len(s.Enum) > 0 {
			r := new(big.Rat)
			for slices.Contains(s.Enum, number(r).String()) {
				r.Add(r, one)
			}
			add("outside the enum", number(r), "enum")
		}
	case schema.Boolean:
		add("wrong type", "maybe", "type")
	case schema.Array:
		add("wrong type", "abc", "type")
		if s.MaxItems > 0 {
			items := make([]any, s.MaxItems+1)
			for i := range items {
				items[i] = sample(s.Items)
			}
			add("one item too many", items, "maxItems")
		}
	case schema.StringMap:
		add("wrong type", "abc", "type")
		out = append(out, violation{"a value not a string", map[string]any{"team": json.Number("12")}, "type", "/team"})
	case schema.Object:
		add("wrong type", "abc", "type")
		if s.Free {
			break
		}
		base := sample(s).(map[string]any)
		for _, name := range s.Required() {
			m := clone(base)
			delete(m, name)
			add("without "+name, m, "required")
		}
		m := clone(base)
		m["zzNotAMember"] = "x"
		add("an unknown member", m, "additionalProperties")
		out = append(out, ruleViolations(s, base)...)
	}
	return out
}

// ruleViolations are values of the object s that break each rule between
// its members that JSON Schema can state. base is its sample.
func ruleViolations(s *schema.Schema, base map[string]any) []violation {
	var out []violation
	with := func(set []string, unset ...string) map[string]any {
		m := clone(base)
		for _, n := range unset {
			delete(m, n)
		}
		for _, n := range set {
			p := s.Property(n)
			m[n] = sample(p.Schema)
			if p.Type == schema.Boolean {
				m[n] = true
			}
		}
		return m
	}
	for _, r := range s.Rules {
		switch r.Kind {
		case schema.OneOf:
			out = append(out, violation{"none of " + strings.Join(r.Names, ", "), with(nil, r.Names...), "oneOf", ""},
				violation{"all of " + strings.Join(r.Names, ", "), with(r.Names), "oneOf", ""})
		case schema.Together:
			out = append(out, violation{r.Names[0] + " without the rest of its group", with(r.Names[:1], r.Names[1:]...), "dependentRequired", ""})
		}
	}
	for _, p := range s.Properties {
		for _, r := range p.Rules {
			switch r.Kind {
			case schema.Requires:
				out = append(out, violation{p.Name + " without " + r.Names[0], with([]string{p.Name}, r.Names[0]), "dependentRequired", ""})
			case schema.Conflicts:
				out = append(out, violation{p.Name + " with " + r.Names[0], with([]string{p.Name, r.Names[0]}), "not", ""})
			}
		}
	}
	return out
}

func number(r *big.Rat) json.Number {
	if r.IsInt() {
		return json.Number(r.RatString())
	}
	return json.Number(strings.TrimRight(r.FloatString(6), "0"))
}

func clone(m map[string]any) map[string]any {
	b, _ := json.Marshal(m)
	var out map[string]any
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	_ = d.Decode(&out)
	return out
}
