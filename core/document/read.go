package document

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/goccy/go-yaml/token"

	textpkg "github.com/mdscheck/mdscheck/core/text"
)

// The reader builds a document's tree from goccy/go-yaml's tokens with
// one recursive descent over them. goccy's own parser is not used: it is
// quadratic in the keys of a mapping, allocates a tree of its own that
// would be converted again, and is a large part of the WebAssembly module.
// The structure of block YAML follows from the tokens and their columns:
// a block mapping is a run of keys at one column, a block sequence a run
// of "-" at one column, and a value ends at the first line that is not
// indented deeper than its key (a sequence may sit at its key's column).

// tok is one token of a document, located in the stream.
type tok struct {
	typ        token.Type
	val        string // goccy's value: a scalar's content, a tag, a name
	start, end int    // byte offsets into the stream
	line       int    // line of the start, counted from the document's start
	endLine    int    // line of the end (multi-line scalars)
	col        int    // byte column of the start
	indent     int    // column of the first token of its line
}

// reader holds the state of reading one document.
type reader struct {
	src        string
	lim        Limits
	doc        *Document
	toks       []tok
	i          int // next token
	anchors    map[string]*Node
	copied     int // nodes copied by aliases so far
	docEnd     int
	nodes      []Node     // the free part of the current block of nodes
	entries    []entry    // a stack of the entries of the mappings being read
	header     int        // the line of the document's "---", -1 when it has none
	tagErr     *Error     // the first value its core-schema tag cannot read (!!int abc)
	directives directives // those before the "---"
	// parent is the column of the key or "-" whose value is being read,
	// -1 at the root: block scalars and the lines of flow collections and
	// quoted scalars must be indented deeper.
	parent   int
	grown    bool // the first block of nodes is allocated
	tokens   []*token.Token
	used     int    // nodes allocated
	comments []Span // the document's comments, in order
}

// node allocates a node. Nodes come in blocks: one allocation for many
// nodes is much cheaper than many, above all in WebAssembly, and a
// document's nodes live and die together. The first block holds no more
// nodes than the document has tokens (one node a token at most, until
// aliases copy), so a stream of tiny documents does not allocate 9 KB
// for each.
func (r *reader) node(n Node) *Node {
	if len(r.nodes) == 0 {
		size := 64
		if !r.grown {
			size, r.grown = min(size, len(r.toks)+1), true
		}
		r.nodes = make([]Node, size)
	}
	r.used++
	p := &r.nodes[0]
	*p = n
	r.nodes = r.nodes[1:]
	return p
}

// comment notes the comment whose '#' is at at in the stream: it runs to
// the end of its line.
func (r *reader) comment(at int) {
	if n := len(r.comments); n > 0 && r.comments[n-1].Start >= at {
		return // noted already, from the text of a scalar goccy misread
	}
	end := min(textpkg.LineEnd(r.src, at), r.docEnd)
	if end > at && r.src[end-1] == '\r' {
		end--
	}
	r.comments = append(r.comments, Span{Start: at, End: end})
}

// commentsIn notes the comments in text[from:to], the text goccy took
// into a scalar past the end YAML gives it: "  #c" in "a: 0\n -  #c", and
// the lines of "  #c" in "a: 0\n -\n  #c". The text starts at base in the
// stream. It returns where the first line of other text starts, or -1.
func (r *reader) commentsIn(base int, text string, from, to int) int {
	other := -1
	for ls := from; ls < to; {
		le := textpkg.LineEnd(text, ls)
		i := ls
		for i < le && isBlankByte(text[i]) {
			i++
		}
		switch {
		case i == le:
		case text[i] == '#' && (i == 0 || isBlankByte(text[i-1]) || text[i-1] == '\n'):
			r.comment(base + i)
		case other < 0:
			other = i
		}
		ls = le + 1
	}
	return other
}

// read reads the document's text, which starts at base in the stream.
func (r *reader) read(base int, text string) (*Node, *Error) {
	r.docEnd = base + len(text)
	if !r.fast(base, text) {
		in := text
		r.tokens = tokenize(in, r.tokens)
		if last := text[strings.LastIndexByte(text, '\n')+1:]; strings.IndexByte(last, '!') >= 0 && !tagOnLine(r.tokens, strings.Count(text, "\n")+1) {
			// goccy drops a tag on the last line when no newline ends
			// it ("- !!str\tx"); with one it reads the tag. Only then is
			// one added: after a block scalar's header ("! >+") a
			// newline changes what goccy reads.
			in += "\n"
			r.tokens = tokenize(in, r.tokens[:0])
		}
		r.tokens = retab(in, r.tokens)
		if err := r.locate(base, text, r.tokens); err != nil {
			return nil, err
		}
	}
	if err := r.prescan(); err != nil {
		return nil, err
	}
	root, err := r.document()
	if err == nil && r.tagErr != nil {
		return nil, r.tagErr
	}
	return root, err
}

