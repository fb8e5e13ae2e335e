package lsp

import (
	"context"
	"encoding/json"
	"net/url"
	"path/filepath"
	"sync"
	"time"

	"github.com/mdscheck/mdscheck/core/check"
	"github.com/mdscheck/mdscheck/core/lang"
	"github.com/mdscheck/mdscheck/core/report"
	"github.com/mdscheck/mdscheck/core/secret"
	"github.com/mdscheck/mdscheck/core/text"
	"github.com/mdscheck/mdscheck/internal/config"
	"github.com/tliron/glsp"
	protocol "github.com/tliron/glsp/protocol_3_16"
)

// configState is what the server knows of the workspace's configuration
// files (.mdscheck.yaml). The finder remembers which file applies to each
// directory and what each holds; any change to a configuration, on disk
// or in an editor, replaces it whole, and every open file is checked
// again.
type configState struct {
	mu     sync.Mutex
	finder *config.Finder
	// watch: the client registers file watchers on request.
	watch bool
	// reported are the read errors already logged, each said once.
	reported map[string]bool
}

// configRule is the rule code of the mistakes in a configuration file;
// configDocs is where its format is described.
const (
	configRule = "config"
	configDocs = "https://github.com/mdscheck/mdscheck/blob/main/docs/configuration.md"
)

// uriPath returns the file path of a file: URI; ok is false for any other
// (an untitled buffer), which no configuration applies to.
func uriPath(uri string) (string, bool) {
	u, err := url.Parse(uri)
	if err != nil || u.Scheme != "file" || u.Path == "" {
		return "", false
	}
	return filepath.FromSlash(u.Path), true
}

// isConfig reports whether the document at uri is a configuration file.
func isConfig(uri string) bool {
	p, ok := uriPath(uri)
	return ok && config.IsName(p)
}

// configs returns the finder in force, which reads an open configuration
// file's text from the editor rather than from the disk.
func (s *server) configs() *config.Finder {
	s.cfg.mu.Lock()
	defer s.cfg.mu.Unlock()
	if s.cfg.finder == nil {
		s.cfg.finder = &config.Finder{Read: s.openText}
	}
	return s.cfg.finder
}

// openText returns the text of the open document of the file at path.
func (s *server) openText(path string) (string, bool) {
	for _, d := range s.openDocuments() {
		if p, ok := uriPath(d.uri); ok && p == path {
			_, src := d.snapshot()
			return src, true
		}
	}
	return "", false
}

// reloadConfigs forgets every configuration read and checks the open
// documents again, except skip (the configuration being edited).
func (s *server) reloadConfigs(skip *openDoc) {
	s.cfg.mu.Lock()
	s.cfg.finder = nil
	s.cfg.mu.Unlock()
	s.queueIndex(true) // what the workspace's index excludes may change
	for _, d := range s.openDocuments() {
		if d != skip {
			s.schedule(d, debounce)
		}
	}
}

// run checks one version of an open document. A configuration file gets
// its own mistakes; a manifest gets its findings at the severities of
// the configuration that applies to it, then of the editor's settings,
// and none when the configuration excludes it.
func (s *server) run(d *openDoc, src string, settings Settings) (report.File, []checkedText) {
	path, onDisk := uriPath(d.uri)
	if onDisk && config.IsName(path) {
		c := config.Parse(path, src)
		// Others follow the text as the user types it; a first sight of
		// it may be news to them too (a file not saved yet).
		if known, ok := s.configs().Cached(path); !ok || known.Src != src {
			s.reloadConfigs(d)
		}
		return configReport(c), nil
	}
	p := config.Policy{}
	if onDisk {
		c, err := s.configs().For(path)
		if err != nil {
			s.configError(err)
		}
		if c.Excluded(path) {
			return report.File{Text: src, Diagnostics: []check.Diagnostic{}}, nil
		}
		p = c.Policy(path)
	}
	if l, ok := config.ParseLevel(settings.UnknownFields); ok {
		p["unknown-field"] = l // the editor's setting wins
	}
	file, checked := d.checker.run(src, settings.options())
	// The lifecycle findings obey the configuration like the others.
	s.addChanges(d, src, settings.Previous, &file)
	s.addCross(d, src, &file)
	if settings.Previous != previousOff {
		// What the previous version held is secret here too.
		g := &secret.Gate{}
		d.previous.secrets(g)
		file.Clean(g)
	}
	return p.Apply(file), checked
}

// configError logs a configuration file that cannot be read, once.
func (s *server) configError(err error) {
	s.cfg.mu.Lock()
	if s.cfg.reported == nil {
		s.cfg.reported = map[string]bool{}
	}
	first := !s.cfg.reported[err.Error()]
	s.cfg.reported[err.Error()] = true
	s.cfg.mu.Unlock()
	if first {
		s.logMessage(protocol.MessageTypeWarning, err.Error())
	}
}

