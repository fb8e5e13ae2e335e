package lsp

import (
	"os"
	"path/filepath"

	"github.com/mdscheck/mdscheck/core/secret"
	"github.com/mdscheck/mdscheck/internal/config"
	"github.com/tliron/glsp"
	protocol "github.com/tliron/glsp/protocol_3_16"
)

// workspaceGate keys the gate of the secrets of the files read from disk
// among the gates of the open documents (server.gates), which every
// message passes.
const workspaceGate = "mdscheck:workspace"

// storeWorkspaceGate sets the gate of the files read from disk.
func (s *server) storeWorkspaceGate(g *secret.Gate) {
	s.gates.replace(workspaceGate, g)
}

// workspaceFolders returns the folders of the initialize params: its
// workspaceFolders, else its rootUri, else its rootPath.
func workspaceFolders(p *protocol.InitializeParams) []string {
	var out []string
	for _, f := range p.WorkspaceFolders {
		out = append(out, f.URI)
	}
	switch {
	case len(out) > 0:
	case p.RootURI != nil && *p.RootURI != "":
		out = append(out, *p.RootURI)
	case p.RootPath != nil && *p.RootPath != "":
		out = append(out, fileURI(*p.RootPath))
	}
	return out
}

// indexFolders starts reading the workspace folders in the background.
func (s *server) indexFolders() {
	if roots, _ := s.ws.rootsNow(); len(roots) > 0 {
		s.queueIndex(true)
	}
}

// watchWorkspace asks the client to report changes to the YAML files of
// the folders, where it can (also with no folder yet: one may be added).
// It runs on its own goroutine: the reply to the registration is read by
// the read loop.
func (s *server) watchWorkspace() {
	s.registerWatchers("mdscheck-workspace", "**/*.{yaml,yml}")
}

// filesChanged reads again the YAML files changed on disk, and forgets
// those deleted; a file open in the editor keeps the editor's text. A
// folder created or deleted (some clients report the folder alone) is
// read again whole. Configuration files are config.go's.
func (s *server) filesChanged(changes []protocol.FileEvent) {
	var paths []string
	rescan := false
	for _, c := range changes {
		p, ok := uriPath(c.URI)
		switch {
		case !ok || config.IsName(p):
		case isYAML(p):
			paths = append(paths, filepath.Clean(p))
		case c.Type == protocol.FileChangeTypeDeleted:
			rescan = true // a folder, perhaps: its files are gone
		case c.Type == protocol.FileChangeTypeCreated:
			if st, err := os.Stat(p); err == nil && st.IsDir() {
				rescan = true
			}
		}
	}
	if rescan || len(paths) > 0 {
		s.queueIndex(rescan, paths...)
	}
}

// didChangeWorkspaceFolders reads the workspace again with its folders as
// they are now.
func (s *server) didChangeWorkspaceFolders(_ *glsp.Context, p *protocol.DidChangeWorkspaceFoldersParams) error {
	removed := map[string]bool{}
	for _, f := range p.Event.Removed {
		if path, ok := uriPath(f.URI); ok {
			removed[filepath.Clean(path)] = true
		}
	}
	var uris []string
	roots, _ := s.ws.rootsNow()
	for _, r := range roots {
		if !removed[r.path] {
			uris = append(uris, fileURI(r.path))
		}
	}
	for _, f := range p.Event.Added {
		uris = append(uris, f.URI)
	}
	// Keys name files relative to the folders: the open documents put
	// their facts again under their new names.
	for _, d := range s.ws.setRoots(uris) {
		s.schedule(d, 0)
	}
	s.queueIndex(true)
	return nil
}

// closeCross takes the facts of d, which the editor closes, out of the
// set, and reads its file again from disk when it is the workspace's.
func (s *server) closeCross(d *openDoc) {
	stale, reread := s.ws.closeDoc(d)
	for _, o := range stale {
		s.schedule(o, debounce)
	}
	if reread != "" {
		s.queueIndex(false, reread)
	}
}

// startCross makes the workspace's index and the methods that answer
// from it.
func (s *server) startCross() {
	s.ws = newWorkspace()
	s.ws.onGate = s.storeWorkspaceGate
	s.proto.TextDocumentDefinition = s.definition
	s.proto.TextDocumentReferences = s.references
	s.proto.WorkspaceDidChangeWorkspaceFolders = s.didChangeWorkspaceFolders
}
