package lang

import (
	"strings"

	"github.com/mdscheck/mdscheck/core/document"
	"github.com/mdscheck/mdscheck/core/text"
)

// view is the one document of a stream that a request is about. Completion
// and hover look at that document only, so their cost does not grow with
// the stream: in a 2,000-document file they index and parse one document.
type view struct {
	src   string      // the document's text
	base  int         // its offset in the stream
	line0 int         // the stream line it starts on
	idx   *text.Index // positions within src
	enc   text.Encoding
}

// viewAt finds the document that holds pos and the cursor's offset in it.
// It returns nil for a document over the limits that a check refuses it
// at unread (document.OverLimits): completion and hover, which index and
// read every line of their document, would otherwise cost more than the
// check (a 60 MB document took 1.5 GiB) for a document the user is told
// is not checked. Its search for the document's markers stops as soon as
// the document is larger than a check reads.
func viewAt(stream string, pos text.Position, enc text.Encoding) (*view, int) {
	most := document.DefaultLimits.DocumentBytes
	// The offset of the cursor's line, without indexing the whole stream.
	lineStart, line := text.SeekLine(stream, pos.Line)
	start, end := 0, len(stream)
	// Up to the marker that opened this document.
	for ls := lineStart; ; {
		if lineStart-ls > most {
			return nil, 0
		}
		l := stream[ls:text.LineEnd(stream, ls)]
		if isMarker(l, "---") {
			start = ls
			break
		}
		if isMarker(l, "...") && ls != lineStart {
			start = min(text.LineEnd(stream, ls)+1, len(stream))
			break
		}
		if ls == 0 {
			break
		}
		ls = text.LineStart(stream, ls-1)
	}
	// Down to the marker that ends it.
	for ls := text.LineEnd(stream, lineStart) + 1; ls < len(stream); ls = text.LineEnd(stream, ls) + 1 {
		if ls-min(start, lineStart) > most {
			return nil, 0
		}
		l := stream[ls:text.LineEnd(stream, ls)]
		if isMarker(l, "---") {
			end = ls
			break
		}
		if isMarker(l, "...") {
			end = text.LineEnd(stream, ls)
			break
		}
	}
	if start > lineStart {
		start = lineStart
	}
	if document.OverLimits(stream[start:end], document.DefaultLimits) != nil {
		return nil, 0
	}
	v := &view{src: stream[start:end], base: start, enc: enc}
	v.line0 = line - strings.Count(stream[start:lineStart], "\n")
	v.idx = text.NewIndex(v.src)
	off := v.idx.Offset(text.Position{Line: pos.Line - v.line0, Character: pos.Character}, enc)
	return v, off
}

func isMarker(line, m string) bool {
	if !strings.HasPrefix(line, m) {
		return false
	}
	rest := line[len(m):]
	return rest == "" || rest[0] == ' ' || rest[0] == '\t' || rest[0] == '\r' || rest[0] == '#'
}

// rng converts offsets of the document to a range of the stream.
func (v *view) rng(start, end int) text.Range {
	r := v.idx.Range(start, end, v.enc)
	r.Start.Line += v.line0
	r.End.Line += v.line0
	return r
}