// configReport turns the mistakes of a configuration file into findings,
// a did-you-mean into a quick fix.
func configReport(c *config.Config) report.File {
	f := report.File{Text: c.Src, Documents: []report.Document{}, Diagnostics: make([]check.Diagnostic, 0, len(c.Problems))}
	for _, p := range c.Problems {
		d := check.Diagnostic{Start: p.Start, End: p.End, Severity: check.Error, Rule: configRule, Message: p.Message}
		if p.Replace != "" {
			d.Fixes = []check.Fix{{Title: "Change to " + p.Replace, Edits: []check.Edit{{Start: p.Start, End: p.End, NewText: p.Replace}}}}
		}
		f.Diagnostics = append(f.Diagnostics, d)
	}
	return f
}

// didCloseConfig puts the configuration on disk back in force when the
// editor closes a configuration file it may have left unsaved.
func (s *server) didCloseConfig(uri string) {
	if isConfig(uri) {
		s.reloadConfigs(nil)
	}
}

// didChangeWatchedFiles reloads the configuration when a configuration
// file is created, changed or deleted on disk.
func (s *server) didChangeWatchedFiles(_ *glsp.Context, p *protocol.DidChangeWatchedFilesParams) error {
	s.filesChanged(p.Changes) // the workspace's manifests (workspace_watch.go)
	for _, c := range p.Changes {
		if path, ok := uriPath(c.URI); ok && (config.IsName(path) || filepath.Base(path) == ".git") {
			s.reloadConfigs(nil)
			return nil
		}
	}
	return nil
}

// watchesFiles reports whether the client of the initialize params raw
// lets the server register file watchers.
func watchesFiles(raw json.RawMessage) bool {
	var p struct {
		Capabilities struct {
			Workspace struct {
				DidChangeWatchedFiles struct {
					DynamicRegistration bool `json:"dynamicRegistration"`
				} `json:"didChangeWatchedFiles"`
			} `json:"workspace"`
		} `json:"capabilities"`
	}
	_ = json.Unmarshal(raw, &p) // a malformed field: no watchers
	return p.Capabilities.Workspace.DidChangeWatchedFiles.DynamicRegistration
}

// watchConfigs asks the client to report changes to configuration files,
// where it can. It runs on its own goroutine: the reply is read by the
// read loop.
func (s *server) watchConfigs() {
	var globs []string
	for _, n := range config.Names {
		globs = append(globs, "**/"+n)
	}
	s.registerWatchers("mdscheck-config", globs...)
}

// registerWatchers asks the client to report the changes of the files
// that match globs (workspace/didChangeWatchedFiles), under the
// registration id, when it lets the server register watchers. Never on
// the read loop: the reply is read by it.
func (s *server) registerWatchers(id string, globs ...string) {
	s.cfg.mu.Lock()
	watch := s.cfg.watch
	s.cfg.mu.Unlock()
	if !watch {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	var watchers []protocol.FileSystemWatcher
	for _, g := range globs {
		watchers = append(watchers, protocol.FileSystemWatcher{GlobPattern: g})
	}
	err := s.client.call(ctx, string(protocol.ServerClientRegisterCapability), protocol.RegistrationParams{Registrations: []protocol.Registration{{
		ID: id, Method: string(protocol.MethodWorkspaceDidChangeWatchedFiles),
		RegisterOptions: protocol.DidChangeWatchedFilesRegistrationOptions{Watchers: watchers},
	}}}, nil)
	if err != nil {
		s.log.Printf("registering file watchers (%s): %v", id, err)
	}
}

// completeConfig completes in a configuration file: keys, rule codes,
// severities.
func completeConfig(src string, at text.Position, enc text.Encoding) []lang.CompletionItem {
	idx := text.NewIndex(src)
	var out []lang.CompletionItem
	for i, it := range config.Complete(src, idx.Offset(at, enc)) {
		out = append(out, lang.CompletionItem{Label: it.Label, Kind: completionKind(it.Detail), Detail: it.Detail,
			Documentation: &lang.Markup{Kind: "markdown", Value: it.Doc}, SortText: sortText(i),
			TextEdit: &lang.TextEdit{Range: idx.Range(it.Start, it.End, enc), NewText: it.Label}})
	}
	return out
}

// completionKind is the LSP CompletionItemKind of an item: Property for a
// key, EnumMember for a value.
func completionKind(detail string) int {
	if detail == "severity" {
		return int(protocol.CompletionItemKindEnumMember)
	}
	return int(protocol.CompletionItemKindProperty)
}

// sortText keeps the items in the order the configuration's format gives
// them, not the client's alphabetical one.
func sortText(i int) string {
	return string([]byte{'a' + byte(i/26), 'a' + byte(i%26)})
}

// hoverConfig describes the key, rule code or severity under the cursor
// in a configuration file.
func hoverConfig(src string, at text.Position, enc text.Encoding) *lang.HoverResult {
	idx := text.NewIndex(src)
	doc, start, end, ok := config.Hover(src, idx.Offset(at, enc))
	if !ok {
		return nil
	}
	r := idx.Range(start, end, enc)
	return &lang.HoverResult{Contents: lang.Markup{Kind: "markdown", Value: doc}, Range: &r}
}

// ruleURL is where a finding's rule is documented.
func ruleURL(rule string) string {
	if rule == configRule {
		return configDocs
	}
	return check.RuleURL(rule)
}
