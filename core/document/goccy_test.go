package document

// The document reader before it had its own parser: goccy/go-yaml's lexer
// and parser, then a conversion of goccy's tree. The differential tests
// compare the reader with it on every input goccy's parser accepts.

import (
	"fmt"
	"strings"

	"github.com/goccy/go-yaml/ast"
	"github.com/goccy/go-yaml/lexer"
	"github.com/goccy/go-yaml/parser"
	"github.com/goccy/go-yaml/token"

	textpkg "github.com/mdscheck/mdscheck/core/text"
)

// goccyParse reads one document of src, the text at span, with the given index.
func goccyParse(src string, span Span, index int, lim Limits) (d *Document) {
	d = &Document{Index: index, Start: span.Start, End: span.End}
	defer func() {
		if d.Err != nil {
			d.Err.Start = min(max(d.Err.Start, span.Start), span.End)
			d.Err.End = min(max(d.Err.End, d.Err.Start), span.End)
		}
	}()
	defer func() {
		// goccy/go-yaml can panic on malformed input; one document's
		// failure must not take down the caller or the other documents.
		if r := recover(); r != nil {
			d.Root, d.Duplicates = nil, nil
			d.Err = &Error{Start: span.Start, End: textpkg.LineEnd(src, span.Start),
				Message: "the YAML parser could not read this document; check its syntax"}
		}
	}()
	text := src[span.Start:span.End]
	if len(text) > lim.DocumentBytes {
		d.Err = &Error{Start: span.Start, End: textpkg.LineEnd(src, span.Start), Limit: "document size",
			Message: fmt.Sprintf("document is %d bytes, over the limit of %d bytes; it was not checked", len(text), lim.DocumentBytes)}
		return d
	}
	if i := badByte(text); i >= 0 {
		d.Err = &Error{Start: span.Start + i, End: span.Start + i + 1,
			Message: "document is not UTF-8 text (binary data or a control character); it was not checked"}
		return d
	}
	toks := lexer.Tokenize(text)
	p := &goccyConverter{src: src, base: span.Start, lim: lim, doc: d, anchors: map[string]*Node{}}
	if err := p.locate(text, toks); err != nil {
		d.Err = err
		return d
	}
	if err := p.prescan(toks); err != nil {
		d.Err = err
		return d
	}
	f, err := parser.Parse(toks, 0, parser.AllowDuplicateMapKey())
	if err != nil {
		d.Err = p.syntaxError(err)
		return d
	}
	if len(f.Docs) == 0 || f.Docs[0].Body == nil {
		return d
	}
	root, err2 := p.node(f.Docs[0].Body, 0)
	if err2 != nil {
		d.Err = err2
		return d
	}
	d.Root = root
	return d
}

// goccyConverter turns goccy's tree for one document into Nodes.
type goccyConverter struct {
	src     string
	base    int
	lim     Limits
	doc     *Document
	anchors map[string]*Node
	copied  int                   // nodes copied by aliases so far
	docEnd  int                   // offset of the end of the document's text
	toks    token.Tokens          // the document's tokens, as located
	empty   map[*token.Token]bool // tokens not found in the text: zero width
}

// locate rebuilds every token's offset from its source text. goccy's own
// Offset drifts after comments and its Column is wrong after trailing
// blanks; the Origin text of each token, found in order from a cursor, is
// exact. Offsets become absolute offsets into the stream.
func (p *goccyConverter) locate(text string, toks token.Tokens) *Error {
	p.docEnd, p.toks = p.base+len(text), toks
	cur := 0
	for _, tk := range toks {
		needle := goccyNeedleOf(tk)
		at := -1
		if needle != "" {
			first := needle
			if i := strings.IndexByte(first, '\n'); i >= 0 {
				first = first[:i]
			}
			// Usually the token follows the cursor after blanks.
			j := cur
			for j < len(text) && (text[j] == ' ' || text[j] == '\t' || text[j] == '\n' || text[j] == '\r') {
				j++
			}
			if strings.HasPrefix(text[j:], first) {
				at = j
			} else if k := strings.Index(text[cur:], first); k >= 0 {
				at = cur + k
			}
		}
		if at < 0 {
			// A token with no text of its own (an implicit null): it sits
			// at the cursor. (Rare, so a map, not a field per token.)
			at = cur
			needle = ""
			if p.empty == nil {
				p.empty = map[*token.Token]bool{}
			}
			p.empty[tk] = true
		}
		end := at + len(needle)
		if end > len(text) {
			end = len(text)
		}
		tk.Position.Offset = p.base + at
		if end > cur {
			cur = end
		}
		if tk.Type == token.InvalidType {
			return &Error{Start: p.base + at, End: p.base + max(end, at+1), Message: lowerFirst(tk.Error)}
		}
	}
	return nil
}