// locate turns goccy's tokens into toks with exact offsets. goccy's own
// Offset drifts after comments and its Column is wrong after trailing
// blanks; the Origin text of each token, found in order from a cursor, is
// exact. Comments, document markers and directives are left out: they
// carry no structure the reader needs once the stream is split.
func (r *reader) locate(base int, text string, gt []*token.Token) *Error {
	r.docEnd = base + len(text)
	if r.toks == nil {
		r.toks = make([]tok, 0, len(gt))
	}
	cur := 0                         // end of the text located so far
	scan, line, lineStart := 0, 0, 0 // newlines counted up to scan
	skipLine := -1                   // the line of a directive
	indentLine, indent := -1, 0      // the line whose first token is at column indent
	flow, mend := 0, false           // the depth of flow collections; whether a ':' in one needs mending
	for k, tk := range gt {
		needle := needleOf(tk)
		at := -1
		if tk.Type == token.DoubleQuoteType {
			// goccy drops the digits of a \x escape from the Origin
			// ("\x01" becomes "\"), so a double-quoted scalar is found
			// by its quotes in the source instead.
			if j, e := quotedAt(text, cur); j >= 0 {
				at, needle = j, text[j:e]
			}
		}
		if at < 0 && needle != "" {
			first := needle
			if i := strings.IndexByte(first, '\n'); i >= 0 {
				first = first[:i]
			}
			// Usually the token follows the cursor after blanks.
			j := cur
			for j < len(text) && (text[j] == ' ' || text[j] == '\t' || text[j] == '\n' || text[j] == '\r') {
				j++
			}
			if strings.HasPrefix(text[j:], first) {
				at = j
			} else if k := strings.Index(text[cur:], first); k >= 0 {
				at = cur + k
			}
		}
		if at < 0 {
			// A token with no text of its own (the empty content of a
			// block scalar): it sits at the cursor, with no width.
			at, needle = cur, ""
		}
		end := min(at+len(needle), len(text))
		cut := false // a plain scalar over lines that goccy ran into a comment line
		if tk.Type != token.DoubleQuoteType && strings.IndexByte(needle, '\n') >= 0 {
			end = multiLineEnd(text, at, needle, tk.Type != token.SingleQuoteType)
			if tk.Type != token.SingleQuoteType {
				e := beforeComment(text, at, end)
				end, cut = e, e < end
				// What goccy took into the scalar past its end holds
				// comments of which goccy made no token. A plain
				// scalar's holds no more: YAML (and go-yaml v2) reads
				// no more of it after a comment line ("a: 0\n -\n  #c\n  x").
				// A block scalar's text is read from the source.
				x := r.commentsIn(base, text, end, multiLineEnd(text, at, needle, false))
				if x >= 0 && !afterBlockHeader(r.toks) {
					return &Error{Start: base + x, End: base + textpkg.LineEnd(text, x), Message: "this line is indented deeper than the entry above it, which already has a value"}
				}
			}
		}
		for ; scan < at; scan++ {
			if text[scan] == '\n' {
				line++
				lineStart = scan + 1
			}
		}
		if end > cur {
			cur = end
		}
		if tk.Type == token.InvalidType && afterBlockHeader(r.toks) && strings.HasPrefix(tk.Error, "could not find multi-line content") {
			// goccy finds no text for "|+" over empty lines and a key;
			// the reader reads block scalars from the source itself.
			continue
		}
		if tk.Type == token.InvalidType {
			return lexerError(base, text, at, end, tk.Error)
		}
		t := tok{typ: tk.Type, val: tk.Value, start: base + at, end: base + end, line: line, endLine: line, col: at - lineStart}
		if t.typ == token.MergeKeyType && text[at:end] != "<<" {
			// goccy types "0<<" as a merge key too; only "<<" is one.
			t.typ = token.StringType
		}
		var after *tok // a token goccy joined to t
		switch {
		case cut:
			t.endLine += strings.Count(text[at:end], "\n")
		case strings.IndexByte(needle, '\n') >= 0:
			t.endLine += strings.Count(needle, "\n")
		}
		switch tk.Type {
		case token.CommentType:
			if at > 0 && !isBlankByte(text[at-1]) && text[at-1] != '\n' {
				// goccy takes `"a"#b` and `]#b` for a value and a comment.
				return &Error{Start: base + at, End: base + at + 1, Message: commentBlank}
			}
			r.comment(base + at)
			continue
		case token.DocumentHeaderType:
			r.header = line
			continue
		case token.SpaceType:
			continue
		case token.DocumentEndType:
			rest := text[at:]
			if i := strings.IndexByte(rest, '\n'); i >= 0 {
				rest = rest[:i]
			}
			if tail := strings.TrimLeft(rest[min(3, len(rest)):], " \t\r"); !marker(rest, "...") || tail != "" && tail[0] != '#' {
				return &Error{Start: base + at, End: base + at + len(rest), Message: "'...' ends a document only alone on its line, or before a comment"}
			}
			skipLine = line
			continue
		case token.TagType:
			if !strings.HasPrefix(t.val, "!<") && strings.ContainsAny(t.val, ",[]{}") {
				return &Error{Start: base + at, End: base + end, Message: "a tag cannot hold ',', '[', ']', '{' or '}'; put a blank after the tag"}
			}
			if h := tagHandle(t.val); h != "" && !slices.Contains(r.directives.handles, h) {
				return &Error{Start: base + at, End: base + end, Message: "this tag's handle " + h + " is declared by no %TAG directive of this document"}
			}
		case token.StringType:
			if flow == 0 && !afterBlockHeader(r.toks) && at < len(text) && text[at] == '?' && (at+1 == len(text) || isBlankByte(text[at+1]) || text[at+1] == '\n' || text[at+1] == '\r') {
				// goccy takes "?" before a line break for text; YAML
				// takes it for an explicit key.
				return &Error{Start: base + at, End: base + at + 1, Message: "a '?' followed by a blank or a line break starts an explicit key (? key); quote the value if '?' is text"}
			}
			if flow > 0 && at < len(text) && text[at] == '-' && (end == at+1 || isBlankByte(text[at+1])) {
				return &Error{Start: base + at, End: base + at + 1, Message: "a '-' in a flow collection ('[' or '{') starts no list item; quote it if it is text"}
			}
			if t.endLine > t.line && k+1 < len(gt) && gt[k+1].Type == token.MappingValueType && aliasKeyBefore(r.toks, line) {
				// After an alias key ("*a : 1"), goccy runs the value
				// into the next line's key ("x: 2"): the key is cut off.
				key := splitLastLine(text, at, end)
				kl := line + strings.Count(text[at:key], "\n")
				kcol := key - (strings.LastIndexByte(text[:key], '\n') + 1)
				after = &tok{typ: token.StringType, val: text[key:end], start: base + key, end: base + end, line: kl, endLine: kl, col: kcol}
				first := strings.TrimRight(text[at:key], " \t\r\n")
				t.end, t.endLine = base+at+len(first), line+strings.Count(first, "\n")
				if t.endLine == t.line {
					t.val = first
				}
			}
		case token.DirectiveType:
			// Directives stand before the document's "---". goccy takes
			// a "%" that starts a line of a block scalar's text for one:
			// the block scalar reads its text from the source, and the
			// line is skipped.
			skipLine = line
			switch {
			case len(r.toks) == 0 && r.header < 0:
				if msg := r.directives.add(text[at:textpkg.LineEnd(text, at)]); msg != "" {
					return &Error{Start: base + at, End: base + textpkg.LineEnd(text, at), Message: msg}
				}
			case !afterBlockHeader(r.toks):
				return &Error{Start: base + at, End: base + textpkg.LineEnd(text, at), Message: "a directive (%) inside a document; end the document with '...' above it"}
			}
			continue
		}
		if line == skipLine {
			continue
		}
		if line != indentLine {
			indentLine, indent = line, t.col
		}
		t.indent = indent
		switch t.typ {
		case token.SequenceStartType, token.MappingStartType:
			flow++
		case token.SequenceEndType, token.MappingEndType:
			flow--
		case token.MappingValueType:
			mend = mend || flow > 0 && end < len(text) && !isFlowValueEnd(text[end])
		default:
			mend = mend || flow > 0 && at < len(text) && text[at] == ':'
		}
		r.toks = append(r.toks, t)
		if after != nil {
			if after.line != indentLine {
				indentLine, indent = after.line, after.col
			}
			after.indent = indent
			r.toks = append(r.toks, *after)
		}
	}
	if r.directives.seen && r.header < 0 {
		return &Error{Start: base, End: base + textpkg.LineEnd(text, 0), Message: "a directive (%) must be followed by a '---' line that starts its document"}
	}
	if mend {
		r.toks = mendFlowColons(r.src, r.toks)
	}
	return nil
}

// tagOnLine reports whether a tag is among goccy's tokens on line
// (counted from 1).
func tagOnLine(tks []*token.Token, line int) bool {
	for _, tk := range tks {
		if tk.Type == token.TagType && tk.Position != nil && tk.Position.Line == line {
			return true
		}
	}
	return false
}

