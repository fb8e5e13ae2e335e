package lang

import (
	"github.com/mdscheck/mdscheck/core/text"
	"strings"

	"github.com/mdscheck/mdscheck/core/schema"
)

// cursor is what the text around a position says, read from indentation
// and the keys above it, so that it works while the text does not parse
// (the common case while typing).
type cursor struct {
	kind *schema.Kind // nil when the document declares none of ours
	ours bool         // apiVersion is ours (or not yet written)

	path    []string // keys from the root to the mapping the cursor is in; "[]" steps into list items
	indent  int      // the column of keys in that mapping
	onKey   string   // key: value lines: the key before the cursor (value position)
	word    string   // the partial word before the cursor
	wordAt  int      // offset where word starts
	present map[string]bool
}

// line is one line of a document, read loosely.
type line struct {
	start    int    // offset of the line
	indent   int    // column of the first non-blank character
	dash     bool   // the line starts with "- "
	keyCol   int    // column of the key (after "- " when dash)
	key      string // the key, "" when the line holds none
	hasValue bool   // something follows "key:" on the line
	blank    bool   // blank or comment only
}

func readLine(src string, start, end int) line {
	s := src[start:end]
	s = strings.TrimRight(s, "\r")
	l := line{start: start}
	i := 0
	for i < len(s) && s[i] == ' ' {
		i++
	}
	l.indent, l.keyCol = i, i
	rest := s[i:]
	if rest == "" || rest[0] == '#' {
		l.blank = true
		return l
	}
	if rest == "-" || strings.HasPrefix(rest, "- ") {
		l.dash = true
		j := 1
		for j < len(rest) && rest[j] == ' ' {
			j++
		}
		i += j
		rest = rest[j:]
	}
	l.keyCol = i
	key, after, ok := splitKey(rest)
	if ok {
		l.key = key
		after = strings.TrimSpace(after)
		l.hasValue = after != "" && after[0] != '#'
		if l.hasValue && (after[0] == '&' || after[0] == '!') && !strings.ContainsAny(after, " \t") {
			l.hasValue = false // only an anchor or a tag: the value follows below
		}
	}
	return l
}

// splitKey reads `key: rest`, `"key": rest` or `key:` at the end.
func splitKey(s string) (key, rest string, ok bool) {
	if s == "" {
		return "", "", false
	}
	if s[0] == '"' || s[0] == '\'' {
		q := s[0]
		end := strings.IndexByte(s[1:], q)
		if end < 0 {
			return "", "", false
		}
		key = s[1 : end+1]
		s = s[end+2:]
		if strings.HasPrefix(s, ":") && (len(s) == 1 || s[1] == ' ' || s[1] == '\t') {
			return key, s[1:], true
		}
		return "", "", false
	}
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case ':':
			if i+1 == len(s) || s[i+1] == ' ' || s[i+1] == '\t' {
				k := strings.TrimSpace(s[:i])
				if k == "" || strings.ContainsAny(k[:1], "[{#&*!|>'\"%@`") {
					return "", "", false
				}
				return k, s[i+1:], true
			}
		case ' ':
			if i+1 < len(s) && s[i+1] == '#' {
				return "", "", false
			}
		}
	}
	return "", "", false
}

// nextLine returns the start of the line after the one that starts at
// ls, or -1 when that is the last. A text that ends with a line break
// ends with an empty line.
func nextLine(src string, ls int) int {
	if e := text.LineEnd(src, ls); e < len(src) {
		return e + 1
	}
	return -1
}

// lineAt reads the line that starts at ls.
func lineAt(src string, ls int) line { return readLine(src, ls, text.LineEnd(src, ls)) }

// readCursor reads the context of offset in src, the text of one document
// (a view's). It walks the lines from the cursor's as far as it must and
// keeps none: a document of four million blank lines, within the limits,
// would otherwise cost some 300 MB of lines for one completion.
func readCursor(src string, offset int) *cursor {
	offset = min(max(offset, 0), len(src))
	c := &cursor{present: map[string]bool{}}
	// The envelope, from keys at column 0.
	c.ours = true
	for ls := 0; ls >= 0; ls = nextLine(src, ls) {
		l := lineAt(src, ls)
		if l.indent != 0 || l.dash || l.key == "" {
			continue
		}
		v := scalarOf(src, l)
		switch l.key {
		case "kind":
			c.kind = schema.Lookup(v)
		case "apiVersion":
			c.ours = v == schema.APIVersion || v == ""
		}
	}

	// The current line up to the cursor.
	ls := text.LineStart(src, offset)
	before := src[ls:offset]
	w := len(before)
	for w > 0 && isWordByte(before[w-1]) {
		w--
	}
	c.word, c.wordAt = before[w:], ls+w
	here := readLine(src, ls, offset)
	col := offset - ls
	c.indent = here.keyCol
	if here.key != "" && col > here.keyCol+len(here.key) {
		c.onKey = here.key // after "key:": a value is wanted
	}
	// A line that starts a list item ("- ") holds the first key of the item.
	itemAt := -1
	if here.dash {
		itemAt = here.indent
	}
	c.path = c.parents(src, ls, c.indent, itemAt)
	c.siblings(src, ls)
	return c
}