// goccyNeedleOf is the text by which a token is found in the source: its
// Origin without surrounding blanks, or its Value.
func goccyNeedleOf(tk *token.Token) string {
	needle := strings.TrimRight(strings.TrimLeft(tk.Origin, " \t\r\n"), " \t\r\n")
	if needle == "" {
		needle = tk.Value
	}
	return needle
}

// end is the offset after a located token, recomputed from its text
// rather than kept in a map: a map insert per token was the largest cost
// of locating in WebAssembly.
func (p *goccyConverter) end(tk *token.Token) int {
	if p.empty[tk] {
		return tk.Position.Offset
	}
	return min(tk.Position.Offset+len(goccyNeedleOf(tk)), p.docEnd)
}

// ours reports whether tk is one of the document's tokens (the parser
// makes some of its own, whose positions were never located).
func (p *goccyConverter) ours(tk *token.Token) bool {
	for _, t := range p.toks {
		if t == tk {
			return true
		}
	}
	return false
}

// prescan checks nesting depth and keys per mapping on the tokens, before
// the parser, whose cost grows faster than linearly in both.
func (p *goccyConverter) prescan(toks token.Tokens) *Error {
	type frame struct{ col, keys int }
	var block []frame // block mappings by indentation column
	var flow []int    // keys per open flow collection
	limitErr := func(tk *token.Token, what string, n int) *Error {
		return &Error{Start: tk.Position.Offset, End: p.end(tk), Limit: what,
			Message: fmt.Sprintf("%s exceeds the limit of %d; the document was not checked", what, n)}
	}
	for _, tk := range toks {
		switch tk.Type {
		case token.SequenceStartType, token.MappingStartType:
			flow = append(flow, 0)
			if len(flow)+len(block) > p.lim.Depth {
				return limitErr(tk, "nesting depth", p.lim.Depth)
			}
		case token.SequenceEndType, token.MappingEndType:
			if len(flow) > 0 {
				flow = flow[:len(flow)-1]
			}
		case token.MappingValueType, token.SequenceEntryType:
			if len(flow) > 0 {
				if tk.Type == token.MappingValueType {
					flow[len(flow)-1]++
					if flow[len(flow)-1] > p.lim.KeysPerMapping {
						return limitErr(tk, "number of keys in one mapping", p.lim.KeysPerMapping)
					}
				}
				continue
			}
			// The column of the key (or of the "-") is its nesting level.
			col := tk.Position.Column
			if tk.Type == token.MappingValueType && tk.Prev != nil {
				col = tk.Prev.Position.Column
			}
			for len(block) > 0 && block[len(block)-1].col > col {
				block = block[:len(block)-1]
			}
			if len(block) == 0 || block[len(block)-1].col < col {
				block = append(block, frame{col: col})
				if len(flow)+len(block) > p.lim.Depth {
					return limitErr(tk, "nesting depth", p.lim.Depth)
				}
			}
			if tk.Type == token.SequenceEntryType {
				// "- key: v" puts the mapping one level deeper.
				block[len(block)-1].keys = 0
				continue
			}
			block[len(block)-1].keys++
			if block[len(block)-1].keys > p.lim.KeysPerMapping {
				return limitErr(tk, "number of keys in one mapping", p.lim.KeysPerMapping)
			}
		}
	}
	return nil
}

func (p *goccyConverter) syntaxError(err error) *Error {
	type syntax interface {
		GetMessage() string
		GetToken() *token.Token
	}
	e := &Error{Start: p.base, End: p.base, Message: lowerFirst(err.Error())}
	if s, ok := err.(syntax); ok {
		e.Message = lowerFirst(s.GetMessage())
		if tk := s.GetToken(); tk != nil && tk.Position != nil {
			if p.ours(tk) {
				e.Start, e.End = tk.Position.Offset, p.end(tk)
			}
		}
	}
	if e.End <= e.Start {
		e.End = min(e.Start+1, len(p.src))
		if e.End < e.Start {
			e.End = e.Start
		}
	}
	return e
}

func (p *goccyConverter) errAt(n ast.Node, msg string) *Error {
	tk := n.GetToken()
	return &Error{Start: tk.Position.Offset, End: p.end(tk), Message: msg}
}

