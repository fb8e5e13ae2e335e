package document

import (
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	yaml "gopkg.in/yaml.v2"
)

// dump writes every field of a tree, one node a line; the ranges only
// when ranges is set.
func dump(b *strings.Builder, n *Node, indent string, ranges bool) {
	if n == nil {
		b.WriteString(indent + "<nil>\n")
		return
	}
	if ranges {
		fmt.Fprintf(b, "%s[%d,%d) ", indent, n.Start, n.End)
	}
	fmt.Fprintf(b, "%s%d t=%d s=%d tag=%q text=%q b=%t i=%d o=%t y=%q alias=%t\n", indent, n.Kind,
		n.Type, n.Style, n.Tag, n.Text, n.Bool, n.Int, n.Overflow, n.YAML12, n.Alias)
	for _, p := range n.Pairs {
		fmt.Fprintf(b, "%s key merged=%t\n", indent, p.Merged)
		dump(b, p.Key, indent+"  ", ranges)
		dump(b, p.Value, indent+"  ", ranges)
	}
	for _, it := range n.Items {
		dump(b, it, indent+"  ", ranges)
	}
}

func dumpDoc(d *Document) string {
	var b strings.Builder
	dump(&b, d.Root, "", true)
	// goccy's conversion noted duplicates in no useful order; the reader
	// sorts them.
	dups := slices.Clone(d.Duplicates)
	slices.SortStableFunc(dups, func(a, b *Node) int { return a.Start - b.Start })
	for _, k := range dups {
		fmt.Fprintf(&b, "duplicate %q [%d,%d)\n", k.Text, k.Start, k.End)
	}
	return b.String()
}

// agree compares the reader with goccy's parser on src: where goccy reads
// a document, the reader must build the same tree. goccy reads some text
// that is not YAML ("a:\nb" as {a: b}; "-\nb:" with b inside the item), so
// go-yaml v2, the reader behind sigs.k8s.io/yaml and so what Kubernetes
// clients accept, judges where they differ: the reader may refuse what
// goccy reads unless v2 reads it to goccy's value, and may build another
// tree unless v2 reads the text to a value other than the reader's. Text
// that v2 refuses and goccy reads otherwise than the reader is logged.
func agree(t *testing.T, name, src string) (same, goccyOnly, readerOnly int) {
	t.Helper()
	for i, sp := range Split(src) {
		old := goccyParse(src, sp, i, DefaultLimits)
		d := Parse(src, sp, i, DefaultLimits)
		text := src[sp.Start:sp.End]
		switch {
		case old.Err == nil && d.Err != nil:
			if v, read := yamlV2Value(text); !read || v != canon(old.Root) || colonStartsLine(text) || notYAML(d.Err) != "" {
				t.Logf("%s: document %d: goccy reads it, the reader refuses, go-yaml v2 refuses or reads it otherwise: %s", name, i, d.Err.Message)
				continue
			}
			goccyOnly++
			t.Errorf("%s: document %d: goccy reads it, the reader says %q at %d:\n%s", name, i, d.Err.Message, d.Err.Start, text)
		case old.Err == nil:
			if a, b := dumpDoc(old), dumpDoc(d); a != b && !tagEndsLine(text) && !rangesMended(t, src, old.Root, d.Root) {
				if v, read := yamlV2Value(text); read && v != canon(d.Root) && !anchorNameBeyondV2(text) && !yaml11Break(text) && !rootBlockScalar(d.Root) && !flowQuestion(text) {
					t.Errorf("%s: document %d: trees differ\n--- goccy\n%s--- reader\n%s--- text\n%s", name, i, a, b, text)
					continue
				}
			}
			same++
		case d.Err == nil:
			readerOnly++
			t.Logf("%s: document %d: goccy says %q, the reader reads it", name, i, old.Err.Message)
		}
	}
	return
}

// rangesMended reports whether two trees differ in ranges only, where the
// reader's ranges are exact (checkRange) and goccy's are not: goccy's
// ranges of scalars over lines that end in blanks, and of block
// scalars, end early or late.
func rangesMended(t *testing.T, src string, goccy, reader *Node) bool {
	var a, b strings.Builder
	dump(&a, goccy, "", false)
	dump(&b, reader, "", false)
	if a.String() != b.String() {
		return false
	}
	return scalarsIn(reader, func(n *Node) bool { return checkRange(src, n) == "" })
}

// scalarsIn reports whether ok holds for every scalar of a tree that is
// not an alias's copy.
func scalarsIn(n *Node, ok func(*Node) bool) bool {
	if n == nil || n.Alias {
		return true
	}
	if n.Kind == Scalar {
		return ok(n)
	}
	for _, p := range n.Pairs {
		if !scalarsIn(p.Key, ok) || !scalarsIn(p.Value, ok) {
			return false
		}
	}
	for _, it := range n.Items {
		if !scalarsIn(it, ok) {
			return false
		}
	}
	return true
}

