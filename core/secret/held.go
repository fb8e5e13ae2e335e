package secret

import (
	"encoding/base64"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"
)

// A text kept in a Secret is often a file or an address (a .env, a
// connection string, an Authorization header, a .pgpass line, a
// .dockerconfigjson, TOML, XML, a URL) that holds secrets of its own: the
// values it assigns, which a manifest may write elsewhere. Which format a
// text is cannot be told, and a reader per format closes one format at a
// time; held reads every text the one way they all share: words, and the
// signs '=' and ':' that make the words before them keys.

// A finding is what held found in a text.
type finding int

const (
	// aValue is a value of the text.
	aValue finding = iota
	// otherwise is a value written otherwise (unescaped, folded, decoded
	// from percent signs or entities): the caller reads it again, as a
	// text of its own.
	otherwise
	// spelt is what a base64 or hexadecimal word spells ("Basic dTpT",
	// the "auth" of a .dockerconfigjson): credentials, each of whose
	// words is a secret, keys too ("user:" with no password).
	spelt
)

// held calls fn with every value that s, read as a file or an address,
// holds, and with the texts that its values are written as or spell,
// which the caller reads again (finding). Where opaque, s is what a word
// spelt, and every word of it is a value:
//
//   - every word of a value. A word ends at a blank (Unicode's too), at
//     a control character, at one of "\n\r;&,()[]{}<>|" and at a sign
//     ('=', or ':' not before "//"); a quoted one at its closing quote.
//     A key is a word a sign follows, with the words before it since the
//     last sign or break ("User Id=", "export PASSWORD="), and a name
//     unless drawn at random (randomLike); the first word after a sign is
//     a value even when a sign follows it (h:5432:db:u:S), and so are the
//     words after it up to the next key or break ("Bearer S"), a list's
//     items ("- S", "[a, S]", not an INI section's "[name]"), whatever
//     the key is called. Where no sign came, every word is a value
//     ("PASS S", "S,alice,1001") but the format's names of a secret
//     (formatWord) and a comment's words, which are prose: there only
//     those quoted, that look like a token (tokenLike), of minProse bytes
//     or more, or that follow a secret's name or an option ("password S",
//     "-p S", "-pS") are. The name of an XML tag is none, nor are YAML's
//     booleans and null and HTTP's auth schemes, which are no one's
//     secret and common words of messages;
//   - of a value of one word, the word without the signs glued to it
//     ("S.", "(S)", "S#prod") and its pieces between them that look like
//     tokens ("alice/S"; glued);
//   - of a value, the pieces of an address: between '@', ':' and '/'
//     (u:S@tcp(h), Oracle's u/S@h), a URL's path tokens and query values;
//   - what a line holds after its first sign (password = a b c,
//     p@ss:w0rd);
//   - the text of an XML element, and the user and password of a URL,
//     also percent-decoded;
//   - a value the text's language assembles from pieces (assemble): a
//     shell's word of quoted and bare pieces (S'x'"y"z), string literals
//     joined by an operator or a blank ('a' + 'b', 'a' || 'b', "a" "b"),
//     a word of make's empty references (a$(E)b), and a value that goes
//     on in the lines below it, deeper indented (continued): INI's and
//     YAML's plain scalars, YAML's block scalars;
//   - as otherwise, a value unescaped, percent-decoded (with '+' a
//     blank), with its XML entities read, and a quoted one folded over
//     lines as YAML folds it; as spelt, what a base64 or hex word spells.
//
// Every value is a piece of s or decodes one, and each piece of s is
// handed on at most a few times: held is linear in s.
func held(s string, opaque bool, fn func(string, finding)) {
	r := heldReader{s: s, fn: fn, opaque: opaque}
	r.read()
	r.assemble()
	r.continued()
	xmlText(s, fn)
	urlUsers(s, fn)
	runs(s, fn)
}