// retab returns goccy's tokens of in, which are tks, read again where goccy
// took a tab after a tag for part of the tag ("!t\tx" as the tag "!t\tx";
// "!t\t# c" as a tag and a value): with each such tab made a space, which
// is what it is to YAML, every token after it is what it would be after
// a space. The offsets of the text do not change.
func retab(in string, tks []*token.Token) []*token.Token {
	for pass := 0; pass < 8; pass++ {
		var b []byte
		cur := 0
		for _, tk := range tks {
			i := strings.IndexByte(tk.Value, '\t')
			if tk.Type != token.TagType || i <= 0 {
				continue
			}
			at := strings.Index(in[cur:], tk.Value)
			if at < 0 {
				break
			}
			at += cur
			if b == nil {
				b = []byte(in)
			}
			b[at+i] = ' '
			cur = at + len(tk.Value)
		}
		if b == nil {
			return tks
		}
		in = string(b)
		tks = tokenize(in, tks[:0])
	}
	return tks
}

// aliasKeyBefore reports whether the last tokens located are an alias
// and the ':' after it, on line: an alias that is a key.
func aliasKeyBefore(toks []tok, line int) bool {
	n := len(toks)
	if n < 2 || toks[n-1].typ != token.MappingValueType {
		return false
	}
	// goccy gives an alias's name a token of its own after the '*'.
	for _, a := range toks[max(0, n-3) : n-1] {
		if a.typ == token.AliasType && a.line == line {
			return true
		}
	}
	return false
}

// splitLastLine returns where the text of the last line of the token
// [at, end) starts, after its blanks.
func splitLastLine(text string, at, end int) int {
	i := strings.LastIndexByte(text[at:end], '\n') + at + 1
	for i < end && (text[i] == ' ' || text[i] == '\t') {
		i++
	}
	return i
}

// quotedAt returns the span of the double-quoted scalar that starts, after
// blanks, at from in text, or -1 when none does or it is not closed.
func quotedAt(text string, from int) (int, int) {
	j := from
	for j < len(text) && (text[j] == ' ' || text[j] == '\t' || text[j] == '\n' || text[j] == '\r') {
		j++
	}
	if j >= len(text) || text[j] != '"' {
		return -1, -1
	}
	for i := j + 1; i < len(text); i++ {
		switch text[i] {
		case '\\':
			i++
		case '"':
			return j, i + 1
		}
	}
	return -1, -1
}

// afterBlockHeader reports whether the last tokens located are a block
// scalar's header and maybe goccy's token of its text.
func afterBlockHeader(toks []tok) bool {
	for k := len(toks) - 1; k >= 0 && k >= len(toks)-2; k-- {
		switch toks[k].typ {
		case token.LiteralType, token.FoldedType:
			return true
		case token.StringType:
			continue
		}
		return false
	}
	return false
}

// multiLineEnd is the end in text of a plain or single-quoted scalar over
// more than one line that starts at at and whose Origin is needle. goccy's
// Origin loses the blanks at the ends of the lines ("one  \n  two" is
// "one\n  two"), so the scalar ends where the needle's last line ends on
// the source line with the same number of line breaks. goccy's last line
// of a plain scalar may hold a comment ("0  #c"), which ends it.
func multiLineEnd(text string, at int, needle string, plain bool) int {
	pos := at
	for range strings.Count(needle, "\n") {
		i := strings.IndexByte(text[pos:], '\n')
		if i < 0 {
			return len(text)
		}
		pos += i + 1
	}
	last := strings.TrimLeft(needle[strings.LastIndexByte(needle, '\n')+1:], " \t")
	for pos < len(text) && (text[pos] == ' ' || text[pos] == '\t') {
		pos++
	}
	if !strings.HasPrefix(text[pos:], last) {
		return min(at+len(needle), len(text))
	}
	if i := strings.Index(last, " #"); plain && i >= 0 {
		last = last[:i]
	}
	if i := strings.Index(last, "\t#"); plain && i >= 0 {
		last = last[:i]
	}
	return pos + len(strings.TrimRight(last, " \t"))
}

// beforeComment returns end, the end in text of a plain scalar over lines
// that starts at at, or the end of its text before a comment: goccy takes
// a comment line ("  #x") or a comment after the text of a later line
// ("  b #x") for more of the scalar, where YAML (and go-yaml v2) ends the
// scalar at the comment.
func beforeComment(text string, at, end int) int {
	for i := at + 1; i < end; i++ {
		if c := text[i-1]; text[i] == '#' && (c == ' ' || c == '\t' || c == '\n') {
			return at + len(strings.TrimRight(text[at:i], " \t\r\n"))
		}
	}
	return end
}

// needleOf is the text by which a token is found in the source: its
// Origin or else its Value, without surrounding blanks. A token of blanks
// alone (the text of a block scalar of empty lines) has none.
func needleOf(tk *token.Token) string {
	needle := trimBlanks(tk.Origin)
	if needle == "" {
		needle = trimBlanks(tk.Value)
	}
	return needle
}

// trimBlanks is strings.Trim(s, " \t\r\n") without the byte set Trim
// builds at every call (4% of reading a stream, one call per token).
func trimBlanks(s string) string {
	isBlank := func(c byte) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\n' }
	for s != "" && isBlank(s[0]) {
		s = s[1:]
	}
	for s != "" && isBlank(s[len(s)-1]) {
		s = s[:len(s)-1]
	}
	return s
}

// prescan checks nesting depth and keys per mapping on the tokens, before
// any tree is built, so that a hostile document costs no more than
// reading its tokens.
func (r *reader) prescan() *Error {
	type frame struct{ col, keys int }
	var block []frame // block mappings by indentation column
	var flow []int    // keys per open flow collection
	limitErr := func(t *tok, what string, n int) *Error {
		return &Error{Start: t.start, End: t.end, Limit: what,
			Message: fmt.Sprintf("%s exceeds the limit of %d; the document was not checked", what, n)}
	}
	for k := range r.toks {
		t := &r.toks[k]
		switch t.typ {
		case token.SequenceStartType, token.MappingStartType:
			flow = append(flow, 0)
			if len(flow)+len(block) > r.lim.Depth {
				return limitErr(t, "nesting depth", r.lim.Depth)
			}
		case token.SequenceEndType, token.MappingEndType:
			if len(flow) > 0 {
				flow = flow[:len(flow)-1]
			}
		case token.MappingValueType, token.SequenceEntryType:
			if len(flow) > 0 {
				if t.typ == token.MappingValueType {
					flow[len(flow)-1]++
					if flow[len(flow)-1] > r.lim.KeysPerMapping {
						return limitErr(t, "number of keys in one mapping", r.lim.KeysPerMapping)
					}
				}
				continue
			}
			// The column of the key (or of the "-") is its nesting level.
			col := t.col
			if t.typ == token.MappingValueType && k > 0 {
				col = r.toks[k-1].col
			}
			for len(block) > 0 && block[len(block)-1].col > col {
				block = block[:len(block)-1]
			}
			if len(block) == 0 || block[len(block)-1].col < col {
				block = append(block, frame{col: col})
				if len(flow)+len(block) > r.lim.Depth {
					return limitErr(t, "nesting depth", r.lim.Depth)
				}
			}
			if t.typ == token.SequenceEntryType {
				// "- key: v" puts the mapping one level deeper.
				block[len(block)-1].keys = 0
				continue
			}
			block[len(block)-1].keys++
			if block[len(block)-1].keys > r.lim.KeysPerMapping {
				return limitErr(t, "number of keys in one mapping", r.lim.KeysPerMapping)
			}
		}
	}
	return nil
}

