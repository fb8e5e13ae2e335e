package lang

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/mdscheck/mdscheck/core/text"
)

func seedTexts(f *testing.F) {
	for _, dir := range []string{"../../examples", "../../testdata"} {
		files, _ := filepath.Glob(filepath.Join(dir, "*.yaml"))
		for _, p := range files {
			if b, err := os.ReadFile(p); err == nil {
				f.Add(string(b), uint16(len(b)/2))
			}
		}
	}
	f.Add(head+"  userConfig:\n    kafka:\n      \n", uint16(len(head)+30))
	f.Add("---\n- a: [\n  b: {\n", uint16(9))
}

// inText reports whether a range lies within src.
func inText(idx *text.Index, r text.Range) bool {
	last := idx.Position(idxLen(idx), text.UTF16)
	ok := func(p text.Position) bool {
		return p.Line >= 0 && p.Character >= 0 && (p.Line < last.Line || p.Line == last.Line && p.Character <= last.Character)
	}
	return ok(r.Start) && ok(r.End)
}

func idxLen(idx *text.Index) int { return idx.LineEnd(idx.Lines() - 1) }

// FuzzComplete: completion never panics and every edit stays in the text.
func FuzzComplete(f *testing.F) {
	seedTexts(f)
	f.Fuzz(func(t *testing.T, src string, at uint16) {
		idx := text.NewIndex(src)
		pos := idx.Position(min(int(at), len(src)), text.UTF16)
		for _, it := range Complete(src, pos, text.UTF16) {
			if it.Label == "" {
				t.Fatalf("an item without a label: %+v", it)
			}
			if it.TextEdit != nil && !inText(idx, it.TextEdit.Range) {
				t.Fatalf("edit range %+v outside the text", it.TextEdit.Range)
			}
		}
	})
}

// FuzzHover: hover never panics and its range stays in the text.
func FuzzHover(f *testing.F) {
	seedTexts(f)
	f.Fuzz(func(t *testing.T, src string, at uint16) {
		idx := text.NewIndex(src)
		pos := idx.Position(min(int(at), len(src)), text.UTF16)
		h := Hover(src, pos, text.UTF16)
		if h == nil {
			return
		}
		if h.Contents.Value == "" || h.Range == nil || !inText(idx, *h.Range) {
			t.Fatalf("bad hover %+v", h)
		}
	})
}
