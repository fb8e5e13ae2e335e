package lang

import (
	"strconv"
	"strings"

	"github.com/mdscheck/mdscheck/core/document"
	"github.com/mdscheck/mdscheck/core/schema"
	"github.com/mdscheck/mdscheck/core/text"
)

// Complete returns what may be written at pos in src: the members not yet
// present in the mapping at the cursor (required first), or the values of
// the member whose value is being written. It reads the text around the
// cursor loosely and works on text that does not parse.
//
// Each item's edit replaces the whole word at the cursor, the part after
// the cursor too: completing "clo|udName: x" gives "cloudName: x", not
// "cloudName: udName: x". Its range starts where the word starts, so a
// client that would rather insert than replace (LSP's InsertReplaceEdit)
// has the insert range from that start to the cursor. A key whose colon
// is already written gets its name alone, without ": " or a snippet.
func Complete(src string, pos text.Position, enc text.Encoding) []CompletionItem {
	v, offset := viewAt(src, pos, enc)
	if v == nil {
		return nil
	}
	c := readCursor(v.src, offset)
	if !c.ours {
		return nil
	}
	end := offset
	for end < len(v.src) && isWordByte(v.src[end]) {
		end++
	}
	replace := v.rng(c.wordAt, end)
	if c.onKey != "" {
		return c.values(replace)
	}
	// "key:" after the word: the key is written, only its name changes.
	keyed := strings.HasPrefix(v.src[end:], ":") && (end+1 == len(v.src) || strings.ContainsRune(" \t\r\n", rune(v.src[end+1])))
	if len(c.path) == 0 && c.indent == 0 {
		if c.kind == nil {
			return c.envelopeKeys(replace, keyed)
		}
	}
	if c.kind == nil {
		return nil
	}
	s := schemaAt(c.kind.Manifest, c.path)
	if s == nil || s.Type != schema.Object || s.Free {
		return nil
	}
	items := make([]CompletionItem, 0, len(s.Properties))
	for _, p := range s.Properties {
		if c.present[p.Name] && p.Name != c.word {
			continue
		}
		items = append(items, keyItem(p, c.indent, replace, keyed))
	}
	return items
}

// envelopeKeys offers apiVersion and kind in a document that has no kind
// yet; keyed when the key's colon is written already.
func (c *cursor) envelopeKeys(replace text.Range, keyed bool) []CompletionItem {
	var items []CompletionItem
	if !c.present["apiVersion"] {
		it := CompletionItem{Label: "apiVersion", Kind: KindProperty, Detail: "string (required)",
			SortText: "0_apiVersion", TextEdit: &TextEdit{Range: replace, NewText: "apiVersion: " + schema.APIVersion}}
		if keyed {
			it.TextEdit.NewText = "apiVersion"
		}
		items = append(items, it)
	}
	if !c.present["kind"] && keyed {
		items = append(items, CompletionItem{Label: "kind", Kind: KindProperty, Detail: "string (required)",
			SortText: "1_kind", TextEdit: &TextEdit{Range: replace, NewText: "kind"}})
	} else if !c.present["kind"] {
		for _, k := range schema.Names() {
			items = append(items, CompletionItem{Label: "kind: " + k, FilterText: "kind", Kind: KindStruct,
				Detail: article(k) + " " + k + " manifest", SortText: "1_" + k, InsertTextFormat: Snippet,
				TextEdit: &TextEdit{Range: replace, NewText: manifestSnippet(k)}})
		}
	}
	return items
}

// manifestSnippet is a whole manifest skeleton with the required members
// the kind's schema states, after the kind (apiVersion is written before
// it); the last tab stop is in spec, which sorts last.
func manifestSnippet(kind string) string {
	m := schema.Lookup(kind).Manifest
	snippet, n := "kind: "+kind, 1
	for _, name := range m.Required() {
		if name != "apiVersion" && name != "kind" {
			snippet += "\n" + name + ":" + snippetMembers(m.Property(name).Schema, "  ", &n)
		}
	}
	return snippet + "\n  $0"
}

// keyItem offers one member as a key; keyed when the key's colon is
// written already.
func keyItem(p *schema.Property, indent int, replace text.Range, keyed bool) CompletionItem {
	detail := schema.TypeName(p.Schema)
	sortKey := "1_" + p.Name
	if p.Required {
		detail += " (required)"
		sortKey = "0_" + p.Name
	}
	if p.Deprecated != "" {
		detail += " (deprecated)"
		sortKey = "2_" + p.Name
	}
	doc := firstSentence(p.Description)
	if doc != "" {
		detail += " · " + doc
	}
	it := CompletionItem{
		Label:         p.Name,
		Kind:          KindProperty,
		Detail:        detail,
		Documentation: &Markup{Kind: "markdown", Value: schema.DescribeMember(p.Name, p.Schema, p.Required)},
		SortText:      sortKey,
		TextEdit:      &TextEdit{Range: replace, NewText: p.Name + ": "},
	}
	if p.Deprecated != "" {
		it.Tags = []int{1}
	}
	if keyed {
		it.TextEdit.NewText = p.Name
		return it
	}
	pad := strings.Repeat(" ", indent)
	n := 1
	switch {
	case p.Type == schema.Object && len(p.Schema.Required()) > 0:
		it.InsertTextFormat = Snippet
		it.TextEdit.NewText = p.Name + ":" + snippetMembers(p.Schema, pad+"  ", &n)
	case p.Type == schema.Object || p.Type == schema.StringMap:
		it.InsertTextFormat = Snippet
		it.TextEdit.NewText = p.Name + ":\n" + pad + "  $0"
	case p.Type == schema.Array && p.Items != nil && p.Items.Type == schema.Object:
		it.InsertTextFormat = Snippet
		first := "$0"
		if len(p.Items.Required()) > 0 {
			first = strings.TrimPrefix(snippetMembers(p.Items, pad+"    ", &n), "\n"+pad+"    ")
		}
		it.TextEdit.NewText = p.Name + ":\n" + pad + "  - " + first
	case p.Type == schema.Array:
		it.InsertTextFormat = Snippet
		it.TextEdit.NewText = p.Name + ":\n" + pad + "  - $0"
	case len(p.Enum) > 0:
		it.InsertTextFormat = Snippet
		vals := make([]string, len(p.Enum))
		for i, e := range p.Enum {
			vals[i] = snippetEscape(valueText(p.Schema, e))
		}
		it.TextEdit.NewText = p.Name + ": ${1|" + strings.Join(vals, ",") + "|}"
	case p.Type == schema.Boolean:
		it.InsertTextFormat = Snippet
		it.TextEdit.NewText = p.Name + ": ${1|true,false|}"
	}
	return it
}

