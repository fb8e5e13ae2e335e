package lsp_test

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
)

// definition asks for the definition at p.
func (s *session) definition(u uri.URI, p protocol.Position) []protocol.Location {
	s.t.Helper()
	out, err := request[[]protocol.Location](s, protocol.MethodTextDocumentDefinition,
		&protocol.DefinitionParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{TextDocument: docID(u), Position: p}})
	if err != nil {
		s.t.Fatalf("definition: %v", err)
	}
	return out
}

// references asks for the references at p.
func (s *session) references(u uri.URI, p protocol.Position, declaration bool) []protocol.Location {
	s.t.Helper()
	out, err := request[[]protocol.Location](s, protocol.MethodTextDocumentReferences, &protocol.ReferenceParams{
		TextDocumentPositionParams: protocol.TextDocumentPositionParams{TextDocument: docID(u), Position: p},
		Context:                    protocol.ReferenceContext{IncludeDeclaration: declaration}})
	if err != nil {
		s.t.Fatalf("references: %v", err)
	}
	return out
}

// place is a location as "FILE:LINE:CHAR-CHAR", FILE relative to dir.
func place(dir string, l protocol.Location) string {
	rel, _ := filepath.Rel(dir, l.URI.FsPath())
	return fmt.Sprintf("%s:%d:%d-%d", filepath.ToSlash(rel), l.Range.Start.Line, l.Range.Start.Character, l.Range.End.Character)
}

// places lists locations as place does, sorted.
func places(dir string, ls []protocol.Location) []string {
	out := []string{}
	for _, l := range ls {
		out = append(out, place(dir, l))
	}
	slices.Sort(out)
	return out
}

// TestWorkspaceDefinitionAndReferences: from where a workload or a
// resource names a Secret to what writes it, in files no one opened, and
// back; nothing across namespaces, nothing for a Secret from elsewhere.
func TestWorkspaceDefinitionAndReferences(t *testing.T) {
	t.Parallel()
	dir := workspaceRepo(t, nil)
	s := startIn(t, dir)
	s.indexed(indexedFiles)
	workloads, services, secrets := workspaceFiles["workloads.yaml"], workspaceFiles["services.yaml"], workspaceFiles["secrets.yaml"]
	wu, su := uri.File(filepath.Join(dir, "workloads.yaml")), uri.File(filepath.Join(dir, "services.yaml"))
	// at is where what (a "key: value" line) has its value, on its n-th line.
	at := func(src, what string, n int) protocol.Position {
		p := lineOf(t, src, what, n)
		p.Character += uint32(strings.Index(what, ": ") + 2)
		return p
	}
	// in names the value of what on its n-th line of a file.
	in := func(file, src, what string, n int) string {
		p := at(src, what, n)
		value := what[strings.Index(what, ": ")+2:]
		return fmt.Sprintf("%s:%d:%d-%d", file, p.Line, p.Character, p.Character+uint32(len(value)))
	}
	logs := in("services.yaml", services, "name: logs", 1)

	s.open(wu, workloads)
	for _, c := range []struct {
		what string
		from protocol.Position
		want []string
	}{
		{"secretKeyRef.name", at(workloads, "name: logs", 1), []string{logs}},
		{"secretKeyRef.key", at(workloads, "key: KAFKA_HOST", 1), []string{logs}},
		{"envFrom[].secretRef.name, to connInfoSecretTarget.name", at(workloads, "name: events-conn", 1),
			[]string{in("services.yaml", services, "name: events-conn", 1)}},
		{"volumes[].secret.secretName", at(workloads, "secretName: logs", 1), []string{logs}},
		{"another namespace", at(workloads, "name: logs", 5), []string{in("other/namespace.yaml", workspaceFiles["other/namespace.yaml"], "name: logs", 1)}},
		{"a namespace where nothing writes it", at(workloads, "name: logs", 4), []string{}},
		{"a Secret from elsewhere", at(workloads, "name: made-by-hand", 1), []string{}},
		{"no Secret's name", at(workloads, "name: BROKER", 1), []string{}},
	} {
		if got := places(dir, s.definition(wu, c.from)); !slices.Equal(got, c.want) {
			t.Errorf("definition from %s: %q, want %q", c.what, got, c.want)
		}
	}
	if err := s.srv.DidClose(s.ctx, &protocol.DidCloseTextDocumentParams{TextDocument: docID(wu)}); err != nil {
		t.Fatal(err)
	}

	// From the resources' file to the workloads' file, closed now.
	s.open(su, services)
	readers := []string{in("workloads.yaml", workloads, "name: logs", 1), in("workloads.yaml", workloads, "name: logs", 2),
		in("workloads.yaml", workloads, "name: logs", 3), in("workloads.yaml", workloads, "secretName: logs", 1)}
	slices.Sort(readers)
	if got := places(dir, s.references(su, at(services, "name: logs", 1), false)); !slices.Equal(got, readers) {
		t.Errorf("references of the Kafka logs: %q, want %q", got, readers)
	}
	withDecl := slices.Sorted(slices.Values(append([]string{logs}, readers...)))
	if got := places(dir, s.references(su, at(services, "name: logs", 1), true)); !slices.Equal(got, withDecl) {
		t.Errorf("references of the Kafka logs with its declaration: %q, want %q", got, withDecl)
	}
	// metadata.name of a resource whose Secret has another name.
	events := []string{in("workloads.yaml", workloads, "name: events-conn", 1)}
	for _, from := range []protocol.Position{at(services, "name: events", 1), at(services, "name: events-conn", 1)} {
		if got := places(dir, s.references(su, from, false)); !slices.Equal(got, events) {
			t.Errorf("references of the Kafka events at %v: %q, want %q", from, got, events)
		}
	}
	// authSecretRef.name goes to the v1 Secret, which it reads.
	token := in("secrets.yaml", secrets, "name: grafana-token", 1)
	if got := places(dir, s.definition(su, at(services, "name: grafana-token", 1))); !slices.Equal(got, []string{token}) {
		t.Errorf("definition from authSecretRef.name: %q, want %q", got, token)
	}
	cu := uri.File(filepath.Join(dir, "secrets.yaml"))
	s.open(cu, secrets)
	if got, want := places(dir, s.references(cu, at(secrets, "name: grafana-token", 1), false)),
		[]string{in("services.yaml", services, "name: grafana-token", 1)}; !slices.Equal(got, want) {
		t.Errorf("references of the v1 Secret grafana-token: %q, want %q", got, want)
	}
}

// TestCrossCapabilities: the server says it answers definition and
// references, and follows the workspace's folders.
func TestCrossCapabilities(t *testing.T) {
	t.Parallel()
	_, res := start(t)
	c := res.Capabilities
	if c.DefinitionProvider == nil || c.ReferencesProvider == nil {
		t.Errorf("definitionProvider %v, referencesProvider %v", c.DefinitionProvider, c.ReferencesProvider)
	}
	if c.Workspace == nil || c.Workspace.WorkspaceFolders == nil || c.Workspace.WorkspaceFolders.Supported == nil ||
		!*c.Workspace.WorkspaceFolders.Supported || c.Workspace.WorkspaceFolders.ChangeNotifications == nil {
		t.Errorf("workspace %+v, want folders supported, with change notifications", c.Workspace)
	}
}
