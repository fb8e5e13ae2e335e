package document

import (
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/goccy/go-yaml/scanner"
	"github.com/goccy/go-yaml/token"

	// This package calls the text it reads text; core/text is textpkg
	// here, as net/http names "path" pathpkg.
	textpkg "github.com/mdscheck/mdscheck/core/text"
)

// Span is the text of one document in a stream.
type Span struct{ Start, End int }

// Split returns the spans of the documents of a stream. Every line that
// starts with "---" (then a blank or the end of the line) starts a
// document, empty ones too; "..." ends one. Text before the first marker is
// a document only when it holds more than blanks, comments and directives.
// Directives belong to the span of the document whose "---" follows them;
// directives that no "---" follows are a span of their own, which Parse
// refuses. The scan is linear and needs no parser, so one
// broken document never hides the others.
//
// A stream of more than DefaultLimits.Documents documents gets that many
// spans, the last of which is the rest of the stream (Limits.Documents
// says why and how Parse reports it): the spans of 64 MiB of "---" lines
// alone would take 268 MB.
func Split(src string) []Span { return split(src, -1, DefaultLimits.Documents) }

// SplitN is Split that stops after the first n spans (all of them when n
// is negative): a caller that checks only the first documents of a stream
// does not pay for the spans of the rest.
func SplitN(src string, n int) []Span { return split(src, n, DefaultLimits.Documents) }

// split returns the first n spans of src (all when n is negative), at
// most limit of them: when more documents follow the last, it reaches to
// the end of src.
func split(src string, n, limit int) []Span {
	var spans []Span
	s := newSplitter(src)
	for len(spans) != n {
		sp, ok := s.next()
		if !ok {
			break
		}
		if len(spans) == limit-1 {
			// The rest of the stream is one span: Parse sees it holds
			// more than one document and refuses it with their count.
			// Only whether another document follows is looked at here.
			if _, more := s.next(); more {
				sp.End = len(src)
			}
			return append(spans, sp)
		}
		spans = append(spans, sp)
	}
	return spans
}

// splitter finds the spans of a stream one after another, for Split and
// for counting documents without keeping their spans.
type splitter struct {
	src   string
	pos   int  // the start of the next line to read; len(src)+1 at the end
	start int  // the start of the document being read
	open  bool // is a document open that started with a marker or content
	// content: the open document holds more than blanks and comments.
	content bool
	// directives is the start of directives that no document has taken
	// yet, -1 when there are none.
	directives int
	ended      bool // the last span was returned
}

func newSplitter(src string) splitter {
	start := bomLen(src)
	return splitter{src: src, pos: start, start: start, directives: -1}
}

// next returns the next span, or false when there is none.
func (s *splitter) next() (Span, bool) {
	for s.pos <= len(s.src) {
		pos := s.pos
		end := strings.IndexByte(s.src[pos:], '\n')
		next := len(s.src) + 1
		if end >= 0 {
			end += pos
			next = end + 1
		} else {
			end = len(s.src)
		}
		s.pos = next
		line := s.src[pos:end]
		switch {
		case marker(line, "---"):
			sp, done := Span{s.start, pos}, s.open || s.content
			s.start, s.open, s.content = pos, true, true
			if s.directives >= 0 {
				s.start, s.directives = s.directives, -1
			}
			if done {
				return sp, true
			}
		case marker(line, "..."):
			sp, done := Span{s.start, end}, s.open || s.content
			if !done && s.directives >= 0 {
				sp, done = Span{s.directives, end}, true
			}
			s.start, s.open, s.content, s.directives = next, false, false, -1
			if done {
				return sp, true
			}
		case !s.open && !s.content:
			t := strings.TrimSpace(line)
			switch {
			case t == "" || t[0] == '#':
			case t[0] == '%' && line[0] == '%':
				if s.directives < 0 {
					s.directives = pos
				}
			default:
				s.content, s.directives = true, -1
			}
		}
	}
	if s.ended {
		return Span{}, false
	}
	s.ended = true
	switch {
	case s.open || s.content:
		return Span{min(s.start, len(s.src)), len(s.src)}, true
	case s.directives >= 0:
		return Span{s.directives, len(s.src)}, true
	}
	return Span{}, false
}