// peek returns the next token, or nil at the end of the document.
func (r *reader) peek() *tok {
	if r.i < len(r.toks) {
		return &r.toks[r.i]
	}
	return nil
}

// peekAt returns the token k places ahead, or nil.
func (r *reader) peekAt(k int) *tok {
	if r.i+k < len(r.toks) {
		return &r.toks[r.i+k]
	}
	return nil
}

func (r *reader) next() *tok {
	t := &r.toks[r.i]
	r.i++
	return t
}

// last is the token read last.
func (r *reader) last() *tok { return &r.toks[r.i-1] }

func (r *reader) errAt(t *tok, msg string) *Error {
	return &Error{Start: t.start, End: max(t.end, t.start+1), Message: msg}
}

// what names a token for a message. It never quotes a scalar: syntax
// errors are found before anyone knows which member a value belongs to,
// and the value may be a secret.
func what(t *tok) string {
	switch t.typ {
	case token.SequenceEntryType:
		return "a list item ('-')"
	case token.MappingKeyType:
		return "an explicit key ('?')"
	case token.MappingValueType:
		return "':'"
	case token.CollectEntryType:
		return "','"
	case token.SequenceStartType, token.SequenceEndType, token.MappingStartType, token.MappingEndType:
		return "'" + t.val + "'"
	case token.AnchorType:
		return "an anchor ('&')"
	case token.AliasType:
		return "an alias ('*')"
	case token.TagType:
		return "a tag ('!')"
	case token.LiteralType, token.FoldedType:
		return "a block scalar ('|' or '>')"
	}
	return "text"
}

func isScalar(t token.Type) bool {
	switch t {
	case token.SingleQuoteType, token.DoubleQuoteType, token.NullType, token.ImplicitNullType,
		token.InfinityType, token.NanType, token.IntegerType, token.BinaryIntegerType,
		token.OctetIntegerType, token.HexIntegerType, token.FloatType, token.StringType,
		token.BoolType, token.MergeKeyType:
		return true
	}
	return false
}

func isFlowEnd(t token.Type) bool {
	return t == token.CollectEntryType || t == token.SequenceEndType || t == token.MappingEndType
}

// document reads the whole document: one node, then nothing.
func (r *reader) document() (*Node, *Error) {
	if len(r.toks) == 0 {
		return nil, nil
	}
	n, err := r.block(-1, ctxRoot, r.header, r.toks[0].start, 0)
	if err != nil {
		return nil, err
	}
	if t := r.peek(); t != nil {
		return nil, r.stray(t, -1)
	}
	// A mapping notes its duplicates when it is complete, after those of
	// the mappings inside it; they are reported in document order.
	// (sort.SliceStable, whose code the module has for core/check, rather
	// than a generic sort of its own: 7 KB of WebAssembly.)
	dups := r.doc.Duplicates
	sort.SliceStable(dups, func(i, j int) bool { return dups[i].Start < dups[j].Start })
	return n, nil
}

// place is where a block value is: what introduced it.
type place uint8

const (
	ctxRoot     place = iota
	ctxMapValue       // after "key:"
	ctxSeqItem        // after "-"
	ctxKey            // after "?"
	ctxKeyValue       // after the ":" of a "?" key, where a collection may start on the line ("? a\n: - b")
)

// properties are the anchor and tag written before a node.
type properties struct {
	anchor   string
	tag      *tok
	first    *tok // the first property token, nil when none
	lastLine int  // the line of the last one
}

// properties reads an anchor and a tag, in either order, if present. A
// property on a later line than the first belongs to the next node ("!t\n
// !k key: v" tags the mapping, then its first key).
func (r *reader) properties() (properties, *Error) {
	var p properties
	for {
		t := r.peek()
		if t == nil || p.first != nil && t.line > p.lastLine {
			return p, nil
		}
		switch t.typ {
		case token.AnchorType:
			if p.anchor != "" {
				return p, r.errAt(t, "a second anchor ('&') for one value")
			}
			r.next()
			name := r.peek()
			if name == nil || !isScalar(name.typ) {
				return p, r.errAt(t, "an anchor ('&') needs a name")
			}
			r.next()
			p.anchor = name.val
			p.lastLine = name.endLine
		case token.TagType:
			if p.tag != nil {
				return p, r.errAt(t, "a second tag ('!') for one value")
			}
			r.next()
			p.tag = t
			p.lastLine = t.endLine
		default:
			return p, nil
		}
		if p.first == nil {
			p.first = t
		}
	}
}

// startsKey reports whether the tokens at the cursor are an implicit key:
// a scalar or an alias followed by ':' on the same line.
func (r *reader) startsKey() bool {
	t := r.peek()
	if t == nil {
		return false
	}
	k := 1
	switch {
	case t.typ == token.AliasType:
		k = 2
	case t.typ == token.SequenceStartType || t.typ == token.MappingStartType:
		// A flow collection as a key ("[a, b]: c"), which the mapping
		// refuses: Kubernetes reads no such key.
		k = r.flowEnd() + 1
	case !isScalar(t.typ):
		return false
	}
	c := r.peekAt(k)
	return c != nil && c.typ == token.MappingValueType && c.line == r.peekAt(k-1).endLine
}

// flowEnd returns how many tokens ahead the flow collection that starts
// at the cursor ends, or the number of tokens left when it is not closed.
func (r *reader) flowEnd() int {
	depth := 0
	for k := r.i; k < len(r.toks); k++ {
		switch r.toks[k].typ {
		case token.SequenceStartType, token.MappingStartType:
			depth++
		case token.SequenceEndType, token.MappingEndType:
			if depth--; depth == 0 {
				return k - r.i
			}
		}
	}
	return len(r.toks) - r.i
}

