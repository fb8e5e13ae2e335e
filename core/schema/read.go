package schema

import (
	"strconv"
	"strings"

	"github.com/mdscheck/mdscheck/core/decimal"
	"github.com/mdscheck/mdscheck/core/pattern"
)

// reader reads the kinds from their data files: the text files in data/,
// embedded in the program and read once at package initialisation. As
// data they cost the WebAssembly module a fraction of what the same schema
// costs as Go code, and they read like the specification's tables.
//
// # The format
//
// One line is one member. A line indented two spaces more than the line
// above it is a member of that line's object; blank lines and lines that
// start with # (after the indentation) are comments. A member line is
//
//	NAME TYPE ATTRIBUTE... -- DESCRIPTION
//
// separated by single spaces. TYPE is one of
//
//	object array string integer number boolean
//	map      an object of free string keys with string values
//	free     an object whose content is not checked
//	[]T      an array whose items are a bare T (one of the words above)
//	@NAME    a copy of the definition NAME (below)
//
// The attributes, all optional, are written in this order (the reader
// takes any order, the tests want this one):
//
//	required                  the object requires the member
//	secret                    the value is never shown
//	enum=A|B|C                the allowed values, as written in YAML
//	min=N max=N               inclusive decimal bounds, as in the specification
//	minLength=N maxLength=N   lengths in Unicode code points
//	maxItems=N                the most items an array may have
//	pattern=RE words=TEXT     a regular expression and its reading in words
//	format=NAME               a shape said in words: email, cidr, time,
//	                          single-line, no-control, printable-ascii,
//	                          disk-space, non-blank-line or duration
//	unit=NAME                 what a number counts (ms, s, minute, hour),
//	                          for a rule that compares it with another unit
//	default=V                 the default, as written in YAML
//	example=V                 a value to offer where there is no default
//	immutable create-only restarts prevents-deletion   lifecycle flags
//	pinned                    with immutable: adding or removing the
//	                          member counts, even at its default
//	deprecated=TEXT           what to do instead, or why
//	secret-keys=A|B           keys of the connection Secret: on a kind
//	                          all of them, on a boolean member of
//	                          userConfig those that exist only while it
//	                          is true
//
// then the rules between members (type Rule), each binding the member to
// members beside it, or, for together and one-of, the object's members:
//
//	requires=NAME             the member needs NAME (error)
//	together="A|B|C; WORDS"   all of them or none; WORDS name what they
//	                          describe (warning)
//	one-of=A|B                exactly one of them (warning)
//	excludes=NAME             never both set (error: the operator refuses)
//	conflicts=NAME            not both set; between booleans not both true,
//	                          an unset one at its default (warning)
//	not-above=A|B             the number is not above the first of them
//	                          that is set (warning)
//	at-most=A|B               the number must not exceed the first of them
//	                          that is set, or the default of the last
//	                          (error); negative numbers are not compared
//	path-in=WORDS             a path inside WORDS: no / at either end (error)
//	transition="CHANGE[ while PATH]: SEVERITY[ CODE]: WORDS"
//	                          a lifecycle rule (type Transition); a
//	                          member may have several
//
// A rule that names members may add words for its message after "; "
// (conflicts="projectVPCRef; the reference supplies projectVpcId"). A
// line's rules and transitions are added to those of the definition it
// uses. go test ./core/schema checks that each rule names members that
// exist and have a type it can compare, and reads every transition.
//
// A value that holds a space is written in double quotes
// (words="letters and digits"); no value holds a double quote, and no enum
// or member name a |. Everything after " -- " is the description, byte for
// byte as people see it in hover and completion.
//
// An array whose items have attributes, a description or members has TYPE
// array and its items on a line named [] below it:
//
//	ip_filter array maxItems=1024 -- Address blocks (CIDR) allowed to connect.
//	  [] object
//	    network string required format=cidr -- Address block allowed to connect.
//
// A line without indentation starts with a keyword:
//
//	define NAME TYPE ... -- DESCRIPTION
//	kind NAME object -- DESCRIPTION
//
// define names the member block below it (its type, attributes, description
// and members) for reuse: a member of TYPE @NAME is a copy of it whose own
// attributes and description replace the definition's and whose member
// lines are added after the definition's members. Definitions are global,
// and a file may use those of the files read before it, as long as the
// definition's block ends before the use. kind is the manifest of the kind
// NAME: apiVersion, kind, metadata, spec and status.
//
// The reader is one pass over the lines. A malformed line panics at
// package initialisation with file:line and what is wrong: the data is part
// of the program, and a mistake in it must fail every test at once. The
// tests keep every line in the canonical form above and hold the whole tree
// against testdata/tree-golden.txt.
//
// One reader reads all the files in order, so that a file may use the
// definitions of the files before it.
type reader struct {
	file  string             // the file being read, for messages
	line  int                // the 1-based number of the line being read, for messages
	defs  map[string]*Schema // the definitions by name
	kinds map[string]*Schema // the manifests by kind name
	open  []frame            // the blocks still open, one a depth
	// added holds, for each open block by depth, the members read below
	// it so far; the block gets them when it ends, in a member list and an
	// index of their exact size. The lists are reused from block to block.
	added [][]addedMember
	decs  []decimal.Dec // bounds, handed out in blocks
}

