package lang

import (
	"github.com/mdscheck/mdscheck/core/document"
	"github.com/mdscheck/mdscheck/core/schema"
	"github.com/mdscheck/mdscheck/core/secret"
	"github.com/mdscheck/mdscheck/core/text"
)

// Symbols returns an outline of every document of src: kind and name,
// then the top-level members and the sections of spec.
func Symbols(src string, enc text.Encoding) []Symbol {
	idx := text.NewIndex(src)
	var out []Symbol
	for i, sp := range document.Split(src) {
		d := document.Parse(src, sp, i, document.DefaultLimits)
		r := idx.Range(sp.Start, sp.End, enc)
		name := "document " + itoa(i)
		kind := SymbolModule
		var secrets secret.Values
		if d.Root != nil && d.Root.Kind == document.Mapping {
			k := d.Root.Get("kind").String()
			nn := d.Root.Get("metadata").Get("name")
			n := nn.String()
			if sk := schema.Lookup(k); sk != nil {
				secrets = secret.Find(sk, d)
			}
			if secrets.Has(nn) {
				n = "" // the name is also a secret's value
			}
			if k != "" {
				name = k
				kind = SymbolClass
				if n != "" {
					name += " " + n
				}
			}
		}
		sym := Symbol{Name: name, Kind: kind, Range: r, SelectionRange: r}
		if d.Root != nil && d.Root.Kind == document.Mapping {
			sym.SelectionRange = idx.Range(d.Root.Start, d.Root.Start, enc)
			sym.Children = members(idx, d.Root, enc, 2, secrets)
		}
		out = append(out, sym)
	}
	return out
}

// members outlines a mapping down to depth levels. A key that is an alias
// of a secret is named for what it is, not by its text.
func members(idx *text.Index, n *document.Node, enc text.Encoding, depth int, secrets secret.Values) []Symbol {
	var out []Symbol
	for _, pr := range n.Pairs {
		if pr.Merged {
			continue
		}
		kind := SymbolField
		var children []Symbol
		switch pr.Value.Kind {
		case document.Mapping:
			kind = SymbolObject
			if depth > 0 {
				children = members(idx, pr.Value, enc, depth-1, secrets)
			}
		case document.Sequence:
			kind = SymbolArray
		}
		end := max(pr.Value.End, pr.Key.End)
		name := pr.Key.Text
		if secrets.Has(pr.Key) {
			name = secret.Hidden
		}
		out = append(out, Symbol{Name: name, Kind: kind, Range: idx.Range(pr.Key.Start, end, enc),
			SelectionRange: idx.Range(pr.Key.Start, pr.Key.End, enc), Children: children})
	}
	return out
}

func itoa(i int) string {
	if i < 10 {
		return string(rune('0' + i))
	}
	return itoa(i/10) + string(rune('0'+i%10))
}
