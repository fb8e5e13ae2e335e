package document

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"math/big"
	"path"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/mdscheck/mdscheck/internal/yamlsuite"
	yaml "gopkg.in/yaml.v2"
)

// The YAML Test Suite (github.com/yaml/yaml-test-suite, data release
// 2022-01-17, testdata/yaml-suite) is the conformance suite of YAML: 402
// cases, each an input with the value it must be read to, or the mark that
// it must be refused. The reader runs every case; a case it does not read
// as the suite says is listed in suiteDifferences with the reason, so that
// a change that breaks a case, or mends a listed one, fails the test.

const suiteArchive = "../../testdata/yaml-suite/data-2022-01-17.tgz"

// suiteCase is one case of the suite.
type suiteCase struct {
	id      string // the folder: "2G84/02"
	name    string
	yaml    string
	json    string // the expected documents, one JSON text each
	hasJSON bool
	events  string // the expected parse events, libyaml's test format
	invalid bool   // the input must be refused
}

// loadSuite reads the cases straight from the archive.
func loadSuite(t testing.TB) []*suiteCase {
	t.Helper()
	byID := map[string]*suiteCase{}
	for _, sf := range yamlsuite.Read(t, suiteArchive) {
		dir, file := path.Split(sf.Path)
		id := strings.TrimSuffix(dir, "/")
		b := sf.Data
		c := byID[id]
		if c == nil {
			c = &suiteCase{id: id}
			byID[id] = c
		}
		switch file {
		case "===":
			c.name = strings.TrimSpace(string(b))
		case "in.yaml":
			c.yaml = string(b)
		case "in.json":
			c.json, c.hasJSON = string(b), true
		case "test.event":
			c.events = string(b)
		case "error":
			c.invalid = true
		}
	}
	var cases []*suiteCase
	for _, c := range byID {
		if c.events != "" {
			cases = append(cases, c)
		}
	}
	slices.SortFunc(cases, func(a, b *suiteCase) int { return strings.Compare(a.id, b.id) })
	if len(cases) != 402 {
		t.Fatalf("read %d cases from %s, want the 402 of the release", len(cases), suiteArchive)
	}
	return cases
}

// Values are compared in one form for every reader: nil, bool, number (an
// exact integer in decimal, or a float64 printed by strconv), string,
// []any and map[string]any, with keys turned into strings the way
// sigs.k8s.io/yaml turns them when it makes JSON of go-yaml v2's value.
type number string

// errKey is a key that sigs.k8s.io/yaml cannot make a JSON key of (null, a
// collection), so Kubernetes refuses the document.
var errKey = errors.New("a key Kubernetes cannot turn into a string")

func intNumber(i *big.Int) number { return number(i.String()) }

func floatNumber(f float64) number {
	if math.IsInf(f, 0) || math.IsNaN(f) {
		return number(strconv.FormatFloat(f, 'g', -1, 64))
	}
	if f == math.Trunc(f) {
		i, _ := new(big.Float).SetFloat64(f).Int(nil)
		return intNumber(i)
	}
	return number(strconv.FormatFloat(f, 'g', -1, 64))
}

// textNumber is the number of a JSON number or of a YAML scalar resolved
// to one, from its text.
func textNumber(s string) number {
	s = strings.ReplaceAll(s, "_", "")
	if i, ok := new(big.Int).SetString(s, 0); ok {
		return intNumber(i)
	}
	switch strings.ToLower(strings.TrimPrefix(s, "+")) {
	case ".inf":
		return floatNumber(math.Inf(1))
	case "-.inf":
		return floatNumber(math.Inf(-1))
	case ".nan":
		return floatNumber(math.NaN())
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return number("not a number: " + s)
	}
	return floatNumber(f)
}

// kubeValue is the value of a tree as Kubernetes sees it.
func kubeValue(n *Node) (any, error) {
	if n == nil {
		return nil, nil
	}
	switch n.Kind {
	case Mapping:
		m := map[string]any{}
		for _, p := range n.Pairs {
			k, err := kubeKey(p.Key)
			if err != nil {
				return nil, err
			}
			if m[k], err = kubeValue(p.Value); err != nil {
				return nil, err
			}
		}
		return m, nil
	case Sequence:
		s := []any{}
		for _, it := range n.Items {
			v, err := kubeValue(it)
			if err != nil {
				return nil, err
			}
			s = append(s, v)
		}
		return s, nil
	}
	return scalarValue(n), nil
}

