package lsp_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/mdscheck/mdscheck/core/check"
	"github.com/mdscheck/mdscheck/core/text"
	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
)

const manifest = `apiVersion: example.io/v1alpha1
kind: Kafka
metadata:
  name: events
spec:
  plan: business-4
  project: streaming
`

// stream has three documents with one finding each and multi-byte text
// before a finding on its line. Its two Kafkas have other names, so that
// once the first one's apiVersion is fixed they do not write one
// connection Secret (secret-conflict).
const stream = `apiVersion: example.io/v1beta1
kind: Kafka
metadata:
  name: events
spec:
  plan: business-4
  project: streaming
---
apiVersion: example.io/v1alpha1
kind: kafka
metadata:
  name: x
spec:
  plan: business-4
  project: streaming
---
# a ConfigMap beside our manifests is left alone
apiVersion: v1
kind: ConfigMap
metadata:
  name: settings
---
apiVersion: example.io/v1alpha1
kind: Kafka
metadata:
  name: stream
  labels: {a: "é😀", b: 1}
spec:
  plan: business-4
  project: streaming
  terminationProtectoin: true
  userConfig:
    additional_backup_regions: [eu]
`

func TestInitializeAdvertisesCapabilities(t *testing.T) {
	t.Parallel()
	s, res := start(t)
	c := res.Capabilities
	if c.PositionEncoding != protocol.PositionEncodingKindUTF16 {
		t.Errorf("positionEncoding = %q, want utf-16 when the client offers none", c.PositionEncoding)
	}
	sync, ok := c.TextDocumentSync.(*protocol.TextDocumentSyncOptions)
	if !ok || sync.Change == nil || *sync.Change != protocol.TextDocumentSyncKindIncremental || sync.OpenClose == nil || !*sync.OpenClose {
		t.Errorf("textDocumentSync = %#v, want incremental with open/close", c.TextDocumentSync)
	}
	if sync != nil && sync.Save == nil {
		t.Errorf("textDocumentSync.save is missing")
	}
	if c.CompletionProvider == nil {
		t.Errorf("no completionProvider")
	}
	if c.HoverProvider == nil || c.DocumentSymbolProvider == nil {
		t.Errorf("hoverProvider %v, documentSymbolProvider %v", c.HoverProvider, c.DocumentSymbolProvider)
	}
	ca, ok := c.CodeActionProvider.(*protocol.CodeActionOptions)
	if !ok || len(ca.CodeActionKinds) != 1 || ca.CodeActionKinds[0] != protocol.CodeActionKindQuickFix {
		t.Errorf("codeActionProvider = %#v, want quickfix", c.CodeActionProvider)
	}
	if res.ServerInfo.Name != "mdscheck" {
		t.Errorf("serverInfo.name = %q", res.ServerInfo.Name)
	}
	if code := s.shutdown(); code != 0 {
		t.Errorf("exit status after shutdown and exit = %d, want 0", code)
	}
}

func TestPositionEncodingNegotiation(t *testing.T) {
	t.Parallel()
	// The finding on "labels" lies after "é😀" on its line: 2+1 bytes,
	// 1+2 UTF-16 units, 1+1 code points.
	cases := []struct {
		offered []protocol.PositionEncodingKind
		want    protocol.PositionEncodingKind
		enc     text.Encoding
	}{
		{nil, protocol.PositionEncodingKindUTF16, text.UTF16},
		{[]protocol.PositionEncodingKind{protocol.PositionEncodingKindUTF8, protocol.PositionEncodingKindUTF16}, protocol.PositionEncodingKindUTF8, text.UTF8},
		{[]protocol.PositionEncodingKind{protocol.PositionEncodingKindUTF32, protocol.PositionEncodingKindUTF16}, protocol.PositionEncodingKindUTF32, text.UTF32},
		{[]protocol.PositionEncodingKind{"utf-7", protocol.PositionEncodingKindUTF16}, protocol.PositionEncodingKindUTF16, text.UTF16},
	}
	for _, c := range cases {
		t.Run(string(c.want)+fmt.Sprint(len(c.offered)), func(t *testing.T) {
			s, res := start(t, func(p *protocol.InitializeParams) {
				p.Capabilities.General = &protocol.GeneralClientCapabilities{PositionEncodings: c.offered}
			})
			if res.Capabilities.PositionEncoding != c.want {
				t.Fatalf("positionEncoding = %q, want %q", res.Capabilities.PositionEncoding, c.want)
			}
			u := uri.URI("file:///enc.yaml")
			ds := s.open(u, stream)
			sameFindings(t, "open", ds, stream, c.enc, check.DefaultOptions)
			typ := find(ds, "type")
			line := strings.Split(stream, "\n")[typ[0].Range.Start.Line]
			want := units(line[:strings.Index(line, "b: 1")+3], c.enc)
			if int(typ[0].Range.Start.Character) != want {
				t.Errorf("the type finding starts at character %d, want %d in %s", typ[0].Range.Start.Character, want, c.want)
			}
			// An edit after the emoji, in the negotiated encoding.
			at := clientPosition(stream, strings.Index(stream, "b: 1")+3, c.enc)
			v := s.edit(u, replace(at.Line, at.Character, at.Line, at.Character+1, `"1"`))
			next := applyEdit(stream, protocol.Range{Start: at, End: protocol.Position{Line: at.Line, Character: at.Character + 1}}, `"1"`, c.enc)
			ds = s.diagnostics(u, v)
			sameFindings(t, "after the edit", ds, next, c.enc, check.DefaultOptions)
			if len(find(ds, "type")) != 0 {
				t.Errorf("the edit did not fix the type finding:\n%s", summary(ds))
			}
		})
	}
}