// addedMember is a member line read below an open block.
type addedMember struct {
	p    *Property
	line int // for a message about it when the block ends
}

// frame is an open block: the schema that the lines indented below its
// line belong to.
type frame struct {
	s       *Schema
	line    int    // where the block starts, for messages about the whole block
	keyword string // define or kind for a block without indentation
	name    string // the definition or kind it becomes when it ends
}

// typeWords are the TYPE words of the data files, by Type.
var typeWords = [...]string{Object: "object", Array: "array", String: "string", Integer: "integer",
	Number: "number", Boolean: "boolean", StringMap: "map"}

func newReader() *reader {
	return &reader{defs: map[string]*Schema{}, kinds: map[string]*Schema{}}
}

// fail panics with the position being read and what is wrong there.
func (r *reader) fail(what string) {
	panic(r.file + ":" + strconv.Itoa(r.line) + ": " + what)
}

// read reads one file; name is how messages call it.
func (r *reader) read(name, text string) {
	r.file, r.line = name, 0
	for text != "" {
		var line string
		line, text, _ = strings.Cut(text, "\n")
		line = strings.TrimSuffix(line, "\r") // a checkout with CRLF line ends
		r.line++
		body := strings.TrimLeft(line, " ")
		if body == "" || body[0] == '#' {
			continue
		}
		if strings.IndexByte(line, '\t') >= 0 {
			r.fail("a tab: indent with two spaces a level, separate with one space")
		}
		indent := len(line) - len(body)
		if indent%2 != 0 || indent/2 > len(r.open) {
			r.fail("indented " + strconv.Itoa(indent) + " spaces: two spaces a level, at most one level more than the line above")
		}
		r.close(indent / 2)
		if indent == 0 {
			r.top(body)
		} else {
			r.member(r.open[len(r.open)-1].s, body)
		}
	}
	r.close(0)
}

// top reads a line without indentation: a definition or a kind.
func (r *reader) top(body string) {
	keyword, rest, _ := strings.Cut(body, " ")
	if keyword != "define" && keyword != "kind" {
		r.fail("a line without indentation starts with define or kind")
	}
	p, _ := r.parse(rest)
	if p.Required {
		r.fail("required belongs to a member, not to a " + keyword)
	}
	if keyword == "kind" && (p.Type != Object || p.Free) {
		r.fail("a kind is an object")
	}
	r.push(frame{s: p.Schema, line: r.line, keyword: keyword, name: p.Name})
}

// push opens a block, with a list for the members that will be read below
// it.
func (r *reader) push(f frame) {
	r.open = append(r.open, f)
	if len(r.added) < len(r.open) {
		r.added = append(r.added, nil)
	}
}

// member reads a line indented below parent: one of its members or, for
// the name [], its items.
func (r *reader) member(parent *Schema, body string) {
	p, _ := r.parse(body)
	switch {
	case p.Name == "[]":
		if parent.Type != Array || parent.Items != nil || p.Required {
			r.fail("[] is the items of an array whose type is array, and they are not required")
		}
		parent.Items = p.Schema
	case parent.Type != Object || parent.Free:
		r.fail("member " + strconv.Quote(p.Name) + " is indented below a line whose type is not object: only an object has members")
	default:
		// The parent gets its members when its block ends (close), in
		// lists of their exact size: one allocation each, where appending
		// member by member grew them many times. Go's start in the
		// WebAssembly module pays for every allocation here.
		d := len(r.open) - 1
		r.added[d] = append(r.added[d], addedMember{p, r.line})
	}
	r.push(frame{s: p.Schema, line: r.line})
}