func scalarValue(n *Node) any {
	switch n.Type {
	case Null:
		return nil
	case Bool:
		return n.Bool
	case Int:
		if n.Overflow {
			return textNumber(n.Text)
		}
		return intNumber(big.NewInt(n.Int))
	case Float:
		return textNumber(n.Text)
	}
	return n.Text
}

// kubeKey is the JSON key sigs.k8s.io/yaml makes of a key. The reader
// keeps every key's text; go-yaml v2 types plain keys, and sigs.k8s.io/yaml
// prints them: yes becomes "true", 0x10 "16", a float is printed in
// 32-bit precision, and a null key has no string at all.
func kubeKey(k *Node) (string, error) {
	if k.Kind != Scalar {
		return "", errKey
	}
	typed := *k
	if k.Style == Plain && k.Tag == "" {
		resolvePlain(&typed, k.Text)
	}
	switch typed.Type {
	case Null:
		return "", errKey
	case Bool:
		return strconv.FormatBool(typed.Bool), nil
	case Int:
		if typed.Overflow {
			return "", errKey // v2 makes it a uint64 or a float, sigs.k8s.io/yaml knows neither
		}
		return strconv.FormatInt(typed.Int, 10), nil
	case Float:
		f, _ := strconv.ParseFloat(string(textNumber(typed.Text)), 64)
		switch s := strconv.FormatFloat(f, 'g', -1, 32); s {
		case "+Inf":
			return ".inf", nil
		case "-Inf":
			return "-.inf", nil
		case "NaN":
			return ".nan", nil
		default:
			return s, nil
		}
	}
	return k.Text, nil
}

// v2Value is kubeValue for a value go-yaml v2 decoded, with the key
// conversion of sigs.k8s.io/yaml.
func v2Value(v any) (any, error) {
	switch v := v.(type) {
	case int:
		return intNumber(big.NewInt(int64(v))), nil
	case int64:
		return intNumber(big.NewInt(v)), nil
	case uint64:
		return intNumber(new(big.Int).SetUint64(v)), nil
	case float64:
		return floatNumber(v), nil
	case []any:
		s := []any{}
		for _, it := range v {
			c, err := v2Value(it)
			if err != nil {
				return nil, err
			}
			s = append(s, c)
		}
		return s, nil
	case map[any]any:
		m := map[string]any{}
		for k, it := range v {
			var key string
			switch k := k.(type) {
			case string:
				key = k
			case int:
				key = strconv.Itoa(k)
			case int64:
				key = strconv.FormatInt(k, 10)
			case float64:
				key = strconv.FormatFloat(k, 'g', -1, 32)
			case bool:
				key = strconv.FormatBool(k)
			default:
				return nil, errKey
			}
			c, err := v2Value(it)
			if err != nil {
				return nil, err
			}
			m[key] = c
		}
		return m, nil
	}
	return v, nil
}

// jsonValue is the form of a value decoded from JSON with UseNumber.
func jsonValue(v any) any {
	switch v := v.(type) {
	case json.Number:
		return textNumber(string(v))
	case []any:
		for i := range v {
			v[i] = jsonValue(v[i])
		}
	case map[string]any:
		for k := range v {
			v[k] = jsonValue(v[k])
		}
	}
	return v
}

// yaml12Value is the value YAML 1.2's core schema gives a plain scalar.
func yaml12Value(text string) any {
	switch text {
	case "", "~", "null", "Null", "NULL":
		return nil
	case "true", "True", "TRUE":
		return true
	case "false", "False", "FALSE":
		return false
	}
	digits := strings.TrimLeft(text, "+-")
	switch {
	case digits != "" && strings.Trim(digits, "0123456789") == "":
		i, _ := new(big.Int).SetString(strings.TrimLeft(text, "+"), 10) // 012 is twelve
		return intNumber(i)
	case strings.HasPrefix(text, "0o") && len(text) > 2 && strings.Trim(text[2:], "01234567") == "",
		strings.HasPrefix(text, "0x") && len(text) > 2 && strings.Trim(text[2:], "0123456789abcdefABCDEF") == "":
		return textNumber(text)
	case isFloat(text):
		return textNumber(text)
	}
	return text
}