func TestDiagnosticsCarryRuleVersionAndTags(t *testing.T) {
	t.Parallel()
	s, _ := start(t)
	u := uri.URI("file:///stream.yaml")
	ds := s.open(u, stream)
	sameFindings(t, "open", ds, stream, text.UTF16, check.DefaultOptions)
	p := s.lastPublished(u)
	if v, ok := p.Version.Get(); !ok || v != 1 {
		t.Errorf("published version = %v, %v; want 1", v, ok)
	}
	rules := map[string]int{}
	for _, d := range ds {
		rules[code(d)]++
		if src, _ := d.Source.Get(); src != "mdscheck" {
			t.Errorf("source = %q, want mdscheck", src)
		}
		href := string(d.CodeDescription.Href)
		if !strings.HasSuffix(href, "docs/rules.md#"+code(d)) {
			t.Errorf("codeDescription.href = %q, want a link to docs/rules.md#%s", href, code(d))
		}
		var data struct {
			Rule    string `json:"rule"`
			Pointer string `json:"pointer"`
		}
		if err := json.Unmarshal(d.Data, &data); err != nil || data.Rule != code(d) {
			t.Errorf("data = %s, want the rule %s in it", d.Data, code(d))
		}
		tags := d.Tags.Slice()
		deprecatedTag := len(tags) == 1 && tags[0] == protocol.DiagnosticTagDeprecated
		if (code(d) == "deprecated") != deprecatedTag {
			t.Errorf("%s has tags %v", code(d), tags)
		}
	}
	for _, r := range []string{"const", "enum", "type", "unknown-field", "deprecated"} {
		if rules[r] != 1 {
			t.Errorf("want one %s finding, got %d:\n%s", r, rules[r], summary(ds))
		}
	}
	// The ConfigMap document (lines 16-20) has none.
	for _, d := range ds {
		if d.Range.Start.Line >= 16 && d.Range.Start.Line <= 20 {
			t.Errorf("a finding in the ConfigMap: %s", summary([]protocol.Diagnostic{d}))
		}
	}
	dep := find(ds, "deprecated")[0]
	if dep.Severity != protocol.DiagnosticSeverityWarning {
		t.Errorf("deprecated severity = %d, want warning", dep.Severity)
	}
}

func TestCRLF(t *testing.T) {
	t.Parallel()
	s, _ := start(t)
	u := uri.URI("file:///crlf.yaml")
	src := strings.ReplaceAll(stream, "\n", "\r\n")
	ds := s.open(u, src)
	sameFindings(t, "open", ds, src, text.UTF16, check.DefaultOptions)
	// Replace "streaming" at the end of line 6 up to the end of the line:
	// a position past the line clamps before "\r\n".
	v := s.edit(u, replace(6, 11, 6, 999, "Bad Project"))
	src = applyEdit(src, rng(6, 11, 6, 999), "Bad Project", text.UTF16)
	if !strings.Contains(src, "project: Bad Project\r\n---") {
		t.Fatalf("the client's own edit went wrong: %q", src[:200])
	}
	ds = s.diagnostics(u, v)
	sameFindings(t, "after the edit", ds, src, text.UTF16, check.DefaultOptions)
	if len(find(ds, "pattern")) != 1 {
		t.Errorf("want a pattern finding for the project:\n%s", summary(ds))
	}
	// Join two lines by deleting a CRLF.
	v = s.edit(u, replace(0, 30, 1, 0, " "))
	src = applyEdit(src, rng(0, 30, 1, 0), " ", text.UTF16)
	sameFindings(t, "after joining lines", s.diagnostics(u, v), src, text.UTF16, check.DefaultOptions)
}