// documents counts the documents of text, a span of a stream, with no
// allocation; 1 when it holds none. A span Split returns holds one, unless
// it is the rest of a stream over the limit.
func documents(text string) int {
	s := newSplitter(text)
	n := 0
	for _, ok := s.next(); ok; _, ok = s.next() {
		n++
	}
	return max(n, 1)
}

func marker(line, m string) bool {
	if !strings.HasPrefix(line, m) {
		return false
	}
	rest := line[len(m):]
	return rest == "" || rest[0] == ' ' || rest[0] == '\t' || rest[0] == '\r' || rest[0] == '#'
}

// bomLen is the length of the UTF-8 byte-order mark that starts src, or
// 0. The mark is not part of the text that is read (kubectl drops it too),
// but offsets count it, as editors do.
func bomLen(src string) int {
	if strings.HasPrefix(src, "\ufeff") {
		return len("\ufeff")
	}
	return 0
}

// Parse reads one document of src, the text at span, with the given index.
// A byte-order mark that starts src is left out of a span that starts
// with it.
func Parse(src string, span Span, index int, lim Limits) *Document {
	return parse(src, span, index, lim, nil)
}

// A Reader reads documents one after another, as Parse does, and reuses
// its memory from one to the next: the slice of goccy's tokens, their
// located copies and the nodes, which were most of what reading allocated. The document
// Read returns, its nodes and comments included, is valid only until the next Read; a
// caller that keeps documents uses Parse. A Reader is not safe for
// concurrent use.
type Reader struct {
	tokens   []*token.Token
	toks     []tok
	entries  []entry
	comments []Span
	// nodes is where the next document's nodes go, as many as the
	// largest document so far had (used, of the last one).
	nodes []Node
	used  int
}

// Read reads one document of src as Parse does.
func (rd *Reader) Read(src string, span Span, index int, lim Limits) *Document {
	return parse(src, span, index, lim, rd)
}

// lend gives r the memory of the documents read before.
func (rd *Reader) lend(r *reader) {
	if rd.used > len(rd.nodes) {
		rd.nodes = make([]Node, rd.used+rd.used/4)
	}
	r.tokens, r.toks, r.entries, r.nodes, r.grown = rd.tokens[:0], rd.toks[:0], rd.entries[:0], rd.nodes, true
	r.comments = rd.comments[:0]
}

// keepTokens is the size of the largest document, in tokens, whose memory
// a Reader keeps for the next one. Past it the memory goes back to the
// collector: a Reader that lives long (the WebAssembly module's lives as
// long as its instance) must not hold a huge document's memory for ever.
const keepTokens = 16 << 10

// keep takes back what r grew, for the next document.
func (rd *Reader) keep(r *reader) {
	if max(len(r.tokens), len(r.toks), len(r.comments)) > keepTokens {
		*rd = Reader{}
		return
	}
	rd.tokens, rd.toks, rd.entries, rd.used, rd.comments = r.tokens, r.toks, r.entries, r.used, r.comments
}

