package secret

import (
	"strings"
	"unicode"
)

// A text kept in a Secret is often a file or an address (a .env, a
// connection string, an Authorization header, a .pgpass line, a
// .dockerconfigjson, TOML, XML, a URL) that holds secrets of its own: the
// values it assigns, which a manifest may write elsewhere. Which format a
// text is cannot be told, and a reader per format closes one format at a
// time; held reads every text the one way they all share: words, and the
// signs '=' and ':' that make the words before them keys.

// held calls fn with every value that s, read as a file or an address,
// holds (decoded false), and with the text each base64 word of it spells
// (decoded true: "Basic dTpT", the "auth" of a .dockerconfigjson), which
// the caller reads again for the values it holds:
//
//   - every word of a value. A word ends at a blank, at one of
//     "\n\r;&,()[]{}<>" and at a sign ('=', or ':' not before "//"); a
//     quoted one at its closing quote. A key is a word a sign follows,
//     with the words before it since the last sign or break ("User Id=",
//     "export PASSWORD="); the first word after a sign is a value even
//     when a sign follows it (h:5432:db:u:S), and so are the words after
//     it up to the next key or break ("Bearer S"). Where no sign came,
//     the words are prose or a list, and only those quoted, that look
//     like a token (tokenLike) or that follow a secret's name (a .netrc's
//     "password S", namesSecret) are values. The name of an XML tag is no
//     value, nor are YAML's booleans and null and HTTP's auth schemes,
//     which are no one's secret and common words of messages;
//   - of a value with '@', the pieces between '@', ':' and '/'
//     (u:S@tcp(h), Oracle's u/S@h);
//   - what a line holds after its first sign (password = a b c,
//     p@ss:w0rd);
//   - the text of an XML element, and the user and password of a URL,
//     also percent-decoded.
//
// Every value is a piece of s or decodes one, and each piece of s is
// handed on at most a few times: held is linear in s.
func held(s string, fn func(v string, decoded bool)) {
	r := heldReader{s: s, fn: fn}
	r.read()
	xmlText(s, fn)
	urlUsers(s, fn)
}

// structured reports whether held may find anything in s but s: whether
// it has a blank, a break, a sign, a quote or an '@', or may be base64.
func structured(s string) bool {
	return strings.ContainsAny(s, " \t"+heldBreaks+"=:\"'@") || len(s) >= minBase64 && base64Word(s)
}

// heldReader is the state of held's one pass over a text.
type heldReader struct {
	s  string
	fn func(string, bool)
	// pending are the words since the last sign or break: values, unless
	// a sign follows and makes them a key.
	pending []heldWord
	// afterSign: the last token was a sign; assigning: a sign came since
	// the last break; lineSigned: the line had its first sign; tagName: a
	// '<' came last, so an XML tag's name follows.
	afterSign, assigning, lineSigned, tagName bool
	// unclosed records the quotes that have no closing one after some
	// offset, and so none after any later one.
	unclosed [2]bool
}

func (r *heldReader) read() {
	s := r.s
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == ' ' || c == '\t':
			i++
		case strings.IndexByte(heldBreaks, c) >= 0:
			r.flush()
			r.afterSign, r.assigning, r.tagName = false, false, c == '<'
			if c == '\n' || c == '\r' {
				r.lineSigned = false
			}
			i++
		case isSign(s, i):
			if !r.lineSigned {
				r.lineSigned = true
				r.value(restOfLine(s[i+1:]))
			}
			for _, w := range r.pending {
				r.address(w.text) // a key may still be an address: u/S@h:1521
			}
			r.pending = r.pending[:0] // a key's words
			r.afterSign, r.assigning = true, true
			i++
		case (c == '"' || c == '\'') && !r.unclosed[quoteIndex(c)]:
			end := closingQuote(s, i)
			if end < 0 {
				r.unclosed[quoteIndex(c)] = true
				i++
				continue
			}
			w := s[i+1 : end]
			if c == '"' && strings.IndexByte(w, '\\') >= 0 {
				w = unescape(w)
			}
			i = r.word(w, end+1, true)
		default:
			j := i + 1
			for j < len(s) && !wordEnd(s, j) {
				j++
			}
			i = r.word(s[i:j], j, false)
		}
	}
	r.flush()
}

// A heldWord is a word that a sign may still make a key.
type heldWord struct {
	text   string
	quoted bool
}