// block reads the value of a block context: parent is the column of the
// key or "-" it belongs to, line the line of its indicator, emptyAt where
// an empty value is placed.
func (r *reader) block(parent int, ctx place, line, emptyAt, depth int) (*Node, *Error) {
	if depth > r.lim.Depth {
		return nil, r.depthError(r.peek())
	}
	// A token on a later line that is not inside belongs to an enclosing
	// collection: the value is empty.
	outside := func(t *tok) bool { return t == nil || t.line > line && ctx != ctxRoot && !r.inside(t, parent, ctx) }
	if outside(r.peek()) {
		return r.empty(emptyAt, properties{}), nil
	}
	mark := r.i
	props, err := r.properties()
	if err != nil {
		return nil, err
	}
	t := r.peek()
	if outside(t) {
		return r.empty(emptyAt, props), nil
	}
	if props.first != nil && (r.startsKey() || r.colonAt(t, props)) && t.line == props.lastLine {
		// "&a key: v" anchors the key, not the mapping; so does
		// "!!str : v", whose key is empty.
		r.i, props = mark, properties{}
		t = r.peek()
	}
	// Properties may go on over lines ("key: &a\n  !!map\n  a: b"), up
	// to the node, unless the last ones are on the line of a key, whose
	// they are ("!t\n!k key: v").
	for props.first != nil && !outside(t) && (t.typ == token.AnchorType || t.typ == token.TagType) && !r.propsThenKey() {
		more, err := r.properties()
		if err != nil {
			return nil, err
		}
		if more.tag != nil {
			if props.tag != nil {
				return nil, r.errAt(more.tag, "a second tag ('!') for one value")
			}
			props.tag = more.tag
		}
		if more.anchor != "" {
			if props.anchor != "" {
				return nil, r.errAt(t, "a second anchor ('&') for one value")
			}
			props.anchor = more.anchor
		}
		props.lastLine = more.lastLine
		t = r.peek()
	}
	if outside(t) {
		return r.empty(emptyAt, props), nil
	}
	var n *Node
	switch {
	case t.typ == token.SequenceEntryType:
		switch {
		case ctx == ctxMapValue && t.line == line:
			return nil, r.errAt(t, "a list cannot start on the line of its key; start it on the next line")
		case ctx == ctxRoot && t.line == line:
			return nil, r.errAt(t, "a list cannot start on the '---' line; start it on the next line")
		case props.first != nil && t.line == props.lastLine:
			return nil, r.errAt(t, "a list cannot start on the line of its anchor or tag; start it on the next line")
		}
		n, err = r.blockSeq(t.col, depth)
	case t.typ == token.MappingKeyType || r.startsKey() || r.propsThenKey():
		switch {
		case t.endLine > t.line:
			return nil, r.errAt(t, multiLineKey)
		case ctx == ctxMapValue && t.line == line:
			return nil, r.errAt(t, "a mapping cannot start on the line of its key; start it on the next line, indented")
		case ctx == ctxRoot && t.line == line:
			return nil, r.errAt(t, "a mapping cannot start on the '---' line; start it on the next line")
		}
		n, err = r.blockMap(t.col, depth)
	case props.first != nil && t.typ == token.AliasType:
		return nil, r.errAt(props.first, aliasProps)
	default:
		r.parent = parent
		n, err = r.inline(depth, true)
		if err == nil && parent >= 0 && r.last().endLine > t.line {
			err = r.continuation(t, n.End, parent+1)
		}
		if err == nil {
			if c := r.peek(); c != nil && c.line == r.last().endLine {
				if c.typ == token.MappingValueType {
					return nil, r.errAt(t, "a mapping key must be a scalar on one line")
				}
				return nil, r.errAt(c, "unexpected "+what(c)+" after the value on this line")
			}
		}
	}
	if err != nil {
		return nil, err
	}
	return r.apply(n, props), nil
}

// continuation checks the lines after the first of a flow collection or
// quoted scalar that starts at t and ends at end, in a block value whose
// lines must be indented by min spaces: YAML requires it, though go-yaml
// v2 lets such lines pass ("key: [a,\nb]"). A line that starts with the
// closing bracket may stand at the key's column, a style common in
// manifests that YAML refuses and every Kubernetes client reads.
func (r *reader) continuation(t *tok, end, min int) *Error {
	quoted := t.typ == token.SingleQuoteType || t.typ == token.DoubleQuoteType
	if !quoted && t.typ != token.SequenceStartType && t.typ != token.MappingStartType {
		return nil
	}
	for ls := t.start; ; {
		i := strings.IndexByte(r.src[ls:end], '\n')
		if i < 0 {
			return nil
		}
		ls += i + 1
		spaces := 0
		for ls+spaces < end && r.src[ls+spaces] == ' ' {
			spaces++
		}
		rest := strings.TrimLeft(r.src[ls+spaces:textpkg.LineEnd(r.src, ls)], " \t\r")
		if spaces < min && rest != "" && (quoted || rest[0] != '#' && rest[0] != ']' && rest[0] != '}') {
			what := "flow collection ('[' or '{')"
			if quoted {
				what = "quoted value"
			}
			return &Error{Start: ls + spaces, End: ls + spaces + 1,
				Message: "this line of a " + what + " must be indented deeper than its key or '-'; indent it with spaces"}
		}
	}
}

// emptyKeyThenKeys refuses an empty key with properties whose value goccy's
// lexer runs on into the next lines: it sees no key there, so the lines
// that follow at the key's column become part of the value.
const emptyKeyThenKeys = "an empty key with only a tag or anchor ('!!str :'), then more lines: write the empty key as \"\" (\"\": value)"

// underIndented reports whether a scalar token goes on over a line that
// is indented no deeper than col, which YAML's plain scalars never do.
func (r *reader) underIndented(t *tok, col int) bool {
	for ls := t.start; ; {
		i := strings.IndexByte(r.src[ls:t.end], '\n')
		if i < 0 {
			return false
		}
		ls += i + 1
		spaces := 0
		for ls+spaces < t.end && r.src[ls+spaces] == ' ' {
			spaces++
		}
		if spaces <= col && ls+spaces < t.end && r.src[ls+spaces] != '\n' && r.src[ls+spaces] != '\r' {
			return true
		}
	}
}

// propsThenKey reports whether the cursor is at properties followed by an
// implicit key on the same line, or by the ':' of an empty key.
func (r *reader) propsThenKey() bool {
	mark := r.i
	defer func() { r.i = mark }()
	p, err := r.properties()
	return err == nil && p.first != nil && (r.startsKey() && r.peek().line == p.lastLine || r.colonAt(r.peek(), p))
}

// colonAt reports whether t is a ':' on the line of properties p, which
// are then those of an empty key ("!!str : v").
func (r *reader) colonAt(t *tok, p properties) bool {
	return p.first != nil && t != nil && t.typ == token.MappingValueType && t.line == p.lastLine
}

// inside reports whether t, the first token of a later line, belongs to
// a value whose parent is at column parent. A sequence may sit at the
// column of its key, and go-yaml v2 (and so Kubernetes) accepts a block
// scalar's header there too, and at the column of an empty item's '-'.
func (r *reader) inside(t *tok, parent int, ctx place) bool {
	if t.col == parent && (ctx == ctxMapValue || ctx == ctxKeyValue || ctx == ctxKey) {
		return t.typ == token.SequenceEntryType || t.typ == token.LiteralType || t.typ == token.FoldedType
	}
	if t.col == parent && ctx == ctxSeqItem {
		return t.typ == token.LiteralType || t.typ == token.FoldedType
	}
	return t.col > parent
}

// null is an empty value at offset at.
func (r *reader) null(at int) *Node {
	return r.node(Node{Kind: Scalar, Type: Null, Start: at, End: at})
}

// empty is the null value of an entry without one, with its properties.
func (r *reader) empty(at int, props properties) *Node {
	if props.first != nil {
		at = props.first.start
	}
	return r.apply(r.null(at), props)
}