func TestIncrementalEdits(t *testing.T) {
	t.Parallel()
	s, _ := start(t)
	u := uri.URI("file:///edits.yaml")
	src := stream
	s.open(u, src)
	type step struct {
		name    string
		changes []protocol.TextDocumentContentChangeEvent
	}
	steps := []step{
		{"insert after the emoji", []protocol.TextDocumentContentChangeEvent{replace(26, 18, 26, 18, "Ω")}},
		{"replace across lines", []protocol.TextDocumentContentChangeEvent{replace(11, 2, 13, 8, "name: y\nspec:\n  plan")}},
		{"delete a document marker", []protocol.TextDocumentContentChangeEvent{replace(7, 0, 8, 0, "")}},
		{"several changes in one notification", []protocol.TextDocumentContentChangeEvent{
			replace(0, 0, 0, 0, "# head 😀\n"),
			replace(1, 23, 1, 30, "v1alpha1"),
			replace(1, 0, 1, 0, "x"),
			replace(1, 0, 1, 1, ""),
		}},
		{"insert at the end", []protocol.TextDocumentContentChangeEvent{replace(999, 0, 999, 0, "---\nkind: Grafana\n")}},
		{"whole text", []protocol.TextDocumentContentChangeEvent{whole(manifest + "  maintenanceWindowDow: funday\n")}},
		{"after a whole text, a range again", []protocol.TextDocumentContentChangeEvent{replace(7, 24, 7, 30, "monday")}},
	}
	for _, st := range steps {
		for _, c := range st.changes {
			switch c := c.(type) {
			case *protocol.TextDocumentContentChangePartial:
				src = applyEdit(src, c.Range, c.Text, text.UTF16)
			case *protocol.TextDocumentContentChangeWholeDocument:
				src = c.Text
			}
		}
		v := s.edit(u, st.changes...)
		sameFindings(t, st.name, s.diagnostics(u, v), src, text.UTF16, check.DefaultOptions)
	}
	if ds := s.diagnostics(u, int32(len(steps)+1)); len(ds) != 0 {
		t.Errorf("the last text is valid, yet:\n%s", summary(ds))
	}
}

// bigStream writes n documents; document i is invalid when bad(i).
func bigStream(n int, bad func(int) bool) string {
	var b strings.Builder
	for i := range n {
		kind := []string{"Kafka", "Grafana", "OpenSearch"}[i%3]
		plan := "business-4"
		fmt.Fprintf(&b, "---\napiVersion: example.io/v1alpha1\nkind: %s\nmetadata:\n  name: svc-%04d\nspec:\n  plan: %s\n  project: p%d\n", kind, i, plan, i)
		if bad(i) {
			b.WriteString("  maintenanceWindowDow: funday\n")
		}
	}
	return b.String()
}

func TestEditInLargeStreamRechecksOneDocument(t *testing.T) {
	t.Parallel()
	s, _ := start(t)
	u := uri.URI("file:///large.yaml")
	src := bigStream(2000, func(i int) bool { return i%10 == 3 })
	ds := s.open(u, src)
	sameFindings(t, "open", ds, src, text.UTF16, check.DefaultOptions)
	if n := len(find(ds, "enum")); n != 200 {
		t.Fatalf("want 200 enum findings, got %d", n)
	}
	st := s.stats()
	if st.Open[0].Documents != 2000 || st.Open[0].Rechecked != 2000 {
		t.Fatalf("after open: %+v", st.Open[0])
	}
	// Break document 1000 (line 8*1000+... "project: p1000").
	off := strings.Index(src, "project: p1000\n")
	at := clientPosition(src, off+len("project: "), text.UTF16)
	v := s.edit(u, replace(at.Line, at.Character, at.Line, at.Character+1, "Bad Project "))
	src = applyEdit(src, protocol.Range{Start: at, End: protocol.Position{Line: at.Line, Character: at.Character + 1}}, "Bad Project ", text.UTF16)
	ds = s.diagnostics(u, v)
	sameFindings(t, "after the edit", ds, src, text.UTF16, check.DefaultOptions)
	if st := s.stats(); st.Open[0].Rechecked != 1 || st.Open[0].Checked != v {
		t.Errorf("an edit in one document re-checked %d documents (version %d), want 1", st.Open[0].Rechecked, st.Open[0].Checked)
	}
	// Inserting lines before later documents moves their findings.
	v = s.edit(u, replace(5, 0, 5, 0, "  # a comment\n  # another\n"))
	src = applyEdit(src, rng(5, 0, 5, 0), "  # a comment\n  # another\n", text.UTF16)
	sameFindings(t, "after inserting lines", s.diagnostics(u, v), src, text.UTF16, check.DefaultOptions)
	if st := s.stats(); st.Open[0].Rechecked != 1 {
		t.Errorf("inserting lines into one document re-checked %d documents, want 1", st.Open[0].Rechecked)
	}
	// The outline of 2,000 documents lists the first 999 documents only and
	// a note of the others: the cap is 1,000 symbols.
	res, err := s.symbols(u)
	if err != nil {
		t.Fatal(err)
	}
	if syms := res.(protocol.DocumentSymbolSlice); len(syms) != 1000 || len(syms[0].Children) != 0 || syms[998].Name != "OpenSearch svc-0998" ||
		!strings.HasPrefix(syms[999].Name, "1001 more documents not shown") {
		t.Errorf("outline of the stream: %d symbols, the first with %d children", len(syms), len(syms[0].Children))
	}
	s.waitFor("a note that the outline is cut short", func() bool {
		for _, l := range s.logs {
			if strings.Contains(l, "shows 999 of the") {
				return true
			}
		}
		return false
	})

	// Splitting a document in two checks both halves.
	v = s.edit(u, replace(at.Line+2, 0, at.Line+2, 0, "---\n"))
	src = applyEdit(src, rng(at.Line+2, 0, at.Line+2, 0), "---\n", text.UTF16)
	sameFindings(t, "after splitting a document", s.diagnostics(u, v), src, text.UTF16, check.DefaultOptions)
	if st := s.stats(); st.Open[0].Documents != 2001 || st.Open[0].Rechecked != 2 {
		t.Errorf("after splitting: %+v, want 2001 documents of which 2 re-checked", st.Open[0])
	}
}