// same compares a reader's value with the suite's.
func same(got, want any) bool {
	switch g := got.(type) {
	case []any:
		w, ok := want.([]any)
		if !ok || len(g) != len(w) {
			return false
		}
		for i := range g {
			if !same(g[i], w[i]) {
				return false
			}
		}
		return true
	case map[string]any:
		w, ok := want.(map[string]any)
		if !ok || len(g) != len(w) {
			return false
		}
		for k, v := range g {
			wv, ok := w[k]
			if !ok || !same(v, wv) {
				return false
			}
		}
		return true
	}
	return got == want
}

// suiteWant is what the suite expects of a valid case, as Kubernetes
// reads it: the value of each document. It is built from the events, which
// say how each scalar is written, so that a plain scalar can be read the
// YAML 1.1 way (TestYAMLSuiteEvents holds the events to in.json). err is
// set when Kubernetes cannot take the value (a null or collection key).
func suiteWant(c *suiteCase) (docs []any, err error) {
	for _, root := range eventDocs(c.events) {
		v, err := kubeValue(root)
		if err != nil {
			return nil, err
		}
		docs = append(docs, v)
	}
	return docs, nil
}

// jsonDocs are the documents of in.json.
func jsonDocs(c *suiteCase) []any {
	var docs []any
	dec := json.NewDecoder(strings.NewReader(c.json))
	dec.UseNumber()
	for {
		var v any
		if err := dec.Decode(&v); err == io.EOF {
			return docs
		} else if err != nil {
			panic(c.id + ": in.json: " + err.Error())
		}
		docs = append(docs, jsonValue(v))
	}
}

// yaml12 is the value of a tree as YAML 1.2's core schema reads it, as
// in.json has it.
func yaml12(n *Node) any {
	if n == nil {
		return nil
	}
	switch n.Kind {
	case Mapping:
		m := map[string]any{}
		for _, p := range n.Pairs {
			k := yaml12(p.Key)
			if num, ok := k.(number); ok {
				k = string(num)
			}
			m[fmt.Sprint(k)] = yaml12(p.Value)
		}
		return m
	case Sequence:
		s := []any{}
		for _, it := range n.Items {
			s = append(s, yaml12(it))
		}
		return s
	}
	switch n.Tag {
	case "":
		if n.Style == Plain {
			return yaml12Value(n.Text)
		}
	case "!!int", "!!float":
		return textNumber(n.Text)
	case "!!bool":
		return n.Text == "true"
	case "!!null":
		return nil
	}
	return n.Text
}

// TestYAMLSuiteEvents holds the events, from which the expected values
// are built, to in.json: both must say the same.
func TestYAMLSuiteEvents(t *testing.T) {
	checked := 0
	for _, c := range loadSuite(t) {
		if !c.hasJSON || c.invalid {
			continue
		}
		var got []any
		for _, root := range eventDocs(c.events) {
			got = append(got, yaml12(root))
		}
		want := jsonDocs(c)
		if len(got) != len(want) || !same(got, want) {
			t.Errorf("%s: the events read %v, in.json says %v", c.id, got, want)
		}
		checked++
	}
	if checked < 250 {
		t.Errorf("only %d cases have in.json", checked)
	}
}

// eventDocs builds the documents of an event stream, scalars resolved as
// Kubernetes reads them.
func eventDocs(events string) []*Node {
	var docs []*Node // the root of each document, nil when it is empty
	var stack []*Node
	var anchors []string // the anchor of each collection on the stack
	nodes := map[string]*Node{}
	add := func(n *Node, anchor string) {
		if anchor != "" {
			nodes[anchor] = n
		}
		if len(stack) == 0 {
			docs[len(docs)-1] = n
			return
		}
		top := stack[len(stack)-1]
		switch {
		case top.Kind == Sequence:
			top.Items = append(top.Items, n)
		case len(top.Pairs) > 0 && top.Pairs[len(top.Pairs)-1].Value == nil:
			top.Pairs[len(top.Pairs)-1].Value = n
		default:
			top.Pairs = append(top.Pairs, Pair{Key: n})
		}
	}
	for _, line := range strings.Split(events, "\n") {
		event, rest, _ := strings.Cut(line, " ")
		// The properties come first, after the flow style of a
		// collection: "+MAP {} &anchor <tag>".
		rest = strings.TrimLeft(rest, "{}[] ")
		var anchor, tag string
		for {
			if a, ok := strings.CutPrefix(rest, "&"); ok {
				anchor, rest, _ = strings.Cut(a, " ")
			} else if t, ok := strings.CutPrefix(rest, "<"); ok {
				tag, rest, _ = strings.Cut(t, "> ")
			} else {
				break
			}
		}
		switch event {
		case "+DOC":
			docs = append(docs, nil)
		case "+MAP", "+SEQ":
			kind := Mapping
			if event == "+SEQ" {
				kind = Sequence
			}
			stack = append(stack, &Node{Kind: kind})
			anchors = append(anchors, anchor)
		case "-MAP", "-SEQ":
			n, a := stack[len(stack)-1], anchors[len(anchors)-1]
			stack, anchors = stack[:len(stack)-1], anchors[:len(anchors)-1]
			add(n, a)
		case "=ALI":
			add(nodes[strings.TrimPrefix(rest, "*")], "")
		case "=VAL":
			add(eventScalar(rest, tag), anchor)
		}
	}
	return docs
}

