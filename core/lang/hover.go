package lang

import (
	"strings"

	"github.com/mdscheck/mdscheck/core/document"
	"github.com/mdscheck/mdscheck/core/field"
	"github.com/mdscheck/mdscheck/core/schema"
	"github.com/mdscheck/mdscheck/core/secret"
	"github.com/mdscheck/mdscheck/core/text"
)

// Hover describes the member under pos: its path, type, constraints,
// default, whether it is required, lifecycle, deprecation and description;
// on kind, metadata.name and connInfoSecretTarget also the connection
// Secret. It returns nil where there is nothing to say.
func Hover(src string, pos text.Position, enc text.Encoding) *HoverResult {
	v, offset := viewAt(src, pos, enc)
	if v == nil {
		return nil
	}
	src = v.src
	var path []string
	var start, end int
	var kind *schema.Kind
	var root *document.Node
	var doc *document.Document
	// A block "key: value" line is read from indentation alone: no parse,
	// so hover costs the same in a large document and in broken text.
	c := readCursor(src, offset)
	if !c.ours {
		return nil
	}
	kind = c.kind
	ls := v.idx.LineStart(v.idx.LineOf(offset))
	l := readLine(src, ls, text.LineEnd(src, ls))
	flow := strings.ContainsAny(src[ls:text.LineEnd(src, ls)], "{[")
	fast := l.key != "" && offset >= ls+l.keyCol && !(flow && offset > ls+l.keyCol+len(l.key))
	if fast {
		path = append(c.path, l.key)
		start = ls + l.keyCol
		end = start + len(l.key)
		if src[start] == '"' || src[start] == '\'' {
			end += 2 // a quoted key: the quotes too, as the parsed path's range
		}
	}
	secretInfo := fast && (len(path) == 1 && path[0] == "kind" || place(path).String() == "metadata.name" ||
		len(path) >= 2 && path[0] == "spec" && path[1] == "connInfoSecretTarget")
	if !fast || secretInfo {
		d := document.Parse(src, document.Span{Start: 0, End: len(src)}, 0, document.DefaultLimits)
		if d.Root != nil && d.Root.Kind == document.Mapping {
			root, doc = d.Root, d
			if root.Get("apiVersion").String() != schema.APIVersion {
				return nil
			}
			kind = schema.Lookup(root.Get("kind").String())
			if !fast {
				var ok bool
				if path, start, end, ok = find(root, offset, nil); !ok {
					return nil
				}
			}
		} else if !fast {
			return nil
		}
	}
	if kind == nil {
		var md string
		switch {
		case len(path) == 1 && path[0] == "kind":
			md = "**kind**: string, required\n\nOne of `" + strings.Join(schema.Names(), "`, `") + "`.\n"
		case len(path) == 1 && path[0] == "apiVersion":
			md = "**apiVersion**: string, required\n\nAlways `" + schema.APIVersion + "`.\n"
		default:
			return nil
		}
		h := mk(v, start, end, md)
		h.Own = ownText(nil, md, 0)
		return h
	}
	s, required := memberAt(kind.Manifest, path)
	if s == nil {
		return nil
	}
	title := place(path).String()
	var b strings.Builder
	// The path is the schema's members (memberAt found each), and the
	// rest is what the schema says of the last: mdscheck's words.
	var own []document.Span
	say := func(s string) {
		own = ownText(own, s, b.Len())
		b.WriteString(s)
	}
	say(schema.DescribeMember(title, s, required))
	var hs *HoverSecret
	if root != nil && (title == "kind" || title == "metadata.name" || strings.HasPrefix(title, "spec.connInfoSecretTarget")) {
		sec := secret.Of(kind, doc)
		hs = &HoverSecret{Kind: kind.Name, Name: sec.Name, NameHidden: sec.NameHidden, Disabled: sec.Disabled, Keys: sec.Keys}
		if sec.Disabled || hs.Keys == nil {
			hs.Keys = []string{}
		}
		if ns := root.Get("metadata").Get("namespace"); ns.String() != "" && !secret.Find(kind, doc).Has(ns) {
			hs.Namespace = ns.Text
		}
		switch {
		case sec.Disabled:
			say("\nNo connection Secret is created (`connInfoSecretTargetDisabled: true`).\n")
		default:
			say("\nConnection Secret ")
			if sec.NameHidden {
				say("(its name is a secret value here, not shown)")
			} else {
				say("`")
				b.WriteString(sec.Name) // the user's
				say("`")
			}
			say(" with keys:\n")
			for _, k := range sec.Keys {
				say("- `")
				b.WriteString(k) // the prefix is the user's
				say("`\n")
			}
		}
	}
	h := mk(v, start, end, b.String())
	h.Secret, h.Own = hs, own
	return h
}

func mk(v *view, start, end int, md string) *HoverResult {
	r := v.rng(start, end)
	return &HoverResult{Contents: Markup{Kind: "markdown", Value: md}, Range: &r}
}

// find returns the path of keys to the key or value that holds offset.
func find(n *document.Node, offset int, path []string) ([]string, int, int, bool) {
	switch n.Kind {
	case document.Mapping:
		for _, pr := range n.Pairs {
			if pr.Merged {
				continue
			}
			p := append(path[:len(path):len(path)], pr.Key.Text)
			if offset >= pr.Key.Start && offset <= pr.Key.End && !pr.Key.Alias {
				return p, pr.Key.Start, pr.Key.End, true
			}
			if offset >= pr.Value.Start && offset <= pr.Value.End {
				if pr.Value.Kind == document.Scalar {
					return p, pr.Value.Start, pr.Value.End, true
				}
				if r, s, e, ok := find(pr.Value, offset, p); ok {
					return r, s, e, true
				}
			}
		}
	case document.Sequence:
		for _, it := range n.Items {
			if offset >= it.Start && offset <= it.End {
				if it.Kind == document.Scalar {
					return append(path[:len(path):len(path)], "[]"), it.Start, it.End, true
				}
				if r, s, e, ok := find(it, offset, append(path[:len(path):len(path)], "[]")); ok {
					return r, s, e, true
				}
			}
		}
	}
	return nil, 0, 0, false
}

// memberAt resolves path and says whether its parent requires the member.
func memberAt(root *schema.Schema, path []string) (*schema.Schema, bool) {
	if len(path) == 0 {
		return nil, false
	}
	last := path[len(path)-1]
	if last == "[]" {
		return schemaAt(root, path), false
	}
	parent := schemaAt(root, path[:len(path)-1])
	if parent != nil && parent.Type == schema.Array {
		parent = parent.Items
	}
	if parent == nil {
		return nil, false
	}
	p := parent.Property(last)
	if p == nil {
		return nil, false
	}
	return p.Schema, p.Required
}

// place is the field path of path, whose "[]" steps are any item of a
// list: hover describes a member of the schema, not one document's.
func place(path []string) *field.Path {
	var p *field.Path
	for _, k := range path {
		if k == "[]" {
			p = p.Items()
		} else {
			p = p.Key(k)
		}
	}
	return p
}