func TestSaveAndClose(t *testing.T) {
	t.Parallel()
	s, _ := start(t)
	u := uri.URI("file:///save.yaml")
	ds := s.open(u, manifest+"  maintenanceWindowDow: funday\n")
	if len(ds) != 1 {
		t.Fatalf("want one finding, got:\n%s", summary(ds))
	}
	before := s.published(u)
	if err := s.srv.DidSave(s.ctx, &protocol.DidSaveTextDocumentParams{TextDocument: docID(u)}); err != nil {
		t.Fatal(err)
	}
	s.waitFor("diagnostics after save", func() bool { return len(s.diags[u]) > before })
	if ds := s.lastPublished(u).Diagnostics; len(ds) != 1 {
		t.Errorf("after save: %s", summary(ds))
	}
	if err := s.srv.DidClose(s.ctx, &protocol.DidCloseTextDocumentParams{TextDocument: docID(u)}); err != nil {
		t.Fatal(err)
	}
	s.waitFor("cleared diagnostics after close", func() bool {
		l := s.diags[u]
		return len(l[len(l)-1].Diagnostics) == 0
	})
	if st := s.stats(); st.Documents != 0 {
		t.Errorf("after close the server holds %d documents", st.Documents)
	}
	// Features on a closed document answer with nothing, not an error.
	h, err := s.hover(u, pos(1, 2))
	if err != nil || h != nil {
		t.Errorf("hover on a closed document: %v, %v", h, err)
	}
}

// completionItems asks for completion at p.
func completionItems(t *testing.T, s *session, u uri.URI, p protocol.Position) []protocol.CompletionItem {
	t.Helper()
	res, err := s.completion(u, p)
	if err != nil {
		t.Fatalf("completion: %v", err)
	}
	switch r := res.(type) {
	case protocol.CompletionItemSlice:
		return r
	case *protocol.CompletionList:
		return r.Items
	case nil:
		return nil
	}
	t.Fatalf("completion result %T", res)
	return nil
}

func itemByLabel(items []protocol.CompletionItem, label string) *protocol.CompletionItem {
	for i := range items {
		if items[i].Label == label {
			return &items[i]
		}
	}
	return nil
}

func TestCompletion(t *testing.T) {
	t.Parallel()
	s, _ := start(t)
	u := uri.URI("file:///complete.yaml")
	src := stream + "  \n"
	s.open(u, src)
	last := uint32(strings.Count(src, "\n")) // the blank line at the end, in spec of the last document
	// A blank line in spec of the fourth document: members of spec.
	items := completionItems(t, s, u, pos(last-1, 2))
	it := itemByLabel(items, "maintenanceWindowDow")
	if it == nil {
		t.Fatalf("no maintenanceWindowDow among %d items", len(items))
	}
	te, ok := it.TextEdit.(*protocol.TextEdit)
	if !ok {
		t.Fatalf("textEdit %T", it.TextEdit)
	}
	if te.Range != rng(last-1, 2, last-1, 2) {
		t.Errorf("textEdit range %v, want the cursor on line %d of the stream", te.Range, last-1)
	}
	if it.InsertTextFormat != protocol.InsertTextFormatSnippet || !strings.Contains(te.NewText, "${1|") {
		t.Errorf("an enum member should come as a snippet with choices: %q", te.NewText)
	}
	if itemByLabel(items, "plan") != nil {
		t.Errorf("plan is already present in this document yet offered")
	}
	// Values of an enum member, in the second document.
	v := s.edit(u, replace(29, 20, 29, 20, "\n  maintenanceWindowDow: "))
	s.diagnostics(u, v)
	values := completionItems(t, s, u, pos(30, 24))
	if itemByLabel(values, "monday") == nil {
		t.Fatalf("no value monday among %v", labels(values))
	}
	if te := itemByLabel(values, "monday").TextEdit.(*protocol.TextEdit); te.Range != rng(30, 24, 30, 24) {
		t.Errorf("value edit at %v, want at the cursor on line 30", te.Range)
	}
}

