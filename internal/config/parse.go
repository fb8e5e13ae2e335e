package config

import (
	"fmt"
	"github.com/mdscheck/mdscheck/core/secret"
	"github.com/mdscheck/mdscheck/core/spelling"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/mdscheck/mdscheck/core/check"
	"github.com/mdscheck/mdscheck/core/document"
)

// A key of the file, with what completion and hover say of it.
type key struct {
	name, doc string
}

// topKeys are the keys of the file, in the order docs/configuration.md
// gives them.
var topKeys = []key{
	{"exclude", "Globs of the files and directories never checked, relative to the directory of this file (`**` matches any number of directories): `[\"legacy/**\", \"vendor\"]`."},
	{"unknownFields", "How members the schema does not know are reported: `error`, `warning` or `off`. The same as `rules: {unknown-field: ...}`."},
	{"rules", "The severity per rule code, `error`, `warning`, `information` or `off`: `{deprecated: off, maximum: warning}`."},
	{"overrides", "Severities for some files: a list of `{files: [GLOB...], rules: {...}, unknownFields: ...}`. An override applies over `rules`, and a later one over an earlier one."},
}

// overrideKeys are the keys of an override.
var overrideKeys = []key{
	{"files", "Globs of the files this override applies to, relative to the directory of this file: `[\"staging/**\"]`."},
	{"rules", topKeys[2].doc},
	{"unknownFields", topKeys[1].doc},
}

// levelDocs say what each level does, for completion and hover.
var levelDocs = []key{
	{"error", "Reported as an error: `mdscheck validate` exits 1."},
	{"warning", "Reported as a warning: `mdscheck validate` exits 1 only with `--strict`."},
	{"information", "Reported as information: shown, never a failure."},
	{"off", "Not reported."},
}

// unknownFieldLevels are the values of unknownFields.
var unknownFieldLevels = []string{"error", "warning", "off"}

// Parse reads the configuration file at path (its directory is what its
// globs are relative to) from src. It always returns a Config: the parts
// that are right apply, and Problems say what is wrong with the rest.
func Parse(path, src string) *Config {
	dir, err := filepath.Abs(filepath.Dir(path))
	if err != nil {
		dir = filepath.Dir(path)
	}
	c := &Config{Path: path, Dir: dir, Src: src, Rules: map[string]Level{}}
	defer hideSecrets(c)
	p := &parser{c: c}
	var root *document.Node
	for _, d := range document.ParseStream(src, document.DefaultLimits).Docs {
		switch {
		case d.Err != nil:
			p.add(d.Err.Start, d.Err.End, d.Err.Message, "")
		case d.Root == nil || d.Root.IsNull():
		case root != nil:
			p.add(d.Root.Start, d.Root.End, "a configuration is one YAML document; this second one is ignored", "")
		default:
			root = d.Root
			for _, dup := range d.Duplicates {
				p.add(dup.Start, dup.End, fmt.Sprintf("%s appears twice in this mapping; the last one counts, so keep one", quote(dup.Text)), "")
			}
		}
	}
	if root == nil {
		return c
	}
	if root.Kind != document.Mapping {
		p.add(root.Start, root.End, "a configuration is a mapping of exclude, unknownFields, rules and overrides, not "+root.Describe(), "")
		return c
	}
	var unknown *document.Pair
	for i := range root.Pairs {
		kv := &root.Pairs[i]
		switch kv.Key.Text {
		case "exclude":
			c.Exclude = p.globs(kv)
		case "unknownFields":
			unknown = kv
		case "rules":
			c.Rules = p.rules(kv.Value)
		case "overrides":
			c.Overrides = p.overrides(kv.Value)
		default:
			p.unknownKey(kv.Key, topKeys)
		}
	}
	p.unknownFields(unknown, c.Rules)
	return c
}

// hideSecrets takes out of c's problems what the file may hold as a
// secret's value: the problems quote values as written, and a value under
// a secret member's name (rules: {client_secret: S}), or a manifest named
// as the configuration by mistake, may be one.
func hideSecrets(c *Config) {
	if len(c.Problems) == 0 {
		return
	}
	var g secret.Gate
	for _, sp := range secret.Guess(c.Src, 0, len(c.Src)) {
		g.AddRaw(c.Src[sp.Start:sp.End])
	}
	for i := range c.Problems {
		c.Problems[i].Message = g.Clean(c.Problems[i].Message)
	}
}

// parser collects the problems of one file.
type parser struct {
	c *Config
}

func (p *parser) add(start, end int, msg, replace string) {
	p.c.Problems = append(p.c.Problems, Problem{Start: start, End: end, Message: msg, Replace: replace})
}

// unknownKey reports a key that keys does not hold.
func (p *parser) unknownKey(k *document.Node, keys []key) {
	names := make([]string, len(keys))
	for i, x := range keys {
		names[i] = x.name
	}
	if s := nearest(k.Text, names); s != "" {
		p.add(k.Start, k.End, fmt.Sprintf("unknown key %s; did you mean %q?", quote(k.Text), s), s)
		return
	}
	p.add(k.Start, k.End, fmt.Sprintf("unknown key %s; the keys here are %s", quote(k.Text), list(names, "and")), "")
}

// globs reads a list of globs.
func (p *parser) globs(kv *document.Pair) []string {
	n := kv.Value
	if n.IsNull() {
		return nil
	}
	if n.Kind != document.Sequence {
		p.add(n.Start, n.End, fmt.Sprintf("%s is a list of globs, such as [\"legacy/**\"], not %s", kv.Key.Text, n.Describe()), "")
		return nil
	}
	var out []string
	for _, it := range n.Items {
		if it.Kind != document.Scalar || it.Type != document.String {
			p.add(it.Start, it.End, "a glob is a string, not "+it.Describe(), "")
			continue
		}
		g, msg := cleanGlob(it.Text)
		if msg != "" {
			p.add(it.Start, it.End, fmt.Sprintf("glob %s: %s", quote(it.Text), msg), "")
			continue
		}
		out = append(out, g)
	}
	return out
}

