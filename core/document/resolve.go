package document

import (
	"errors"
	"slices"
	"strconv"
	"strings"
)

// resolvePlain sets the type and value of a plain scalar from its text, as
// sigs.k8s.io/yaml (YAML 1.1 through go-yaml v2) reads it, and notes where a
// YAML 1.2 reader would see something else.
func resolvePlain(n *Node, text string) {
	n.Text = text
	n.Type = String
	if len(text) <= 5 {
		for _, w := range plainWords {
			if w.text == text {
				n.Type, n.Bool = w.typ, w.value
				if w.string12 {
					n.YAML12 = "the string " + strconv.Quote(text)
				}
				return
			}
		}
	}
	c := text[0]
	if !(c >= '0' && c <= '9' || c == '-' || c == '+' || c == '.') {
		return
	}
	plain := text
	if strings.Contains(plain, "_") {
		plain = strings.ReplaceAll(plain, "_", "")
	}
	if v, err := strconv.ParseInt(plain, 0, 64); err == nil {
		n.Type, n.Int = Int, v
		n.YAML12 = yaml12Int(text)
		return
	} else if errors.Is(err, strconv.ErrRange) {
		n.Type, n.Overflow = Int, true
		n.YAML12 = yaml12Int(text)
		return
	}
	if isFloat(plain) {
		n.Type = Float
		if plain != text {
			n.YAML12 = "the string " + strconv.Quote(text)
		}
	}
}

// plainWords are the plain scalars that are no string and no number
// (none is longer than 5 bytes). A table costs the WebAssembly module 4 KB
// less than a switch, which compiles to a tree of comparisons.
var plainWords = [...]struct {
	text     string
	typ      Type
	value    bool // a boolean's value
	string12 bool // YAML 1.2 reads it as a string
}{
	{"", Null, false, false}, {"~", Null, false, false}, {"null", Null, false, false}, {"Null", Null, false, false}, {"NULL", Null, false, false},
	{"true", Bool, true, false}, {"True", Bool, true, false}, {"TRUE", Bool, true, false},
	{"false", Bool, false, false}, {"False", Bool, false, false}, {"FALSE", Bool, false, false},
	{"y", Bool, true, true}, {"Y", Bool, true, true}, {"yes", Bool, true, true}, {"Yes", Bool, true, true}, {"YES", Bool, true, true},
	{"on", Bool, true, true}, {"On", Bool, true, true}, {"ON", Bool, true, true},
	{"n", Bool, false, true}, {"N", Bool, false, true}, {"no", Bool, false, true}, {"No", Bool, false, true}, {"NO", Bool, false, true},
	{"off", Bool, false, true}, {"Off", Bool, false, true}, {"OFF", Bool, false, true},
	{".inf", Float, false, false}, {".Inf", Float, false, false}, {".INF", Float, false, false},
	{"+.inf", Float, false, false}, {"+.Inf", Float, false, false}, {"+.INF", Float, false, false},
	{"-.inf", Float, false, false}, {"-.Inf", Float, false, false}, {"-.INF", Float, false, false},
	{".nan", Float, false, false}, {".NaN", Float, false, false}, {".NAN", Float, false, false},
}

// yaml12Int says how YAML 1.2 reads an integer that YAML 1.1 reads in its
// own way: with underscores, as binary, or as octal with a leading zero.
func yaml12Int(text string) string {
	digits := strings.TrimLeft(text, "+-")
	switch {
	case strings.Contains(text, "_"), strings.HasPrefix(digits, "0b"), strings.HasPrefix(digits, "0B"):
		return "the string " + strconv.Quote(text)
	case len(digits) > 1 && digits[0] == '0' && digits[1] >= '0' && digits[1] <= '9':
		return "the decimal number " + strings.TrimLeft(digits, "0")
	}
	return ""
}

// isFloat matches [-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?
func isFloat(s string) bool {
	i := 0
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		i++
	}
	digits := func() int {
		j := i
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		return i - j
	}
	if i < len(s) && s[i] == '.' {
		i++
		if digits() == 0 {
			return false
		}
	} else {
		if digits() == 0 {
			return false
		}
		if i < len(s) && s[i] == '.' {
			i++
			digits()
		}
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		if digits() == 0 {
			return false
		}
	}
	return i == len(s)
}

// applyTag resolves a scalar that carries an explicit tag as go-yaml v2
// (sigs.k8s.io/yaml) does: a core-schema tag converts the value, a local
// tag (!name) makes it a string, other !! tags leave the implicit reading.
// A plain scalar's Text is already its text as read (folded over lines),
// which a string tag keeps. It returns why a core-schema tag cannot read
// the value (!!int abc), which go-yaml cannot decode, or "".
func applyTag(n *Node) string {
	tag := n.Tag
	switch {
	case strings.HasPrefix(tag, "!") && !strings.HasPrefix(tag, "!!"):
		tag = "!"
	case strings.HasPrefix(tag, "!!") && !slices.Contains(knownTags, tag):
		// A tag of the core schema that go-yaml v2 does not know
		// (!!0, !!foo): it reads the value as a string, and so does
		// Kubernetes.
		tag = "!"
	}
	switch tag {
	case "!!str", "tag:yaml.org,2002:str", "!":
		n.Type, n.YAML12, n.Overflow = String, "", false
		return ""
	case "!!int", "!!float", "!!bool", "!!null":
		if n.Style != Plain {
			probe := &Node{}
			resolvePlain(probe, n.Text)
			n.Type, n.Bool, n.Int, n.Overflow = probe.Type, probe.Bool, probe.Int, probe.Overflow
		}
		if coreTags[n.Type] == tag || tag == "!!float" && n.Type == Int {
			return ""
		}
		return "this tag's type cannot read the value after it; kubectl refuses the manifest: remove the tag or change the value"
	}
	return ""
}

// knownTags are the !! tags go-yaml v2 gives a meaning to.
var knownTags = []string{"!!str", "!!int", "!!float", "!!bool", "!!null", "!!binary", "!!timestamp", "!!merge", "!!map", "!!seq", "!!omap", "!!pairs", "!!set", "!!value", "!!yaml"}

// coreTags are the core-schema tags of the types.
var coreTags = [...]string{Null: "!!null", Bool: "!!bool", Int: "!!int", Float: "!!float", String: "!!str"}

// foldPlain reads the text of a plain scalar over lines as YAML does: the
// lines trimmed, one line break between two lines with text becomes a
// space, and each empty line between them a line break. goccy's value of
// such a scalar takes a line of blanks for no line at all.
func foldPlain(s string) string {
	var b strings.Builder
	empty := 0
	for i, line := range strings.Split(s, "\n") {
		line = strings.Trim(line, " \t\r")
		switch {
		case i == 0:
			b.WriteString(line)
		case line == "":
			empty++
		default:
			if empty == 0 {
				b.WriteByte(' ')
			}
			b.WriteString(strings.Repeat("\n", empty))
			b.WriteString(line)
			empty = 0
		}
	}
	return b.String()
}