// addMembers gives the schema of a block that ends the members read below
// it, after those it already has (a definition's, for a copy of one).
func (r *reader) addMembers(s *Schema, added []addedMember) {
	props := make([]*Property, len(s.Properties), len(s.Properties)+len(added))
	copy(props, s.Properties)
	byName := make(map[string]*Property, cap(props))
	for _, p := range props {
		byName[p.Name] = p
	}
	for _, a := range added {
		if byName[a.p.Name] != nil {
			r.line = a.line
			r.fail("member " + strconv.Quote(a.p.Name) + " twice")
		}
		byName[a.p.Name] = a.p
		props = append(props, a.p)
	}
	s.Properties, s.byName = props, byName
}

// close ends the blocks deeper than depth.
func (r *reader) close(depth int) {
	for len(r.open) > depth {
		f := r.open[len(r.open)-1]
		r.open = r.open[:len(r.open)-1]
		if added := r.added[len(r.open)]; len(added) > 0 {
			r.addMembers(f.s, added)
			clear(added) // no member kept alive by the reused list
			r.added[len(r.open)] = added[:0]
		}
		at := func(what string) { r.line = f.line; r.fail(what) }
		if f.s.Type == Array && f.s.Items == nil {
			at("an array needs items: type []T, or a line [] below it")
		}
		switch f.keyword {
		case "define":
			if r.defs[f.name] != nil {
				at("definition " + f.name + " twice")
			}
			r.defs[f.name] = f.s
		case "kind":
			if r.kinds[f.name] != nil {
				at("kind " + f.name + " twice")
			}
			r.kinds[f.name] = f.s
		}
	}
}

// parse reads a member line without its indentation. It returns the
// member and the schema that the line's attributes were written over: a
// bare schema of the type, or the definition the line uses. Printing
// what differs between the two gives the line back.
func (r *reader) parse(text string) (*Property, Schema) {
	name, text, _ := strings.Cut(text, " ")
	typ, text, _ := strings.Cut(strings.TrimLeft(text, " "), " ")
	if name == "" || name == "--" || typ == "" || typ == "--" {
		r.fail("a member line is NAME TYPE ATTRIBUTE... -- DESCRIPTION")
	}
	base := r.base(typ)
	// The member and its schema in one allocation: the reader makes one of
	// each a line, and Go's start in the WebAssembly module pays for every
	// allocation of the data's 540 lines (core/schema's reading is half of
	// an instance's start under wazero).
	m := &struct {
		p Property
		s Schema
	}{s: base}
	s := &m.s
	// A copy of a definition shares its member list and index until
	// members are added below it: then it gets its own (addMembers), so
	// that they do not change the definition.
	s.Rules = s.Rules[:len(s.Rules):len(s.Rules)]
	s.transitions = s.transitions[:len(s.transitions):len(s.transitions)]
	m.p = Property{Name: name, Schema: s}
	p := &m.p
	for {
		text = strings.TrimLeft(text, " ")
		if text == "" {
			break
		}
		if desc, ok := strings.CutPrefix(text, "--"); ok && (desc == "" || desc[0] == ' ') {
			if s.Description = strings.TrimPrefix(desc, " "); s.Description == "" {
				r.fail("an empty description: leave out the --")
			}
			break
		}
		end := strings.IndexByte(text, ' ')
		if end < 0 {
			end = len(text)
		}
		key, value, hasValue := strings.Cut(text[:end], "=")
		if strings.HasPrefix(value, `"`) {
			start := len(key) + 2
			q := strings.IndexByte(text[start:], '"')
			if q < 0 {
				r.fail(key + `: no closing "`)
			}
			value, end = text[start:start+q], start+q+1
			if end < len(text) && text[end] != ' ' {
				r.fail(key + `: a space must follow the closing "`)
			}
		}
		text = text[end:]
		r.attribute(p, key, value, hasValue)
	}
	if (s.Pattern == "") != (s.PatternWords == "") {
		r.fail("pattern and words go together")
	}
	return p, base
}

