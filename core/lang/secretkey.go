package lang

import "github.com/mdscheck/mdscheck/core/text"

// SecretKey is a key of a Secret being written as the value of a
// workload's secretKeyRef (env[].valueFrom.secretKeyRef.key): what an
// editor completes with the keys that the Secret's writer writes.
type SecretKey struct {
	// Secret is the secretKeyRef's name, the Secret read; "" when it is
	// not written (yet).
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
	if c.onKey != "key" || len(c.path) == 0 || c.path[len(c.path)-1] != "secretKeyRef" {
		return k, false
	}
	ls := v.idx.LineStart(v.idx.LineOf(offset))
	c.eachSibling(v.src, ls, func(l line) {
		if l.key == "name" && l.hasValue {
			k.Secret = scalarOf(v.src, l)
		}
	})
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
