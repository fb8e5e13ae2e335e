package lang

import "github.com/mdscheck/mdscheck/core/text"

// SecretKey is a key of a Secret being written as the value of a
// workload's secretKeyRef (env[].valueFrom.secretKeyRef.key) or of an
// item of a Secret volume (volumes[].secret.items[].key): what an editor
// completes with the keys that the Secret's writer writes.
type SecretKey struct {
	// Secret is the secretKeyRef's name or the volume's secretName, the
	// Secret read; "" when it is not written (yet).
	Secret string
	// Namespace is the document's metadata.namespace, "" when it names
	// none: where the Secret is looked for.
	Namespace string
	// Typed is the key as written up to the cursor; Range is the whole
	// word at the cursor, which a completion replaces.
	Typed string
	Range text.Range
}

// SecretKeyAt returns the secretKeyRef key whose value is written at pos
// in src, in a document of any kind; ok is false anywhere else. Like
// Complete, it reads the cursor's document loosely, from indentation, so
// that it works while the key is typed and the text does not parse.
func SecretKeyAt(src string, pos text.Position, enc text.Encoding) (k SecretKey, ok bool) {
	v, offset := viewAt(src, pos, enc)
	if v == nil {
		return k, false
	}
	c := readCursor(v.src, offset)
	if c.onKey != "key" {
		return k, false
	}
	ls := v.idx.LineStart(v.idx.LineOf(offset))
	// The Secret's name is a sibling of the key in a secretKeyRef, and of
	// the items list in a volume's secret.
	switch p := c.path; {
	case len(p) > 0 && p[len(p)-1] == "secretKeyRef":
		k.Secret = c.siblingValue(v.src, ls, "name")
	case len(p) >= 5 && p[len(p)-5] == "volumes" && p[len(p)-4] == "[]" && p[len(p)-3] == "secret" &&
		p[len(p)-2] == "items" && p[len(p)-1] == "[]":
		if items, ok := c.parentLine(v.src, ls); ok {
			parent := cursor{indent: lineAt(v.src, items).keyCol}
			k.Secret = parent.siblingValue(v.src, items, "secretName")
		}
	default:
		return k, false
	}
	end := offset
	for end < len(v.src) && isWordByte(v.src[end]) {
		end++
	}
	k.Namespace = namespaceOf(v.src)
	k.Typed, k.Range = c.word, v.rng(c.wordAt, end)
	return k, true
}

// namespaceOf returns the metadata.namespace of src, a document, read
// loosely: the first key of metadata's block, at the column of its
// members, that is called namespace.
func namespaceOf(src string) string {
	in, col := false, -1
	for ls := 0; ls >= 0; ls = nextLine(src, ls) {
		l := lineAt(src, ls)
		switch {
		case l.blank:
		case l.indent == 0:
			if in {
				return "" // metadata ended without one
			}
			in = l.key == "metadata" && !l.dash && !l.hasValue
		case in:
			if col < 0 {
				col = l.keyCol // the column of metadata's members
			}
			if l.keyCol == col && !l.dash && l.key == "namespace" {
				return scalarOf(src, l)
			}
		}
	}
	return ""
}

// siblingValue returns the value of the key called key in the cursor's
// mapping, read from the line that starts at cur outwards, "" when the
// mapping has none or the key has no value on its line.
func (c *cursor) siblingValue(src string, cur int, key string) string {
	out := ""
	c.eachSibling(src, cur, func(l line) {
		if l.key == key && l.hasValue {
			out = scalarOf(src, l)
		}
	})
	return out
}

// parentLine returns the start of the line of the key that holds the
// cursor's mapping, the cursor's line starting at cur: the first line
// above indented less that does not start an item of that mapping's list.
func (c *cursor) parentLine(src string, cur int) (int, bool) {
	for ls := cur; ls > 0; {
		ls = text.LineStart(src, ls-1)
		l := lineAt(src, ls)
		if l.blank || l.indent >= c.indent || l.dash && l.keyCol == c.indent {
			continue
		}
		return ls, l.key != ""
	}
	return 0, false
}