// rules reads a mapping of rule codes to levels.
func (p *parser) rules(n *document.Node) map[string]Level {
	out := map[string]Level{}
	if n.IsNull() {
		return out
	}
	if n.Kind != document.Mapping {
		p.add(n.Start, n.End, "rules is a mapping of rule codes to severities, such as {deprecated: off}, not "+n.Describe(), "")
		return out
	}
	codes := make([]string, len(check.Rules))
	for i, r := range check.Rules {
		codes[i] = r.Code
	}
	for _, kv := range n.Pairs {
		code := kv.Key.Text
		known := check.LookupRule(code) != nil
		if !known {
			if s := nearest(code, codes); s != "" {
				p.add(kv.Key.Start, kv.Key.End, fmt.Sprintf("unknown rule code %s; did you mean %q?", quote(code), s), s)
			} else {
				p.add(kv.Key.Start, kv.Key.End, fmt.Sprintf("unknown rule code %s; `mdscheck explain RULE` and docs/rules.md list them", quote(code)), "")
			}
		}
		l, ok := p.level(&kv, levelNames[1:], "the severity of "+code)
		if known && ok {
			out[code] = l
		}
	}
	return out
}

// level reads one of names, the value of kv.
func (p *parser) level(kv *document.Pair, names []string, what string) (Level, bool) {
	n := kv.Value
	if n.Kind == document.Scalar && !n.IsNull() {
		// Text is the value as written: a plain off is the word, not the
		// boolean that YAML 1.1 makes of it.
		for _, name := range names {
			if n.Text == name {
				l, _ := ParseLevel(name)
				return l, true
			}
		}
	}
	msg := fmt.Sprintf("%s is %s, not %s", what, list(names, "or"), n.Describe())
	if n.Kind == document.Scalar && !n.IsNull() {
		msg = fmt.Sprintf("%s is %s, not %s", what, list(names, "or"), quote(n.Text))
		if s := nearest(n.Text, names); s != "" {
			p.add(n.Start, n.End, msg+fmt.Sprintf("; did you mean %q?", s), s)
			return Unset, false
		}
	}
	if n.Start == n.End {
		n = kv.Key // an empty value: show where it is missing
	}
	p.add(n.Start, n.End, msg, "")
	return Unset, false
}

// unknownFields reads the unknownFields key into rules, where it means
// what rules' unknown-field does; the two together are a mistake.
func (p *parser) unknownFields(kv *document.Pair, rules map[string]Level) {
	if kv == nil {
		return
	}
	l, ok := p.level(kv, unknownFieldLevels, "unknownFields")
	if !ok {
		return
	}
	if _, both := rules["unknown-field"]; both {
		p.add(kv.Key.Start, kv.Key.End, "unknownFields and rules' unknown-field both set the severity of unknown fields; keep one", "")
		return
	}
	rules["unknown-field"] = l
}

// overrides reads the list of overrides.
func (p *parser) overrides(n *document.Node) []Override {
	if n.IsNull() {
		return nil
	}
	if n.Kind != document.Sequence {
		p.add(n.Start, n.End, "overrides is a list of {files: [...], rules: {...}}, not "+n.Describe(), "")
		return nil
	}
	var out []Override
	for _, it := range n.Items {
		if it.Kind != document.Mapping {
			p.add(it.Start, it.End, "an override is a mapping {files: [...], rules: {...}}, not "+it.Describe(), "")
			continue
		}
		o := Override{Rules: map[string]Level{}}
		var files, unknown *document.Pair
		for i := range it.Pairs {
			kv := &it.Pairs[i]
			switch kv.Key.Text {
			case "files":
				files = kv
				o.Files = p.globs(kv)
			case "rules":
				o.Rules = p.rules(kv.Value)
			case "unknownFields":
				unknown = kv
			default:
				p.unknownKey(kv.Key, overrideKeys)
			}
		}
		p.unknownFields(unknown, o.Rules)
		if files == nil || files.Value.IsNull() {
			// Start of the mapping: an override for every file would be
			// rules under another name, so it is surely a slip.
			p.add(it.Start, it.Start+len(firstLine(p.c.Src[it.Start:])), "an override needs files: the globs of the files it applies to", "")
			continue
		}
		out = append(out, o)
	}
	return out
}

// nearest returns the name that typed most likely misspells or abbreviates
// ("warn" for "warning"), or "".
func nearest(typed string, names []string) string {
	best, bestDist := "", 0
	for _, n := range names {
		d, ok := spelling.Closeness(typed, n)
		if !ok && len(typed) >= 3 && strings.HasPrefix(n, strings.ToLower(typed)) {
			d, ok = len(n)-len(typed), true
		}
		if ok && (best == "" || d < bestDist) {
			best, bestDist = n, d
		}
	}
	return best
}

// list words names as a list: "a, b or c".
func list(names []string, and string) string {
	if len(names) == 1 {
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " " + and + " " + names[len(names)-1]
}

// quote quotes a name from the file for a message, cut short when long.
func quote(s string) string {
	if len(s) > 64 {
		s = s[:64] + "..."
	}
	return strconv.Quote(s)
}

func firstLine(s string) string {
	if i := strings.IndexAny(s, "\r\n"); i >= 0 {
		return s[:i]
	}
	return s
}