// eventScalar is the node of a =VAL event, whose value is a style
// indicator (':' plain, '\” '"' quoted, '|' '>' block) and the escaped
// text, resolved as Kubernetes reads it.
func eventScalar(value, tag string) *Node {
	text := strings.NewReplacer(`\\`, `\`, `\n`, "\n", `\t`, "\t", `\r`, "\r", `\b`, "\b").Replace(value[1:])
	n := &Node{Kind: Scalar, Type: String, Text: text}
	switch value[0] {
	case ':':
		resolvePlain(n, text)
	case '\'':
		n.Style = SingleQuoted
	case '"':
		n.Style = DoubleQuoted
	case '|':
		n.Style = Literal
	case '>':
		n.Style = Folded
	}
	if tag != "" {
		// As the source would write it: !!str for the core schema's
		// tags, !name for the others, which go-yaml v2 reads as strings.
		if core, ok := strings.CutPrefix(tag, "tag:yaml.org,2002:"); ok {
			n.Tag = "!!" + core
		} else if n.Tag = tag; !strings.HasPrefix(tag, "!") {
			n.Tag = "!" + tag
		}
		applyTag(n)
	}
	return n
}

// suiteReader reads a case's input to the values of its documents, or
// refuses it.
type suiteReader func(src string) ([]any, error)

func readWithReader(src string) ([]any, error) { return readDocs(src, Split, Parse) }

// readWithGoccy reads with goccy/go-yaml's parser as the document layer
// used it before it had its own reader (goccy_test.go): documents split
// as then, each parsed by goccy and converted.
func readWithGoccy(src string) ([]any, error) { return readDocs(src, goccySplit, goccyParse) }

// readDocs reads the documents of src one by one, as the callers of this
// package do.
func readDocs(src string, split func(string) []Span, parse func(string, Span, int, Limits) *Document) ([]any, error) {
	var out []any
	for i, sp := range split(src) {
		d := parse(src, sp, i, DefaultLimits)
		if d.Err != nil {
			return nil, d.Err
		}
		v, err := kubeValue(d.Root)
		if err != nil {
			// Read, to a value Kubernetes has no JSON for: the checks
			// report it, the suite's value it is not.
			v = err
		}
		out = append(out, v)
	}
	return out, nil
}

// readWithV2 reads with go-yaml v2 as sigs.k8s.io/yaml does, one document
// after the other, keys made strings.
func readWithV2(src string) (out []any, err error) {
	defer func() {
		if r := recover(); r != nil {
			out, err = nil, fmt.Errorf("panic: %v", r)
		}
	}()
	dec := yaml.NewDecoder(strings.NewReader(src))
	for {
		var v any
		if err := dec.Decode(&v); err == io.EOF {
			return out, nil
		} else if err != nil {
			return nil, err
		}
		c, err := v2Value(v)
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
}

// outcome says how a reader fared on a case: "ok" when it read it as the
// suite says, else "refused" (a valid input), "accepted" (an invalid one)
// or "value" (read to another value).
func outcome(c *suiteCase, read suiteReader) string {
	got, err := read(c.yaml)
	if c.invalid {
		if err != nil {
			return "ok"
		}
		return "accepted"
	}
	if err != nil {
		return "refused"
	}
	want, werr := suiteWant(c)
	if werr != nil || len(got) != len(want) {
		return "value"
	}
	for i := range got {
		if !same(got[i], want[i]) {
			return "value"
		}
	}
	return "ok"
}

// suiteDifference is how the reader reads a case otherwise than the suite
// says, and why.
type suiteDifference struct {
	outcome string // "refused", "accepted" or "value", as outcome says
	why     string
}

// Reasons for differences. Those that say Kubernetes refuses the input
// are checked: go-yaml v2 with sigs.k8s.io/yaml's conversion must refuse
// it too.
const (
	whyNullKey           = "a null key: Kubernetes refuses it (sigs.k8s.io/yaml has no JSON key for null); the reader refuses a ':' without a key and reads the others, which the checks report (yaml-compat)"
	whyCollectionKey     = "a collection as a key: Kubernetes refuses it (go-yaml v2 cannot hash it, and JSON keys are strings)"
	whyTabLine           = "a line of blanks that holds a tab: Kubernetes refuses it (go-yaml v2: a tab that violates indentation), and the reader says so in its words"
	whyQuestionLine      = "a '?' alone on its line, then a list as the key: goccy's lexer reads the lines as text, and the reader refuses a ':' without a key; Kubernetes refuses it (a collection as a key)"
	whyReservedDirective = "a directive other than %YAML and %TAG, which YAML asks a reader to ignore: Kubernetes refuses it (go-yaml v2: unknown directive)"
	whyGluedColon        = "a ':' glued to a plain key before ',' or '}' in a flow mapping (\"omitted value:,\"): read as Kubernetes reads it, the key with its ':' (go-yaml v2), where YAML 1.2 ends the key before the ':'"
	whyEmptyKeyLexer     = "an empty key with only a tag or anchor ('!!str :'), then more entries: goccy's lexer sees no key there and runs the value on into the next lines; the reader refuses it and says to write the key as \"\""
	whyNoFinalBreak      = "a block scalar whose last line has no line break at the end of the input: read as Kubernetes reads it (go-yaml v2 adds no line break; the suite's reference parser adds one)"
)

// kubeRefuses reports whether a reason says that Kubernetes refuses the
// input.
func kubeRefuses(why string) bool { return strings.Contains(why, "Kubernetes refuses it") }

// refusalSays is what the reader's message says for a reason to refuse.
var refusalSays = map[string]string{
	whyNullKey:           "null",
	whyCollectionKey:     "must be a scalar",
	whyTabLine:           "tab",
	whyReservedDirective: "unknown directive",
	whyEmptyKeyLexer:     "empty key",
}

// kubeReads reports whether a reason says that the reader reads the input
// to the value Kubernetes reads.
func kubeReads(why string) bool { return strings.Contains(why, "as Kubernetes reads it") }

// suiteDifferences lists every case the reader does not read as the suite
// says, by id.
var suiteDifferences = map[string]suiteDifference{
	// Null keys.
	"2JQS":    {"refused", whyNullKey},
	"6M2F":    {"refused", whyNullKey},
	"CFD4":    {"refused", whyNullKey},
	"FH7J":    {"refused", whyEmptyKeyLexer},
	"FRK4":    {"refused", whyNullKey},
	"NHX8":    {"refused", whyNullKey},
	"NKF9":    {"refused", whyNullKey},
	"PW8X":    {"refused", whyEmptyKeyLexer},
	"S3PD":    {"refused", whyNullKey},
	"SM9W/01": {"refused", whyNullKey},
	"UKK6/00": {"refused", whyNullKey},
	"M2N8/00": {"refused", whyNullKey}, // a mapping with a null key, as a key
	"DFF7":    {"value", whyNullKey},
	// Collections as keys.
	"4FJ6":    {"refused", whyCollectionKey},
	"6BFJ":    {"refused", whyCollectionKey},
	"6PBE":    {"refused", whyQuestionLine},
	"9MMW":    {"refused", whyCollectionKey},
	"KK5P":    {"refused", whyCollectionKey},
	"LX3P":    {"refused", whyCollectionKey},
	"M2N8/01": {"refused", whyCollectionKey},
	"M5DY":    {"refused", whyCollectionKey},
	"Q9WF":    {"refused", whyCollectionKey},
	"RZP5":    {"refused", whyCollectionKey},
	"SBG9":    {"refused", whyCollectionKey},
	"V9D5":    {"refused", whyCollectionKey},
	"X38W":    {"refused", whyCollectionKey},
	"XW4D":    {"refused", whyCollectionKey},
	// Tabs.
	"DK95/04": {"refused", whyTabLine},
	// Directives.
	"6LVF":    {"refused", whyReservedDirective},
	"2LFX":    {"refused", whyReservedDirective},
	"MUS6/05": {"refused", whyReservedDirective},
	"MUS6/06": {"refused", whyReservedDirective},
	// Line breaks.
	"JEF9/02": {"value", whyNoFinalBreak},
	"4ABK":    {"value", whyGluedColon},
	"L24T/01": {"value", whyNoFinalBreak},
}

// suiteScore counts the cases a reader reads as the suite says.
type suiteScore struct{ valid, validRight, invalid, invalidRefused int }

func (s suiteScore) String() string {
	return fmt.Sprintf("%d of %d valid inputs read right, %d of %d invalid inputs refused", s.validRight, s.valid, s.invalidRefused, s.invalid)
}

// The scores of goccy/go-yaml's parser and of go-yaml v2, as the table in
// docs/design.md has them. They change only with those modules' versions;
// then the table changes too.
var (
	goccyScore = suiteScore{308, 259, 94, 79}
	v2Score    = suiteScore{308, 226, 94, 79}
)

// TestYAMLSuite reads every case of the YAML Test Suite: the reader must
// read it as the suite says, or as suiteDifferences says. It also scores
// goccy's parser and go-yaml v2 on the same cases, for the table in
// docs/design.md.
func TestYAMLSuite(t *testing.T) {
	cases := loadSuite(t)
	score := func(read suiteReader, each func(*suiteCase, string)) suiteScore {
		var s suiteScore
		for _, c := range cases {
			o := outcome(c, read)
			if c.invalid {
				s.invalid++
				if o == "ok" {
					s.invalidRefused++
				}
			} else {
				s.valid++
				if o == "ok" {
					s.validRight++
				}
			}
			if each != nil {
				each(c, o)
			}
		}
		return s
	}
	seen := map[string]bool{}
	reader := score(readWithReader, func(c *suiteCase, o string) {
		want, listed := suiteDifferences[c.id]
		seen[c.id] = listed
		switch {
		case !listed && o != "ok":
			t.Errorf("%s (%s): %s; the reader should read it as the suite says, or the case belongs in suiteDifferences\n%s", c.id, c.name, describe(c, readWithReader), c.yaml)
		case listed && o == "ok":
			t.Errorf("%s (%s): read as the suite says now; take it off suiteDifferences", c.id, c.name)
		case listed && o != want.outcome:
			t.Errorf("%s (%s): %s, where suiteDifferences says %q", c.id, c.name, describe(c, readWithReader), want.outcome)
		case listed && kubeRefuses(want.why):
			if _, err := readWithV2(c.yaml); err == nil {
				t.Errorf("%s (%s): go-yaml v2 reads it, but suiteDifferences says Kubernetes refuses it", c.id, c.name)
			}
			_, err := readWithReader(c.yaml)
			if says := refusalSays[want.why]; says != "" && err != nil && !strings.Contains(err.Error(), says) {
				t.Errorf("%s (%s): refused with %q, which does not give the reason: %s", c.id, c.name, err, want.why)
			}
		case listed && kubeReads(want.why):
			got, _ := readWithReader(c.yaml)
			kube, err := readWithV2(c.yaml)
			if err != nil || !same(got, kube) {
				t.Errorf("%s (%s): go-yaml v2 reads it otherwise than the reader, but suiteDifferences says the reader reads it as Kubernetes does", c.id, c.name)
			}
		}
	})
	for id := range suiteDifferences {
		if _, ok := seen[id]; !ok {
			t.Errorf("suiteDifferences lists %s, which is no case of the suite", id)
		}
	}
	goccy, v2 := score(readWithGoccy, nil), score(readWithV2, nil)
	t.Logf("reader: %v", reader)
	t.Logf("goccy/go-yaml's parser: %v", goccy)
	t.Logf("go-yaml v2: %v", v2)
	if goccy != goccyScore || v2 != v2Score {
		t.Errorf("goccy scores %v and go-yaml v2 %v, where the test has %v and %v: update the table in docs/design.md", goccy, v2, goccyScore, v2Score)
	}
}

// describe says what a reader made of a case, for a failure message.
func describe(c *suiteCase, read suiteReader) string {
	got, err := read(c.yaml)
	if err != nil {
		return "refused: " + err.Error()
	}
	b, _ := json.Marshal(got)
	if c.invalid {
		return "accepted as " + string(b)
	}
	want, werr := suiteWant(c)
	if werr != nil {
		return fmt.Sprintf("read as %s, where Kubernetes refuses it: %v", b, werr)
	}
	wb, _ := json.Marshal(want)
	return fmt.Sprintf("read as %s, want %s", b, wb)
}