// node converts one goccy node. depth is checked again here because the
// prescan reads indentation, not structure.
func (p *goccyConverter) node(n ast.Node, depth int) (*Node, *Error) {
	if depth > p.lim.Depth {
		return nil, &Error{Start: n.GetToken().Position.Offset, End: p.end(n.GetToken()), Limit: "nesting depth",
			Message: fmt.Sprintf("nesting depth exceeds the limit of %d; the document was not checked", p.lim.Depth)}
	}
	switch n := n.(type) {
	case *ast.MappingNode:
		m, err := p.mapping(n.Values, depth)
		if err == nil && n.IsFlowStyle && n.Start != nil {
			// A flow mapping spans its braces, also when it is empty.
			m.Start = n.Start.Position.Offset
			if n.End != nil {
				m.End = max(m.End, p.end(n.End))
			}
		}
		return m, err
	case *ast.MappingValueNode:
		return p.mapping([]*ast.MappingValueNode{n}, depth)
	case *ast.SequenceNode:
		out := &Node{Kind: Sequence, Start: n.Start.Position.Offset, End: p.end(n.Start)}
		out.Items = make([]*Node, 0, len(n.Values))
		for _, v := range n.Values {
			c, err := p.node(v, depth+1)
			if err != nil {
				return nil, err
			}
			out.Items = append(out.Items, c)
			out.End = max(out.End, c.End)
		}
		if n.End != nil {
			out.End = max(out.End, p.end(n.End))
		}
		return out, nil
	case *ast.AnchorNode:
		name := n.Name.GetToken().Value
		v, err := p.node(n.Value, depth)
		if err != nil {
			return nil, err
		}
		p.anchors[name] = v
		return v, nil
	case *ast.AliasNode:
		name := n.Value.GetToken().Value
		target, ok := p.anchors[name]
		if !ok {
			return nil, &Error{Start: n.Start.Position.Offset, End: p.end(n.Value.GetToken()),
				Message: fmt.Sprintf("alias *%s refers to no anchor of this document (anchors do not cross ---)", name)}
		}
		tk := n.Start
		return p.copyAt(target, tk.Position.Offset, p.end(n.Value.GetToken()))
	case *ast.TagNode:
		v, err := p.node(n.Value, depth)
		if err != nil {
			return nil, err
		}
		if v.Kind == Scalar && !v.Alias {
			v.Tag = n.Start.Value
			v.Start = n.Start.Position.Offset
			applyTag(v)
			if v.Type == String && v.Style == Plain {
				v.Text = p.rawText(n.Value) // the old conversion's reading, kept as it was
			}
		}
		return v, nil
	case *ast.LiteralNode:
		out := &Node{Kind: Scalar, Type: String, Style: Literal, Start: n.Start.Position.Offset, End: p.end(n.Start)}
		if strings.HasPrefix(n.Start.Value, ">") {
			out.Style = Folded
		}
		if n.Value != nil {
			out.Text = n.Value.Value
			if e := p.end(n.Value.Token); e > out.End {
				out.End = e
			}
		}
		return out, nil
	case *ast.NullNode:
		tk := n.GetToken()
		out := &Node{Kind: Scalar, Type: Null, Start: tk.Position.Offset, End: p.end(tk), Text: tk.Value}
		if tk.Type == token.ImplicitNullType {
			out.Text = ""
			out.End = out.Start
		}
		return out, nil
	case *ast.CommentGroupNode, *ast.CommentNode:
		return nil, nil
	case ast.ScalarNode:
		tk := n.GetToken()
		out := &Node{Kind: Scalar, Start: tk.Position.Offset, End: p.end(tk)}
		switch tk.Type {
		case token.SingleQuoteType:
			out.Style, out.Type, out.Text = SingleQuoted, String, tk.Value
		case token.DoubleQuoteType:
			out.Style, out.Type, out.Text = DoubleQuoted, String, tk.Value
		default:
			resolvePlain(out, p.plainText(tk))
		}
		return out, nil
	}
	tk := n.GetToken()
	return nil, &Error{Start: tk.Position.Offset, End: p.end(tk), Message: "unsupported YAML construct " + n.Type().String()}
}

// plainText is the value of a plain scalar: its source text with line
// folding applied (goccy's Value for multi-line scalars).
func (p *goccyConverter) plainText(tk *token.Token) string {
	raw := p.src[tk.Position.Offset:p.end(tk)]
	if strings.ContainsAny(raw, "\n") {
		return tk.Value
	}
	return raw
}

// rawText is the source text of a scalar node as written.
func (p *goccyConverter) rawText(n ast.Node) string {
	tk := n.GetToken()
	return p.src[tk.Position.Offset:p.end(tk)]
}

