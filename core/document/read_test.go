package document

import (
	"runtime"
	"strings"
	"testing"
)

// TestReaderValues reads block and flow YAML into the values a Kubernetes
// client would see.
func TestReaderValues(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"a: 1\nb: x\n", `{"a":1,"b":"x",}`},
		{"a:\n- 1\n- 2\nb: c\n", `{"a":[1,2],"b":"c",}`},
		{"a:\n  - 1\n  -\n  - - x\n    - z\n", `{"a":[1,null,["x","z"]],}`},
		{"a: y\nb: no\nc: 0x1F\nd: 1e3\ne: 012\n", `{"a":true,"b":false,"c":31,"d":1000,"e":10,}`},
		{"- a: 1\n  b: 2\n- c\n", `[{"a":1,"b":2,},"c"]`},
		{"- ? a\n  : b\n", `[{"a":"b",}]`},
		{"? a\n? b\n: c\n", `{"a":null,"b":"c",}`},
		{"a: {b: [1, {c: d}], e}\n", `{"a":{"b":[1,{"c":"d",}],"e":null,},}`},
		{"a: {b:, c:}\n", `{"a":{"b:":null,"c:":null,},}`},
		{"a: [b: 1, c]\n", `{"a":[{"b":1,},"c"],}`},
		{"a: [1,\n  2,\n]\n", `{"a":[1,2],}`},
		{"base: &b {p: 1, q: 2}\nthis:\n  <<: *b\n  q: 3\n", `{"base":{"p":1,"q":2,},"this":{"p":1,"q":3,},}`},
		{"a: &n 5\nb: *n\n", `{"a":5,"b":5,}`},
		{"a: &m\n  x: 1\nb: *m\n", `{"a":{"x":1,},"b":{"x":1,},}`},
		{"&k a: 1\nb: *k\n", `{"a":1,"b":"a",}`},
		{"a: !!str 2\nb: !!int '3'\n", `{"a":"2","b":3,}`},
		{"a: !!map\n  b: 1\n", `{"a":{"b":1,},}`},
		{"a: !local 5\nb: !local\nc: !!binary aGk=\n", `{"a":"5","b":"","c":"aGk=",}`},
		{"a: |\n  x\n  y\nb: >-\n  f\n  g\n", `{"a":"x\ny\n","b":"f g",}`},
		{"a: |\nb: 1\n", `{"a":"","b":1,}`},
		{"a: |+\n\nb: 1\n", `{"a":"\n","b":1,}`},
		{"a: |\n  x\n   \n", `{"a":"x\n \n",}`},
		{"a: |\n  x", `{"a":"x",}`},
		{"a: |\n  x\r", `{"a":"x\n",}`},
		{"- !!str\tabc", `["abc"]`},
		{"- !!str\t#c\n- x\n", `["","x"]`},
		{"- !!str\t# 0\n- x\n", `["","x"]`},
		{"a: !t\t[1]\nb: !t\t'q'\nc: !t\t&x y\n", `{"a":[1],"b":"q","c":"y",}`},
		{"!!str :\n", `{"":null,}`},
		{"a: 1\n!!str : 2\n", `{"":2,"a":1,}`},
		{"- !!str : x\n    y\n", `[{"":"x y",}]`},
		{"a: &s k\nb:\n  *s : 1\n  x: 2\n", `{"a":"k","b":{"k":1,"x":2,},}`},
		{"- &s k\n- *s : 1\n    more\n  x: 2\n", `["k",{"k":"1 more","x":2,}]`},
		{"- \n|\n x\n- b\n", `["x\n","b"]`},
		{"a: !!str d\n  e\n", `{"a":"d e",}`},
		{"a: x\n\n  \n  y  # note\n", `{"a":"x\n\ny",}`},
		{"a: x\n - # note\n # more\nb: 1\n", `{"a":"x -","b":1,}`},
		{"a: \"x \\\n  y\"\n", `{"a":"x y",}`},
		{"a: \"x\\\n\n  y \\t\n  \\u00e9\"\n", `{"a":"x\ny \t é",}`},
		{"a: plain\n  text\nb: 'q\n  r'\n", `{"a":"plain text","b":"q r",}`},
		{"%YAML 1.1\n--- \na: 1\n...\n", `{"a":1,}`},
		{"--- |\n  text\n", `"text\n"`},
		{"# only a comment\n", `null`},
		{"a: 1 # note: x\nb: 2\n", `{"a":1,"b":2,}`},
		{"a:\r\n  b: 1\r\n", `{"a":{"b":1,},}`},
		{"\"a b\": 1\n'c': 2\n", `{"a b":1,"c":2,}`},
		{"a: b:c\n", `{"a":"b:c",}`},
		{"a: http://x:80/y\n", `{"a":"http://x:80/y",}`},
		{"a: {00:, 0 :0, b :c: d}\n", `{"a":{"0 :0":null,"00:":null,"b :c":"d",},}`},
		{"a: [b :c, d]\n", `{"a":["b :c","d"],}`},
		{"data: {a:b: {}}\n", `{"data":{"a:b":{},},}`},
		{"a: {c:d, \"k\":v}\n", `{"a":{"c:d":null,"k":"v",},}`},
		{"a: [\"k\":v]\n", `{"a":[{"k":"v",}],}`},
		{"key: &a\n  !!map\n  a: b\nc: *a\n", `{"c":{"a":"b",},"key":{"a":"b",},}`},
		{"? a\n: - b\n  - c\n", `{"a":["b","c"],}`},
		{"a: {x: !!str, !!str : z}\n", `{"a":{"":"z","x":"",},}`},
		// Null keys are read; the check reports them, as Kubernetes
		// refuses them. A '?' alone in a flow mapping is one.
		{"a: {b: 1, ?}\n", `{"a":{"<nil>":null,"b":1,},}`},
		{"~: x\n", `{"<nil>":"x",}`},
		// A '#' after a tag and a tab starts a comment.
		{"a: !!str\t#x\nb: !\t#y\n", `{"a":"","b":"",}`},
	} {
		d := Parse(c.src, Span{0, len(c.src)}, 0, DefaultLimits)
		if d.Err != nil {
			t.Errorf("%q: %s", c.src, d.Err.Message)
			continue
		}
		if got := canon(d.Root); got != c.want {
			t.Errorf("%q:\n got %s\nwant %s", c.src, got, c.want)
		}
	}
}