// siblings records the keys already present in the cursor's mapping,
// walking out from the cursor's line, which starts at cur, until the
// mapping ends: above, at a line indented less or at the "- " that starts
// the list item; below, at a line indented less or at the next item.
// Linear in the document's lines.
func (c *cursor) siblings(src string, cur int) {
	c.eachSibling(src, cur, func(l line) { c.present[l.key] = true })
}

// eachSibling calls fn with the line of each key of the cursor's mapping
// but the cursor's own line, which starts at cur: the mapping's bounds
// are those siblings describes.
func (c *cursor) eachSibling(src string, cur int, fn func(line)) {
	ends := func(l line) bool { return l.indent < c.indent && !(l.dash && l.keyCol == c.indent) }
	for ls := cur; ls > 0; {
		ls = text.LineStart(src, ls-1)
		l := lineAt(src, ls)
		if l.blank {
			continue
		}
		if ends(l) {
			break
		}
		if l.key != "" && l.keyCol == c.indent {
			fn(l)
		}
		if l.dash && l.keyCol == c.indent {
			break // the first key of this list item
		}
	}
	for ls := nextLine(src, cur); ls >= 0; ls = nextLine(src, ls) {
		l := lineAt(src, ls)
		if l.blank {
			continue
		}
		if ends(l) || l.dash && l.keyCol == c.indent {
			break
		}
		if l.key != "" && l.keyCol == c.indent {
			fn(l)
		}
	}
}

// scalarOf returns the value written after the key of l, a line of src,
// read loosely: without a comment after it and without its quotes.
func scalarOf(src string, l line) string {
	_, v, _ := splitKey(src[l.start+l.keyCol : text.LineEnd(src, l.start)])
	if i := strings.Index(v, " #"); i >= 0 {
		v = v[:i]
	}
	return strings.Trim(strings.TrimSpace(v), `"'`)
}

func isWordByte(b byte) bool {
	return b == '_' || b == '-' || b == '.' || b >= '0' && b <= '9' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z'
}

// parents walks up from the line that starts at cur and returns the keys
// of the mappings that enclose a key at column indent. itemAt is the dash
// column when the cursor's own line starts a list item.
func (c *cursor) parents(src string, cur, indent, itemAt int) []string {
	var rev []string
	if itemAt >= 0 {
		rev = append(rev, "[]")
		indent = itemAt
	}
	for ls := cur; ls > 0 && indent > 0; {
		ls = text.LineStart(src, ls-1)
		l := lineAt(src, ls)
		if l.blank {
			continue
		}
		if l.dash && l.keyCol == indent && itemAt < 0 {
			// A sibling key that starts the same list item: we are in an item.
			rev = append(rev, "[]")
			indent = l.indent
			itemAt = l.indent
			continue
		}
		if l.dash && l.indent < indent {
			rev = append(rev, "[]")
			indent = l.indent
			continue
		}
		if l.key != "" && l.keyCol < indent && !l.hasValue {
			rev = append(rev, l.key)
			indent = l.keyCol
			continue
		}
		if l.key != "" && l.keyCol == indent && len(rev) > 0 && rev[len(rev)-1] == "[]" && !l.hasValue {
			// "key:\n- item": the list sits at the key's own column.
			rev = append(rev, l.key)
			continue
		}
		if l.indent < indent && !l.dash {
			break // a line that is not a parent key: the block ends
		}
	}
	out := make([]string, len(rev))
	for i := range rev {
		out[i] = rev[len(rev)-1-i]
	}
	return out
}

// schemaAt resolves a path of keys in the kind's manifest schema.
func schemaAt(root *schema.Schema, path []string) *schema.Schema {
	s := root
	for _, k := range path {
		if s == nil {
			return nil
		}
		if k == "[]" {
			if s.Type != schema.Array {
				return nil
			}
			s = s.Items
			continue
		}
		if s.Type == schema.Array {
			s = s.Items
		}
		p := s.Property(k)
		if p == nil {
			return nil
		}
		s = p.Schema
	}
	return s
}
