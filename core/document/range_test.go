package document

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	yaml "gopkg.in/yaml.v2"
)

// A scalar's range (Node.Start, Node.End) covers exactly its text in the
// source, which is what a finding underlines:
//
//   - a plain scalar from its first character to its last one that is not
//     a blank, over all its lines (no comment, no trailing blank);
//   - a quoted scalar from its opening quote to its closing quote;
//   - a block scalar from its '|' or '>' to the end of its last line that
//     is not empty (that holds anything, blanks too, beyond the scalar's
//     indentation), not the line break, nor the empty lines after it,
//     which only chomping reads;
//   - a tagged scalar from its tag (an anchor after the tag included);
//   - an empty value, null or not, with an empty range.
//
// checkRange says how a scalar's range fails that, or "".
func checkRange(src string, n *Node) string {
	if n.Start < 0 || n.End > len(src) || n.Start > n.End {
		return "range outside the text"
	}
	text := src[n.Start:n.End]
	if text == "" {
		if n.Type == Null || n.Type == String && n.Text == "" {
			return ""
		}
		return "a value with an empty range"
	}
	if n.Tag != "" {
		// Pass over the tag and an anchor after it.
		for _, prefix := range []string{"!", "&"} {
			if !strings.HasPrefix(text, prefix) {
				if prefix == "!" {
					return "a tagged scalar's range does not start at its tag"
				}
				continue
			}
			i := strings.IndexAny(text, " \t\r\n")
			if i < 0 {
				i = len(text)
			}
			text = strings.TrimLeft(text[i:], " \t\r\n")
		}
		if text == "" {
			return ""
		}
	}
	if c := text[0]; c == ' ' || c == '\t' || c == '\r' || c == '\n' {
		return "the range starts with a blank"
	}
	if c := text[len(text)-1]; (c == ' ' || c == '\t' || c == '\r' || c == '\n') && n.Style != Literal && n.Style != Folded {
		return "the range ends in a blank"
	}
	switch n.Style {
	case Plain:
		if strings.IndexByte(text, '\n') < 0 {
			if text != n.Text {
				return "the range holds " + strconvQuote(text)
			}
			break
		}
		var v string
		if err := yaml.Unmarshal([]byte(text), &v); err != nil || v != n.Text {
			return "go-yaml v2 reads the text in the range as " + strconvQuote(v)
		}
	case SingleQuoted, DoubleQuoted:
		q := byte('\'')
		if n.Style == DoubleQuoted {
			q = '"'
		}
		if len(text) < 2 || text[0] != q || text[len(text)-1] != q {
			return "a quoted scalar's range does not run from quote to quote"
		}
		var v string
		if yaml.Unmarshal([]byte(text), &v) == nil && v != n.Text && n.Tag == "" {
			return "the text in the range reads as " + strconvQuote(v)
		}
	case Literal, Folded:
		if text[0] != '|' && text[0] != '>' {
			return "a block scalar's range does not start at its header"
		}
		if n.End < len(src) && src[n.End] != '\n' && src[n.End] != '\r' {
			return "a block scalar's range does not end at the end of a line"
		}
		if text[len(text)-1] == '\n' || text[len(text)-1] == '\r' {
			return "a block scalar's range ends in a line break"
		}
		last := text[strings.LastIndexByte(text, '\n')+1:]
		value := strings.TrimRight(n.Text, "\n")
		if strings.IndexByte(text, '\n') < 0 {
			if value != "" {
				return "a block scalar with text has a range of its header only"
			}
		} else if !strings.HasSuffix(value, strings.TrimLeft(last, " ")) {
			return "a block scalar's range does not end at its last line with text"
		}
	}
	return ""
}

func strconvQuote(s string) string { return "\"" + strings.ReplaceAll(s, "\n", `\n`) + "\"" }

// scalarRanges checks the range of every scalar of src, keys too; copies
// made by aliases carry the alias's range and are left out.
func scalarRanges(t *testing.T, name, src string) (checked int) {
	t.Helper()
	var walk func(n *Node)
	walk = func(n *Node) {
		if n == nil || n.Alias {
			return
		}
		if n.Kind == Scalar {
			checked++
			if msg := checkRange(src, n); msg != "" {
				t.Errorf("%s: the scalar %q at [%d,%d) %q: %s", name, n.Text, n.Start, n.End, src[max(0, min(n.Start, len(src))):max(0, min(n.End, len(src)))], msg)
			}
		}
		for _, p := range n.Pairs {
			walk(p.Key)
			walk(p.Value)
		}
		for _, it := range n.Items {
			walk(it)
		}
	}
	for _, d := range ParseStream(src, DefaultLimits).Docs {
		walk(d.Root)
	}
	return checked
}

// TestScalarRanges checks the range of every scalar of every case of the
// YAML Test Suite that the reader accepts, and of the repository's
// manifests.
func TestScalarRanges(t *testing.T) {
	checked := 0
	for _, c := range loadSuite(t) {
		checked += scalarRanges(t, c.id, c.yaml)
	}
	var files []string
	for _, dir := range []string{"../../examples", "../../testdata", "../../../shared/corpus"} {
		m, _ := filepath.Glob(filepath.Join(dir, "*.yaml"))
		files = append(files, m...)
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		checked += scalarRanges(t, f, string(b))
	}
	t.Logf("%d scalars", checked)
}

// TestReaderRanges pins the ranges of scalars whose extent goccy's tokens
// do not give: lines that end in blanks, escapes, block scalars.
func TestReaderRanges(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"- one  \n  two  \n", "one  \n  two"},
		{"a: plain  \n  text\t\nb: 1\n", "plain  \n  text"},
		{"a: 0\n  1  # note\n", "0\n  1"},
		{"a: 'q  \n  r'  \n", "'q  \n  r'"},
		{"a: \"x  \n  y  \"\n", "\"x  \n  y  \""},
		{"a: \"\\x41\\u00e9\"\n", "\"\\x41\\u00e9\""},
		{"a: |\n  x  \n\n  y\n\n\nb: 1\n", "|\n  x  \n\n  y"},
		{"a: >-\n  x\n   \nb: 1\n", ">-\n  x\n   "},
		{"a: |+\n\nb: 1\n", "|+"},
		{"a: !!str d\n  e\n", "!!str d\n  e"},
	} {
		d := Parse(c.src, Span{0, len(c.src)}, 0, DefaultLimits)
		if d.Err != nil {
			t.Errorf("%q: %s", c.src, d.Err.Message)
			continue
		}
		v := d.Root
		if v.Kind == Mapping {
			v = v.Pairs[0].Value
		} else {
			v = v.Items[0]
		}
		if got := c.src[v.Start:v.End]; got != c.want {
			t.Errorf("%q: the value covers %q, want %q", c.src, got, c.want)
		}
	}
}
