package lsp

import (
	"github.com/tliron/glsp"
	protocol "github.com/tliron/glsp/protocol_3_16"
)

// definition goes from a Secret's name, where a workload reads it
// (secretKeyRef.name or its key, envFrom[].secretRef.name,
// volumes[].secret.secretName) or a resource takes its API token from it
// (authSecretRef.name), to what writes the Secret in the workspace: each
// resource at the name of its connection Secret
// (connInfoSecretTarget.name, else metadata.name) and each v1 Secret at
// its metadata.name. It answers null where the cursor names no Secret or
// nothing of the workspace writes it.
func (s *server) definition(_ *glsp.Context, p *protocol.DefinitionParams) (any, error) {
	d, enc := s.feature(p.TextDocument.URI)
	if d == nil {
		return nil, nil
	}
	m, _, ok := mentionAt(d, position(p.Position), enc)
	if !ok {
		return nil, nil
	}
	locs := s.locations(s.ws.writing(d, m.Namespace, m.Secret), enc)
	if len(locs) == 0 {
		return nil, nil
	}
	return locs, nil
}