func (p *goccyConverter) mapping(values []*ast.MappingValueNode, depth int) (*Node, *Error) {
	out := &Node{Kind: Mapping}
	out.Pairs = make([]Pair, 0, len(values))
	seen := make(map[string]bool, len(values))
	var merges []*Node
	for i, mv := range values {
		if mv.Key == nil {
			continue
		}
		if _, isMerge := mv.Key.(*ast.MergeKeyNode); isMerge {
			v, err := p.node(mv.Value, depth+1)
			if err != nil {
				return nil, err
			}
			merges = append(merges, v)
			if i == 0 {
				out.Start = mv.Key.GetToken().Position.Offset
			}
			out.End = max(out.End, v.End)
			continue
		}
		k, err := p.node(mv.Key, depth+1)
		if err != nil {
			return nil, err
		}
		if k == nil || k.Kind != Scalar {
			return nil, p.errAt(mv.Key, "a mapping key must be a scalar")
		}
		if k.Type != String {
			// Kubernetes clients turn every key into a string.
			k.Type = String
		}
		var v *Node
		if mv.Value != nil {
			v, err = p.node(mv.Value, depth+1)
			if err != nil {
				return nil, err
			}
		}
		if v == nil {
			e := p.end(mv.Start)
			v = &Node{Kind: Scalar, Type: Null, Start: e, End: e}
		}
		if seen[k.Text] {
			p.doc.Duplicates = append(p.doc.Duplicates, k)
		}
		seen[k.Text] = true
		if len(out.Pairs) == 0 && len(merges) == 0 {
			out.Start = k.Start
		}
		out.Pairs = append(out.Pairs, Pair{Key: k, Value: v})
		out.End = max(out.End, v.End, k.End)
	}
	// Merged entries come after the explicit ones and never override them;
	// earlier merge sources win over later ones.
	for _, m := range merges {
		var sources []*Node
		switch m.Kind {
		case Mapping:
			sources = []*Node{m}
		case Sequence:
			sources = m.Items
		}
		for _, s := range sources {
			if s.Kind != Mapping {
				return nil, &Error{Start: m.Start, End: m.End, Message: "a merge key (<<) takes a mapping or a list of mappings"}
			}
			for _, pr := range s.Pairs {
				if seen[pr.Key.Text] {
					continue
				}
				seen[pr.Key.Text] = true
				out.Pairs = append(out.Pairs, Pair{Key: pr.Key, Value: pr.Value, Merged: true})
			}
		}
	}
	return out, nil
}

// copyAt copies the tree of an anchor to the place of an alias, so that a
// finding in it is reported where the value lands. The copies of one
// document share a budget.
func (p *goccyConverter) copyAt(n *Node, start, end int) (*Node, *Error) {
	if n == nil {
		return nil, nil
	}
	p.copied++
	if p.copied > p.lim.AliasNodes {
		return nil, &Error{Start: start, End: end, Limit: "alias expansion",
			Message: fmt.Sprintf("aliases expand to more than %d nodes, the limit of alias expansion; the document was not checked", p.lim.AliasNodes)}
	}
	c := *n
	c.Start, c.End, c.Alias = start, end, true
	if n.Pairs != nil {
		c.Pairs = make([]Pair, len(n.Pairs))
		for i, pr := range n.Pairs {
			k, err := p.copyAt(pr.Key, start, end)
			if err != nil {
				return nil, err
			}
			v, err := p.copyAt(pr.Value, start, end)
			if err != nil {
				return nil, err
			}
			c.Pairs[i] = Pair{Key: k, Value: v, Merged: pr.Merged}
		}
	}
	if n.Items != nil {
		c.Items = make([]*Node, len(n.Items))
		for i, it := range n.Items {
			v, err := p.copyAt(it, start, end)
			if err != nil {
				return nil, err
			}
			c.Items[i] = v
		}
	}
	return &c, nil
}

// goccySplit is Split as it was beside the old conversion: directives
// stay out of every span, and directives with no document after them are
// no span at all.
func goccySplit(src string) []Span {
	var spans []Span
	start := 0
	open := false // is a document open that started with a marker or content
	content := false
	for pos := 0; pos <= len(src); {
		end := strings.IndexByte(src[pos:], '\n')
		next := len(src) + 1
		if end >= 0 {
			end += pos
			next = end + 1
		} else {
			end = len(src)
		}
		line := src[pos:end]
		switch {
		case marker(line, "---"):
			if open || content {
				spans = append(spans, Span{start, pos})
			}
			start, open, content = pos, true, true
		case marker(line, "..."):
			if open || content {
				spans = append(spans, Span{start, end})
			}
			start, open, content = next, false, false
		case !open && !content:
			t := strings.TrimSpace(line)
			if t != "" && t[0] != '#' && t[0] != '%' {
				content = true
			}
		}
		pos = next
	}
	if open || content {
		if start > len(src) {
			start = len(src)
		}
		spans = append(spans, Span{start, len(src)})
	}
	return spans
}

// lowerFirst is how the old conversion worded goccy's messages.
func lowerFirst(s string) string {
	s = strings.TrimSpace(s)
	if s == "" {
		return "invalid YAML"
	}
	if c := s[0]; c >= 'A' && c <= 'Z' && (len(s) < 2 || s[1] < 'A' || s[1] > 'Z') {
		return string(c+'a'-'A') + s[1:]
	}
	return s
}