// apply gives a node its tag and records its anchor.
func (r *reader) apply(n *Node, props properties) *Node {
	if props.tag != nil && n.Kind == Scalar && !n.Alias {
		n.Tag = props.tag.val
		n.Start = props.tag.start
		n.End = max(n.End, n.Start)
		// go-yaml, and so kubectl, cannot decode a manifest whose
		// !!int holds no integer (unless a %TAG directive gives !!
		// another meaning).
		if msg := applyTag(n); msg != "" && r.tagErr == nil && !slices.Contains(r.directives.handles, "!!") {
			r.tagErr = r.errAt(props.tag, msg)
		}
	}
	if props.anchor != "" {
		if r.anchors == nil {
			r.anchors = map[string]*Node{}
		}
		r.anchors[props.anchor] = n
	}
	return n
}

// blockSeq reads the items of a block sequence whose "-" are at col.
func (r *reader) blockSeq(col, depth int) (*Node, *Error) {
	out := r.node(Node{Kind: Sequence, Start: r.peek().start, End: r.peek().end})
	for {
		dash := r.next()
		v, err := r.block(col, ctxSeqItem, dash.line, dash.start, depth+1)
		if err != nil {
			return nil, err
		}
		out.Items = append(out.Items, v)
		out.End = max(out.End, v.End)
		t := r.peek()
		if t == nil || t.col < col {
			return out, nil
		}
		if t.line == r.last().endLine {
			return nil, r.errAt(t, "unexpected "+what(t)+" after the value on this line")
		}
		if t.col > col {
			return nil, r.stray(t, col)
		}
		if t.typ != token.SequenceEntryType {
			// A key at the column of a sequence that is the value of a
			// key at that column ("key:\n- a\nnext: b"): the sequence
			// has ended. Anything else is for the caller to judge.
			return out, nil
		}
	}
}

// blockMap reads the entries of a block mapping whose keys are at col.
func (r *reader) blockMap(col, depth int) (*Node, *Error) {
	// The entries go on a stack shared by all mappings: those of the
	// mappings inside this one are taken off before the next entry here.
	base := len(r.entries)
	defer func() { r.entries = r.entries[:base] }()
	for {
		t := r.peek()
		var e entry
		if t.typ == token.MappingKeyType {
			q := r.next()
			k, err := r.block(col, ctxKey, q.line, q.end, depth+1)
			if err != nil {
				return nil, err
			}
			e.key, e.keyTok = k, q
			if c := r.peek(); c != nil && c.typ == token.MappingValueType && (c.col == col || c.line == r.last().endLine) {
				r.next()
				e.value, err = r.block(col, ctxKeyValue, c.line, c.end, depth+1)
				if err != nil {
					return nil, err
				}
			} else {
				e.value = r.null(k.End)
			}
		} else {
			mark := r.i
			props, err := r.properties()
			if err != nil {
				return nil, err
			}
			kt := r.peek()
			if r.colonAt(kt, props) {
				// "!!str : v": a tagged or anchored empty key, the
				// empty text to Kubernetes.
				if v := r.peekAt(1); v != nil && isScalar(v.typ) && r.underIndented(v, col) {
					return nil, r.errAt(props.first, emptyKeyThenKeys)
				}
				e.key, e.keyTok = r.empty(0, props), props.first
			} else {
				if !r.startsKey() {
					r.i = mark
					return nil, r.notKey(r.peek())
				}
				switch {
				case kt.endLine > kt.line:
					return nil, r.errAt(kt, multiLineKey)
				case props.first != nil && kt.line > props.lastLine:
					return nil, r.errAt(props.first, "this anchor or tag is on a line of its own but not indented under the key whose value it is; indent it")
				case props.first != nil && kt.typ == token.AliasType:
					return nil, r.errAt(props.first, aliasProps)
				}
				var k *Node
				if kt.typ == token.MergeKeyType && props.first == nil {
					r.next()
					e.merge = true
					k = r.node(Node{Kind: Scalar, Type: String, Text: "<<", Start: kt.start, End: kt.end})
				} else {
					k, err = r.inline(depth+1, false)
					if err != nil {
						return nil, err
					}
					k = r.apply(k, props)
				}
				e.key, e.keyTok = k, kt
			}
			c := r.next() // the ':'
			// An empty value sits just before the ':'.
			e.value, err = r.block(col, ctxMapValue, c.line, c.start, depth+1)
			if err != nil {
				return nil, err
			}
		}
		r.entries = append(r.entries, e)
		t = r.peek()
		if t == nil || t.col < col {
			break
		}
		if t.line == r.last().endLine {
			return nil, r.errAt(t, "unexpected "+what(t)+" after the value on this line")
		}
		if t.col > col {
			return nil, r.stray(t, col)
		}
	}
	return r.mapping(r.entries[base:])
}

// noKey refuses a ':' with no key before it. YAML reads a null key there,
// but Kubernetes clients (sigs.k8s.io/yaml) have no JSON key for null and
// refuse the document. Other null keys ("~:", "? \n: x") are read, and
// the check reports them.
const noKey = "a ':' without a key; Kubernetes reads no mapping with an empty (null) key"

const commentBlank = "a comment needs a blank before its '#'"

const aliasProps = "an alias ('*') cannot have an anchor ('&') or tag ('!') of its own"

const multiLineKey = "this key runs over more than one line; is a ':' missing, or the indentation wrong, on the line above?"

// notKey is the error for a token where a key of a block mapping
// was expected.
func (r *reader) notKey(t *tok) *Error {
	if t.typ == token.SequenceEntryType {
		return r.errAt(t, "a list item among the keys of a mapping; indent it under its key")
	}
	if t.typ == token.MappingValueType {
		return r.errAt(t, noKey)
	}
	if isScalar(t.typ) {
		return r.errAt(t, "expected a key (name: value) here, aligned with the keys above, but this line has no ':'")
	}
	return r.errAt(t, "expected a key (name: value) here, aligned with the keys above; found "+what(t))
}

// stray is the error for a token on a new line that no value above
// takes: indented deeper than a complete value, or matching no column.
func (r *reader) stray(t *tok, col int) *Error {
	if t.typ == token.MappingValueType {
		return r.errAt(t, noKey)
	}
	if col >= 0 && t.col > col && r.i > 0 && t.line > r.last().endLine && r.last().indent <= t.col {
		return r.errAt(t, "this line is indented deeper than the entry above it, which already has a value")
	}
	if isFlowEnd(t.typ) {
		return r.errAt(t, "unexpected "+what(t)+" outside a flow collection")
	}
	return r.errAt(t, "unexpected "+what(t)+": its indentation matches no key or list item above it")
}