func parse(src string, span Span, index int, lim Limits, rd *Reader) (d *Document) {
	if span.Start == 0 {
		span.Start = min(bomLen(src), span.End)
	}
	d = &Document{Index: index, Start: span.Start, End: span.End}
	defer func() {
		if d.Err != nil {
			d.Err.Start = min(max(d.Err.Start, span.Start), span.End)
			d.Err.End = min(max(d.Err.End, d.Err.Start), span.End)
		}
	}()
	defer func() {
		// goccy/go-yaml's lexer can panic on malformed input; one
		// document's failure must not take down the caller or the other
		// documents.
		if r := recover(); r != nil {
			d.Root, d.Duplicates, d.Origins, d.Comments = nil, nil, nil, nil
			d.Err = &Error{Start: span.Start, End: textpkg.LineEnd(src, span.Start),
				Message: "the YAML parser could not read this document; check its syntax"}
		}
	}()
	text := src[span.Start:span.End]
	if n := documents(text); n > 1 {
		// The rest of a stream that Split cut at lim.Documents spans: the
		// documents before it are lim.Documents-1. Nothing of it is
		// read, so it costs a scan of its lines, whatever it holds.
		d.Err = &Error{Start: span.Start, End: textpkg.LineEnd(src, span.Start), Limit: "documents",
			Message: fmt.Sprintf("the stream has %d documents, over the limit of %d; this one and the %d after it were not checked",
				lim.Documents-1+n, lim.Documents, n-1)}
		return d
	}
	if len(text) > lim.DocumentBytes {
		d.Err = sizeError(src, span.Start, len(text), lim)
		return d
	}
	if i := badByte(text); i >= 0 {
		msg := "document is not UTF-8 text (binary data or a control character); it was not checked"
		switch {
		case text[i] == '\r':
			msg = "a carriage return without a line feed (an old Mac line ending); use LF or CRLF line endings. The document was not checked"
		case span.Start == 0 && len(text) >= 2 && (text[0] == 0xFF && text[1] == 0xFE || text[0] == 0xFE && text[1] == 0xFF):
			msg = "the text is UTF-16 (it starts with a UTF-16 byte order mark); save it as UTF-8. It was not checked"
		}
		d.Err = &Error{Start: span.Start + i, End: span.Start + i + 1, Message: msg}
		return d
	}
	if isEmpty(text) {
		// "---" and blank lines, the document of a stream of thousands
		// of empty ones: no token to lex, no tree to build.
		return d
	}
	if err := budget(text, span.Start, lim); err != nil {
		d.Err = err
		return d
	}
	r := &reader{src: src, lim: lim, doc: d, header: -1}
	if rd != nil {
		rd.lend(r)
	}
	d.Root, d.Err = r.read(span.Start, text)
	if len(r.comments) > 0 {
		d.Comments = r.comments
	}
	if rd != nil {
		rd.keep(r)
	}
	if d.Err != nil {
		d.Root, d.Duplicates, d.Origins, d.Comments = nil, nil, nil, nil
	}
	return d
}

// isEmpty reports whether text is a document marker followed by nothing
// but spaces and line breaks: a document with no content, which the reader
// would read as such.
func isEmpty(text string) bool {
	if !strings.HasPrefix(text, "---") {
		return false
	}
	for i := 3; i < len(text); i++ {
		if c := text[i]; c != ' ' && c != '\n' && c != '\r' {
			return false
		}
	}
	return true
}

// sizeError is the error of a document of size bytes at start in src,
// over lim.DocumentBytes.
func sizeError(src string, start, size int, lim Limits) *Error {
	return &Error{Start: start, End: textpkg.LineEnd(src, start), Limit: "document size",
		Message: fmt.Sprintf("document is %d bytes, over the limit of %d bytes; it was not checked", size, lim.DocumentBytes)}
}

// OverLimits returns the limit error that Parse gives text, the text of
// one document, before reading any of it: over lim.DocumentBytes, or over
// lim.Tokens or lim.Depth as counted before the lexer; nil when it is
// within them. Offsets are within text. Completion and hover read a
// document loosely, without parsing it, and use this to read no more of
// it than a check does: on a 60 MB document they took 1.5 GiB.
func OverLimits(text string, lim Limits) *Error {
	if len(text) > lim.DocumentBytes {
		return sizeError(text, 0, len(text), lim)
	}
	return budget(text, 0, lim)
}

