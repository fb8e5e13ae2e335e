package schema

import (
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// printMember writes the member line of p (without indentation) whose
// type word is typ: the attributes and description of p that differ from
// base, the schema the reader starts the line from (see reader.parse). It
// is the reader's inverse, so that the data files can be generated and
// kept in one canonical form.
func printMember(typ string, p *Property, base *Schema) string {
	s := p.Schema
	var b strings.Builder
	b.WriteString(p.Name + " " + typ)
	word := func(w string, on, was bool) {
		if on && !was {
			b.WriteString(" " + w)
		} else if was && !on {
			panic(p.Name + ": a line cannot unset " + w)
		}
	}
	value := func(key, v, was string) {
		switch {
		case v == was:
			return
		case v == "":
			panic(p.Name + ": a line cannot unset " + key)
		case strings.ContainsAny(v, "\"\n\r\t"):
			panic(p.Name + ": the format has no way to write " + strconv.Quote(v))
		case strings.Contains(v, " "):
			v = `"` + v + `"`
		}
		b.WriteString(" " + key + "=" + v)
	}
	number := func(key string, n, was int) {
		if n != was {
			value(key, strconv.Itoa(n), "")
		}
	}
	word("required", p.Required, false)
	word("secret", s.Secret, base.Secret)
	if !slices.Equal(s.Enum, base.Enum) {
		for _, e := range s.Enum {
			if e == "" || strings.Contains(e, "|") {
				panic(p.Name + ": the format has no way to write the enum value " + strconv.Quote(e))
			}
		}
		value("enum", strings.Join(s.Enum, "|"), "")
	}
	value("min", s.Minimum, base.Minimum)
	value("max", s.Maximum, base.Maximum)
	number("minLength", s.MinLength, base.MinLength)
	number("maxLength", s.MaxLength, base.MaxLength)
	number("maxItems", s.MaxItems, base.MaxItems)
	value("pattern", s.Pattern, base.Pattern)
	value("words", s.PatternWords, base.PatternWords)
	value("format", string(s.Format), string(base.Format))
	value("unit", string(s.Unit), string(base.Unit))
	value("default", s.Default, base.Default)
	value("example", s.Example, base.Example)
	word("immutable", s.Lifecycle&Immutable != 0, base.Lifecycle&Immutable != 0)
	word("pinned", s.Lifecycle&Pinned != 0, base.Lifecycle&Pinned != 0)
	word("create-only", s.Lifecycle&CreateOnly != 0, base.Lifecycle&CreateOnly != 0)
	word("restarts", s.Lifecycle&Restarts != 0, base.Lifecycle&Restarts != 0)
	word("prevents-deletion", s.Lifecycle&PreventsDeletion != 0, base.Lifecycle&PreventsDeletion != 0)
	value("deprecated", s.Deprecated, base.Deprecated)
	value("secret-keys", strings.Join(s.SecretKeys, "|"), strings.Join(base.SecretKeys, "|"))
	// A line adds rules and transitions to those of its definition.
	if len(base.Rules) > 0 && !reflect.DeepEqual(s.Rules[:len(base.Rules)], base.Rules) ||
		len(base.transitions) > 0 && !slices.Equal(s.transitions[:len(base.transitions)], base.transitions) {
		panic(p.Name + ": a line cannot drop the rules of its definition")
	}
	for _, r := range s.Rules[len(base.Rules):] {
		value(r.Kind.String(), ruleText(r), "")
	}
	for _, t := range s.transitions[len(base.transitions):] {
		value("transition", t, "")
	}
	if s.Description != base.Description {
		if s.Description == "" || strings.ContainsAny(s.Description, "\n\r") {
			panic(p.Name + ": the format has no way to write the description " + strconv.Quote(s.Description))
		}
		b.WriteString(" -- " + s.Description)
	}
	return b.String()
}

// ruleText is the value of the attribute that writes r.
func ruleText(r Rule) string {
	if r.Kind == PathIn {
		return r.Words
	}
	v := strings.Join(r.Names, "|")
	if r.Words != "" {
		v += "; " + r.Words
	}
	return v
}

// transitionText is the value of the transition attribute that writes t.
func transitionText(t Transition) string {
	v := changeWords[t.Change]
	if t.Change == FromTo {
		v = t.From + " to " + t.To
	}
	if t.While != "" {
		v += " while " + strings.Repeat("../", t.Up) + t.While
	}
	v += ": " + t.Severity.String()
	if t.Code != "transition" {
		v += " " + t.Code
	}
	return v + ": " + t.Words
}

// typeWord is the type word of a line that writes s out in full, without
// definitions, and the schema the reader starts such a line from.
func typeWord(s *Schema) (string, *Schema) {
	word := func(s *Schema) string {
		if s.Free {
			return "free"
		}
		return typeWords[s.Type]
	}
	if it := s.Items; it != nil && reflect.DeepEqual(*it, Schema{Type: it.Type, Free: it.Free}) && it.Type != Array {
		return "[]" + word(it), &Schema{Type: Array, Items: it}
	}
	return word(s), &Schema{Type: s.Type, Free: s.Free}
}

// printTree writes p and everything below it in full, one line a member,
// lead before the first line.
func printTree(b *strings.Builder, indent, lead string, p *Property) {
	typ, base := typeWord(p.Schema)
	b.WriteString(indent + lead + printMember(typ, p, base) + "\n")
	if typ == "array" {
		printTree(b, indent+"  ", "", &Property{Name: "[]", Schema: p.Items})
	}
	for _, c := range p.Properties {
		printTree(b, indent+"  ", "", c)
	}
}

// TestDataFilesAreCanonical prints every member line of the data files
// back from what the reader makes of it and wants the line unchanged:
// attributes in the documented order, values quoted only when they hold a
// space, single spaces, nothing a use of a definition repeats from it.
// Comments and blank lines are kept as they are. Together with
// TestTreeMatchesGolden it makes every byte of the data files count.
func TestDataFilesAreCanonical(t *testing.T) {
	r := readData() // for the definitions the lines use
	for _, f := range dataFiles {
		for i, line := range strings.Split(strings.TrimSuffix(f.text, "\n"), "\n") {
			if strings.TrimRight(line, " \r") != line {
				t.Errorf("%s:%d: trailing spaces or CR", f.name, i+1)
			}
			body := strings.TrimLeft(line, " ")
			if body == "" || body[0] == '#' {
				continue
			}
			indent, lead := line[:len(line)-len(body)], ""
			if indent == "" {
				lead, body, _ = strings.Cut(body, " ")
				lead += " "
			}
			r.file, r.line = f.name, i+1
			p, base := r.parse(body)
			typ, _, _ := strings.Cut(strings.TrimLeft(strings.TrimPrefix(body, p.Name), " "), " ")
			if want := indent + lead + printMember(typ, p, &base); line != want {
				t.Errorf("%s:%d: not in canonical form\n got: %s\nwant: %s", f.name, i+1, line, want)
			}
		}
		if !strings.HasSuffix(f.text, "\n") || strings.HasSuffix(f.text, "\n\n") {
			t.Errorf("%s: must end with exactly one newline", f.name)
		}
	}
}

// TestDataDefinitionsAreUsed wants every definition used at least once:
// one that is not is dead data a reviewer would check for nothing.
func TestDataDefinitionsAreUsed(t *testing.T) {
	var all strings.Builder
	for _, f := range dataFiles {
		all.WriteString(f.text)
	}
	for name := range readData().defs {
		if !strings.Contains(all.String(), " @"+name+" ") && !strings.Contains(all.String(), " @"+name+"\n") {
			t.Errorf("definition %s is never used", name)
		}
	}
}

// TestDataFilesDescribeTheFormat wants the same description of the format
// at the top of every data file, so that the copies cannot drift apart.
func TestDataFilesDescribeTheFormat(t *testing.T) {
	format := func(text string) string {
		i := strings.Index(text, "# The format")
		if i < 0 {
			return ""
		}
		end := strings.Index(text[i:], "\n\n")
		return text[i : i+end]
	}
	want := format(dataFiles[0].text)
	if want == "" {
		t.Fatalf("%s does not describe the format", dataFiles[0].name)
	}
	for _, f := range dataFiles[1:] {
		if got := format(f.text); got != want {
			t.Errorf("%s describes the format differently from %s", f.name, dataFiles[0].name)
		}
	}
}

// TestDataRoundTrip writes every kind out in full, without definitions,
// reads that back and wants the very same tree, unexported fields
// included: printer and reader are each other's inverse on every
// attribute the kinds use.
func TestDataRoundTrip(t *testing.T) {
	var b strings.Builder
	for _, name := range Names() {
		printTree(&b, "", "kind ", &Property{Name: name, Schema: Lookup(name).Manifest})
	}
	r := newReader()
	r.read("expanded", b.String())
	for _, m := range r.kinds {
		markSecrets(m) // as register does
	}
	for _, name := range Names() {
		if !reflect.DeepEqual(r.kinds[name], Lookup(name).Manifest) {
			t.Errorf("%s written out in full does not read back the same", name)
		}
	}
	if len(r.kinds) != len(kinds) {
		t.Errorf("read %d kinds back, want %d", len(r.kinds), len(kinds))
	}
}

// TestCopyAddsMembersOfItsOwn reads a definition used twice, once with a
// member added below the copy: the copy has the definition's members and
// then its own, each found by name, and neither the definition nor the
// other copy has the added one.
func TestCopyAddsMembersOfItsOwn(t *testing.T) {
	r := newReader()
	r.read("f", "define o object\n  x string\n  y integer\nkind K object\n  a @o\n    z boolean\n  b @o\n")
	k := r.kinds["K"]
	names := func(s *Schema) (got []string) {
		for _, p := range s.Properties {
			if s.Property(p.Name) != p {
				t.Errorf("Property(%q) does not find the member", p.Name)
			}
			got = append(got, p.Name)
		}
		if len(s.byName) != len(s.Properties) {
			t.Errorf("the index has %d members, the list %d", len(s.byName), len(s.Properties))
		}
		return got
	}
	for _, c := range []struct {
		what string
		s    *Schema
		want string
	}{
		{"the definition", r.defs["o"], "x y"},
		{"the copy with a member added", k.Property("a").Schema, "x y z"},
		{"the copy as it is", k.Property("b").Schema, "x y"},
		{"the kind", k, "a b"},
	} {
		if got := strings.Join(names(c.s), " "); got != c.want {
			t.Errorf("%s has members %q, want %q", c.what, got, c.want)
		}
	}
	if k.Property("b").Property("z") != nil {
		t.Error("the member added below one copy is found in the other")
	}
}

// TestReaderErrors feeds the reader malformed lines: each must panic with
// the file, the line and what is wrong.
func TestReaderErrors(t *testing.T) {
	const head = "define d string -- D.\nkind K object\n"
	for _, c := range []struct{ text, want string }{
		{"kind K object\n  a strng\n", `f:2: unknown type "strng"`},
		{"kind K object\n   a string\n", "f:2: indented 3 spaces"},
		{"kind K object\n    a string\n", "f:2: indented 4 spaces"},
		{"kind K object\n\ta string\n", "f:2: a tab"},
		{"object K\n", "f:1: a line without indentation starts with define or kind"},
		{"kind K string\n", "f:1: a kind is an object"},
		{"define d string required\n", "f:1: required belongs to a member"},
		{head + "  a string\n  a integer\n", `f:4: member "a" twice`},
		{"define o object\n  x string\nkind K object\n  a @o\n    y string\n    x integer\n", `f:6: member "x" twice`},
		{head + "  a string\n    b string\n", `f:4: member "b" is indented below a line whose type is not object`},
		{head + "  a free\n    b string\n", `f:4: member "b" is indented below a line whose type is not object`},
		{head + "  a array\n  b string\n", "f:3: an array needs items"},
		{head + "  a []string\n    [] string\n", "f:4: [] is the items of an array"},
		{head + "  a []@d\n", "f:3: []@d: the items of []T are a bare type"},
		{head + "  a @e\n", "f:3: no definition e above this line"},
		{head + "  a string maxLength=0\n", `f:3: a length or count is a positive integer, not "0"`},
		{head + "  a string min=x\n", `f:3: a bound is a decimal number, not "x"`},
		{head + "  a string pattern=[a\n", "f:3: pattern"},
		{head + "  a string pattern=^a$\n", "f:3: pattern and words go together"},
		{head + "  a string words=\"no close\n", `f:3: words: no closing "`},
		{head + "  a string words=\"a b\"c\n", `f:3: words: a space must follow the closing "`},
		{head + "  a string format=colour\n", `f:3: unknown format "colour"`},
		{head + "  a string colour=red\n", `f:3: unknown attribute "colour"`},
		{head + "  a string secret=yes\n", "f:3: secret takes no value"},
		{head + "  a string default=\n", "f:3: default needs a value"},
		{head + "  a string enum=a||b\n", "f:3: an empty enum value"},
		{head + "  a string --\n", "f:3: an empty description"},
		{head + "  a\n", "f:3: a member line is NAME TYPE"},
		{head + "define d string\n", "f:3: definition d twice"},
		{head + "  a integer unit=day\n", `f:3: unknown unit "day"`},
		{head + "  a integer requires=b|c\n", "f:3: requires names one member"},
		{head + "  a integer requires=\"b c\"\n", `f:3: requires: "b c" is not a member name`},
		{head + "  a object one-of=b\n", "f:3: one-of names two members or more"},
		{head + "  a object together=b|c\n", "f:3: together needs words"},
	} {
		func() {
			defer func() {
				got, _ := recover().(string)
				if !strings.HasPrefix(got, c.want) {
					t.Errorf("%q: panic %q, want %q...", c.text, got, c.want)
				}
			}()
			newReader().read("f", c.text)
		}()
	}
}

// BenchmarkReadData is what package initialisation pays to read the
// schema.
func BenchmarkReadData(b *testing.B) {
	for b.Loop() {
		readData()
	}
}
