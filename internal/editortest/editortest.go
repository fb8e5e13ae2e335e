// Package editortest holds what the editors' end-to-end tests share: the
// server program they start, and the Markdown of docs/editors.md whose
// snippets they run as written.
package editortest

import (
	"os"
	"strings"
	"testing"

	"github.com/mdscheck/mdscheck/internal/clibuild"
)

// BuildServer builds cmd/mdscheck (once for every package, clibuild) and
// returns the program's path, alone in its directory: a test can put
// that directory first on PATH, since the docs' snippets name
// "mdscheck", not a path.
func BuildServer(t testing.TB) string {
	t.Helper()
	bin, err := clibuild.Path()
	if err != nil {
		t.Fatal(err)
	}
	return bin
}

// Section returns the part of a Markdown text from the heading to the
// next heading of the same level.
func Section(t testing.TB, text, heading string) string {
	t.Helper()
	start := strings.Index(text, "\n"+heading+"\n")
	if start < 0 {
		t.Fatalf("no %q in the docs", heading)
	}
	rest := text[start+1:]
	level := heading[:strings.Index(heading, " ")+1]
	if end := strings.Index(rest[len(heading):], "\n"+level); end >= 0 {
		return rest[:len(heading)+end+1]
	}
	return rest
}

// FencedBlocks returns the code blocks of a Markdown text fenced as
// ```lang, without the fences.
func FencedBlocks(t testing.TB, text, lang string) []string {
	t.Helper()
	var blocks []string
	for {
		start := strings.Index(text, "```"+lang+"\n")
		if start < 0 {
			break
		}
		text = text[start+len("```"+lang+"\n"):]
		end := strings.Index(text, "\n```\n")
		if end < 0 {
			t.Fatalf("a ```%s block is not closed", lang)
		}
		blocks = append(blocks, text[:end])
		text = text[end:]
	}
	if len(blocks) == 0 {
		t.Fatalf("no ```%s block", lang)
	}
	return blocks
}

// WriteFile writes text to path, or fails the test.
func WriteFile(t testing.TB, path, text string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}