func labels(items []protocol.CompletionItem) []string {
	var out []string
	for _, it := range items {
		out = append(out, it.Label)
	}
	return out
}

func TestCompletionWithoutSnippetSupport(t *testing.T) {
	t.Parallel()
	s, _ := start(t, func(p *protocol.InitializeParams) {
		p.Capabilities.TextDocument.Completion = nil
	})
	u := uri.URI("file:///plain.yaml")
	s.open(u, manifest+"  \n")
	items := completionItems(t, s, u, pos(7, 2))
	it := itemByLabel(items, "maintenanceWindowDow")
	if it == nil {
		t.Fatalf("no maintenanceWindowDow among %v", labels(items))
	}
	te := it.TextEdit.(*protocol.TextEdit)
	if it.InsertTextFormat == protocol.InsertTextFormatSnippet || strings.ContainsAny(te.NewText, "${}|") {
		t.Errorf("a client without snippets got a snippet: format %d, %q", it.InsertTextFormat, te.NewText)
	}
	if te.NewText != "maintenanceWindowDow: monday" {
		t.Errorf("plain text %q, want the first choice filled in", te.NewText)
	}
}

func hoverAt(t *testing.T, s *session, u uri.URI, p protocol.Position) *protocol.Hover {
	t.Helper()
	h, err := s.hover(u, p)
	if err != nil {
		t.Fatalf("hover: %v", err)
	}
	return h
}

func TestHover(t *testing.T) {
	t.Parallel()
	s, _ := start(t)
	u := uri.URI("file:///hover.yaml")
	s.open(u, stream)
	// "plan" of the fourth document, line 28.
	h := hoverAt(t, s, u, pos(28, 3))
	if h == nil {
		t.Fatal("no hover on plan")
	}
	mc, ok := h.Contents.(*protocol.MarkupContent)
	if !ok || mc.Kind != protocol.MarkupKindMarkdown || !strings.Contains(mc.Value, "plan") || !strings.Contains(strings.ToLower(mc.Value), "required") {
		t.Errorf("hover contents %#v", h.Contents)
	}
	if h.Range == nil || h.Range.Start.Line != 28 {
		t.Errorf("hover range %v, want line 28 of the stream", h.Range)
	}
	// A key after multi-byte text: UTF-16 columns ("é" is one unit,
	// "😀" two).
	u2 := uri.URI("file:///hover2.yaml")
	s.open(u2, "apiVersion: example.io/v1alpha1\nkind: Kafka\nmetadata: {name: \"é😀\", namespace: x}\nspec:\n  plan: business-4\n")
	h = hoverAt(t, s, u2, pos(2, 25))
	if h == nil || h.Range == nil || *h.Range != rng(2, 24, 2, 33) {
		t.Errorf("hover on namespace after the emoji: %+v", h)
	} else if !strings.Contains(h.Contents.(*protocol.MarkupContent).Value, "metadata.namespace") {
		t.Errorf("hover on namespace: %s", h.Contents.(*protocol.MarkupContent).Value)
	}
	// Nothing to say on a comment, or on the ConfigMap.
	if h := hoverAt(t, s, u, pos(16, 3)); h != nil {
		t.Errorf("hover on a comment: %+v", h)
	}
	if h := hoverAt(t, s, u, pos(18, 1)); h != nil {
		t.Errorf("hover in a ConfigMap: %+v", h)
	}
}

// TestHoverAsPlainText: a client that asks for hover as plain text only
// (Eglot without markdown-mode) gets text without Markdown's marks.
func TestHoverAsPlainText(t *testing.T) {
	t.Parallel()
	s, _ := start(t, func(p *protocol.InitializeParams) {
		p.Capabilities.TextDocument.Hover = &protocol.HoverClientCapabilities{
			ContentFormat: []protocol.MarkupKind{protocol.MarkupKindPlainText}}
	})
	u := uri.URI("file:///plain.yaml")
	s.open(u, stream)
	h := hoverAt(t, s, u, pos(28, 3))
	mc, ok := h.Contents.(*protocol.MarkupContent)
	if !ok || mc.Kind != protocol.MarkupKindPlainText || !strings.HasPrefix(mc.Value, "spec.plan: string, required") || strings.ContainsAny(mc.Value, "*`") {
		t.Errorf("hover contents %#v", h.Contents)
	}
}

