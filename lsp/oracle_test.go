package lsp_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/mdscheck/mdscheck/core/check"
	"github.com/mdscheck/mdscheck/core/cross"
	"github.com/mdscheck/mdscheck/core/report"
	"github.com/mdscheck/mdscheck/core/secret"
	"github.com/mdscheck/mdscheck/core/text"
	"go.lsp.dev/protocol"
)

// The client keeps its own copy of each text, edited by its own position
// arithmetic (written here from the LSP specification, independent of
// core/text), and compares what the server publishes with what the core
// finds in that copy.

// units counts the characters of s in an encoding.
func units(s string, enc text.Encoding) int {
	switch enc {
	case text.UTF8:
		return len(s)
	case text.UTF32:
		return utf8.RuneCountInString(s)
	}
	return len(utf16.Encode([]rune(s)))
}

// clientOffset converts a position to a byte offset the way an editor
// does, as the LSP specification counts lines: "\n", "\r\n" and a lone
// "\r" each end one.
func clientOffset(src string, p protocol.Position, enc text.Encoding) int {
	off := 0
	for line := uint32(0); line < p.Line; line++ {
		i := strings.IndexAny(src[off:], "\r\n")
		if i < 0 {
			return len(src)
		}
		off += i + 1
		if src[off-1] == '\r' && off < len(src) && src[off] == '\n' {
			off++
		}
	}
	end := len(src)
	if i := strings.IndexAny(src[off:], "\r\n"); i >= 0 {
		end = off + i
	}
	n := 0
	for i, r := range src[off:end] {
		if n >= int(p.Character) {
			return off + i
		}
		n += units(string(r), enc)
	}
	return end
}

// clientPosition converts a byte offset to a position.
func clientPosition(src string, off int, enc text.Encoding) protocol.Position {
	before := src[:off]
	line := strings.Count(before, "\n")
	start := strings.LastIndexByte(before, '\n') + 1
	return protocol.Position{Line: uint32(line), Character: uint32(units(src[start:off], enc))}
}

// applyEdit applies one ranged change to the client's copy.
func applyEdit(src string, r protocol.Range, newText string, enc text.Encoding) string {
	a, b := clientOffset(src, r.Start, enc), clientOffset(src, r.End, enc)
	return src[:a] + newText + src[b:]
}

// finding is a diagnostic reduced to what both sides must agree on.
type finding struct {
	Range    protocol.Range
	Rule     string
	Severity protocol.DiagnosticSeverity
	Message  string
}

func (f finding) String() string {
	return fmt.Sprintf("%d:%d-%d:%d %s(%d) %s", f.Range.Start.Line, f.Range.Start.Character,
		f.Range.End.Line, f.Range.End.Character, f.Rule, f.Severity, f.Message)
}

// expected is what the core finds in src, in positions of enc: the
// findings of its documents, then those that cross its resources
// (core/cross), as a file outside the workspace's folders meets only
// itself.
func expected(src string, enc text.Encoding, opts check.Options) []finding {
	f := report.Validate(src, opts)
	var set cross.Set
	set.Put("", cross.ReadFacts(src))
	var g secret.Gate
	f.Feed(&g)
	for _, d := range set.Findings("") {
		d.Message = g.Clean(d.Message)
		f.Diagnostics = append(f.Diagnostics, d)
	}
	idx := text.NewIndex(f.Text)
	sev := map[string]protocol.DiagnosticSeverity{"error": 1, "warning": 2, "information": 3, "hint": 4}
	out := []finding{}
	for _, d := range f.Diagnostics {
		r := idx.Range(d.Start, d.End, enc)
		out = append(out, finding{Range: protocol.Range{
			Start: protocol.Position{Line: uint32(r.Start.Line), Character: uint32(r.Start.Character)},
			End:   protocol.Position{Line: uint32(r.End.Line), Character: uint32(r.End.Character)},
		}, Rule: d.Rule, Severity: sev[d.Severity.String()], Message: d.Standalone()})
	}
	return out
}

// got reduces published diagnostics.
func got(ds []protocol.Diagnostic) []finding {
	out := []finding{}
	for _, d := range ds {
		out = append(out, finding{Range: d.Range, Rule: code(d), Severity: d.Severity, Message: message(d)})
	}
	return out
}

// sameFindings fails unless the server published what the core finds in
// the client's copy.
func sameFindings(t testing.TB, what string, published []protocol.Diagnostic, src string, enc text.Encoding, opts check.Options) {
	t.Helper()
	g, w := got(published), expected(src, enc, opts)
	if !slices.Equal(g, w) {
		t.Fatalf("%s: the server published\n%s\nthe core finds in the client's text\n%s", what, list(g), list(w))
	}
}

func list(fs []finding) string {
	var b strings.Builder
	for _, f := range fs {
		b.WriteString("  " + f.String() + "\n")
	}
	return b.String()
}
