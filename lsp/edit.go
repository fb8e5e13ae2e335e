package lsp

import (
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

// offsetOf converts a position to a byte offset in src. It finds the line
// with a fast scan and lets core/text count the characters of that line
// alone, so an edit near the end of a large stream does not index the
// whole text.
func offsetOf(src string, p text.Position, enc text.Encoding) int {
	if p.Line < 0 {
		return 0
	}
	start := 0
	for i := 0; i < p.Line; i++ {
		j := strings.IndexByte(src[start:], '\n')
		if j < 0 {
			return len(src) // past the last line
		}
		start += j + 1
	}
	end := len(src)
	if j := strings.IndexByte(src[start:], '\n'); j >= 0 {
		end = start + j + 1 // keep the line break: text.Index strips "\r\n" itself
	}
	return start + text.NewIndex(src[start:end]).Offset(text.Position{Line: 0, Character: p.Character}, enc)
}