func TestDocumentSymbols(t *testing.T) {
	t.Parallel()
	s, _ := start(t)
	u := uri.URI("file:///symbols.yaml")
	s.open(u, stream+"---\n# nothing but a comment\n")
	res, err := s.symbols(u)
	if err != nil {
		t.Fatal(err)
	}
	syms, ok := res.(protocol.DocumentSymbolSlice)
	if !ok {
		t.Fatalf("documentSymbol result %T", res)
	}
	var names []string
	for _, sym := range syms {
		names = append(names, fmt.Sprintf("%s@%d", sym.Name, sym.Range.Start.Line))
	}
	want := []string{"Kafka events@0", "kafka x@7", "ConfigMap settings@15", "Kafka stream@21", "document 4@33"}
	if strings.Join(names, ", ") != strings.Join(want, ", ") {
		t.Errorf("symbols %v, want %v", names, want)
	}
	spec := syms[3].Children
	found := false
	for _, c := range spec {
		if c.Name == "spec" && c.SelectionRange.Start.Line == 27 {
			found = true
		}
	}
	if !found {
		t.Errorf("the fourth document has no spec on line 27: %+v", spec)
	}

}

// codeActions asks for the quick fixes of ds.
func codeActions(t *testing.T, s *session, u uri.URI, ds []protocol.Diagnostic) []*protocol.CodeAction {
	t.Helper()
	res, err := s.codeAction(&protocol.CodeActionParams{TextDocument: docID(u), Range: ds[0].Range,
		Context: protocol.CodeActionContext{Diagnostics: ds}})
	if err != nil {
		t.Fatalf("codeAction: %v", err)
	}
	var out []*protocol.CodeAction
	for _, r := range res {
		a, ok := r.(*protocol.CodeAction)
		if !ok {
			t.Fatalf("code action %T", r)
		}
		out = append(out, a)
	}
	return out
}

// edits returns the edits of a code action for u and the version they are
// for (-1 when unversioned).
func edits(t *testing.T, a *protocol.CodeAction, u uri.URI) ([]protocol.TextEdit, int32) {
	t.Helper()
	if a.Edit == nil {
		t.Fatalf("code action %q has no edit", a.Title)
	}
	if len(a.Edit.DocumentChanges) > 0 {
		tde := a.Edit.DocumentChanges[0].(*protocol.TextDocumentEdit)
		if tde.TextDocument.URI != u || tde.TextDocument.Version == nil {
			t.Fatalf("edit for %s version %v", tde.TextDocument.URI, tde.TextDocument.Version)
		}
		var out []protocol.TextEdit
		for _, e := range tde.Edits {
			out = append(out, *e.(*protocol.TextEdit))
		}
		return out, *tde.TextDocument.Version
	}
	return a.Edit.Changes[u], -1
}

func TestCodeActionRoundTrip(t *testing.T) {
	t.Parallel()
	for _, versioned := range []bool{true, false} {
		t.Run(fmt.Sprintf("versioned=%t", versioned), func(t *testing.T) {
			s, _ := start(t, func(p *protocol.InitializeParams) {
				if !versioned {
					p.Capabilities.Workspace.WorkspaceEdit = nil
				}
			})
			u := uri.URI("file:///fix.yaml")
			src := stream
			ds := s.open(u, src)
			version := int32(1)
			// Fix every finding that has a fix, one at a time, as a user
			// would: ask, apply the edit, send it back.
			for _, rule := range []string{"const", "enum", "type", "unknown-field", "deprecated"} {
				d := find(ds, rule)
				if len(d) != 1 {
					t.Fatalf("want one %s finding:\n%s", rule, summary(ds))
				}
				actions := codeActions(t, s, u, d)
				if len(actions) != 1 {
					t.Fatalf("%s: want one quick fix, got %d", rule, len(actions))
				}
				a := actions[0]
				if a.Kind == nil || *a.Kind != protocol.CodeActionKindQuickFix || len(a.Diagnostics) != 1 {
					t.Errorf("%s: kind %v, diagnostics %d", rule, a.Kind, len(a.Diagnostics))
				}
				es, v := edits(t, a, u)
				if versioned && v != version {
					t.Errorf("%s: edit for version %d, want %d", rule, v, version)
				}
				var changes []protocol.TextDocumentContentChangeEvent
				// Edits of one fix refer to the text before the fix: apply
				// them from the last.
				for i := len(es) - 1; i >= 0; i-- {
					src = applyEdit(src, es[i].Range, es[i].NewText, text.UTF16)
					changes = append(changes, replace(es[i].Range.Start.Line, es[i].Range.Start.Character,
						es[i].Range.End.Line, es[i].Range.End.Character, es[i].NewText))
				}
				version = s.edit(u, changes...)
				ds = s.diagnostics(u, version)
				sameFindings(t, "after fixing "+rule, ds, src, text.UTF16, check.DefaultOptions)
				if len(find(ds, rule)) != 0 {
					t.Errorf("the quick fix %q left the %s finding", a.Title, rule)
				}
			}
			if len(ds) != 0 {
				t.Errorf("findings left after every fix:\n%s", summary(ds))
			}
		})
	}
}