// base returns the schema that a line of type typ starts from. It is a
// value, copied into the member, so that a line costs one allocation.
func (r *reader) base(typ string) Schema {
	if name, ok := strings.CutPrefix(typ, "@"); ok {
		s := r.defs[name]
		if s == nil {
			r.fail("no definition " + name + " above this line")
		}
		return *s
	}
	if item, ok := strings.CutPrefix(typ, "[]"); ok {
		s := r.base(item)
		if item == "" || item[0] == '@' || s.Type == Array {
			r.fail("[]" + item + ": the items of []T are a bare type; write an array with a line [] below it")
		}
		return Schema{Type: Array, Items: &s}
	}
	if typ == "free" {
		return Schema{Type: Object, Free: true}
	}
	for t, w := range typeWords {
		if w == typ {
			return Schema{Type: Type(t)}
		}
	}
	r.fail("unknown type " + strconv.Quote(typ))
	return Schema{}
}

// attribute applies one attribute of a member line.
func (r *reader) attribute(p *Property, key, value string, hasValue bool) {
	s := p.Schema
	switch key {
	case "required", "secret", "immutable", "pinned", "create-only", "restarts", "prevents-deletion":
		if hasValue {
			r.fail(key + " takes no value")
		}
	default:
		if value == "" {
			r.fail(key + " needs a value: " + key + "=...")
		}
	}
	switch key {
	case "required":
		p.Required = true
	case "secret":
		s.Secret = true
	case "immutable":
		s.Lifecycle |= Immutable
	case "pinned":
		s.Lifecycle |= Pinned
	case "create-only":
		s.Lifecycle |= CreateOnly
	case "restarts":
		s.Lifecycle |= Restarts
	case "prevents-deletion":
		s.Lifecycle |= PreventsDeletion
	case "unit":
		if s.Unit = Unit(value); s.Unit.Per(s.Unit) == 0 {
			r.fail("unknown unit " + strconv.Quote(value) + "; ms, s, minute or hour")
		}
	case "secret-keys":
		s.SecretKeys = strings.Split(value, "|")
	case "transition":
		s.transitions = append(s.transitions, value)
	case "enum":
		s.Enum = strings.Split(value, "|")
		for _, e := range s.Enum {
			if e == "" {
				r.fail("an empty enum value")
			}
		}
	case "min":
		s.Minimum, s.min = value, r.bound(value)
	case "max":
		s.Maximum, s.max = value, r.bound(value)
	case "minLength":
		s.MinLength = r.count(value)
	case "maxLength":
		s.MaxLength = r.count(value)
	case "maxItems":
		s.MaxItems = r.count(value)
	case "pattern":
		re, err := pattern.Compile(value)
		if err != nil {
			r.fail(err.Error())
		}
		s.Pattern, s.pattern = value, re
	case "words":
		s.PatternWords = value
	case "format":
		if formatWords(Format(value)) == "" {
			r.fail("unknown format " + strconv.Quote(value))
		}
		s.Format = Format(value)
	case "default":
		s.Default = value
	case "example":
		s.Example = value
	case "deprecated":
		s.Deprecated = value
	default:
		for k, w := range ruleWords {
			if w != "" && w == key {
				s.Rules = append(s.Rules, r.rule(RuleKind(k), value))
				return
			}
		}
		r.fail("unknown attribute " + strconv.Quote(key))
	}
}

func (r *reader) bound(v string) *decimal.Dec {
	d, ok := decimal.Parse(v)
	if !ok {
		r.fail("a bound is a decimal number, not " + strconv.Quote(v))
	}
	// From a block of 64, not one allocation a bound: a full block is
	// left as it is, since the schemas point into it.
	if len(r.decs) == cap(r.decs) {
		r.decs = make([]decimal.Dec, 0, 64)
	}
	r.decs = append(r.decs, d)
	return &r.decs[len(r.decs)-1]
}

func (r *reader) count(v string) int {
	n, err := strconv.Atoi(v)
	if err != nil || n <= 0 {
		r.fail("a length or count is a positive integer, not " + strconv.Quote(v))
	}
	return n
}