// assemble hands on the values that the text's language assembles from
// pieces, each of which may be too short to be a value of its own or a
// word that is looked for only whole: a shell's word of quoted and bare
// pieces (Zq7'xK2'"pLm"9, correct'horse'battery), its references to
// variables, empty, left out (make's Uh7$(E)Yg6, sh's ${E}); string
// literals (quoted, double-quoted, in backticks) joined by a language's
// operator of concatenation, over lines too ('Qx9' + 'vR2', "a" . "b",
// 'a' .. 'b', 'a' & 'b', SQL's 'a' || 'b', "a".concat("b")), by blanks
// and line breaks as C and Python join them ("a" "b"), or by commas in a
// call's arguments or a list's items (CONCAT('a', 'b'), "".join(["a",
// "b"])). The value is the pieces' text as read, a double-quoted piece
// unescaped: the gate looks for it escaped too. An assembly a sign
// follows is a key, a value only where it looks drawn at random, as the
// reader's keys. Each piece of the text is in one assembly at most, and
// each quote is looked at for its closing one once a line: assemble is
// linear in the text.
func (r *heldReader) assemble() {
	s := r.s
	// open[q] is the line end before which the quote quotes[q] has no
	// closing one.
	const quotes = "\"'`"
	var open [len(quotes)]int
	var read strings.Builder
	// piece returns where the piece at i ends, 0 if none starts there,
	// and whether it is quoted or a reference, written to read as read.
	piece := func(i int) (end int, quoted bool) {
		switch c := s[i]; {
		case strings.IndexByte(quotes, c) >= 0:
			q := strings.IndexByte(quotes, c)
			if i < open[q] {
				return 0, false
			}
			j := i + 1
			for ; j < len(s) && s[j] != c && s[j] != '\n' && s[j] != '\r'; j++ {
				if s[j] == '\\' && c == '"' {
					j++
				}
			}
			if j >= len(s) || s[j] != c {
				open[q] = j
				return 0, false
			}
			w := s[i+1 : j]
			if c == '"' && strings.IndexByte(w, '\\') >= 0 {
				w = unescape(w)
			}
			read.WriteString(w)
			return j + 1, true
		case reference(s, i) > i:
			return reference(s, i), true // a reference to a variable, empty
		}
		j := i
		for j < len(s) && !breaks(s[j]) && blank(s, j) == 0 && !isSign(s, j) && strings.IndexByte(quotes, s[j]) < 0 && reference(s, j) == j {
			j++
		}
		read.WriteString(s[i:j])
		return j, false
	}
	for i := 0; i < len(s); {
		read.Reset()
		pieces, quoted, end := 0, 0, i
		listed := false
		for end < len(s) {
			e, q := piece(end)
			if e <= end {
				break
			}
			pieces++
			if !q {
				end = e
				continue
			}
			if pieces == 1 {
				// In a call's arguments or a list's items, a comma joins
				// too: CONCAT('a', 'b'), "".join(["a", "b"]). The blanks
				// before a quote are looked at once: it starts one
				// assembly.
				p := end - 1
				for p >= 0 && (s[p] == ' ' || s[p] == '\t') {
					p--
				}
				listed = p >= 0 && (s[p] == '(' || s[p] == '[')
			}
			end = e
			quoted++
			// A literal joined to the next by an operator or a blank.
			k := end
			for k < len(s) && (blank(s, k) > 0 || s[k] == '\n' || s[k] == '\r') {
				k++
			}
			op := 0
			for _, o := range [...]string{"||", ".concat(", "..", "+", ".", "&", ","} {
				if strings.HasPrefix(s[k:], o) && (o != "," || listed) {
					op = len(o)
					break
				}
			}
			m := k + op
			for op > 0 && m < len(s) && (blank(s, m) > 0 || s[m] == '\n' || s[m] == '\r') {
				m++
			}
			if m < len(s) && strings.IndexByte(quotes, s[m]) >= 0 && (op > 0 || m > end) {
				end = m
			}
		}
		if pieces > 1 && quoted > 0 {
			v := read.String()
			k := end
			for k < len(s) && blank(s, k) > 0 {
				k++
			}
			if k == len(s) || !isSign(s, k) || randomLike(v) {
				r.value(v)
			}
		}
		i = max(end, i+1)
	}
}

// continued hands on a value that goes on in the lines below its key's,
// indented deeper: an INI file's value continued ("password = Zx7" then
// "  Cv8", which configparser reads as "Zx7\nCv8"), a YAML plain scalar
// over lines ("Zq7 xK2") and a block scalar ("|", ">-"), as its lines
// joined by line breaks and as YAML folds them. A plain value goes on at
// the lines that are no key, no list's item and no comment; a block
// scalar's lines are its text, whatever they hold. Each line is read
// for one value at most: continued is linear in the text.
func (r *heldReader) continued() {
	lines := strings.Split(r.s, "\n")
	indent := func(l string) int { return len(l) - len(strings.TrimLeft(l, " \t")) }
	var value []string
	for i := 0; i < len(lines); i++ {
		t := strings.TrimSpace(lines[i])
		sign := strings.IndexAny(t, "=:")
		if sign < 0 || commentAt(t) {
			continue
		}
		v := strings.TrimSpace(t[sign+1:])
		block := v != "" && len(v) <= 3 && (v[0] == '|' || v[0] == '>') && strings.Trim(v[1:], "-+0123456789") == ""
		value = value[:0]
		if !block && v != "" {
			value = append(value, v)
		}
		first, j, key := len(value), i+1, indent(lines[i])
		for ; j < len(lines); j++ {
			c := strings.TrimSpace(lines[j])
			if c != "" && (indent(lines[j]) <= key || !block && (commentAt(c) || c[0] == '-' || strings.ContainsAny(c, "=:"))) {
				break
			}
			value = append(value, c)
		}
		for len(value) > first && value[len(value)-1] == "" {
			value = value[:len(value)-1]
		}
		if len(value) > first {
			r.value(strings.Join(value, "\n"))
			r.value(folded(value))
			i = j - 1 // the value's lines are no key's
		}
	}
}

// reference returns where the reference to a variable at s[i] ends,
// $(A) or ${A}, and i when none starts there.
func reference(s string, i int) int {
	if !strings.HasPrefix(s[i:], "$(") && !strings.HasPrefix(s[i:], "${") {
		return i
	}
	j := i + 2
	for j < len(s) && (s[j] == '_' || s[j] == '.' || s[j] >= '0' && s[j] <= '9' || s[j]|0x20 >= 'a' && s[j]|0x20 <= 'z') {
		j++
	}
	close := byte(')')
	if s[i+1] == '{' {
		close = '}'
	}
	if j < len(s) && s[j] == close {
		return j + 1
	}
	return i
}

// folded returns lines joined as YAML folds them: a blank between two
// lines, a line break for each empty line between.
func folded(lines []string) string {
	var b strings.Builder
	for i, l := range lines {
		switch {
		case i == 0:
		case l == "":
			b.WriteByte('\n')
			continue
		case lines[i-1] != "":
			b.WriteByte(' ')
		}
		b.WriteString(l)
	}
	return b.String()
}