// notYAMLMessages are refusals of text that is not YAML, which goccy and
// go-yaml v2 (and so kubectl) read all the same, each with the case of
// the YAML Test Suite that marks such text invalid. The reader follows
// YAML there: such text is a mistake that other tools refuse.
var notYAMLMessages = []struct{ message, suite string }{
	{"a comment needs a blank before its '#'", "SU5Z, 9JBA, CVW2"},
	{"a '-' in a flow collection", "YJV2, G5U8"},
	{"a tag cannot hold", "U99R"},
	{"must be indented deeper than its key", "9C9N, QB6E, VJP3/00, Y79Y/003"},
	{"is declared by no %TAG directive", "QLJ7"},
}

// notYAML returns the cases of the suite that say the text err refuses is
// not YAML, or "".
func notYAML(err *Error) string {
	for _, m := range notYAMLMessages {
		if strings.Contains(err.Message, m.message) {
			return m.suite
		}
	}
	return ""
}

// yamlV2Value returns the value go-yaml v2 reads text to, in the form of
// canon, and whether v2 reads it at all. A value canon has no form for
// (a timestamp, a binary) equals no tree. Text after the first document
// ("a\n... x") must be read too: yaml.Unmarshal reads the first document
// and never looks at the rest.
func yamlV2Value(text string) (value string, read bool) {
	var v any
	dec := yaml.NewDecoder(strings.NewReader(text))
	if err := dec.Decode(&v); err != nil && err != io.EOF {
		return "", false
	}
	for {
		var more any
		if err := dec.Decode(&more); err == io.EOF {
			break
		} else if err != nil {
			return "", false
		}
	}
	c, ok := canonV2(v)
	if !ok {
		return "\x00no canonical form", true
	}
	return c, true
}

// tagEndsLine reports whether a tag ends a line of text. goccy then reads
// the next line into the tagged node ("a: !t\nb: 1" as {a: {b: 1}}).
func tagEndsLine(text string) bool {
	for _, line := range strings.Split(text, "\n") {
		if f := strings.Fields(line); len(f) > 0 && strings.HasPrefix(f[len(f)-1], "!") {
			return true
		}
	}
	return false
}

// colonStartsLine reports whether a line of text starts with ':' after
// its indentation. goccy and go-yaml v2 both take such a ':' as the value
// indicator of a key on an earlier line ("a\n: b"); the reader refuses
// what no one writes on purpose, with a message about the ':'.
func colonStartsLine(text string) bool {
	for _, line := range strings.Split(text, "\n") {
		if strings.HasPrefix(strings.TrimLeft(line, " \t"), ":") {
			return true
		}
	}
	return false
}

// anchorNameBeyondV2 reports whether text holds an anchor or alias whose
// name has a character go-yaml v2 ends names at (anything but letters,
// digits, '-' and '_'): YAML 1.2 takes "&a:" for the anchor "a:" (the
// suite's 2SXE), v2 for the anchor "a" and a ':'. The reader reads YAML's
// names, and v2 does not judge such text.
func anchorNameBeyondV2(text string) bool {
	for i := 0; i < len(text); i++ {
		if text[i] != '&' && text[i] != '*' {
			continue
		}
		for j := i + 1; j < len(text) && !strings.ContainsRune(" \t\r\n,[]{}", rune(text[j])); j++ {
			c := text[j]
			if !(c == '-' || c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') {
				return true
			}
		}
	}
	return false
}

// yaml11Break reports whether text holds a character that YAML 1.1, and
// so go-yaml v2, takes for a line break, and YAML 1.2 for text: NEL
// (U+0085), LS (U+2028), PS (U+2029). The reader reads YAML 1.2's, and v2
// does not judge such text.
func yaml11Break(text string) bool { return strings.ContainsAny(text, "\u0085\u2028\u2029") }

// rootBlockScalar reports whether a document is one block scalar. go-yaml
// v2 wants such a scalar's text indented by a space at least, where YAML
// 1.2 takes the text from column 0 (" |\n#x" is "#x" to YAML and "" with
// a comment to v2); a document that is one scalar is no resource, and v2
// does not judge it.
func rootBlockScalar(n *Node) bool {
	return n != nil && n.Kind == Scalar && (n.Style == Literal || n.Style == Folded)
}