// word takes w, a word of the text that ends at end (quoted, its
// content), and returns where the text goes on.
func (r *heldReader) word(w string, end int, quoted bool) int {
	// "dTpT==": the '=' that end a word before a blank, a break or the
	// end are a base64 word's padding when the word decodes, not a key's
	// sign.
	pad := padding(r.s, end)
	if pad > 0 {
		if t, ok := decodeBase64(w); !ok || !printable(t) {
			pad = 0
		}
	}
	switch {
	case r.tagName:
		r.tagName = false
	case r.afterSign || pad > 0:
		r.afterSign = false
		r.value(w)
	default:
		r.pending = append(r.pending, heldWord{w, quoted})
	}
	return end + pad
}

// flush hands on the words no sign made a key: after a sign, each is part
// of a value ("Bearer S"); where no sign came, the text is words, not
// assignments, and only the quoted words, those that look like a token
// rather than a word of prose (tokenLike) and those after the name of a
// secret member are handed on, and what base64 words spell.
func (r *heldReader) flush() {
	for i, w := range r.pending {
		switch {
		case r.assigning || w.quoted || tokenLike(w.text),
			i > 0 && namesSecret(r.pending[i-1].text):
			// "password S", as a .netrc and other files without signs
			// write a secret: the word after a secret's name is one.
			r.value(w.text)
		case len(w.text) >= minBase64 && base64Word(w.text):
			r.decoded(w.text)
		}
	}
	r.pending = r.pending[:0]
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
	if len(w) < Shortest || common(w) {
		return
	}
	r.fn(w, false)
	r.address(w)
	if len(w) >= minBase64 && base64Word(w) {
		r.decoded(w)
	}
}

// address hands on the pieces of w between '@', ':' and '/' when it is
// an address with a user and a password: u:S@tcp(h), Oracle's u/S@h.
func (r *heldReader) address(w string) {
	if strings.IndexByte(w, '@') < 0 {
		return
	}
	for _, p := range strings.FieldsFunc(w, func(r rune) bool { return r == '@' || r == ':' || r == '/' }) {
		if len(p) >= Shortest && !common(p) {
			r.fn(p, false)
		}
	}
}

// namesSecret reports whether w, a word, names a secret in a file
// without signs (a .netrc's "password S"): the name of a secret member
// or one of the common names of passwords, but no short word of prose
// ("key with").
func namesSecret(w string) bool {
	w = strings.ToLower(w)
	return len(w) >= 5 && names[w] || w == "passwd" || w == "secret"
}

// decoded hands on the text w, a base64 word, spells, if it is text.
func (r *heldReader) decoded(w string) {
	if t, ok := decodeBase64(w); ok && printable(t) {
		r.fn(t, true)
	}
}

// heldBreaks end a word and make the words before them no key.
const heldBreaks = "\n\r;&,()[]{}<>"

// isSign reports whether s[i] assigns: '=', or ':' that is not a URL's
// "://".
func isSign(s string, i int) bool {
	return s[i] == '=' || s[i] == ':' && !strings.HasPrefix(s[i+1:], "//")
}

// wordEnd reports whether a word ends before s[i].
func wordEnd(s string, i int) bool {
	c := s[i]
	return c == ' ' || c == '\t' || strings.IndexByte(heldBreaks, c) >= 0 || isSign(s, i)
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
// wrote: no control character but tabs and line breaks.
func printable(t string) bool {
	for _, r := range t {
		if unicode.IsControl(r) && r != '\t' && r != '\n' && r != '\r' || r == unicode.ReplacementChar {
			return false
		}
	}
	return true
}

// common reports whether w is a word that is no one's secret: YAML's
// booleans and null, HTTP's authentication schemes.
func common(w string) bool {
	switch strings.ToLower(w) {
	case "true", "false", "null", "yes", "basic", "bearer", "digest", "negotiate":
		return true
	}
	return false
}

// xmlText calls fn with the text of each XML element in s.
func xmlText(s string, fn func(string, bool)) {
	for i := strings.IndexByte(s, '>'); i >= 0; {
		rest := s[i+1:]
		lt := strings.IndexByte(rest, '<')
		if lt < 0 {
			break
		}
		if v := strings.TrimSpace(rest[:lt]); len(v) >= Shortest && !strings.Contains(v, ">") {
			fn(v, false)
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
func urlUsers(s string, fn func(string, bool)) {
	for rest := s; ; {
		at := strings.Index(rest, "://")
		if at < 0 {
			return
		}
		rest = rest[at+3:]
		host := rest[:strings.IndexFunc(rest+" ", func(r rune) bool { return r == '/' || r == '?' || r == '#' || unicode.IsSpace(r) })]
		if ui, _, ok := strings.Cut(host, "@"); ok {
			user, pass, _ := strings.Cut(ui, ":")
			for _, v := range []string{user, pass, percentDecoded(pass)} {
				if len(v) >= Shortest {
					fn(v, false)
				}
			}
		}
	}
}