// runs calls fn with the values of s that hold the signs its reader
// takes for breaks: a password "Qx9;vR2,tL" after "pass=", in "IDENTIFIED
// BY Qx9;vR2,tL;", "{Qx9;vR2,tL}", "| Qx9;vR2,tL |". Such a value is a
// run of s between blanks, or its part after a sign, trimmed of the signs
// around it, that still holds a break inside; a run without one is the
// reader's words alone.
func runs(s string, fn func(string, finding)) {
	trim := func(c rune) bool { return breaking(c) || joining(c) }
	hand := func(v string) {
		if v = strings.TrimFunc(v, trim); len(v) >= Shortest && strings.IndexFunc(v, breaking) >= 0 {
			fn(v, aValue)
		}
	}
	for _, run := range strings.FieldsFunc(s, unicode.IsSpace) {
		if strings.IndexFunc(run, breaking) < 0 {
			continue
		}
		hand(run)
		if flag(run) && len(run) > 2 && run[1] != '-' {
			hand(run[2:]) // an option glued to its value: -pQx9;vR2
		}
		for i := 0; i < len(run); i++ {
			if isSign(run, i) {
				from := i + signLen(run, i)
				next := from
				for next < len(run) && !isSign(run, next) {
					next++
				}
				part := run[from:next]
				if next < len(run) {
					// A part that a sign ends ends with the next key
					// ("k=Ab1;k=Cd2"): the value is what comes before its
					// last break, which the reader's words are when no
					// break is left in it.
					part = part[:max(strings.LastIndexFunc(part, breaking), 0)]
				}
				hand(part)
				i = next - 1
			}
		}
	}
}

// structured reports whether held may find anything in s but s: whether
// it has a blank, a break, a sign, a quote, an '@' or an escape, may be
// base64 or hexadecimal, or has signs glued to its words ("S!").
func structured(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; breaks(c) || c >= utf8.RuneSelf || strings.IndexByte(" \t\v\f=:\"'@%\\", c) >= 0 {
			return true
		}
	}
	return len(s) >= minBase64 && base64Word(s) || strings.IndexFunc(s, joining) >= 0
}

// heldReader is the state of held's one pass over a text.
type heldReader struct {
	s      string
	fn     func(string, finding)
	opaque bool
	// pending are the words since the last sign or break: values, unless
	// a sign follows and makes them a key.
	pending []heldWord
	// afterSign: the last token was a sign; assigning: a sign came since
	// the last break; lineSigned: the line had its first sign; tagName: a
	// '<' came last, so an XML tag's name follows.
	afterSign, assigning, lineSigned, tagName bool
	// lineStart: no token came yet on the line; lists counts the '['
	// open, inside which every word is an item, a value.
	lineStart bool
	lists     int
	// comment: the line is a comment ("# ...", "// ...", "-- ...", "; ..."),
	// whose words are prose.
	comment bool
	// section: the words are an INI section's name.
	section bool
	// lineNamed: a secret's name came on the line without signs.
	lineNamed bool
	// last is the value value handed on last.
	last string
	// unclosed records the quotes that have no closing one after some
	// offset, and so none after any later one.
	unclosed [2]bool
}

func (r *heldReader) read() {
	s := r.s
	r.lineStart, r.comment = true, commentAt(s)
	for i := 0; i < len(s); {
		c := s[i]
		if n := blank(s, i); n > 0 {
			i += n
			continue
		}
		switch {
		case breaks(c):
			r.flush()
			r.afterSign, r.assigning, r.tagName = false, false, c == '<'
			switch c {
			case '\n', '\r':
				r.lineSigned, r.lineStart, r.lists, r.lineNamed = false, true, 0, false
				r.comment = commentAt(s[i+1:])
			case '[':
				if r.section = r.lineStart && section(s[i:]); !r.section {
					r.lists++
				}
			case ']':
				r.lists = max(r.lists-1, 0)
				r.section = false
			}
			i++
		case isSign(s, i):
			n := signLen(s, i)
			if !r.lineSigned {
				r.lineSigned = true
				r.value(restOfLine(s[i+n:]))
			}
			for j, w := range r.pending {
				if r.opaque || randomLike(w.text) || j > 0 && flag(r.pending[j-1].text) {
					// An option's value is one, key or not: "curl -u
					// TOKEN: https://h".
					// Opaque, every word is a secret's; elsewhere a key
					// is a name, unless it looks drawn at random (a
					// token file's "Zq7xK2=alice").
					r.value(w.text)
				}
				r.address(w.text) // a key may still be an address: u/S@h:1521
			}
			r.pending = r.pending[:0] // a key's words
			r.afterSign, r.assigning, r.lineStart = true, true, false
			i += n
		case (c == '"' || c == '\'') && !r.unclosed[quoteIndex(c)]:
			end := closingQuote(s, i)
			if end < 0 {
				r.unclosed[quoteIndex(c)] = true
				i++
				continue
			}
			w := s[i+1 : end]
			raw := w
			switch {
			case strings.IndexByte(w, '\n') >= 0:
				// Over lines, as YAML folds it (a YAML file kept in
				// the Secret): "correct\n    horse" is "correct horse".
				r.fn(unquote(s[i:end+1]), otherwise)
			case c == '"' && strings.IndexByte(w, '\\') >= 0:
				w = unescape(w)
			}
			if strings.ContainsAny(w, " \t=:") {
				// A quoted text of words or assignments is a text of its
				// own ("Bearer S", "host=h password=S"): read again.
				r.fn(w, otherwise)
			}
			i = r.word(heldWord{w, raw, true}, end+1)
		default:
			j := i + 1
			for j < len(s) && !wordEnd(s, j) {
				j++
			}
			if j == i+1 && c == '-' && r.lineStart {
				// A list's item: what follows is a value.
				r.afterSign, r.assigning, r.lineStart = true, true, false
				i = j
				continue
			}
			i = r.word(heldWord{s[i:j], s[i:j], false}, j)
		}
	}
	r.flush()
}

