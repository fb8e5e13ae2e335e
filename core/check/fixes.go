package check

import (
	"strings"

	"github.com/mdscheck/mdscheck/core/document"
	"github.com/mdscheck/mdscheck/core/schema"
	"github.com/mdscheck/mdscheck/core/text"
)

func (c *checker) replaceFix(n *document.Node, text, title string) Fix {
	return Fix{Title: title, Edits: []Edit{{Start: n.Start, End: n.End, NewText: text}}}
}

// removeFix deletes the block entry whose key is key: its lines, from the
// start of the key's line to the end of its value's last line. Entries of
// flow mappings are left alone (no fix).
func (c *checker) removeFix(key *document.Node) (Fix, bool) {
	if key.Alias {
		return Fix{}, false
	}
	start := text.LineStart(c.src, key.Start)
	if strings.TrimSpace(c.src[start:key.Start]) != "" {
		return Fix{}, false
	}
	// The entry ends where the next line at the key's indentation or less starts.
	indent := key.Start - start
	pos := text.LineBreak(c.src, key.End)
	for pos < len(c.src) {
		next := pos + 1
		if c.src[pos] == '\r' {
			next++
		}
		if next > len(c.src) {
			break
		}
		line := c.src[next:text.LineBreak(c.src, next)]
		t := strings.TrimLeft(line, " ")
		if t != "" && t[0] != '#' && len(line)-len(t) <= indent {
			break
		}
		if next >= c.doc.End {
			break
		}
		pos = text.LineBreak(c.src, next)
	}
	end := pos
	if end < len(c.src) {
		end++ // the line break
		if c.src[end-1] == '\r' && end < len(c.src) {
			end++
		}
	}
	return Fix{Title: "Remove " + key.Text, Edits: []Edit{{Start: start, End: end}}}, true
}

// addMemberFix inserts a missing required member into a block mapping,
// after its last entry, with a placeholder of the right type.
func (c *checker) addMemberFix(n *document.Node, prop *schema.Property) []Fix {
	if len(n.Pairs) == 0 || n.Pairs[0].Key.Alias {
		return nil
	}
	first := n.Pairs[0].Key
	lineStart := text.LineStart(c.src, first.Start)
	prefix := c.src[lineStart:first.Start]
	indent := strings.Repeat(" ", len(prefix))
	if strings.TrimLeft(prefix, " -") != "" {
		return nil // a flow mapping
	}
	last := n.Pairs[len(n.Pairs)-1]
	if last.Merged {
		return nil
	}
	pos := c.entryEnd(last.Key, last.Value)
	return []Fix{{Title: "Add required member " + prop.Name, Edits: []Edit{{Start: pos, End: pos,
		NewText: "\n" + indent + prop.Name + ":" + placeholder(prop.Schema, indent+"  ")}}}}
}

// entryEnd is the end of the last line of a block entry (before its line break).
func (c *checker) entryEnd(key, value *document.Node) int {
	end := max(key.End, value.End)
	return text.LineBreak(c.src, max(end-1, key.Start))
}

// placeholder is a value of the right type to fill in.
func placeholder(s *schema.Schema, indent string) string {
	if len(s.Enum) > 0 {
		return " " + document.Quote(s.Enum[0])
	}
	switch s.Type {
	case schema.String:
		return ` ""`
	case schema.Integer, schema.Number:
		if s.Minimum != "" {
			return " " + s.Minimum
		}
		return " 0"
	case schema.Boolean:
		return " false"
	case schema.Array:
		return " []"
	case schema.StringMap:
		return " {}"
	case schema.Object:
		var b strings.Builder
		for _, p := range s.Properties {
			if p.Required {
				b.WriteString("\n" + indent + p.Name + ":" + placeholder(p.Schema, indent+"  "))
			}
		}
		if b.Len() == 0 {
			return " {}"
		}
		return b.String()
	}
	return ` ""`
}