// inline reads a node that is complete on its own: a scalar, an alias, a
// block scalar or a flow collection, with its properties when props is
// set.
func (r *reader) inline(depth int, props bool) (*Node, *Error) {
	if depth > r.lim.Depth {
		return nil, r.depthError(r.peek())
	}
	var p properties
	if props {
		var err *Error
		if p, err = r.properties(); err != nil {
			return nil, err
		}
	}
	t := r.peek()
	if t == nil {
		return r.empty(r.last().end, p), nil
	}
	if p.first != nil && (isFlowEnd(t.typ) || t.typ == token.MappingValueType) {
		// "{a: !!str, !!str : b}": a tag or anchor of an empty value.
		return r.empty(0, p), nil
	}
	var n *Node
	var err *Error
	switch {
	case isScalar(t.typ):
		n = r.scalar(r.next())
	case t.typ == token.AliasType:
		if p.first != nil {
			return nil, r.errAt(p.first, aliasProps)
		}
		n, err = r.alias()
	case t.typ == token.LiteralType || t.typ == token.FoldedType:
		n, err = r.blockScalar(r.next())
	case t.typ == token.SequenceStartType:
		n, err = r.flowSeq(depth)
	case t.typ == token.MappingStartType:
		n, err = r.flowMap(depth)
	case t.typ == token.MappingValueType:
		return nil, r.errAt(t, noKey)
	default:
		return nil, r.errAt(t, "unexpected "+what(t))
	}
	if err != nil {
		return nil, err
	}
	return r.apply(n, p), nil
}

// blockScalar makes the node of a block scalar whose header is t, read
// from the source, and passes over goccy's tokens of its text.
func (r *reader) blockScalar(t *tok) (*Node, *Error) {
	value, end, consumed, lines, msg := blockScalar(r.src, t.start, r.docEnd, r.parent)
	if msg != "" {
		return nil, r.errAt(t, msg)
	}
	n := r.node(Node{Kind: Scalar, Type: String, Style: Literal, Text: value, Start: t.start, End: end})
	if t.typ == token.FoldedType {
		n.Style = Folded
	}
	r.textOnly(textpkg.LineEnd(r.src, t.start), consumed)
	for c := r.peek(); c != nil && c.start < consumed; c = r.peek() {
		if c.end > consumed {
			// goccy's lexer took lines that are not the scalar's: its
			// tokens after them cannot be trusted.
			return nil, r.errAt(t, "this block scalar ('|' or '>') could not be read; check the indentation of its lines")
		}
		r.next()
	}
	// Nothing may follow the scalar on its last line with text.
	r.last().endLine = t.line + lines
	return n, nil
}

// textOnly drops the comments noted in [start, end) of the stream, which
// holds the lines of a block scalar: goccy takes a line of its text that
// starts with '#' ("# no comment" in a scalar at the root), or holds " #"
// ("Suite #292"), for a comment.
func (r *reader) textOnly(start, end int) {
	i := sort.Search(len(r.comments), func(k int) bool { return r.comments[k].Start >= start })
	j := i
	for j < len(r.comments) && r.comments[j].Start < end {
		j++
	}
	r.comments = append(r.comments[:i], r.comments[j:]...)
}

// scalar makes the node of a scalar token.
func (r *reader) scalar(t *tok) *Node {
	n := r.node(Node{Kind: Scalar, Start: t.start, End: t.end})
	switch t.typ {
	case token.SingleQuoteType:
		n.Style, n.Type, n.Text = SingleQuoted, String, t.val
	case token.DoubleQuoteType:
		n.Style, n.Type, n.Text = DoubleQuoted, String, t.val
		if t.endLine > t.line {
			n.Text = doubleQuoted(r.src[t.start:t.end])
		}
	default:
		// The text as written, unless the scalar is folded over lines.
		text := r.src[t.start:t.end]
		if t.endLine > t.line {
			text = foldPlain(text)
		}
		resolvePlain(n, text)
	}
	return n
}

// alias copies the node of an anchor to the place of the alias.
func (r *reader) alias() (*Node, *Error) {
	star := r.next()
	name := r.peek()
	if name == nil || !isScalar(name.typ) {
		return nil, r.errAt(star, "an alias ('*') needs the name of an anchor")
	}
	r.next()
	target, ok := r.anchors[name.val]
	if !ok {
		return nil, &Error{Start: star.start, End: name.end,
			Message: "this alias refers to no anchor of this document (anchors do not cross ---)"}
	}
	return r.copyAt(target, star.start, name.end)
}

// flowItem reads one entry of a flow collection: a node, or a key and its
// value.
func (r *reader) flowItem(depth int, inSeq bool) (*Node, *Node, *tok, *Error) {
	var keyTok *tok
	if t := r.peek(); t != nil && (t.typ == token.MappingKeyType || t.typ == token.StringType && r.src[t.start:t.end] == "?" && r.peekAt(1) != nil && isFlowEnd(r.peekAt(1).typ)) {
		// goccy's lexer reads a "?" alone before ',' or '}' as text: it
		// is an explicit key with nothing after it.
		keyTok = r.next()
	}
	start := r.peek()
	if start == nil {
		return nil, nil, nil, nil
	}
	var k *Node
	var err *Error
	if start.typ == token.MappingValueType || isFlowEnd(start.typ) {
		switch {
		case keyTok != nil:
			k, start = r.null(keyTok.end), keyTok
		case start.typ == token.MappingValueType:
			return nil, nil, nil, r.errAt(start, noKey)
		default:
			return nil, nil, nil, r.errAt(start, "unexpected "+what(start)+" in a flow collection")
		}
	} else {
		k, err = r.inline(depth, true)
		if err != nil {
			return nil, nil, nil, err
		}
		r.foldFlow(k)
	}
	c := r.peek()
	if c == nil || c.typ != token.MappingValueType {
		if keyTok != nil {
			return k, r.null(k.Start), start, nil
		}
		return k, nil, start, nil
	}
	if inSeq && keyTok == nil && c.line > r.last().endLine {
		// "[a\n: b]": a key in a list ends on its line.
		return nil, nil, nil, r.errAt(c, "in a flow list ('['), a key and its ':' must be on one line")
	}
	r.next()
	if v := r.peek(); v == nil || isFlowEnd(v.typ) {
		return k, r.null(k.End), start, nil
	}
	v, err := r.inline(depth, true)
	if err != nil {
		return nil, nil, nil, err
	}
	r.foldFlow(v)
	return k, v, start, nil
}

// foldFlow joins to n, a plain scalar in a flow collection, the lines of
// plain text that go on below it ({a: b<newline>  c} is {a: "b c"}):
// goccy's lexer gives each line a token of its own there. A line that
// a ':' follows is a key, and a comment ends the scalar.
func (r *reader) foldFlow(n *Node) {
	if n == nil || n.Kind != Scalar || n.Style != Plain || n.Alias || n.Tag != "" {
		return
	}
	end := n.End
	for {
		t := r.peek()
		if t == nil || !isScalar(t.typ) || t.typ == token.SingleQuoteType || t.typ == token.DoubleQuoteType ||
			t.typ == token.MergeKeyType || t.line <= r.last().endLine || strings.TrimSpace(r.src[end:t.start]) != "" {
			break
		}
		if next := r.peekAt(1); next != nil && next.typ == token.MappingValueType {
			break
		}
		r.next()
		end = t.end
	}
	if end == n.End {
		return
	}
	// Folded once, at the end: folding the text so far at each line
	// costs the square of the lines of a flow left open.
	resolvePlain(n, foldPlain(r.src[n.Start:end]))
	n.Type, n.YAML12 = String, "" // text over lines is a string
	n.End = end
}