// TestReaderErrors: text that is not YAML gets one error at the place to
// fix, in words that say what is wrong.
func TestReaderErrors(t *testing.T) {
	for _, c := range []struct{ src, at, msg string }{
		{"a: b: c\n", "b", "a mapping cannot start on the line of its key"},
		// A core-schema tag that cannot read its value: kubectl refuses.
		{"a: !!int abc\n", "!!int", "this tag's type cannot read the value after it; kubectl refuses"},
		{"a: [!!bool maybe]\n", "!!bool", "this tag's type cannot read the value"},
		{"a: !!float x1\n", "!!float", "this tag's type cannot read the value"},
		{"a: !!null x\n", "!!null", "this tag's type cannot read the value"},
		{"a: !!int 12\nb: !!float 1\nc: !!bool yes\nd: !!null ~\ne: !!int \"7\"\n", "", ""},
		{"key: - a\n", "-", "a list cannot start on the line of its key"},
		{"a:\n  b: 1\n c: 2\n", "c", "matches no key or list item"},
		{"a: >#\n x\n", ">", "a comment needs a blank before its '#'"},
		{"?\n \n>\n", "?", "starts an explicit key"},
		{"a: 1\n  b: 2\n", "1", "runs over more than one line"},
		{"a: {b: 1\n", "{", "'{' is never closed"},
		{"a: [1, 2\n", "[", "'[' is never closed"},
		{"a: {b: 1\nc: 2\n", "c", "is the '{' above closed?"},
		{"a: [1 2]\n", "", ""}, // one plain scalar "1 2": valid
		{"- a\nb: 1\n", "b", "matches no key or list item"},
		{"a: 1\n- b\n", "-", "a list item among the keys of a mapping"},
		{"a: 1\nb\nc: 2\n", "b", "this line has no ':'"},
		{"- [a]\n  - b\n", "- b", "indented deeper than the entry above it"},
		// A comment line ends a plain scalar over lines; goccy reads
		// on, and the line after it was lost.
		{"a: 0\n -\n  #c\n  x\n", "x", "indented deeper than the entry above it"},
		{"a: 0\n 1\n  #c\n  x\n", "x", "indented deeper than the entry above it"},
		{"a: 0\n -\n  #c\nb: 1\n", "", ""},
		{": x\n", ":", "a ':' without a key"},
		{"!!str : x\nb: y\n", "!!str", "write the empty key as"},
		{"a: [1] x\n", "x", "unexpected text after the value on this line"},
		{"a: 'x' y\n", "y", "unexpected text after the value on this line"},
		{"a: ]\n", "]", "unexpected ']'"},
		{"a: *nowhere\n", "*", "refers to no anchor of this document"},
		{"[a, b]: c\n", "[", "a mapping key must be a scalar"},
		{"a: 1\nsecret: 'hunter2' tail\n", "tail", "unexpected text after the value on this line"},
		{"a: 1\rb: 2\n", "\r", "carriage return without a line feed"},
		{"<<: 5\n", "5", "a merge key (<<) takes a mapping"},
		{"a: !a\n  !b x\n", "!b", "a second tag"},
		{"a: &x &y 1\n", "&y", "a second anchor"},
		{"a: [: x]\n", ": x", "a ':' without a key"},
		{"--- apiVersion: v1\nkind: Pod\n", "apiVersion", "cannot start on the '---' line"},
		{"--- &a k: v\n", "&a", "cannot start on the '---' line"},
		{"--- - a\n", "- a", "cannot start on the '---' line"},
		{"a: &x 1\nb: &y *x\n", "&y", "an alias ('*') cannot have an anchor"},
		{"a: &x 1\n&y *x : 2\n", "&y", "an alias ('*') cannot have an anchor"},
		{"&anchor - x\n", "- x", "a list cannot start on the line of its anchor or tag"},
		{"[ key\n : value ]\n", ": value", "a key and its ':' must be on one line"},
		{"key: &x\n!!map\n  a: b\n", "!!map", "not indented under the key"},
		{"secret: \"hunter2\"# tail\n", "# tail", "a comment needs a blank before its '#'"},
		{"a: [x, y]#c\n", "#c", "a comment needs a blank before its '#'"},
		{"- !!str, x\n", "!!str", "a tag cannot hold ','"},
		{"a: 1\n... tail\n", "...", "'...' ends a document only alone on its line"},
		{"a: [-, x]\n", "-,", "a '-' in a flow collection"},
		{"args: [a,\nb]\n", "b]", "must be indented deeper than its key"},
		{"foo: 1\n\t\nbar: 2\n", "\t", "YAML indents with spaces, not tabs"},
		{"a:\n  b: 1\n\t\n  c: 2\n", "\t", "YAML indents with spaces, not tabs"},
		{"- x\n\t- y\n", "\t", "YAML indents with spaces, not tabs"},
		{"a: |\n  x\n\t\n  y\n", "\t", "YAML indents with spaces, not tabs"},
		{"- [\n\tfoo]\n", "\tfoo", "must be indented deeper than its key"},
		{"q: \"a\nb\"\n", "b\"", "a quoted value must be indented deeper"},
	} {
		d := Parse(c.src, Span{0, len(c.src)}, 0, DefaultLimits)
		if c.msg == "" {
			if d.Err != nil {
				t.Errorf("%q: unexpected error %q", c.src, d.Err.Message)
			}
			continue
		}
		if d.Err == nil {
			t.Errorf("%q: no error, want %q", c.src, c.msg)
			continue
		}
		if !strings.Contains(d.Err.Message, c.msg) {
			t.Errorf("%q: error %q, want it to say %q", c.src, d.Err.Message, c.msg)
		}
		if at := strings.Index(c.src, c.at); d.Err.Start != at {
			t.Errorf("%q: error at %d (%q), want %d (%q)", c.src, d.Err.Start, c.src[d.Err.Start:], at, c.at)
		}
		if strings.Contains(d.Err.Message, "hunter2") || strings.Contains(d.Err.Message, "tail") {
			t.Errorf("%q: the message quotes the text: %q", c.src, d.Err.Message)
		}
	}
}

