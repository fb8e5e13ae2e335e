package lang

import (
	"testing"

	"github.com/mdscheck/mdscheck/core/text"
)

// TestCompleteAtTheEndOfTheText: a key typed on the last line of a text
// with no line end after it is replaced whole, and the edit stays in the
// text. (The marker files, testdata/markers/complete-keys.yaml, show the
// other places of a word; their text always ends with a line end.)
func TestCompleteAtTheEndOfTheText(t *testing.T) {
	t.Parallel()
	src, pos := at(head + "  proj|")
	for _, it := range Complete(src, pos, text.UTF16) {
		if it.Label != "project" {
			continue
		}
		idx := text.NewIndex(src)
		r := it.TextEdit.Range
		got := src[:idx.Offset(r.Start, text.UTF16)] + it.TextEdit.NewText + src[idx.Offset(r.End, text.UTF16):]
		if want := head + "  project: "; got != want {
			t.Errorf("picking project gives\n%q, want\n%q", got, want)
		}
		return
	}
	t.Fatal("project is not offered")
}

// TestSnippetEscape: the characters a snippet gives a meaning to stay
// literal in a default or an enum value put into one.
func TestSnippetEscape(t *testing.T) {
	t.Parallel()
	if got, want := snippetEscape(`a\b$c}d,e|f{g`), `a\\b\$c\}d\,e\|f{g`; got != want {
		t.Errorf("snippetEscape = %s, want %s", got, want)
	}
}
