package lsp

import (
	"github.com/mdscheck/mdscheck/core/lang"
	"github.com/tliron/glsp"
	protocol "github.com/tliron/glsp/protocol_3_16"
)

// hover describes the member under the cursor (lang.Hover, which reads
// only the cursor's document of a stream), or answers null where there is
// nothing to say.
func (s *server) hover(_ *glsp.Context, p *protocol.HoverParams) (*protocol.Hover, error) {
	d, enc := s.feature(p.TextDocument.URI)
	if d == nil {
		return nil, nil
	}
	_, src := d.snapshot()
	src = d.checker.as.Text(src) // a template's actions masked
	hover := lang.Hover
	if isConfig(d.uri) {
		hover = hoverConfig
	}
	var h *lang.HoverResult
	if !isConfig(d.uri) {
		h = s.hoverSecret(d, position(p.Position), enc) // what of the workspace writes a Secret read here
	}
	if h == nil {
		h = hover(src, position(p.Position), enc)
	}
	if h == nil {
		return nil, nil
	}
	h.Contents.Value += s.previousHover(d, src, p.Position, enc)
	out := &protocol.Hover{Contents: h.Contents}
	if s.caps.plainHover {
		out.Contents = lang.Markup{Kind: "plaintext", Value: lang.Unmark(h.Contents.Value, "", "")}
	} else {
		// What previousHover appended is the user's: the spans of
		// mdscheck's words are still those of the start.
		s.own.add(h.Contents.Value, h.Own)
	}
	if h.Range != nil {
		r := toRange(*h.Range)
		out.Range = &r
	}
	return out, nil
}