// TestDirectives: %YAML and %TAG belong to the document whose "---"
// follows them; anything else about directives is refused, in the
// document it concerns, and the other documents are read.
func TestDirectives(t *testing.T) {
	for _, c := range []struct {
		src  string
		errs []string // the error of each document, "" for none
	}{
		{"%YAML 1.2\n%TAG !e! tag:example.com,2000:\n--- !e!a\nk: v\n", []string{""}},
		{"%YAML 1.1 # the version Kubernetes reads\n---\na: 1\n...\n%YAML 1.2\n---\nb: 2\n", []string{"", ""}},
		{"%TAG !e! tag:x,2000:\n--- !e!a\nk: v\n--- !e!b\nk: v\n", []string{"", "declared by no %TAG directive"}},
		{"%YAML 1.2\n%YAML 1.2\n---\na: 1\n", []string{"a second %YAML directive"}},
		{"%YAML 1.2 foo\n---\na: 1\n", []string{"takes one version number"}},
		{"%YAML\t 1.2\t\r\n%TAG  !e!\ttag:x,2000:\n--- !e!a\nk: v\n", []string{""}}, // blanks are spaces and tabs
		{"%YAML 1.1#x\n---\na: 1\n", []string{"takes one version number"}},
		{"%FOO bar\n---\na: 1\n", []string{"an unknown directive"}},
		{"a: 1\n%YAML 1.2\n---\nb: 2\n", []string{"a directive (%) inside a document", ""}},
		{"a: 1\n...\n%YAML 1.2\n", []string{"", "must be followed by a '---'"}},
		{"%YAML 1.2\n", []string{"must be followed by a '---'"}},
		{"%YAML 1.2\nkey: v\n", []string{"must be followed by a '---'"}},
		{"--- |\n  %not a directive\n", []string{""}},
	} {
		docs := ParseStream(c.src, DefaultLimits).Docs
		if len(docs) != len(c.errs) {
			t.Errorf("%q: %d documents, want %d", c.src, len(docs), len(c.errs))
			continue
		}
		for i, d := range docs {
			switch {
			case c.errs[i] == "" && d.Err != nil:
				t.Errorf("%q: document %d: %s", c.src, i, d.Err.Message)
			case c.errs[i] != "" && (d.Err == nil || !strings.Contains(d.Err.Message, c.errs[i])):
				t.Errorf("%q: document %d: error %v, want %q", c.src, i, d.Err, c.errs[i])
			}
		}
	}
}