func TestCodeActionFollowsEdits(t *testing.T) {
	t.Parallel()
	s, _ := start(t)
	u := uri.URI("file:///moved.yaml")
	ds := s.open(u, stream)
	old := find(ds, "enum")
	// Two lines are inserted above the finding before the client asks.
	v := s.edit(u, replace(0, 0, 0, 0, "# one\n# two\n"))
	// The client still holds the old diagnostic; the fix must apply to
	// the current text.
	actions := codeActions(t, s, u, old)
	if len(actions) != 1 {
		t.Fatalf("want one quick fix, got %d", len(actions))
	}
	es, ver := edits(t, actions[0], u)
	if ver != v || es[0].Range.Start.Line != old[0].Range.Start.Line+2 {
		t.Errorf("fix for version %d at line %d, want version %d at line %d", ver, es[0].Range.Start.Line, v, old[0].Range.Start.Line+2)
	}
	// A finding that no longer exists offers nothing.
	v = s.edit(u, replace(11, 6, 11, 11, "Kafka"))
	s.diagnostics(u, v)
	if actions := codeActions(t, s, u, old); len(actions) != 0 {
		t.Errorf("a fixed finding still offers %d actions", len(actions))
	}
	// Asked only for refactorings, the server offers no quick fix.
	res, err := s.codeAction(&protocol.CodeActionParams{TextDocument: docID(u), Range: old[0].Range,
		Context: protocol.CodeActionContext{Diagnostics: find(s.diagnostics(u, v), "const"), Only: []protocol.CodeActionKind{protocol.CodeActionKindRefactor}}})
	if err != nil || len(res) != 0 {
		t.Errorf("only refactor: %v, %v", res, err)
	}
}