// flowQuestion reports whether a '?' glued to text starts an entry of a
// flow collection ("{?a: 1}"): YAML 1.1, and so go-yaml v2, takes it for
// an explicit key's indicator there, YAML 1.2 for text. The reader reads
// YAML 1.2's, and v2 does not judge such text.
func flowQuestion(text string) bool {
	for i := 0; i < len(text); i++ {
		if text[i] != '?' {
			continue
		}
		before := strings.TrimRight(text[:i], " \t\r\n")
		if before != "" && strings.IndexByte("{[,", before[len(before)-1]) >= 0 {
			return true
		}
	}
	return false
}

// canon writes the value of a tree in one canonical form, keys sorted.
func canon(n *Node) string {
	if n == nil {
		return "null"
	}
	switch n.Kind {
	case Mapping:
		m := map[string]string{}
		for _, p := range n.Pairs {
			m[keyCanon(p.Key)] = canon(p.Value)
		}
		return canonMap(m)
	case Sequence:
		var parts []string
		for _, it := range n.Items {
			parts = append(parts, canon(it))
		}
		return "[" + strings.Join(parts, ",") + "]"
	}
	switch n.Type {
	case Null:
		return "null"
	case Bool:
		return strconv.FormatBool(n.Bool)
	case Int:
		if n.Overflow {
			return "overflow"
		}
		return strconv.FormatInt(n.Int, 10)
	case Float:
		f, err := strconv.ParseFloat(strings.ReplaceAll(n.Text, "_", ""), 64)
		if err != nil {
			switch strings.ToLower(strings.TrimLeft(n.Text, "+")) {
			case ".inf":
				return "+Inf"
			case "-.inf":
				return "-Inf"
			}
			return "NaN"
		}
		return strconv.FormatFloat(f, 'g', -1, 64)
	}
	return strconv.Quote(n.Text)
}

// keyCanon is a key as go-yaml v2 reads it, printed with fmt.Sprint: the
// reader turns every key into a string, v2 keeps plain keys typed.
func keyCanon(k *Node) string {
	if k.Style != Plain || k.Tag != "" {
		return k.Text
	}
	probe := &Node{}
	resolvePlain(probe, k.Text)
	switch probe.Type {
	case Null:
		return "<nil>"
	case Bool, Int, Float:
		if c := canon(probe); c != "overflow" && c != "NaN" {
			return c
		}
	}
	return k.Text
}

func canonMap(m map[string]string) string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var b strings.Builder
	b.WriteString("{")
	for _, k := range keys {
		b.WriteString(strconv.Quote(k) + ":" + m[k] + ",")
	}
	return b.String() + "}"
}

// canonV2 is canon for a value decoded by go-yaml v2; ok is false for
// values the reader has no counterpart of.
func canonV2(v any) (string, bool) {
	switch v := v.(type) {
	case nil:
		return "null", true
	case bool:
		return strconv.FormatBool(v), true
	case int:
		return strconv.Itoa(v), true
	case int64:
		return strconv.FormatInt(v, 10), true
	case uint64:
		return "overflow", true
	case float64:
		if math.IsNaN(v) {
			return "NaN", true
		}
		return strconv.FormatFloat(v, 'g', -1, 64), true
	case string:
		return strconv.Quote(v), true
	case []any:
		var parts []string
		for _, it := range v {
			c, ok := canonV2(it)
			if !ok {
				return "", false
			}
			parts = append(parts, c)
		}
		return "[" + strings.Join(parts, ",") + "]", true
	case map[any]any:
		m := map[string]string{}
		for k, it := range v {
			c, ok := canonV2(it)
			if !ok {
				return "", false
			}
			m[fmt.Sprint(k)] = c
		}
		return canonMap(m), true
	}
	return "", false
}

func TestReaderAgreesWithGoccy(t *testing.T) {
	var files []string
	for _, dir := range []string{"../../examples", "../../testdata", "../../../shared/corpus", "testdata"} {
		m, _ := filepath.Glob(filepath.Join(dir, "*.yaml"))
		files = append(files, m...)
	}
	if dir := os.Getenv("MDSCHECK_CORPUS"); dir != "" {
		m, _ := filepath.Glob(filepath.Join(dir, "*", "*.yaml"))
		files = append(files, m...)
	}
	var same, goccyOnly, readerOnly int
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		s, g, r := agree(t, f, string(b))
		same, goccyOnly, readerOnly = same+s, goccyOnly+g, readerOnly+r
	}
	t.Logf("%d files: %d documents alike, %d read by goccy only, %d by the reader only", len(files), same, goccyOnly, readerOnly)
}

func FuzzReaderAgrees(f *testing.F) {
	seeds(f)
	f.Fuzz(func(t *testing.T, src string) {
		agree(t, "fuzz", src)
	})
}