// A heldWord is a word that a sign may still make a key: its text, read
// (unescaped), and as written.
type heldWord struct {
	text, raw string
	quoted    bool
}

// values hands on w, a value, as read and as written: a backslash in an
// XML attribute or a Windows path is no escape ("Zq7x\K2").
func (r *heldReader) values(w heldWord) {
	r.value(w.text)
	if w.raw != w.text {
		r.value(w.raw)
	}
}

// word takes w, a word of the text that ends at end (quoted, its
// content), and returns where the text goes on.
func (r *heldReader) word(hw heldWord, end int) int {
	r.lineStart = false
	w := hw.text
	// "dTpT==": the '=' that end a word before a blank, a break or the
	// end are a base64 word's padding when the word decodes, not a key's
	// sign.
	pad := padding(r.s, end)
	if pad > 0 {
		if _, ok := spells(w); !ok {
			pad = 0
		}
	}
	switch {
	case r.tagName && !strings.ContainsAny(w, "0123456789"):
		// An XML tag's name ("<password>", "</password>", "<!DOCTYPE");
		// "<Zq7xK2pLm9>", with a digit, is a value in brackets.
		r.tagName = false
	case r.afterSign || pad > 0 || r.tagName:
		r.afterSign, r.tagName = false, false
		r.values(hw)
	default:
		r.pending = append(r.pending, hw)
		if !r.lineSigned && !r.comment && !r.lineNamed && formatWord(w) {
			r.lineNamed = true // once a line: read again, a line of names would cost its square
			// "requirepass Ab1;Cd2", a .netrc's "password Qx9,vR2": in
			// a line without signs, what follows a secret's name is
			// its value, whatever signs it holds.
			if rest := restOfLine(r.s[end:]); !signed(rest) {
				r.value(rest)
			}
		}
	}
	return end + pad
}

// flush hands on the words no sign made a key: after a sign, each is part
// of a value ("Bearer S"); where no sign came, the line is words, each a
// value (PASS S, a token file's "S,user,1001", Redis's "on >S"), but in
// a comment, which is prose: there only the quoted words, those that
// look like a token rather than a word of prose (tokenLike), the long
// ones and those after the name of a secret or an option are.
func (r *heldReader) flush() {
	for i, w := range r.pending {
		if flag(w.text) && len(w.text) > 2 && w.text[1] != '-' {
			r.value(w.text[2:]) // a short option glued to its value: -pS
		}
		switch {
		case r.section:
			// An INI section's name: "[default]".
		case !w.quoted && formatWord(w.text):
			// A secret's name is the format's word: PASS S, requirepass S.
		case r.assigning || r.lists > 0 || w.quoted || tokenLike(w.text),
			!r.comment,
			len(w.text) >= minProse && !namesSecret(w.text), // a comment's long word
			i > 0 && (namesSecret(r.pending[i-1].text) || flag(r.pending[i-1].text)):
			// "password S", as a .netrc and other files without signs
			// write a secret, and "-p S", "--password S" of a command:
			// the word after a secret's name or an option is one.
			r.values(w)
		case len(w.text) >= minBase64 && base64Word(w.text):
			r.decoded(w.text)
		}
	}
	r.pending = r.pending[:0]
}

// section reports whether s, from a '[' that starts a line, is the name
// of an INI or TOML section ("[default]", "[[servers]]"): no list of
// values.
func section(s string) bool {
	line := s
	if i := strings.IndexAny(s, "\n\r"); i >= 0 {
		line = s[:i]
	}
	end := strings.LastIndexByte(line, ']')
	return end > 0 && !strings.Contains(line[:end], ",") && strings.TrimSpace(line[end+1:]) == ""
}

// minProse is the length from which a word outside any assignment is a
// value, whatever it looks like: a word of prose that long is rare, a
// password of lower-case letters ("correcthorsebattery") is not.
const minProse = 8

// minPathToken is the length from which a piece of a URL's path is a
// value, whatever it looks like: shorter ones are words (services, api).
const minPathToken = 16

// flag reports whether w is a command's option: -p, --password.
func flag(w string) bool {
	return len(w) >= 2 && w[0] == '-' && strings.Trim(w, "-") != "" && w[1] != ' '
}

// tokenLike reports whether w, a word outside any assignment, looks like
// a password, a key or a token rather than a word of prose: it holds a
// digit, a capital letter past its first, or a sign that prose does not
// put inside a word.
func tokenLike(w string) bool {
	for i := 0; i < len(w); i++ {
		c := w[i]
		if c >= '0' && c <= '9' || i > 0 && c >= 'A' && c <= 'Z' || strings.IndexByte("_+/=@#$%^*~\\|", c) >= 0 {
			return true
		}
	}
	return false
}