// flowSeq reads a flow sequence from its '['.
func (r *reader) flowSeq(depth int) (*Node, *Error) {
	open := r.next()
	out := r.node(Node{Kind: Sequence, Start: open.start, End: open.end, Items: []*Node{}})
	for {
		t := r.peek()
		if t == nil {
			return nil, r.errAt(open, "this '[' is never closed; a ']' is missing")
		}
		if t.typ == token.SequenceEndType {
			out.End = r.next().end
			return out, nil
		}
		k, v, kt, err := r.flowItem(depth+1, true)
		if err != nil {
			return nil, err
		}
		if v != nil {
			// "[a: b]" is a list holding one single-pair mapping.
			k, err = r.mapping([]entry{{key: k, value: v, keyTok: kt, merge: kt.typ == token.MergeKeyType}})
			if err != nil {
				return nil, err
			}
		}
		out.Items = append(out.Items, k)
		if err := r.flowSep(open, token.SequenceEndType, "']'"); err != nil {
			return nil, err
		}
	}
}

// flowMap reads a flow mapping from its '{'.
func (r *reader) flowMap(depth int) (*Node, *Error) {
	open := r.next()
	base := len(r.entries)
	defer func() { r.entries = r.entries[:base] }()
	for {
		t := r.peek()
		if t == nil {
			return nil, r.errAt(open, "this '{' is never closed; a '}' is missing")
		}
		if t.typ == token.MappingEndType {
			close := r.next()
			n, err := r.mapping(r.entries[base:])
			if err != nil {
				return nil, err
			}
			// A flow mapping spans its braces, also when it is empty.
			n.Start, n.End = open.start, max(n.End, close.end)
			return n, nil
		}
		k, v, kt, err := r.flowItem(depth+1, false)
		if err != nil {
			return nil, err
		}
		if v == nil {
			// "{a}" is "{a: null}".
			v = r.null(k.Start)
		}
		r.entries = append(r.entries, entry{key: k, value: v, keyTok: kt, merge: kt.typ == token.MergeKeyType})
		if err := r.flowSep(open, token.MappingEndType, "'}'"); err != nil {
			return nil, err
		}
	}
}

// flowSep reads the ',' after an entry of a flow collection, or sees its
// end.
func (r *reader) flowSep(open *tok, end token.Type, name string) *Error {
	t := r.peek()
	switch {
	case t == nil:
		return r.errAt(open, "this '"+open.val+"' is never closed; a "+name+" is missing")
	case t.typ == token.CollectEntryType:
		r.next()
	case t.typ == end:
	case t.line > open.line:
		return r.errAt(t, "expected ',' or "+name+" before this; is the '"+open.val+"' above closed?")
	case isScalar(t.typ):
		return r.errAt(t, "expected ',' or "+name+" before this text")
	default:
		return r.errAt(t, "expected ',' or "+name+" here, found "+what(t))
	}
	return nil
}

func (r *reader) depthError(t *tok) *Error {
	e := &Error{Start: r.docEnd, End: r.docEnd, Limit: "nesting depth",
		Message: fmt.Sprintf("nesting depth exceeds the limit of %d; the document was not checked", r.lim.Depth)}
	if t != nil {
		e.Start, e.End = t.start, t.end
	}
	return e
}

// entry is one key and value of a mapping as read.
type entry struct {
	key, value *Node
	keyTok     *tok
	merge      bool // the key is <<
}

// mapping makes a mapping of its entries: it notes duplicate keys and
// resolves merge keys.
func (r *reader) mapping(entries []entry) (*Node, *Error) {
	out := r.node(Node{Kind: Mapping, Pairs: make([]Pair, 0, len(entries))})
	// Most mappings have a handful of keys, for which a scan costs less
	// than a map, above all in WebAssembly; past 8 keys a map takes over.
	var seen map[string]bool
	has := func(name string) bool {
		if seen == nil && len(out.Pairs) > 8 {
			seen = make(map[string]bool, 2*len(out.Pairs))
			for _, p := range out.Pairs {
				seen[p.Key.Text] = true
			}
		}
		if seen != nil {
			return seen[name]
		}
		for _, p := range out.Pairs {
			if p.Key.Text == name {
				return true
			}
		}
		return false
	}
	add := func(p Pair) {
		out.Pairs = append(out.Pairs, p)
		if seen != nil {
			seen[p.Key.Text] = true
		}
	}
	var merges []*Node
	for i, e := range entries {
		if i == 0 {
			out.Start = e.key.Start
		}
		out.End = max(out.End, e.value.End, e.key.End)
		if e.merge {
			merges = append(merges, e.value)
			continue
		}
		k := e.key
		if k.Kind != Scalar {
			return nil, r.errAt(e.keyTok, "a mapping key must be a scalar")
		}
		// Kubernetes clients turn every key into a string.
		k.Type = String
		if has(k.Text) {
			r.doc.Duplicates = append(r.doc.Duplicates, k)
		}
		add(Pair{Key: k, Value: e.value})
	}
	// Merged entries come after the explicit ones and never override them;
	// earlier merge sources win over later ones.
	for _, m := range merges {
		sources := []*Node{m}
		if m.Kind == Sequence {
			sources = m.Items
		}
		for _, s := range sources {
			if s.Kind != Mapping {
				return nil, &Error{Start: m.Start, End: m.End, Message: "a merge key (<<) takes a mapping or a list of mappings"}
			}
			for _, pr := range s.Pairs {
				if !has(pr.Key.Text) {
					add(Pair{Key: pr.Key, Value: pr.Value, Merged: true})
				}
			}
		}
	}
	return out, nil
}

// copyAt copies the tree of an anchor to the place of an alias, so that a
// finding in it is reported where the value lands. The copies of one
// document share a budget.
func (r *reader) copyAt(n *Node, start, end int) (*Node, *Error) {
	r.copied++
	if r.copied > r.lim.AliasNodes {
		return nil, &Error{Start: start, End: end, Limit: "alias expansion",
			Message: fmt.Sprintf("aliases expand to more than %d nodes, the limit of alias expansion; the document was not checked", r.lim.AliasNodes)}
	}
	c := r.node(*n)
	c.Start, c.End, c.Alias = start, end, true
	if r.doc.Origins == nil {
		r.doc.Origins = map[*Node]*Node{}
	}
	r.doc.Origins[c] = r.doc.Origin(n)
	if n.Pairs != nil {
		c.Pairs = make([]Pair, len(n.Pairs))
		for i, pr := range n.Pairs {
			k, err := r.copyAt(pr.Key, start, end)
			if err != nil {
				return nil, err
			}
			v, err := r.copyAt(pr.Value, start, end)
			if err != nil {
				return nil, err
			}
			c.Pairs[i] = Pair{Key: k, Value: v, Merged: pr.Merged}
		}
	}
	if n.Items != nil {
		c.Items = make([]*Node, len(n.Items))
		for i, it := range n.Items {
			v, err := r.copyAt(it, start, end)
			if err != nil {
				return nil, err
			}
			c.Items[i] = v
		}
	}
	return c, nil
}