// TestByteOrderMark: a UTF-8 byte-order mark that starts the stream is not
// read as text, whatever the first line holds; offsets still count it. A
// mark anywhere else is refused.
func TestByteOrderMark(t *testing.T) {
	const bom = "\ufeff"
	for _, src := range []string{
		bom + "apiVersion: v1\nkind: Pod\n",
		bom + "kind: Pod\napiVersion: v1\n",
		bom + "# a comment\nkind: Pod\napiVersion: v1\n",
		bom + "---\nkind: Pod\napiVersion: v1\n",
		bom + "%YAML 1.2\n---\nkind: Pod\napiVersion: v1\n",
	} {
		docs := ParseStream(src, DefaultLimits).Docs
		if len(docs) != 1 || docs[0].Err != nil {
			t.Errorf("%q: %d documents, first error %v", src, len(docs), docs[0].Err)
			continue
		}
		d := docs[0]
		if d.Start != len(bom) {
			t.Errorf("%q: the document starts at %d, want %d, after the mark", src, d.Start, len(bom))
		}
		p := d.Root.GetPair("kind")
		if p == nil || d.Root.Get("apiVersion").String() != "v1" {
			t.Errorf("%q: kind and apiVersion not read", src)
			continue
		}
		if at := strings.Index(src, "kind"); p.Key.Start != at {
			t.Errorf("%q: kind at %d, want %d (offsets count the mark)", src, p.Key.Start, at)
		}
		// A caller that parses the whole text as one document.
		if whole := Parse(src, Span{0, len(src)}, 0, DefaultLimits); whole.Err != nil || whole.Root.Get("kind").String() != "Pod" {
			t.Errorf("%q: read as one span: %v", src, whole.Err)
		}
	}
	if d := ParseStream(bom, DefaultLimits); len(d.Docs) != 0 {
		t.Errorf("a mark alone: %d documents", len(d.Docs))
	}
	d := ParseStream("a: 1\n"+bom+"b: 2\n", DefaultLimits).Docs[0]
	if d.Err == nil || d.Err.Start != 5 {
		t.Errorf("a mark inside the text: error %v, want one at 5", d.Err)
	}
}

// TestFlowPlainOverLines: a plain scalar in a flow collection goes on
// over lines, as in a block ({a: b<newline>  c} maps a to "b c"); a
// comment ends it, and a line that a ':' follows is the next key.
func TestFlowPlainOverLines(t *testing.T) {
	s := ParseStream("m: {a: b\n    c, d: e}\nn: [f\n\n    g, h]\n", DefaultLimits)
	root := s.Docs[0].Root
	if s.Docs[0].Err != nil {
		t.Fatal(s.Docs[0].Err)
	}
	if got := root.Get("m").Get("a"); got.Text != "b c" || got.Type != String {
		t.Errorf("m.a = %q (%v)", got.Text, got.Type)
	}
	if got := root.Get("n").Items[0]; got.Text != "f\ng" {
		t.Errorf("n[0] = %q", got.Text)
	}
	for _, src := range []string{"m: {a: b # note\n    c}\n", "m: {a: b\n    c: d}\n"} {
		if d := ParseStream(src, DefaultLimits).Docs[0]; d.Err == nil {
			t.Errorf("%q: read as %q", src, d.Root.Get("m").Get("a").Text)
		}
	}
}

// TestDoubleQuotedOverManyLinesIsLinear: reading a double-quoted scalar
// costs memory in proportion to its lines, however many (300,000 lines
// took 35 s when each line break copied the text read so far).
func TestDoubleQuotedOverManyLinesIsLinear(t *testing.T) {
	alloc := func(lines int) uint64 {
		raw := `"` + strings.Repeat("x  \n", lines) + `"`
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		doubleQuoted(raw)
		runtime.ReadMemStats(&after)
		return after.TotalAlloc - before.TotalAlloc
	}
	small, large := alloc(20_000), alloc(80_000)
	if large > 8*small {
		t.Errorf("4x the lines took %.1fx the memory (%d bytes, then %d): not linear", float64(large)/float64(small), small, large)
	}
}