func TestSettings(t *testing.T) {
	t.Parallel()
	unknown := manifest + "  terminationProtectoin: true\n"
	severityOf := func(ds []protocol.Diagnostic) protocol.DiagnosticSeverity {
		if f := find(ds, "unknown-field"); len(f) == 1 {
			return f[0].Severity
		}
		return 0
	}
	t.Run("initializationOptions", func(t *testing.T) {
		s, _ := start(t, func(p *protocol.InitializeParams) {
			p.InitializationOptions = protocol.LSPAny(`{"unknownFields": "warning"}`)
		})
		ds := s.open("file:///a.yaml", unknown)
		if severityOf(ds) != protocol.DiagnosticSeverityWarning {
			t.Errorf("unknownFields=warning gave:\n%s", summary(ds))
		}
	})
	t.Run("pushed", func(t *testing.T) {
		s, _ := start(t)
		u := uri.URI("file:///a.yaml")
		if sev := severityOf(s.open(u, unknown)); sev != protocol.DiagnosticSeverityError {
			t.Fatalf("default severity %d, want error", sev)
		}
		for _, c := range []struct {
			settings string
			want     protocol.DiagnosticSeverity
		}{
			{`{"mdscheck": {"unknownFields": "off"}}`, 0},
			{`{"mdscheck.unknownFields": "warning"}`, protocol.DiagnosticSeverityWarning},
			{`{"mdscheck": {}}`, protocol.DiagnosticSeverityError},
		} {
			before := s.published(u)
			if err := s.srv.DidChangeConfiguration(s.ctx, &protocol.DidChangeConfigurationParams{Settings: protocol.LSPAny(c.settings)}); err != nil {
				t.Fatal(err)
			}
			s.waitFor("diagnostics after "+c.settings, func() bool { return len(s.diags[u]) > before })
			ds := s.lastPublished(u).Diagnostics
			if got := severityOf(ds); got != c.want {
				t.Errorf("after %s: severity %d, want %d\n%s", c.settings, got, c.want, summary(ds))
			}
			src := unknown
			opts := map[protocol.DiagnosticSeverity]check.Options{0: {UnknownFields: 0}, 1: {UnknownFields: check.Error}, 2: {UnknownFields: check.Warning}}[c.want]
			sameFindings(t, c.settings, ds, src, text.UTF16, opts)
		}
	})
	t.Run("pulled", func(t *testing.T) {
		s, _ := start(t)
		u := uri.URI("file:///a.yaml")
		s.open(u, unknown)
		s.mu.Lock()
		s.config = json.RawMessage(`{"unknownFields": "warning"}`)
		pulls := s.pulls
		before := len(s.diags[u])
		s.mu.Unlock()
		// A notification without our settings asks the server to pull.
		if err := s.srv.DidChangeConfiguration(s.ctx, &protocol.DidChangeConfigurationParams{Settings: protocol.LSPAny(`null`)}); err != nil {
			t.Fatal(err)
		}
		s.waitFor("a workspace/configuration request", func() bool { return s.pulls > pulls })
		s.waitFor("diagnostics after the pull", func() bool { return len(s.diags[u]) > before })
		if sev := severityOf(s.lastPublished(u).Diagnostics); sev != protocol.DiagnosticSeverityWarning {
			t.Errorf("pulled unknownFields=warning gave severity %d", sev)
		}
	})
	t.Run("enable", func(t *testing.T) {
		s, _ := start(t)
		u := uri.URI("file:///a.yaml")
		s.open(u, unknown)
		before := s.published(u)
		if err := s.srv.DidChangeConfiguration(s.ctx, &protocol.DidChangeConfigurationParams{Settings: protocol.LSPAny(`{"mdscheck": {"enable": false}}`)}); err != nil {
			t.Fatal(err)
		}
		s.waitFor("cleared diagnostics", func() bool { return len(s.diags[u]) > before })
		if ds := s.lastPublished(u).Diagnostics; len(ds) != 0 {
			t.Errorf("disabled, yet:\n%s", summary(ds))
		}
		if items := completionItems(t, s, u, pos(7, 2)); len(items) != 0 {
			t.Errorf("disabled, yet %d completion items", len(items))
		}
		v := s.edit(u, replace(7, 0, 7, 0, "  maintenanceWindowDow: funday\n"))
		if ds := s.diagnostics(u, v); len(ds) != 0 {
			t.Errorf("disabled, yet after an edit:\n%s", summary(ds))
		}
		before = s.published(u)
		if err := s.srv.DidChangeConfiguration(s.ctx, &protocol.DidChangeConfigurationParams{Settings: protocol.LSPAny(`{"mdscheck": {"enable": true}}`)}); err != nil {
			t.Fatal(err)
		}
		s.waitFor("diagnostics again", func() bool { return len(s.diags[u]) > before })
		if ds := s.lastPublished(u).Diagnostics; len(ds) != 2 {
			t.Errorf("enabled again:\n%s", summary(ds))
		}
	})
	t.Run("invalid value", func(t *testing.T) {
		s, _ := start(t)
		if err := s.srv.DidChangeConfiguration(s.ctx, &protocol.DidChangeConfigurationParams{Settings: protocol.LSPAny(`{"mdscheck": {"unknownFields": "loud"}}`)}); err != nil {
			t.Fatal(err)
		}
		s.waitFor("a warning in the client's log", func() bool {
			for _, l := range s.logs {
				if strings.Contains(l, "unknownFields") {
					return true
				}
			}
			return false
		})
		if sev := severityOf(s.open("file:///a.yaml", unknown)); sev != protocol.DiagnosticSeverityError {
			t.Errorf("an invalid value changed the severity to %d", sev)
		}
	})
	t.Run("unset values", func(t *testing.T) {
		// What VS Code pushes when the user set nothing: "" for
		// unknownFields, which has no default in package.json. It is no
		// mistake to warn of, and it clears what initializationOptions said.
		s, _ := start(t, func(p *protocol.InitializeParams) {
			p.InitializationOptions = protocol.LSPAny(`{"unknownFields": "off"}`)
		})
		u := uri.URI("file:///a.yaml")
		if sev := severityOf(s.open(u, unknown)); sev != 0 {
			t.Fatalf("unknownFields=off at start gave severity %d", sev)
		}
		before := s.published(u)
		vscodeDefaults := `{"mdscheck": {"enable": true, "unknownFields": "", "previous": "HEAD", "server": {"path": ""}, "trace": {"server": "off"}}}`
		if err := s.srv.DidChangeConfiguration(s.ctx, &protocol.DidChangeConfigurationParams{Settings: protocol.LSPAny(vscodeDefaults)}); err != nil {
			t.Fatal(err)
		}
		s.waitFor("diagnostics after the defaults", func() bool { return len(s.diags[u]) > before })
		if sev := severityOf(s.lastPublished(u).Diagnostics); sev != protocol.DiagnosticSeverityError {
			t.Errorf("unset unknownFields gave severity %d, want the default, error", sev)
		}
		// A warning would have come before the diagnostics (applySettings).
		s.mu.Lock()
		defer s.mu.Unlock()
		for _, l := range s.logs {
			if strings.Contains(l, "setting") {
				t.Errorf("unset settings were warned of: %s", l)
			}
		}
	})
}

func TestNoGoroutineLeakPerDocument(t *testing.T) {
	t.Parallel()
	s, _ := start(t)
	base := s.stats().Goroutines
	for i := range 50 {
		u := uri.URI(fmt.Sprintf("file:///doc%d.yaml", i))
		s.open(u, manifest)
		for j := range 5 {
			s.edit(u, replace(6, 11, 6, 12, string(rune('a'+j))))
		}
	}
	for i := range 50 {
		if err := s.srv.DidClose(s.ctx, &protocol.DidCloseTextDocumentParams{TextDocument: docID(uri.URI(fmt.Sprintf("file:///doc%d.yaml", i)))}); err != nil {
			t.Fatal(err)
		}
	}
	// Checks already running finish; then nothing may be left.
	var st stats
	poll(t, "the server to settle", func() bool {
		st = s.stats()
		return st.Pending == 0 && st.Goroutines <= base
	})
	if st.Documents != 0 {
		t.Errorf("%d documents left after closing all", st.Documents)
	}
}
