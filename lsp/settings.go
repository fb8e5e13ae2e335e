package lsp

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/mdscheck/mdscheck/core/check"
	"github.com/mdscheck/mdscheck/internal/gitexec"
	"github.com/tliron/glsp"
	protocol "github.com/tliron/glsp/protocol_3_16"
)

// Settings are the user's settings under the section "mdscheck"
// (docs/editors.md lists them).
type Settings struct {
	// Enable turns the server's features on for every document: when
	// false it publishes no diagnostics (and clears those it published)
	// and answers completion, hover, symbols and code actions with nothing.
	Enable bool `json:"enable"`
	// UnknownFields is how members the schema does not know are reported:
	// "error", "warning" or "off"; "" leaves it to the configuration file
	// (.mdscheck.yaml), which the editor's setting overrides.
	UnknownFields string `json:"unknownFields,omitempty"`
	// Previous is the git revision an open file is compared with for the
	// lifecycle rules (previous.go), or "off".
	Previous string `json:"previous"`
}

// DefaultSettings apply where the client says nothing.
var DefaultSettings = Settings{Enable: true, Previous: "HEAD"}

// section is the settings section of mdscheck.
const section = "mdscheck"

// options returns the check options the settings ask for.
func (s Settings) options() check.Options {
	switch s.UnknownFields {
	case "warning":
		return check.Options{UnknownFields: check.Warning}
	case "off":
		return check.Options{UnknownFields: 0}
	}
	return check.DefaultOptions
}

// merge returns s with what raw says, and a note for each value it could
// not use. raw is the "mdscheck" section itself ({"unknownFields": ...}),
// an object that holds it ({"mdscheck": {...}}), or flat dotted keys
// ({"mdscheck.unknownFields": ...}), since clients send all three. found
// reports whether raw said anything about mdscheck at all.
//
// A member that is there but "" or null is unset and takes its default
// (DefaultSettings), not s's value: VS Code sends every setting of the
// section, those the user never set as "" (a string without a default,
// such as unknownFields) or null, and a setting the user clears must
// stop counting even if it came in the initializationOptions.
func (s Settings) merge(raw any) (out Settings, found bool, problems []string) {
	out = s
	m, ok := raw.(map[string]any)
	if !ok {
		return out, false, nil
	}
	if inner, ok := m[section].(map[string]any); ok {
		m, found = inner, true
	} else {
		flat := map[string]any{}
		for k, v := range m {
			if name, ok := strings.CutPrefix(k, section+"."); ok {
				flat[name] = v
			}
		}
		if len(flat) > 0 {
			m = flat
		}
	}
	for k, v := range m {
		switch k {
		case "enable":
			found = true
			if b, ok := v.(bool); ok {
				out.Enable = b
			} else if unset(v) {
				out.Enable = DefaultSettings.Enable
			} else {
				problems = append(problems, fmt.Sprintf("setting %s.enable must be true or false", section))
			}
		case "unknownFields":
			found = true
			switch str, _ := v.(string); {
			case str == "error", str == "warning", str == "off":
				out.UnknownFields = str
			case unset(v):
				out.UnknownFields = DefaultSettings.UnknownFields
			default:
				problems = append(problems, fmt.Sprintf("setting %s.unknownFields must be \"error\", \"warning\" or \"off\"", section))
			}
		case "previous":
			found = true
			if str, ok := v.(string); ok && gitexec.ValidRevision(str) {
				out.Previous = str
			} else if unset(v) {
				out.Previous = DefaultSettings.Previous
			} else {
				problems = append(problems, fmt.Sprintf("setting %s.previous must be a git revision (\"HEAD\", a branch, a tag) or \"off\"", section))
			}
		}
	}
	return out, found, problems
}

// unset reports whether a setting's value means "not set": null, or ""
// (how VS Code hands over a string setting the user left alone).
func unset(v any) bool {
	return v == nil || v == ""
}

// didChangeConfiguration applies the settings the client pushes, or asks
// for them when the notification carries none of ours (the client then
// expects the server to pull with workspace/configuration).
func (s *server) didChangeConfiguration(_ *glsp.Context, p *protocol.DidChangeConfigurationParams) error {
	s.mu.Lock()
	base, pull := s.base, s.caps.configuration
	s.mu.Unlock()
	next, found, problems := base.merge(p.Settings)
	switch {
	case found:
		s.applySettings(next, problems)
	case pull:
		go s.pullSettings()
	}
	return nil
}

// pullSettings asks the client for the section with
// workspace/configuration. It runs on its own goroutine: the reply is read
// by the read loop, which a handler would be blocking.
func (s *server) pullSettings() {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	name := section
	var result []json.RawMessage
	err := s.client.call(ctx, string(protocol.ServerWorkspaceConfiguration),
		protocol.ConfigurationParams{Items: []protocol.ConfigurationItem{{Section: &name}}}, &result)
	if err != nil {
		s.log.Printf("workspace/configuration: %v", err)
		return
	}
	if len(result) == 0 {
		return
	}
	var raw any
	if err := json.Unmarshal(result[0], &raw); err != nil {
		return
	}
	s.mu.Lock()
	base := s.base
	s.mu.Unlock()
	if next, found, problems := base.merge(raw); found {
		s.applySettings(next, problems)
	}
}

// applySettings puts settings in force and checks every open document
// again when they change what is reported.
func (s *server) applySettings(next Settings, problems []string) {
	for _, p := range problems {
		s.logMessage(protocol.MessageTypeWarning, p)
	}
	s.mu.Lock()
	changed := next != s.settings
	s.settings = next
	s.mu.Unlock()
	if !changed {
		return
	}
	s.log.Printf("settings: enable=%t unknownFields=%q", next.Enable, next.UnknownFields)
	for _, d := range s.openDocuments() {
		s.schedule(d, 0)
	}
}
