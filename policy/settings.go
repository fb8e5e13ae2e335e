package main

import (
	"encoding/json"
	"strings"

	"github.com/mdscheck/mdscheck/internal/config"
)

// settings are what a policy server's configuration of the policy sets:
// the severities of .mdscheck.yaml (rules, unknownFields) and strict, as
// validate --strict, which refuses warnings too.
type settings struct {
	policy config.Policy
	strict bool
}

// settingsAnswer is the answer of validate-settings.
type settingsAnswer struct {
	Valid   bool   `json:"valid"`
	Message string `json:"message,omitempty"`
}

func validateSettings(in []byte) settingsAnswer {
	if in == nil {
		return settingsAnswer{Message: "the settings are larger than the policy reads"}
	}
	if _, err := parseSettings(in); err != "" {
		return settingsAnswer{Message: err}
	}
	return settingsAnswer{Valid: true}
}

// parseSettings reads settings from their JSON, or says what is wrong with
// them. The severities are read by the configuration's own reader (JSON is
// YAML), so they are checked as strictly as .mdscheck.yaml, with the same
// messages and did-you-means.
func parseSettings(in []byte) (settings, string) {
	var s settings
	trimmed := strings.TrimSpace(string(in))
	if trimmed == "" || trimmed == "null" {
		return s, ""
	}
	var keys map[string]json.RawMessage
	if err := json.Unmarshal(in, &keys); err != nil {
		return s, "settings: " + err.Error()
	}
	if raw, ok := keys["strict"]; ok {
		if err := json.Unmarshal(raw, &s.strict); err != nil {
			return s, "settings: strict is true or false, not " + trimLong(string(raw))
		}
		delete(keys, "strict")
	}
	for _, k := range []string{"exclude", "overrides"} {
		if _, ok := keys[k]; ok {
			return s, "settings: " + k + " names files, and an admission request has none; set rules and unknownFields"
		}
	}
	// One member a line, as a configuration file is written: the
	// reader guesses the secrets in the text of its problems line by
	// line, masking the rest of the line after a secret's name
	// (client_secret: ...), and on one line that took in the words of
	// every member after it ("rules", "error"), which no message could
	// then show.
	rest, _ := json.MarshalIndent(keys, "", "  ") // raw messages of valid JSON
	c := config.Parse("settings.json", string(rest))
	if len(c.Problems) > 0 {
		msgs := make([]string, len(c.Problems))
		for i, p := range c.Problems {
			msgs[i] = p.Message
		}
		return s, "settings: " + strings.Join(msgs, "; ")
	}
	s.policy = c.Policy("")
	return s, ""
}

// trimLong shortens a value quoted in a message.
func trimLong(s string) string {
	if len(s) > 40 {
		return s[:40] + "..."
	}
	return s
}
