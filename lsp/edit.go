package lsp

import (
	"encoding/json"
	"errors"
	"strings"

	"github.com/mdscheck/mdscheck/core/text"
	protocol "github.com/tliron/glsp/protocol_3_16"
)

// position converts an LSP position; its character counts in the
// negotiated encoding.
func position(p protocol.Position) text.Position {
	return text.Position{Line: int(p.Line), Character: int(p.Character)}
}

// change is one content change of didChange: a replacement of the range
// [start, end) or, when whole is set, of the entire text.
type change struct {
	whole      bool
	start, end text.Position
	text       string
}

// applyChanges applies changes in order, as LSP asks: each range refers to
// the text the previous change left. Positions count characters in enc;
// positions past the end of a line or of the text clamp to it, and a range
// whose end lies before its start is read as empty at its start.
func applyChanges(src string, changes []change, enc text.Encoding) string {
	for _, c := range changes {
		if c.whole {
			src = c.text
			continue
		}
		start := offsetOf(src, c.start, enc)
		end := offsetOf(src, c.end, enc)
		if end < start {
			end = start
		}
		src = src[:start] + c.text + src[end:]
	}
	return src
}

// offsetOf converts a position to a byte offset in src. Lines end as LSP
// counts them, at "\n", "\r\n" or a lone "\r": an editor that shows a lone
// CR as a line break sends positions past it, and the text must change
// where the editor's did. It finds the line with a fast scan and lets
// core/text count the characters of that line alone, so an edit near the
// end of a large stream does not index the whole text.
func offsetOf(src string, p text.Position, enc text.Encoding) int {
	if p.Line < 0 {
		return 0
	}
	start := 0
	for i := 0; i < p.Line; i++ {
		end, next := lineBreak(src, start)
		if end == len(src) {
			return len(src) // past the last line
		}
		start = next
	}
	end, _ := lineBreak(src, start)
	return start + text.NewIndex(src[start:end]).Offset(text.Position{Line: 0, Character: p.Character}, enc)
}

// lineBreak returns where the line that starts at start ends, before its
// line break, and where the next line starts; both are len(src) on the
// last line.
func lineBreak(src string, start int) (end, next int) {
	i := strings.IndexAny(src[start:], "\r\n")
	if i < 0 {
		return len(src), len(src)
	}
	end = start + i
	if strings.HasPrefix(src[end:], "\r\n") {
		return end, end + 2
	}
	return end, end + 1
}

// decodeChange reads one TextDocumentContentChangeEvent strictly: a text,
// and either no range (the change replaces the whole text) or a range
// with a start and an end, each a line and a character that are
// non-negative integers. The error describes what is wrong without
// quoting the change: its text is the document's.
func decodeChange(raw json.RawMessage) (change, error) {
	var c struct {
		Range json.RawMessage `json:"range"`
		Text  *string         `json:"text"`
	}
	if err := json.Unmarshal(raw, &c); err != nil {
		return change{}, errors.New("not an object with a string text")
	}
	if c.Text == nil {
		return change{}, errors.New("no text")
	}
	if c.Range == nil {
		return change{whole: true, text: *c.Text}, nil
	}
	type wirePosition struct {
		Line      *uint32 `json:"line"`
		Character *uint32 `json:"character"`
	}
	var r struct {
		Start *wirePosition `json:"start"`
		End   *wirePosition `json:"end"`
	}
	err := json.Unmarshal(c.Range, &r)
	if err != nil || r.Start == nil || r.End == nil || r.Start.Line == nil || r.Start.Character == nil || r.End.Line == nil || r.End.Character == nil {
		return change{}, errors.New("a range that is not a start and an end of non-negative integer line and character")
	}
	return change{
		start: text.Position{Line: int(*r.Start.Line), Character: int(*r.Start.Character)},
		end:   text.Position{Line: int(*r.End.Line), Character: int(*r.End.Character)},
		text:  *c.Text,
	}, nil
}