// snippetMembers writes the required members of an object as snippet
// lines, each with a tab stop, which holds the member's first allowed
// value, its default or its example where the schema gives one, and its
// name otherwise.
func snippetMembers(s *schema.Schema, pad string, n *int) string {
	var b strings.Builder
	for _, name := range s.Required() {
		p := s.Property(name)
		b.WriteString("\n" + pad + name + ":")
		stop := strconv.Itoa(*n)
		v := p.Default
		if len(p.Enum) > 0 {
			v = p.Enum[0]
		} else if v == "" {
			v = p.Example
		}
		switch {
		case p.Type == schema.Object && len(p.Schema.Required()) > 0:
			b.WriteString(snippetMembers(p.Schema, pad+"  ", n))
			continue
		case p.Type == schema.Boolean:
			b.WriteString(" ${" + stop + "|true,false|}")
		case p.Type == schema.Array:
			b.WriteString("\n" + pad + "  - $" + stop)
		case v != "":
			b.WriteString(" ${" + stop + ":" + snippetEscape(valueText(p.Schema, v)) + "}")
		default: // the member's name says what to write
			b.WriteString(" ${" + stop + ":" + snippetEscape(name) + "}")
		}
		*n++
	}
	return b.String()
}

// snippetEscape escapes the characters a snippet gives a meaning to. A
// loop, not a strings.Replacer: the Replacer's code is 20 KB of the
// WebAssembly module, for a handful of short texts.
func snippetEscape(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\\', '$', '}', ',', '|':
			b.WriteByte('\\')
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// valueText writes an allowed value so that YAML reads it with the
// member's type: string enums that look like numbers or booleans are
// quoted ("2", "3.8").
func valueText(s *schema.Schema, v string) string {
	if s.Type != schema.String {
		return v
	}
	return document.Quote(v)
}

// values offers the values of the member on the cursor's line.
func (c *cursor) values(replace text.Range) []CompletionItem {
	if c.indent == 0 && len(c.path) == 0 {
		switch c.onKey {
		case "apiVersion":
			return []CompletionItem{{Label: schema.APIVersion, Kind: KindValue, TextEdit: &TextEdit{Range: replace, NewText: schema.APIVersion}}}
		case "kind":
			var out []CompletionItem
			for _, k := range schema.Names() {
				out = append(out, CompletionItem{Label: k, Kind: KindEnum, Detail: "kind", TextEdit: &TextEdit{Range: replace, NewText: k}})
			}
			return out
		}
	}
	if c.kind == nil {
		return nil
	}
	parent := schemaAt(c.kind.Manifest, c.path)
	p := parent.Property(c.onKey)
	if p == nil {
		return nil
	}
	var out []CompletionItem
	add := func(label, detail string, i int) {
		it := CompletionItem{Label: label, Kind: KindEnum, Detail: detail, SortText: strconv.Itoa(1000 + i),
			TextEdit: &TextEdit{Range: replace, NewText: label}}
		if strings.HasPrefix(label, `"`) {
			it.FilterText = strings.Trim(label, `"`)
		}
		out = append(out, it)
	}
	switch {
	case len(p.Enum) > 0:
		for i, e := range p.Enum {
			d := p.Type.String()
			if e == p.Default {
				d += " (default)"
			}
			add(valueText(p.Schema, e), d, i)
		}
	case p.Type == schema.Boolean:
		for i, v := range []string{"true", "false"} {
			d := "boolean"
			if v == p.Default {
				d += " (default)"
			}
			add(v, d, i)
		}
	case p.Default != "":
		add(valueText(p.Schema, p.Default), "default", 0)
	}
	return out
}

// firstSentence is the first sentence of a description, for one-line details.
func firstSentence(s string) string {
	if i := strings.Index(s, ". "); i >= 0 {
		return s[:i+1]
	}
	return s
}

// article is "an" before a word that starts with a vowel, else "a".
func article(word string) string {
	if word != "" && strings.IndexByte("AEIOUaeiou", word[0]) >= 0 {
		return "an"
	}
	return "a"
}
