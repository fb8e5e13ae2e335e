package lsp

import (
	"github.com/tliron/glsp"
	protocol "github.com/tliron/glsp/protocol_3_16"
)

// references goes from a Secret's name, where a resource writes it
// (metadata.name, connInfoSecretTarget.name), a v1 Secret declares it or
// anything reads it, to every place of the workspace that reads the
// Secret: each workload's reference to it by name, and each
// authSecretRef.name that takes a token from it; with
// includeDeclaration, what writes it first (definition's places).
func (s *server) references(_ *glsp.Context, p *protocol.ReferenceParams) ([]protocol.Location, error) {
	d, enc := s.feature(p.TextDocument.URI)
	if d == nil {
		return []protocol.Location{}, nil
	}
	m, _, ok := mentionAt(d, position(p.Position), enc)
	if !ok {
		return []protocol.Location{}, nil
	}
	places := s.ws.reading(d, m.Namespace, m.Secret)
	if p.Context.IncludeDeclaration {
		places = append(s.ws.writing(d, m.Namespace, m.Secret), places...)
	}
	return s.locations(places, enc), nil
}