// tokenize appends goccy/go-yaml's tokens of text to buf. It is
// lexer.Tokenize, which goes on after an invalid token too, without the
// list that Tokenize grows and links token to token: the reader uses no
// links, and a Reader's next document reuses buf.
func tokenize(text string, buf []*token.Token) []*token.Token {
	var s scanner.Scanner
	s.Init(text)
	for {
		tks, err := s.Scan()
		if err == io.EOF {
			return buf
		}
		buf = append(buf, tks...)
	}
}

// badByte returns the offset of the first byte that cannot be in a YAML
// text (invalid UTF-8, or a C0 control other than tab, LF and CR), or -1.
// A CR must be followed by an LF (or end the text): YAML reads a lone CR as a line break,
// but positions in editors and in this project count lines by LF.
func badByte(s string) int {
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c < 0x20 && c != '\t' && c != '\n' && c != '\r' || c == 0x7f || c == '\r' && i+1 < len(s) && s[i+1] != '\n' {
				return i
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 || r == 0xFEFF && i > 0 {
			return i
		}
		i += size
	}
	return -1
}

// lexerMessages say in our words what goccy/go-yaml's lexer found, by a
// part of its message (the reserved-character message starts with the
// character). Only the first entry's message quotes free text, the value
// of a block header, and it comes first, so no later part can match in it. Its messages quote the input ("invalid header
// option: \"S3CRET\"" for a value that starts with '>'), and the input may
// be a secret: syntax messages never quote it.
var lexerMessages = []struct{ part, message string }{
	{"invalid header option", "a value that starts with '|' or '>' is a block scalar, whose header takes only a digit, '+' or '-'; quote the value if it is text"},
	{"tab character", tabMessage},
	{"found character '\t'", tabMessage},
	{"could not find end character of single-quoted", "a single-quoted value is not closed; add the closing '"},
	{"could not find end character of double-quoted", "a double-quoted value is not closed; add the closing \""},
	{"found unknown escape character", "a double-quoted value holds an escape YAML does not know; write \\\\ for a backslash or use single quotes"},
	{"not enough length for escaped", "a double-quoted value holds an incomplete \\u or \\U escape"},
	{"found unexpected character after high surrogate", "a double-quoted value holds a broken \\u surrogate pair"},
	{"found unexpected low surrogate", "a double-quoted value holds a broken \\u surrogate pair"},
	{"found unexpected document separator", "a document marker (--- or ...) inside a value; quote the value or indent it"},
	{"found invalid tag character", "a tag holds a character tags cannot have"},
	{"could not find multi-line content", "a block scalar ('|' or '>') has no content below it"},
	{"is a reserved character", "'@' and '`' are reserved and cannot start a plain value; quote the value"},
}

// tabMessage is the message for a tab where goccy's lexer wants none: in
// the indentation of a line, or alone on a line. go-yaml v2, and so
// kubectl, refuses both.
const tabMessage = "a tab in the indentation: YAML indents with spaces, not tabs"

// lexerError is the error for goccy's Invalid token found at at in text
// (its text reaching to end). goccy's token of a tab starts where the
// value before the tab starts: the error points at the tab.
func lexerError(base int, text string, at, end int, found string) *Error {
	msg := lexerMessage(found)
	if strings.HasPrefix(found, "invalid header option: \"#") {
		// ">#": YAML wants a blank before a comment here too.
		msg = commentBlank
	}
	if msg == tabMessage {
		if i := strings.IndexByte(text[at:], '\t'); i >= 0 {
			at = at + i
			end = at + 1
		}
	}
	return &Error{Start: base + at, End: base + max(end, at+1), Message: msg}
}

// lexerMessage returns our message for a lexer error.
func lexerMessage(found string) string {
	for _, m := range lexerMessages {
		if strings.Contains(found, m.part) {
			return m.message
		}
	}
	return "this is not valid YAML; check the syntax here"
}
