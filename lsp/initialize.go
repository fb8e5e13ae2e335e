package lsp

import (
	"encoding/json"
	"slices"

	"github.com/mdscheck/mdscheck/core/text"
	"github.com/tliron/glsp"
	protocol "github.com/tliron/glsp/protocol_3_16"
)

// clientCaps is what the server needs to know of the client's
// capabilities. It is read from the raw initialize params because glsp's
// types stop at LSP 3.16 and positionEncodings came with 3.17.
type clientCaps struct {
	configuration   bool // answers workspace/configuration
	documentChanges bool // takes versioned edits in a WorkspaceEdit
	snippets        bool // completion items may be snippets
	insertReplace   bool // completion edits may be InsertReplaceEdits
	symbols         bool // asks for document symbols (outline, breadcrumbs)
	// plainHover: the client asks for hover as plain text only (Eglot
	// without markdown-mode), so Markdown would show as **marks**.
	plainHover bool
}

type initializeExtras struct {
	Capabilities struct {
		General struct {
			PositionEncodings []string `json:"positionEncodings"`
		} `json:"general"`
		Workspace struct {
			Configuration bool `json:"configuration"`
			WorkspaceEdit struct {
				DocumentChanges bool `json:"documentChanges"`
			} `json:"workspaceEdit"`
		} `json:"workspace"`
		TextDocument struct {
			DocumentSymbol json.RawMessage `json:"documentSymbol"`
			Hover          struct {
				ContentFormat []string `json:"contentFormat"`
			} `json:"hover"`
			Completion struct {
				CompletionItem struct {
					SnippetSupport       bool `json:"snippetSupport"`
					InsertReplaceSupport bool `json:"insertReplaceSupport"`
				} `json:"completionItem"`
			} `json:"completion"`
		} `json:"textDocument"`
	} `json:"capabilities"`
}

// positionEncodings maps LSP's PositionEncodingKind to ours.
var positionEncodings = map[string]text.Encoding{"utf-8": text.UTF8, "utf-16": text.UTF16, "utf-32": text.UTF32}

// negotiate picks the first encoding the client offers that the server
// knows (the client lists them by preference); UTF-16 otherwise, which
// every client must support.
func negotiate(offered []string) (string, text.Encoding) {
	for _, name := range offered {
		if enc, ok := positionEncodings[name]; ok {
			return name, enc
		}
	}
	return "utf-16", text.UTF16
}

// serverCapabilities are glsp's 3.16 capabilities plus 3.17's
// positionEncoding.
type serverCapabilities struct {
	protocol.ServerCapabilities
	PositionEncoding string `json:"positionEncoding,omitempty"`
}

type initializeResult struct {
	Capabilities serverCapabilities                   `json:"capabilities"`
	ServerInfo   *protocol.InitializeResultServerInfo `json:"serverInfo,omitempty"`
}

func (s *server) initialize(ctx *glsp.Context, p *protocol.InitializeParams) (any, error) {
	var extras initializeExtras
	// A field of the wrong type leaves that field at its zero value; the
	// rest is still read.
	_ = json.Unmarshal(ctx.Params, &extras)
	name, enc := negotiate(extras.Capabilities.General.PositionEncodings)
	c := extras.Capabilities
	caps := clientCaps{
		configuration:   c.Workspace.Configuration,
		documentChanges: c.Workspace.WorkspaceEdit.DocumentChanges,
		snippets:        c.TextDocument.Completion.CompletionItem.SnippetSupport,
		insertReplace:   c.TextDocument.Completion.CompletionItem.InsertReplaceSupport,
		symbols:         len(c.TextDocument.DocumentSymbol) > 0 && string(c.TextDocument.DocumentSymbol) != "null",
		plainHover:      len(c.TextDocument.Hover.ContentFormat) > 0 && !slices.Contains(c.TextDocument.Hover.ContentFormat, "markdown"),
	}
	base, _, problems := DefaultSettings.merge(p.InitializationOptions)
	s.cfg.watch = watchesFiles(ctx.Params)
	s.ws.setRoots(workspaceFolders(p))

	s.mu.Lock()
	s.state = stateRunning
	s.enc = enc
	s.caps = caps
	s.base, s.settings = base, base
	s.mu.Unlock()
	for _, msg := range problems {
		s.logMessage(protocol.MessageTypeWarning, msg)
	}
	clientName := "an unnamed client"
	if p.ClientInfo != nil {
		clientName = p.ClientInfo.Name
	}
	s.log.Printf("initialized by %s; positions in %s", clientName, name)

	yes, no := true, false
	incremental := protocol.TextDocumentSyncKindIncremental
	version := s.version
	return initializeResult{
		Capabilities: serverCapabilities{
			ServerCapabilities: protocol.ServerCapabilities{
				TextDocumentSync: protocol.TextDocumentSyncOptions{
					OpenClose: &yes,
					Change:    &incremental,
					Save:      protocol.SaveOptions{IncludeText: &no},
				},
				CompletionProvider:     &protocol.CompletionOptions{TriggerCharacters: []string{" "}},
				HoverProvider:          true,
				DefinitionProvider:     true,
				ReferencesProvider:     true,
				DocumentSymbolProvider: true,
				CodeActionProvider:     protocol.CodeActionOptions{CodeActionKinds: []protocol.CodeActionKind{protocol.CodeActionKindQuickFix}},
				ExecuteCommandProvider: &protocol.ExecuteCommandOptions{Commands: []string{commandConnectionSecret}},
				Workspace: &protocol.ServerCapabilitiesWorkspace{WorkspaceFolders: &protocol.WorkspaceFoldersServerCapabilities{
					Supported: &yes, ChangeNotifications: &protocol.BoolOrString{Value: true}}},
			},
			PositionEncoding: name,
		},
		ServerInfo: &protocol.InitializeResultServerInfo{Name: "mdscheck", Version: &version},
	}, nil
}

// initialized pulls the settings once, for clients that do not push them.
func (s *server) initialized(*glsp.Context, *protocol.InitializedParams) error {
	s.mu.Lock()
	pull := s.caps.configuration
	s.mu.Unlock()
	if pull {
		go s.pullSettings()
	}
	go s.watchConfigs()
	go s.watchWorkspace()
	return nil
}