// value hands on w, a value, with the pieces of an address and what it
// spells in base64.
func (r *heldReader) value(w string) {
	if len(w) < Shortest || common(w) || w == r.last {
		return
	}
	// A value is often handed on twice running: as what its line holds
	// after its sign, and as its word.
	r.last = w
	r.fn(w, aValue)
	r.address(w)
	if t, ok := hexText(w); ok {
		r.fn(t, spelt)
	}
	if len(w) >= minBase64 && base64Word(w) {
		if t, ok := spells(w); ok {
			// A base64 word that spells a text is that text written
			// otherwise: its pieces between '/' and '+', and what it
			// reads as with '+' a blank, are no one's words (of a
			// Secret's file in base64, megabytes of them).
			r.fn(t, spelt)
			return
		}
	}
	r.glued(w)
	// The same value escaped as the file's format escapes it: a
	// properties file's "\u004B", a query's "%2B", XML's "&amp;".
	if strings.ContainsAny(w, `\%&+`) {
		p := percentDecoded(w)
		us := []string{unescape(w), p, strings.ReplaceAll(p, "+", " "), entities(w)}
		for i, u := range us {
			if u != w && len(u) >= Shortest && !slices.Contains(us[:i], u) {
				r.fn(u, otherwise)
			}
		}
	}
}

// glued hands on what w, a value of one word, holds between the signs
// that glue words together without a blank: "S." ending a sentence,
// "alice/S" (sqlplus), "S#prod", "DOMAIN\alice%S". Trimmed of its signs,
// w is a value; inside it, a piece is one when it looks like a token: a
// word among signs is a name (a host's "db.example.io", a path's
// "/etc/ssl"), and '-' and '_' join the words of one name. A URL, an
// address and a text of several words are the reader's and address's.
func (r *heldReader) glued(w string) {
	if strings.IndexFunc(w, joining) < 0 {
		return
	}
	if t := strings.TrimFunc(w, joining); t != w && len(t) >= Shortest && !common(t) {
		r.fn(t, aValue)
		if len(t) >= minBase64 && base64Word(t) {
			r.decoded(t) // "`Basic dTpT`" spells credentials
		}
	}
	if before, _, ok := strings.Cut(w, "#"); ok {
		// "S#prod": what many formats end a value with, a comment.
		if t := strings.TrimFunc(before, joining); len(t) >= Shortest && !common(t) {
			r.fn(t, aValue)
		}
	}
	if strings.Contains(w, "://") || strings.IndexFunc(w, func(c rune) bool {
		return breaking(c) || c == ' ' || c == '\t' || c == '=' || c == ':' || c == '@'
	}) >= 0 {
		return
	}
	for _, p := range strings.FieldsFunc(w, gluing) {
		if len(p) >= Shortest && tokenLike(p) {
			r.fn(p, aValue)
		}
		if strings.ContainsAny(p, "-_") {
			// "alice-Zq7xK2pLm9": of the words of one name, those
			// drawn at random are a token's ("west1" of a region is
			// not).
			for _, q := range strings.FieldsFunc(p, func(c rune) bool { return c == '-' || c == '_' }) {
				if len(q) >= minProse && randomLike(q) {
					r.fn(q, aValue)
				}
			}
		}
	}
}

// joining reports whether c glues words together or joins the words of
// one name ('-', '_').
func joining(c rune) bool { return gluing(c) || c == '-' || c == '_' }

// gluing reports whether c is a sign glued between words (ASCII
// punctuation but '-' and '_') or a character no one sees (a byte order
// mark, a zero-width space).
func gluing(c rune) bool {
	if c < utf8.RuneSelf {
		return c > ' ' && c < 0x7f && !(c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '-' || c == '_')
	}
	return unseen(c) || otherSign(c)
}

// otherSign reports whether c, past ASCII, is in a block of punctuation,
// symbols or arrows ("“S”", "«S»", "「S」", "→S", full-width "：S"): a
// sign that glues words as ASCII's do. Blocks, not Unicode's tables of
// letters, which the module would carry for this alone.
func otherSign(c rune) bool {
	switch {
	case c >= 0xa1 && c <= 0xbf, c == 0xd7, c == 0xf7, // Latin-1's signs: ¡ « » · ¿ × ÷
		c >= 0x2010 && c <= 0x205e,                                                                                     // general punctuation: dashes, quotes, bullets, ellipsis
		c >= 0x2190 && c <= 0x2bff,                                                                                     // arrows, operators, technical signs, shapes, dingbats
		c >= 0x2e00 && c <= 0x2e7f,                                                                                     // supplemental punctuation
		c >= 0x3000 && c <= 0x303f,                                                                                     // CJK's signs and brackets: 、。「」
		c >= 0xff01 && c <= 0xff0f, c >= 0xff1a && c <= 0xff20, c >= 0xff3b && c <= 0xff40, c >= 0xff5b && c <= 0xff65: // full-width signs
		return true
	}
	return false
}

// unseen reports whether c is a character no one sees that parts words: a
// soft hyphen, a zero-width space or joiner, a direction mark, a word
// joiner, a byte order mark.
func unseen(c rune) bool {
	return c == 0xad || c >= 0x200b && c <= 0x200f || c >= 0x202a && c <= 0x202e || c >= 0x2060 && c <= 0x206f || c == 0xfeff
}

