package lsp

import (
	"encoding/json"

	"github.com/mdscheck/mdscheck/core/check"
	"github.com/tliron/glsp"
	protocol "github.com/tliron/glsp/protocol_3_16"
)

// codeAction offers the core's fixes of the diagnostics the client names
// as quick fixes. A diagnostic is found again among the findings of the
// current text by its data (rule, pointer, document), so the edits always
// apply to the text the client has now; a finding that is gone offers
// nothing.
func (s *server) codeAction(_ *glsp.Context, p *protocol.CodeActionParams) (any, error) {
	actions := []protocol.CodeAction{}
	d, _ := s.feature(p.TextDocument.URI)
	if d == nil || !wantsQuickFix(p.Context.Only) || len(p.Context.Diagnostics) == 0 {
		return actions, nil
	}
	res := s.findings(d)
	s.mu.Lock()
	versioned := s.caps.documentChanges
	s.mu.Unlock()
	kind := protocol.CodeActionKindQuickFix
	at := newPositions(res.file.Text, res.enc)
	for _, cd := range p.Context.Diagnostics {
		found := findDiagnostic(res.file.Diagnostics, cd, at)
		if found == nil {
			continue
		}
		for _, fx := range found.Fixes {
			a := protocol.CodeAction{Title: fx.Title, Kind: &kind, Diagnostics: []protocol.Diagnostic{cd},
				Edit: workspaceEdit(d.uri, res.version, fx.Edits, at, versioned)}
			if len(found.Fixes) == 1 {
				yes := true
				a.IsPreferred = &yes
			}
			actions = append(actions, a)
		}
	}
	return actions, nil
}

// wantsQuickFix reports whether a request filtered by only takes quick
// fixes.
func wantsQuickFix(only []protocol.CodeActionKind) bool {
	if len(only) == 0 {
		return true
	}
	for _, k := range only {
		if k == protocol.CodeActionKindQuickFix || k == protocol.CodeActionKindEmpty {
			return true
		}
	}
	return false
}

// findings returns the findings of the document's current text: the last
// published when they are of this version, else a check now (cheap: only
// the changed documents of a stream are checked again).
func (s *server) findings(d *openDoc) *checkResult {
	d.mu.Lock()
	version, src, last := d.version, d.text, d.last
	d.mu.Unlock()
	if last != nil && last.version == version && last.text == src {
		return last
	}
	settings, enc := s.current(), s.encoding()
	file, _ := s.run(d, src, settings)
	return &checkResult{version: version, text: src, file: file, enc: enc}
}

// findDiagnostic finds the finding the client's diagnostic stands for: by
// its data, preferring one at the same range; for clients that drop data,
// by range and message.
func findDiagnostic(ds []check.Diagnostic, cd protocol.Diagnostic, at *positions) *check.Diagnostic {
	var data diagnosticData
	hasData := false
	if cd.Data != nil {
		if b, err := json.Marshal(cd.Data); err == nil && json.Unmarshal(b, &data) == nil && data.Rule != "" {
			hasData = true
		}
	}
	r := cd.Range
	var first *check.Diagnostic
	for i := range ds {
		x := &ds[i]
		same := at.rng(x.Start, x.End) == r
		switch {
		case hasData && x.Rule == data.Rule && x.Pointer == data.Pointer && x.Document == data.Document:
			if same {
				return x
			}
			if first == nil {
				first = x
			}
		case !hasData && same && x.Standalone() == cd.Message:
			return x
		}
	}
	return first
}

// workspaceEdit applies a fix's edits to uri, tied to the version they
// were computed for when the client takes versioned edits (it then refuses
// them if the text has changed since).
func workspaceEdit(uri string, version int32, edits []check.Edit, at *positions, versioned bool) *protocol.WorkspaceEdit {
	tes := make([]protocol.TextEdit, len(edits))
	for i, e := range edits {
		tes[i] = protocol.TextEdit{Range: at.rng(e.Start, e.End), NewText: e.NewText}
	}
	if !versioned {
		return &protocol.WorkspaceEdit{Changes: map[protocol.DocumentUri][]protocol.TextEdit{uri: tes}}
	}
	anyEdits := make([]any, len(tes))
	for i, te := range tes {
		anyEdits[i] = te
	}
	v := protocol.Integer(version)
	return &protocol.WorkspaceEdit{DocumentChanges: []any{protocol.TextDocumentEdit{
		TextDocument: protocol.OptionalVersionedTextDocumentIdentifier{
			TextDocumentIdentifier: protocol.TextDocumentIdentifier{URI: uri}, Version: &v},
		Edits: anyEdits,
	}}}
}
