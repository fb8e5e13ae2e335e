package lang

import (
	"testing"

	"github.com/mdscheck/mdscheck/core/text"
)

// pick applies the edit of the item labelled label to src, as an editor
// does, and returns the new text.
func pick(t *testing.T, src string, pos text.Position, label string) string {
	t.Helper()
	for _, it := range Complete(src, pos, text.UTF16) {
		if it.Label != label {
			continue
		}
		r := it.TextEdit.Range
		if r.Start.Line != pos.Line || r.End.Line != pos.Line || r.Start.Character > pos.Character || r.End.Character < pos.Character {
			t.Fatalf("the edit of %q, %v, is not on the cursor's line around the cursor %v", label, r, pos)
		}
		idx := text.NewIndex(src)
		return src[:idx.Offset(r.Start, text.UTF16)] + it.TextEdit.NewText + src[idx.Offset(r.End, text.UTF16):]
	}
	t.Fatalf("%q is not offered", label)
	return ""
}

// Completion inside a word replaces the whole word, not only the part
// before the cursor: "clo|udName: x" must not become "cloudName: udName: x".
func TestCompleteReplacesTheWholeWord(t *testing.T) {
	cases := []struct{ name, text, label, want string }{
		{"inside a key that has its value", head + "  clo|udName: x\n", "cloudName", head + "  cloudName: x\n"},
		{"at the end of a key that has its value", head + "  cloudName|: x\n", "cloudName", head + "  cloudName: x\n"},
		{"at the start of a key", head + "  |cloudName: x\n", "cloudName", head + "  cloudName: x\n"},
		{"a key with a snippet, already written", head + "  userCo|nfig:\n    kafka_version: \"3.8\"\n", "userConfig", head + "  userConfig:\n    kafka_version: \"3.8\"\n"},
		{"a misspelt key is replaced", head + "  projxct|: p\n", "project", head + "  project: p\n"},
		{"a new key at the end of the text", head + "  proj|", "project", head + "  project: "},
		{"inside a value", head + "  maintenanceWindowDow: wed|nesday\n", "monday", head + "  maintenanceWindowDow: monday\n"},
		{"at the start of a value", head + "  maintenanceWindowDow: |wednesday # x\n", "friday", head + "  maintenanceWindowDow: friday # x\n"},
		{"a kind", "apiVersion: example.io/v1alpha1\nkind: Kaf|ka\n", "Grafana", "apiVersion: example.io/v1alpha1\nkind: Grafana\n"},
		{"an envelope key", "apiVer|sion: example.io/v1alpha1\n", "apiVersion", "apiVersion: example.io/v1alpha1\n"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			src, pos := at(c.text)
			if got := pick(t, src, pos, c.label); got != c.want {
				t.Errorf("picking %q gives\n%q, want\n%q", c.label, got, c.want)
			}
		})
	}
}

// TestSnippetEscape: the characters a snippet gives a meaning to stay
// literal in a default or an enum value put into one.
func TestSnippetEscape(t *testing.T) {
	if got, want := snippetEscape(`a\b$c}d,e|f{g`), `a\\b\$c\}d\,e\|f{g`; got != want {
		t.Errorf("snippetEscape = %s, want %s", got, want)
	}
}