// randomLike reports whether w looks drawn at random, as a token does and
// a name rarely does: it mixes lower-case letters, capitals and digits,
// or goes from letters to digits and back four times or more
// ("q7x2p9m4", not "v1alpha1" or "sha256"), or is sixteen hexadecimal
// digits or more, letters and digits both ("d41d8cd98f00b204e980").
func randomLike(w string) bool {
	var lower, upper, digit, hex bool
	turns, wasDigit := 0, false
	hex = len(w) >= 16
	for i := 0; i < len(w); i++ {
		c := w[i]
		isDigit := c >= '0' && c <= '9'
		lower = lower || c >= 'a' && c <= 'z'
		upper = upper || c >= 'A' && c <= 'Z'
		digit = digit || isDigit
		hex = hex && (isDigit || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F')
		if i > 0 && isDigit != wasDigit {
			turns++
		}
		wasDigit = isDigit
	}
	return lower && upper && digit || turns >= 4 || hex && digit && (lower || upper)
}

// commentAt reports whether the line s starts is a comment: its first
// word is "#", "//", "--" or ";" followed by a blank, as configuration
// files and scripts write prose.
func commentAt(s string) bool {
	s = strings.TrimLeft(s, " \t")
	for _, c := range []string{"# ", "#\t", "// ", "-- ", "; "} {
		if strings.HasPrefix(s, c) {
			return true
		}
	}
	return false
}

// address hands on the pieces of w between '@', ':' and '/' when it is
// an address with a user and a password: u:S@tcp(h), Oracle's u/S@h.
func (r *heldReader) address(w string) {
	if strings.Contains(w, "://") {
		// A URL's path and query may hold a token of their own
		// (https://hooks.example.io/services/T0/B0/S).
		for _, p := range strings.FieldsFunc(w, func(r rune) bool { return strings.ContainsRune("/?#&;", r) }) {
			if _, v, ok := strings.Cut(p, "="); ok {
				if len(v) >= Shortest && !common(v) {
					r.fn(v, aValue) // a query's value, not its key
				}
				continue
			}
			if tokenLike(p) || len(p) >= minPathToken {
				r.fn(p, aValue)
			}
		}
	}
	if strings.IndexByte(w, '@') < 0 {
		return
	}
	for _, p := range strings.FieldsFunc(w, func(r rune) bool { return r == '@' || r == ':' || r == '/' }) {
		if len(p) >= Shortest && !common(p) {
			r.fn(p, aValue)
		}
	}
}

// namesSecret reports whether w, a word, names a secret in a file
// without signs (a .netrc's "password S"): the name of a secret member
// or one of the common names of passwords, but no short word of prose
// ("key with").
// formatWord reports whether w is a format's own word for a secret, a
// key in a line without signs ("PASS S", "requirepass S", "password S"):
// the name of a secret member, or a word of letters whose last part
// (after '_' or '.') is one of the names files give a secret. A value that
// holds such a name ("hunter-pass", "secretsauce") is none.
func formatWord(w string) bool {
	if w == "" || strings.Trim(w, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_.-") != "" {
		return false
	}
	w = strings.ToLower(w)
	if len(w) >= 5 && names[w] {
		return true
	}
	switch w[strings.LastIndexAny(w, "_.")+1:] {
	case "pass", "passwd", "password", "passphrase", "pwd", "pw", "secret", "token", "auth", "key",
		"requirepass", "masterauth", "bindpw", "psk", "apikey", "credentials":
		return true
	}
	return false
}

func namesSecret(w string) bool {
	w = strings.ToLower(w)
	if len(w) >= 5 && names[w] {
		return true
	}
	for _, n := range []string{"pass", "pwd", "secret", "token", "auth"} {
		if strings.Contains(w, n) {
			return true
		}
	}
	return false
}

// decoded hands on the text w, a base64 word, spells, if it is text.
func (r *heldReader) decoded(w string) {
	if t, ok := spells(w); ok {
		r.fn(t, spelt)
	}
}

// spells returns the text w, a base64 word, spells, if it is text: one
// written in UTF-16 too, which is no UTF-8 with its byte order mark.
func spells(w string) (string, bool) {
	t, ok := decodeBase64(w)
	if !ok {
		w = strings.TrimRight(w, "=")
		b, err := base64.RawStdEncoding.DecodeString(w)
		if err != nil {
			b, err = base64.RawURLEncoding.DecodeString(w)
		}
		if err != nil {
			return "", false
		}
		t = string(b)
	}
	if u, ok := fromUTF16(t); ok {
		return u, true
	}
	return t, ok && printable(t)
}

// heldBreaks end a word and make the words before them no key, and so do
// control characters (SASL's "\0user\0password").
const heldBreaks = "\n\r;&,()[]{}<>|"

func breaks(c byte) bool { return breakBytes[c] }

// breaking is breaks of a character: none past ASCII breaks.
func breaking(c rune) bool { return c < utf8.RuneSelf && breakBytes[c] }

// breakBytes tells the bytes that break (breaks) at a look: the reader
// asks of every byte of a Secret's text, megabytes of them.
var breakBytes = func() (t [256]bool) {
	for c := range 0x20 {
		t[c] = c != '\t' && c != '\v' && c != '\f'
	}
	t[0x7f] = true
	for i := 0; i < len(heldBreaks); i++ {
		t[heldBreaks[i]] = true
	}
	return t
}()

// blank returns the length of the blank at s[i], 0 if there is none: a
// space, a tab, a vertical tab, a form feed or a space of Unicode's (a
// no-break space).
func blank(s string, i int) int {
	switch c := s[i]; {
	case c == ' ' || c == '\t' || c == '\v' || c == '\f':
		return 1
	case c < utf8.RuneSelf:
		return 0
	}
	r, n := utf8.DecodeRuneInString(s[i:])
	if unicode.IsSpace(r) || unseen(r) {
		// A byte order mark or a zero-width space parts words as a
		// blank does, unseen.
		return n
	}
	return 0
}

// isSign reports whether s[i] assigns: '=', or ':' that is not a URL's
// "://".
func isSign(s string, i int) bool {
	return s[i] == '=' || s[i] == ':' && !strings.HasPrefix(s[i+1:], "//") || fullWidthSign(s, i)
}

// signLen returns the length of the sign at s[i].
func signLen(s string, i int) int {
	if fullWidthSign(s, i) {
		return len("：")
	}
	return 1
}

// fullWidthSign reports whether s[i] starts a full-width colon or equals
// sign, as CJK text writes them ("密码：S").
func fullWidthSign(s string, i int) bool {
	return s[i] == 0xef && (strings.HasPrefix(s[i:], "：") || strings.HasPrefix(s[i:], "＝"))
}

// wordEnd reports whether a word ends before s[i].
func wordEnd(s string, i int) bool {
	return breaks(s[i]) || blank(s, i) > 0 || isSign(s, i)
}

// signed reports whether s, a line, has a sign.
func signed(s string) bool {
	for i := 0; i < len(s); i++ {
		if isSign(s, i) {
			return true
		}
	}
	return false
}

// restOfLine returns what s holds up to its line's end, trimmed, without
// the quotes around it.
func restOfLine(s string) string {
	if i := strings.IndexAny(s, "\n\r"); i >= 0 {
		s = s[:i]
	}
	v := strings.TrimSpace(s)
	if len(v) >= 2 && (v[0] == '"' || v[0] == '\'') && v[len(v)-1] == v[0] {
		v = v[1 : len(v)-1]
	}
	return v
}

func quoteIndex(c byte) int {
	if c == '"' {
		return 0
	}
	return 1
}

// closingQuote returns the offset of the quote that closes the one at
// s[i] (a double quote's escapes skipped), or -1.
func closingQuote(s string, i int) int {
	q := s[i]
	for j := i + 1; j < len(s); j++ {
		switch s[j] {
		case '\\':
			if q == '"' {
				j++
			}
		case q:
			return j
		}
	}
	return -1
}

// padding returns how many '=' follow at s[i:] before a blank, a break or
// the end: a base64 word's padding, if the word before them is one.
func padding(s string, i int) int {
	n := 0
	for i+n < len(s) && s[i+n] == '=' && n < 3 {
		n++
	}
	if n == 0 || i+n < len(s) && !wordEnd(s, i+n) {
		return 0
	}
	return n
}

// minBase64 is the shortest word read as base64: shorter ones (a port, a
// name) decode to text by chance.
const minBase64 = 8

// base64Word reports whether w is written in one of base64's alphabets,
// padding aside.
func base64Word(w string) bool {
	w = strings.TrimRight(w, "=")
	for i := 0; i < len(w); i++ {
		c := w[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.IndexByte("+/-_", c) >= 0) {
			return false
		}
	}
	return len(w)%4 != 1
}

// printable reports whether t, a decoded base64 word, is text a person
// wrote: no control character but tabs, line breaks and the NULs that
// separate SASL's PLAIN credentials.
func printable(t string) bool {
	for _, r := range t {
		if unicode.IsControl(r) && r != '\t' && r != '\n' && r != '\r' && r != 0 || r == unicode.ReplacementChar {
			return false
		}
	}
	return true
}

// hexText returns the text w spells in hexadecimal, and whether it is one
// (of eight digits or more, and text).
func hexText(w string) (string, bool) {
	if len(w) < minBase64 || len(w)%2 == 1 || strings.Trim(w, "0123456789abcdefABCDEF") != "" {
		return "", false
	}
	b := make([]byte, len(w)/2)
	for i := range b {
		v, err := strconv.ParseUint(w[2*i:2*i+2], 16, 8)
		if err != nil {
			return "", false
		}
		b[i] = byte(v)
	}
	t := string(b)
	return t, utf8.ValidString(t) && printable(t)
}

// entities returns w with XML's named character entities read (&amp;).
func entities(w string) string {
	if !strings.Contains(w, "&") {
		return w
	}
	var b strings.Builder
	for i := 0; i < len(w); i++ {
		if w[i] == '&' {
			if e, c, ok := entity(w[i:]); ok {
				b.WriteByte(c)
				i += len(e) - 1
				continue
			}
		}
		b.WriteByte(w[i])
	}
	return b.String()
}

// entity returns the named XML entity s starts with and the character it
// stands for. (A strings.Replacer would do, and would bring its code
// into the module for this alone.)
func entity(s string) (string, byte, bool) {
	for _, e := range [...]struct {
		name string
		c    byte
	}{{"&amp;", '&'}, {"&lt;", '<'}, {"&gt;", '>'}, {"&quot;", '"'}, {"&apos;", '\''}} {
		if strings.HasPrefix(s, e.name) {
			return e.name, e.c, true
		}
	}
	return "", 0, false
}

// common reports whether w is a word that is no one's secret: YAML's
// booleans and null, HTTP's authentication schemes.
func common(w string) bool {
	if len(w) > len("negotiate") {
		return false // most values: no lower-case copy made of them
	}
	for _, c := range [...]string{"true", "false", "null", "yes", "basic", "bearer", "digest", "negotiate"} {
		if strings.EqualFold(w, c) {
			return true
		}
	}
	return false
}

// xmlText calls fn with the text of each XML element in s.
func xmlText(s string, fn func(string, finding)) {
	for rest := s; ; {
		// A CDATA section's text: "<![CDATA[Qx9;vR2,tL]]>".
		at := strings.Index(rest, "<![CDATA[")
		if at < 0 {
			break
		}
		rest = rest[at+len("<![CDATA["):]
		end := strings.Index(rest, "]]>")
		if end < 0 {
			break
		}
		if v := strings.TrimSpace(rest[:end]); len(v) >= Shortest {
			fn(v, aValue)
		}
		rest = rest[end:]
	}
	for i := strings.IndexByte(s, '>'); i >= 0; {
		rest := s[i+1:]
		lt := strings.IndexByte(rest, '<')
		if lt < 0 {
			break
		}
		if v := strings.TrimSpace(rest[:lt]); len(v) >= Shortest && !strings.Contains(v, ">") {
			fn(v, aValue)
		}
		next := strings.IndexByte(rest[lt:], '>')
		if next < 0 {
			break
		}
		i += 1 + lt + next
	}
}

// urlUsers calls fn with the user and the password of each URL in s, the
// password also percent-decoded.
func urlUsers(s string, fn func(string, finding)) {
	for rest := s; ; {
		at := strings.Index(rest, "://")
		if at < 0 {
			return
		}
		rest = rest[at+3:]
		// The host ends at its first '/', '?', '#' or blank, or with s:
		// found in rest itself, not in a copy of it (rest+" " copied
		// the rest of s for every URL, quadratic in a file of them).
		end := strings.IndexFunc(rest, func(r rune) bool { return r == '/' || r == '?' || r == '#' || unicode.IsSpace(r) })
		if end < 0 {
			end = len(rest)
		}
		host := rest[:end]
		if ui, _, ok := strings.Cut(host, "@"); ok {
			user, pass, _ := strings.Cut(ui, ":")
			for _, v := range []string{user, pass, percentDecoded(pass)} {
				if len(v) >= Shortest {
					fn(v, aValue)
				}
			}
		}
	}
}

// softBreak reports whether s has a quoted-printable soft break: a '='
// that ends a line and is no base64 padding ("==").
func softBreak(s string) bool {
	if strings.Contains(s, "=\r\n") && !strings.Contains(s, "==\r\n") {
		return true
	}
	for i := strings.Index(s, "=\n"); i >= 0; {
		if i == 0 || s[i-1] != '=' {
			return true
		}
		next := strings.Index(s[i+2:], "=\n")
		if next < 0 {
			return false
		}
		i += 2 + next
	}
	return false
}

// rewritten returns the texts s reads as once a format's way of writing
// it is undone: a text in UTF-16 is the text it encodes; a properties
// file's or a shell's line ended by '\' goes on at the next line's first
// non-blank, and a quoted-printable text's soft break "=" at a line's end
// joins the lines and its "=XX" stand for bytes.
func rewritten(s string) []string {
	var out []string
	if t, ok := fromUTF16(s); ok {
		out = append(out, t)
	}
	if strings.Contains(s, "\\\n") || strings.Contains(s, "\\\r\n") {
		var b strings.Builder
		for i := 0; i < len(s); i++ {
			if s[i] == '\\' && (strings.HasPrefix(s[i+1:], "\n") || strings.HasPrefix(s[i+1:], "\r\n")) {
				i = strings.IndexByte(s[i:], '\n') + i + 1
				for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
					i++
				}
				i--
				continue
			}
			b.WriteByte(s[i])
		}
		out = append(out, b.String())
	}
	if softBreak(s) {
		var b strings.Builder
		for i := 0; i < len(s); i++ {
			switch {
			case s[i] == '=' && strings.HasPrefix(s[i+1:], "\n"):
				i++
			case s[i] == '=' && strings.HasPrefix(s[i+1:], "\r\n"):
				i += 2
			case s[i] == '=' && i+2 < len(s):
				if v, err := strconv.ParseUint(s[i+1:i+3], 16, 8); err == nil {
					b.WriteByte(byte(v))
					i += 2
					continue
				}
				b.WriteByte(s[i])
			default:
				b.WriteByte(s[i])
			}
		}
		out = append(out, b.String())
	}
	return out
}

// fromUTF16 returns the text s encodes, when s is UTF-16 (a file
// PowerShell 5 wrote, kept in a Secret's data with kubectl's
// --from-file): it starts with a byte order mark, or with two characters
// of ASCII in UTF-16, little- or big-endian. Read as bytes, its NULs part
// every character from the next, and no word of it is a value.
func fromUTF16(s string) (string, bool) {
	low := 0 // the offset of each character's low byte
	switch {
	case len(s) < 4:
		return "", false
	case s[0] == 0xff && s[1] == 0xfe:
		s = s[2:]
	case s[0] == 0xfe && s[1] == 0xff:
		low, s = 1, s[2:]
	case s[0] == 0 && s[2] == 0 && s[1] != 0 && s[3] != 0:
		low = 1
	case s[0] == 0 || s[2] == 0 || s[1] != 0 || s[3] != 0:
		return "", false
	}
	units := make([]uint16, len(s)/2)
	for i := range units {
		units[i] = uint16(s[2*i+low]) | uint16(s[2*i+1-low])<<8
	}
	return string(utf16.Decode(units)), true
}
