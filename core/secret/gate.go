package secret

import (
	"encoding/base64"
	"errors"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/mdscheck/mdscheck/core/decimal"
	"github.com/mdscheck/mdscheck/core/document"
	"github.com/mdscheck/mdscheck/core/schema"
)

// Masked stands for a secret's text wherever the gate takes one out of a
// message: the same word whatever the secret, so that not even its length
// shows.
const Masked = "(secret)"

// A Gate knows the secrets of a whole run (every document, file and
// previous version a front end read) and takes them out of what leaves
// it: messages, paths, names, lines of source, JSON. It looks for every
// form in which a secret's text can come out again: as written in the
// source, decoded, as a number reads (1_234_567 is 1234567), escaped the
// way Go, JSON and YAML escape it, as a JSON pointer token and the way
// GitHub escapes an annotation, and line by line. Texts shorter than
// Shortest are not looked for: masking every "abc" would hide what the
// text says and no secret.
//
// The zero Gate knows no secret. A Gate is not safe for concurrent Add;
// once filled, its other methods are.
type Gate struct {
	// buckets holds the forms by their first four bytes, a bucket a
	// prefix, in the order the prefixes came, and slots finds a prefix's
	// bucket: a table of prefixes and bucket indexes by open addressing,
	// at most half full. A Secret of many short values has hundreds of
	// thousands of prefixes: a bucket object each, in a map of pointers,
	// was as many objects for the collector to walk, and a map lookup
	// (in WebAssembly, with no hardware hash) cost three times a look in
	// the table. The filter, a bit per hash of a prefix, answers "none
	// starts here" for almost every position of a text without a look
	// in the table. It grows with the prefixes, so that it stays sparse
	// for a Secret of a hundred thousand values too: a full one sent
	// every byte of a text to the table, a cache miss each.
	buckets    []bucket
	slots      []prefixSlot
	slotBits   uint
	filter     []uint64
	filterBits uint
	// safe maps the texts Safe declares to nil, and those Keep
	// registers to their spans of mdscheck's own words.
	safe map[string][]document.Span
	// numbers are the values of the secrets that read as numbers, as
	// decimal.Dec writes them: a message may write the same number
	// otherwise (973_706_105, 0x3A09_C379, 9.73706105e8).
	numbers map[string]bool
	// words are the short words a Secret's file holds as values
	// (namespace: kafka, MODE=debug, PASS hunter), looked for as whole
	// words only: inside another word ("kafkaday") such a word is
	// someone's name, not the secret.
	words map[string]bool
	// read records the long texts add read (held), each with how: the
	// fewest decodings deep and whether opaque. A Secret's data is read
	// as its text and again as what its base64 word spells: megabytes,
	// twice.
	read map[string]readAs
}

// readAs is how add read a text: decodings deep, opaque or not.
type readAs struct {
	decodings int
	opaque    bool
}

// minRecorded is the length from which add records a text it read:
// shorter ones cost less to read again than to record.
const minRecorded = 1 << 10

// covered reports whether add read text already, or records that it reads
// it now: as deep or less, and opaque if it is to be now, a reading finds
// all that this one would.
func (g *Gate) covered(text string, decodings int, opaque bool) bool {
	if len(text) < minRecorded {
		return false
	}
	if was, ok := g.read[text]; ok && was.decodings <= decodings && (was.opaque || !opaque) {
		return true
	}
	if g.read == nil {
		g.read = map[string]readAs{}
	}
	g.read[text] = readAs{decodings, opaque}
	return false
}

// Add registers a secret's decoded text (the value as the cluster gets
// it) and every form it can take in output, with the values it holds
// when it is a file or an address (held).
func (g *Gate) Add(text string) { g.add(text, 0, false) }

// maxDecodings bounds how many base64 words deep add reads a secret: a
// Secret's data, decoded, may hold a .dockerconfigjson whose "auth" is
// base64 of "user:password".
const maxDecodings = 3

// add registers text, decodings deep in what a secret's words spell or
// are written as; opaque where text is what a word spelt.
func (g *Gate) add(text string, decodings int, opaque bool) {
	if len(text) < Shortest || g.covered(text, decodings, opaque) {
		return
	}
	g.value(text)
	if strings.ContainsAny(text, "\n\r") {
		for _, line := range strings.FieldsFunc(text, func(r rune) bool { return r == '\n' || r == '\r' }) {
			g.value(line)
		}
	}
	if decodings == 0 {
		// The whole text's base64, not that of each value it holds or
		// is written as (docs/design.md, "Decisions").
		g.encoded(text)
	}
	if !structured(text) {
		return // one word, as most secrets are: it holds nothing else
	}
	if decodings < maxDecodings {
		for _, t := range rewritten(text) {
			g.add(t, decodings+1, opaque)
		}
	}
	last := text
	held(text, opaque, func(v string, f finding) {
		switch {
		case f == aValue:
			// A value is often handed on twice running: as a word and
			// as what its line holds after its sign.
			if v != last {
				if wordLike(v) {
					g.word(v)
				} else {
					g.value(v)
				}
				last = v
			}
		case decodings < maxDecodings:
			// What a word spells is credentials, each of whose words
			// is a secret, but a text of lines is a file, read as
			// one: a Secret's data spells its own text.
			g.add(v, decodings+1, f == spelt && strings.IndexAny(v, "\n\r") < 0)
		}
	})
}

// maxEncoded bounds the text whose base64 the gate looks for: a longer
// secret's base64 starts as that of its first maxEncoded bytes (a
// multiple of 3), which the gate takes for the secret (keyLen).
const maxEncoded = 3 << 10

// encoded registers text's base64, in both alphabets, and its
// hexadecimal: a stringData value that a manifest writes again as the
// data it is, or as the bytes of a key. A padded base64 is the unpadded
// one and '=' signs, which tell nothing: the unpadded form, found, masks
// all of the secret in it. The URL alphabet differs only where the
// standard one writes '+' or '/'. Four forms per secret were twice the
// forms of a Secret of many values, in the gate's largest tables.
func (g *Gate) encoded(text string) {
	if len(text) > maxEncoded {
		text = text[:maxEncoded]
	}
	std := base64.RawStdEncoding.EncodeToString([]byte(text))
	g.form(std)
	if strings.ContainsAny(std, "+/") {
		g.form(base64.RawURLEncoding.EncodeToString([]byte(text)))
	}
	const digits = "0123456789abcdef"
	h := make([]byte, 0, 2*len(text))
	for i := 0; i < len(text); i++ {
		h = append(h, digits[text[i]>>4], digits[text[i]&15])
	}
	g.form(string(h))
}

// value registers text, one secret, and every form it can take in
// output; not the values it holds.
func (g *Gate) value(text string) {
	if len(text) < Shortest {
		return
	}
	g.form(text)
	// One pass over text tells what more it may be; most values, short
	// words of letters and digits, are only themselves (and maybe a
	// number), and a Secret may hold hundreds of thousands of them.
	lines, template, escapes, plain := false, false, false, true
	for i := 0; i < len(text); i++ {
		c := text[i]
		lines = lines || c == '\n' || c == '\r'
		template = template || c == '{' && i+1 < len(text) && text[i+1] == '{'
		escapes = escapes || escapable(c)
		plain = plain && (c >= 0x20 && c < 0x7f || c == '\t' || c == '\n' || c == '\r')
	}
	// Blanks and control characters at its ends (an escaped "\0" or
	// "\t") hide nothing of a secret: the text without them is one too.
	if first, last := text[0], text[len(text)-1]; first <= ' ' || first >= 0x7f || last <= ' ' || last >= 0x7f {
		if t := strings.TrimFunc(text, func(r rune) bool { return unicode.IsSpace(r) || unicode.IsControl(r) }); t != text {
			g.value(t)
		}
	}
	if !lines && (strings.IndexByte(leadingSigns, text[0]) >= 0 && !strings.ContainsAny(text, " \t") || template) {
		// A value that starts with a sign YAML reserves (%S, @S) or
		// holds a template action ({{ .Values.p }}S) is a secret with
		// something around it its author did not mean: the pieces
		// between the signs are secrets too. A text of words that starts
		// with one is a line of a file ("# a comment"), which held reads.
		for _, w := range pieces(text) {
			if w != text {
				g.value(w)
			}
		}
	}
	if escapes {
		// Printable ASCII with tabs and line breaks, as most such
		// secrets are, Go and JSON escape alike: a Secret's whole file,
		// hundreds of kilobytes, is escaped once for the three. Each
		// format escapes little of a value, and what it leaves as it is
		// the gate has already.
		g.escaped(text, jsonEscape(text))
		if !plain {
			q := strconv.Quote(text)
			g.escaped(text, q[1:len(q)-1])
			q = strconv.QuoteToASCII(text)
			g.escaped(text, q[1:len(q)-1])
		}
		// A JSON pointer's token, a GitHub annotation's message and
		// property, YAML's single quotes; each escape replaced in turn,
		// those whose text others write first.
		g.escaped(text, strings.ReplaceAll(strings.ReplaceAll(text, "~", "~0"), "/", "~1"))
		m := strings.ReplaceAll(strings.ReplaceAll(strings.ReplaceAll(text, "%", "%25"), "\r", "%0D"), "\n", "%0A")
		g.escaped(text, m)
		g.escaped(text, strings.ReplaceAll(strings.ReplaceAll(m, ":", "%3A"), ",", "%2C"))
		g.escaped(text, strings.ReplaceAll(text, "'", "''"))
	}
	// A number is also the value it reads as, which a message may state.
	if c := text[0]; c >= '0' && c <= '9' || c == '-' || c == '+' || c == '.' {
		if f, ok := wideInteger(text); ok {
			// Past 64 bits, Kubernetes gets the float YAML 1.1 reads,
			// written as JSON writes it.
			g.form(strconv.FormatFloat(f, 'f', -1, 64))
			g.form(strconv.FormatFloat(f, 'g', -1, 64))
		}
		if n, ok := number(text); ok && !g.numbers[n] {
			g.numberForm(n)
			// A message states a number in another unit too ("5 hours,
			// that is 18000000 ms"): mdscheck's own arithmetic on it.
			if v, err := strconv.ParseInt(n, 10, 64); err == nil && v != 0 {
				for _, f := range conversions {
					if p := v * f; p/f == v {
						g.numberForm(strconv.FormatInt(p, 10))
					}
				}
			}
		}
	}
}

// conversions are the factors of schema.Conversions.
var conversions = schema.Conversions()

// numberForm registers n, a number as decimal.Dec writes it.
func (g *Gate) numberForm(n string) {
	g.form(n)
	if len(n) >= Shortest {
		if g.numbers == nil {
			g.numbers = map[string]bool{}
		}
		g.numbers[n] = true
	}
}

// wordLike reports whether v is a short word: letters and '-' only,
// shorter than minProse.
func wordLike(v string) bool {
	if len(v) >= minProse {
		return false
	}
	for i := 0; i < len(v); i++ {
		if c := v[i]; !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '-') {
			return false
		}
	}
	return true
}

// word registers v, a short word a Secret's file holds, to be looked for
// as a whole word; one that is also a secret's whole text stays a form.
func (g *Gate) word(v string) {
	if len(v) < Shortest {
		return
	}
	if g.words == nil {
		g.words = map[string]bool{}
	}
	g.words[v] = true
}

// number returns the value of s, a YAML number however written (with
// '_', in hexadecimal, octal or binary, with an exponent), as
// decimal.Dec writes it, and whether s is a number.
func number(s string) (string, bool) {
	// A byte no number is written with tells a word at once: the errors
	// of ParseInt cost an allocation each, and a Secret of many short
	// values has hundreds of thousands of words that start with a digit.
	for i := 0; i < len(s); i++ {
		if strings.IndexByte(numberBytes, s[i]) < 0 {
			return "", false
		}
	}
	s = strings.ReplaceAll(s, "_", "")
	if n, err := strconv.ParseInt(strings.TrimPrefix(s, "+"), 0, 64); err == nil {
		return strconv.FormatInt(n, 10), true
	}
	if d, ok := decimal.Parse(s); ok {
		return d.String(), true
	}
	return "", false
}

// numberBytes are the bytes a YAML number may be written with: signs,
// digits, the point, '_', the letters of bases and exponents and the
// hexadecimal digits (ParseInt's and decimal.Parse's).
const numberBytes = "+-._0123456789abcdefABCDEFxXoObB"

// wideInteger returns the float64 a whole number too wide for 64 bits
// reads as, and whether s is one.
func wideInteger(s string) (float64, bool) {
	// Fewer than 19 digits fit in 64 bits: most words that start with a
	// digit are told at once, without a copy.
	digits := 0
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c >= '0' && c <= '9':
			digits++
		case c != '_' && c != '+' && c != '-':
			return 0, false
		}
	}
	if digits < 19 {
		return 0, false
	}
	s = strings.TrimPrefix(strings.ReplaceAll(s, "_", ""), "+")
	if strings.Trim(strings.TrimPrefix(s, "-"), "0123456789") != "" {
		return 0, false
	}
	if _, err := strconv.ParseInt(s, 10, 64); !errors.Is(err, strconv.ErrRange) {
		return 0, false
	}
	f, err := strconv.ParseFloat(s, 64)
	return f, err == nil
}

// percentDecoded returns s with its %XX escapes decoded, as a URL's
// password is read; an escape that is not one is left as it is.
func percentDecoded(s string) string {
	if !strings.Contains(s, "%") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '%' && i+2 < len(s) {
			if v, err := strconv.ParseUint(s[i+1:i+3], 16, 8); err == nil {
				b.WriteByte(byte(v))
				i += 2
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// escapable reports whether some format writes c otherwise than as it
// is: most secrets are letters and digits, and then are their only form.
func escapable(c byte) bool {
	switch c {
	case '"', '\\', '~', '/', '%', ':', ',', '\'':
		return true
	}
	return c < 0x20 || c >= 0x7f
}

// AddRaw registers a secret as the source writes it, when it is not known
// how to read it: the text under a mask of a document that could not be
// read, or of a value the reader may have split. Besides the whole text,
// each of its lines and of its words (split at blanks and flow
// indicators) is a secret: a message may quote any piece of what a
// broken document meant as one value.
func (g *Gate) AddRaw(raw string) {
	raw = strings.TrimSpace(raw)
	g.Add(raw)
	// add adds a text of raw other than raw itself, which Add took
	// already: a plain value is its own one word and one piece, and a
	// broken document's guess gives hundreds of thousands of them. A
	// piece is read as a value a file holds is (held): as it is and as
	// it reads, but not looked for as its own base64 and hex, which
	// raw's are. Those two forms of every word of a refused document of
	// a quarter of a million values were 940,000 of the gate's 3.4
	// million forms, and most of a module call's time.
	add := func(t string) {
		if t != raw {
			g.add(t, 1, false)
		}
	}
	for _, w := range strings.FieldsFunc(raw, func(r rune) bool {
		return r == ' ' || r == '\t' || r == '\n' || r == '\r' || r == ',' || r == '{' || r == '}' || r == '[' || r == ']'
	}) {
		add(w)
		// Quoted, the word may be read without its quotes; as an anchor,
		// an alias or a tag, without its sign (password: &S is the
		// secret S its author meant, which *Sx shows).
		if t := strings.Trim(w, `"'`); t != w {
			add(t)
			add(unquote(w))
		}
		if t := strings.TrimLeft(w, "&*!"); t != w {
			add(t)
		}
		// A reader that cannot read the text may take any sign of YAML's
		// in it for the end of a value or the start of another ("S"#c is
		// S to kubectl, S: x a key S, @S and `S a mistake around S):
		// every piece between such signs is a secret too. The signs that
		// end a word are among them, so the pieces of the words are
		// those of raw; a piece that is its whole word is added already.
		for _, p := range pieces(w) {
			if p != w {
				add(p)
			}
		}
	}
	add(unquote(raw))
}

// leadingSigns are the signs of YAML that cannot start a plain value.
const leadingSigns = "%@`&*!|>?#"

// pieces returns the texts of s between YAML's signs (yamlSigns).
func pieces(s string) []string {
	return strings.FieldsFunc(s, func(r rune) bool { return strings.ContainsRune(yamlSigns, r) })
}

// yamlSigns are the blanks and the characters that YAML gives a meaning
// to in some place of a line.
const yamlSigns = " \t\r\n,{}[]\"'#:@`&*!|>%?"

// unquote returns what raw, a quoted scalar as written (closed or not, over
// lines or not), reads as (document.ReadQuoted, once it is closed); raw
// itself when it is not quoted.
func unquote(raw string) string {
	if raw == "" || raw[0] != '"' && raw[0] != '\'' {
		return raw
	}
	q := raw[:1]
	if len(raw) == 1 || !strings.HasSuffix(raw, q) || q == `"` && escapedEnd(raw[:len(raw)-1]) {
		raw += q // a broken document's quote left open
	}
	return document.ReadQuoted(raw)
}

// escapedEnd reports whether s ends with an odd number of backslashes,
// which escape what follows.
func escapedEnd(s string) bool {
	n := len(s) - len(strings.TrimRight(s, `\`))
	return n%2 == 1
}

// Safe declares a text that the gate leaves whole where it is the whole
// of a JSON string: a file's path or URI, which the user named, or a word
// of mdscheck's own vocabulary (a rule code, a severity).
func (g *Gate) Safe(text string) { g.keep(text, nil) }

// Merge adds what other knows, its secrets, its safe and kept texts, to g. It
// reads no secret's text again: it takes other's forms bucket by bucket,
// a bucket of one form, as most are, copied whole, so that a front end
// merges the gates of its files for a fraction of what feeding them
// cost.
func (g *Gate) Merge(other *Gate) {
	if other == nil || other == g {
		return
	}
	for k := range other.buckets {
		ob := &other.buckets[k]
		b := g.bucketOf(prefix(ob.forms()[0]))
		if b.more == nil && b.one[0] == "" && ob.more == nil {
			*b = *ob // a new bucket of one form, as most are
			continue
		}
		for _, f := range ob.forms() {
			b.add(f)
		}
	}
	for t, own := range other.safe {
		g.keep(t, own)
	}
	for n := range other.numbers {
		if g.numbers == nil {
			g.numbers = map[string]bool{}
		}
		g.numbers[n] = true
	}
	for w := range other.words {
		g.word(w)
	}
}

// Absorb adds what other knows to g, as Merge does, and takes other's
// tables for g's own where g knows nothing yet: other is empty after.
// A front end that gathers the gates its checks made (one per document
// that had findings) keeps one copy of a document's forms, not two.
func (g *Gate) Absorb(other *Gate) {
	if other == nil || other == g {
		return
	}
	if g.Empty() && g.safe == nil && g.numbers == nil && g.words == nil && g.read == nil {
		*g, *other = *other, Gate{}
		return
	}
	g.Merge(other)
	*other = Gate{}
}

// Forms returns how many forms of secrets the gate looks for.
func (g *Gate) Forms() int {
	if g == nil {
		return 0
	}
	n := len(g.words)
	for k := range g.buckets {
		n += len(g.buckets[k].forms())
	}
	return n
}

// Empty reports whether the gate knows no secret.
func (g *Gate) Empty() bool { return g == nil || len(g.buckets) == 0 }

// escaped registers f, text as a format escapes it, unless it is text.
func (g *Gate) escaped(text, f string) {
	if f != text {
		g.form(f)
	}
}

func (g *Gate) form(f string) {
	if len(f) < Shortest {
		return
	}
	g.bucketOf(prefix(f)).add(f)
}

// A prefixSlot is a prefix and its bucket's index plus one; 0 where the
// slot is free (a prefix may be 0: four NUL bytes).
type prefixSlot struct {
	prefix uint32
	bucket int32
}

// lookup returns the index of the bucket of the forms that start with
// p, -1 when there is none. It looks from p's slot on; the multiplier is
// another than the filter's (slot), so that prefixes that share a bit of
// the filter spread over the table.
func (g *Gate) lookup(p uint32) int {
	mask := uint32(len(g.slots) - 1)
	for h := p * 0x85ebca6b >> (32 - g.slotBits); len(g.slots) > 0; h = (h + 1) & mask {
		switch sl := g.slots[h]; {
		case sl.bucket == 0:
			return -1
		case sl.prefix == p:
			return int(sl.bucket) - 1
		}
	}
	return -1
}

// place puts sl in the first free slot from its prefix's.
func (g *Gate) place(sl prefixSlot) {
	mask := uint32(len(g.slots) - 1)
	h := sl.prefix * 0x85ebca6b >> (32 - g.slotBits)
	for g.slots[h].bucket != 0 {
		h = (h + 1) & mask
	}
	g.slots[h] = sl
}

// bucketOf returns the bucket of the forms that start with p, made empty
// and marked in the filter when there is none. It is valid until the
// next bucket is made.
func (g *Gate) bucketOf(p uint32) *bucket {
	if k := g.lookup(p); k >= 0 {
		return &g.buckets[k]
	}
	g.buckets = append(g.buckets, bucket{})
	if 2*len(g.buckets) > len(g.slots) {
		// Twice the slots (at least 1<<minSlotBits), and every prefix
		// placed anew.
		old := g.slots
		g.slotBits = max(g.slotBits+1, minSlotBits)
		g.slots = make([]prefixSlot, 1<<g.slotBits)
		for _, sl := range old {
			if sl.bucket != 0 {
				g.place(sl)
			}
		}
	}
	g.place(prefixSlot{p, int32(len(g.buckets))})
	if len(g.buckets)*filterSparseness > len(g.filter)*64 {
		g.growFilter()
	}
	h := g.slot(p)
	g.filter[h/64] |= 1 << (h % 64)
	return &g.buckets[len(g.buckets)-1]
}

// minSlotBits sizes the smallest table of prefixes: a gate starts small,
// for a file of a few secrets has one (a server keeps one per document of
// a stream, a set of texts one per text), and grows with what it holds.
const minSlotBits = 4

// The filter has at least filterSparseness bits per prefix, and from
// 2^minFilterBits to 2^maxFilterBits bits.
const (
	filterSparseness = 16
	minFilterBits    = 10
	maxFilterBits    = 26
)

// growFilter makes the filter large enough for the prefixes, and fills it
// anew.
func (g *Gate) growFilter() {
	bits := max(g.filterBits, minFilterBits)
	for 1<<bits < len(g.buckets)*filterSparseness && bits < maxFilterBits {
		bits++
	}
	if bits == g.filterBits {
		return
	}
	g.filterBits, g.filter = bits, make([]uint64, 1<<bits/64)
	for _, sl := range g.slots {
		if sl.bucket != 0 {
			h := g.slot(sl.prefix)
			g.filter[h/64] |= 1 << (h % 64)
		}
	}
}

// slot is the filter's bit for a prefix.
func (g *Gate) slot(p uint32) uint32 { return (p * 2654435761) >> (32 - g.filterBits) }

// keyLen is how much of a form the gate looks up: a text that starts as
// the first keyLen bytes of a longer secret is taken for it, and masked
// as far as it goes on as the secret (bucket.agreeing). A text that holds
// 64 bytes of a secret shows the secret, be the rest what it may; and
// comparing every long form whole at every position where it may start
// would cost the square of a text that repeats it.
const keyLen = 64

// maxTails is how many long forms of one key a text is compared with; of
// a key that more share, the text is masked for the longest one.
const maxTails = 8

// A bucket holds the forms that start with the same four bytes: most
// hold one short form, kept in the bucket itself; a second one, or a
// long one, makes the bucket's forms (more).
type bucket struct {
	// one is the bucket's one form while more is nil.
	one  [1]string
	more *forms
	_    [0]func() // buckets are never compared: no equality to compile
}

// smallForms is how many forms a bucket compares one by one before it
// keeps maps of them.
const smallForms = 8

// forms are the forms of a bucket of more than one short form, with a
// table of their keys once they are more than smallForms.
type forms struct {
	// all the forms in the order they came, each once.
	all []string
	// keys finds a form's first keyLen bytes (a shorter form whole), and
	// the length of the longest form that starts so.
	keys keyTable
	// lens are the lengths of the keys, longest first: at one position
	// the longest form is the one taken.
	lens []int
	// long holds the forms longer than keyLen, which their key does not
	// tell apart; tails, by key, the first maxTails+1 of them.
	long  map[string]bool
	tails map[string][]string
	// runs index all by the forms' texts (runIndex): clipped finds the
	// forms that start as a text does by a search, not by comparing
	// every form of the bucket at every place before an ellipsis (a
	// Secret of 60,000 values of one start and a text of as many cut
	// words took 23 s). clipped makes the index the first time a text
	// needs it: made as forms were added, it cost a fourth of the
	// command's time on a file of a million values, for texts that
	// mostly have no ellipsis near them. An index once made is never
	// changed, but replaced: the gate's other methods are safe for
	// concurrent use, and two that make one at once make the same.
	runs atomic.Pointer[runIndex]
}

// A runIndex indexes the forms of a bucket, all[:of], in sorted runs,
// merged as a binary counter adds: no two of one size, so there are at
// most as many runs as the bits of the number of forms, and each form is
// merged that many times. The forms after of, fewer than runSize, are
// compared one by one.
type runIndex struct {
	runs [][]int32
	of   int
}

// runSize is the number of forms a run of forms.runs starts with.
const runSize = 32

// A keyTable finds the keys of a bucket's forms by their hash: open
// addressing, at most half full, each slot the hash, a form of the key
// (the key is its start) and the longest form's length. A bucket of a
// Secret's values that share their first bytes holds a million keys
// (v000000000001, v000000000002...): a Go map of them hashed each key
// twice as it was added and again at every growth, and its entries and
// growths were the gate's largest allocations. The table hashes a key
// once, grows from the hashes it keeps, and is 12 bytes a slot.
type keyTable struct {
	slots []keySlot
	n     int
}

// A keySlot is one key of a keyTable; form is 0 where the slot is free.
type keySlot struct {
	hash    uint32
	form    int32 // index in forms.all of a form of the key, plus one
	longest int32
}

// keyOf is the key of a form: its first keyLen bytes.
func keyOf(f string) string { return f[:min(len(f), keyLen)] }

// find returns the slot of key in t (hash its hash), and whether key is
// there; where it is not, the slot is the free one it would take.
func (t *keyTable) find(all []string, key string, hash uint32) (*keySlot, bool) {
	mask := uint32(len(t.slots) - 1)
	for h := hash & mask; ; h = (h + 1) & mask {
		sl := &t.slots[h]
		if sl.form == 0 {
			return sl, false
		}
		if sl.hash == hash && keyOf(all[sl.form-1]) == key {
			return sl, true
		}
	}
}

// longest returns the length of the longest form of key, 0 when no form
// starts so.
func (t *keyTable) longest(all []string, key string) int {
	if t.n == 0 {
		return 0
	}
	if sl, ok := t.find(all, key, hashKey(key)); ok {
		return int(sl.longest)
	}
	return 0
}

// put records all[form], a form of key; it reports whether key is new.
func (t *keyTable) put(all []string, key string, form int) bool {
	if 2*(t.n+1) > len(t.slots) {
		old := t.slots
		t.slots = make([]keySlot, max(2*len(old), 2*smallForms*2))
		mask := uint32(len(t.slots) - 1)
		for _, sl := range old {
			if sl.form != 0 {
				h := sl.hash & mask
				for t.slots[h].form != 0 {
					h = (h + 1) & mask
				}
				t.slots[h] = sl
			}
		}
	}
	hash := hashKey(key)
	sl, ok := t.find(all, key, hash)
	if ok {
		sl.longest = max(sl.longest, int32(len(all[form])))
		return false
	}
	*sl = keySlot{hash: hash, form: int32(form + 1), longest: int32(len(all[form]))}
	t.n++
	return true
}

// hashKey hashes a key, eight bytes at a time: a multiply and a shift
// each, which WebAssembly has as instructions.
func hashKey(key string) uint32 {
	h := uint64(len(key)) * 0x9e3779b97f4a7c15
	for ; len(key) >= 8; key = key[8:] {
		v := uint64(key[0]) | uint64(key[1])<<8 | uint64(key[2])<<16 | uint64(key[3])<<24 |
			uint64(key[4])<<32 | uint64(key[5])<<40 | uint64(key[6])<<48 | uint64(key[7])<<56
		h = (h ^ v) * 0xff51afd7ed558ccd
		h ^= h >> 29
	}
	for i := 0; i < len(key); i++ {
		h = (h ^ uint64(key[i])) * 0x100000001b3
	}
	h ^= h >> 33
	h *= 0xc4ceb9fe1a85ec53
	return uint32(h >> 32)
}

// forms returns the forms of b, in the order they came.
func (b *bucket) forms() []string {
	if b.more == nil {
		return b.one[:]
	}
	return b.more.all
}

func (b *bucket) add(f string) {
	k := f[:min(len(f), keyLen)]
	if b.more == nil {
		switch one := b.one[0]; {
		case one == "" && len(f) <= keyLen:
			b.one[0] = f
			return
		case one == f:
			return
		}
		b.more = &forms{}
		if one := b.one[0]; one != "" {
			b.more.all, b.one[0] = []string{one}, ""
		}
	}
	m := b.more
	if m.keys.slots == nil {
		// A few forms are compared one by one (match, agreeing): the
		// lines of a Secret share their first four bytes by the
		// thousand ("k=Ab"), a handful to a bucket, and a table of them
		// hashed keys of up to keyLen bytes (in WebAssembly, with no
		// hardware hash, slowly) at every "k=" of a text.
		if slices.Contains(m.all, f) {
			return
		}
		if m.all = append(m.all, f); len(m.all) <= smallForms {
			return
		}
		all := m.all
		*m = forms{keys: keyTable{slots: make([]keySlot, 4*smallForms)}}
		for _, f := range all {
			b.add(f)
		}
		return
	}
	if len(f) <= keyLen {
		if m.keys.longest(m.all, f) > 0 {
			return // a form already, or the key of a longer one
		}
	} else {
		if m.long[f] {
			return
		}
		if m.long == nil {
			m.long, m.tails = map[string]bool{}, map[string][]string{}
		}
		m.long[f] = true
		if len(m.tails[k]) <= maxTails {
			m.tails[k] = append(m.tails[k], f)
		}
	}
	m.all = append(m.all, f)
	if m.keys.put(m.all, k, len(m.all)-1) {
		// A few lengths, longest first.
		at := 0
		for at < len(m.lens) && m.lens[at] > len(k) {
			at++
		}
		if at == len(m.lens) || m.lens[at] != len(k) {
			m.lens = append(m.lens, 0)
			copy(m.lens[at+1:], m.lens[at:])
			m.lens[at] = len(k)
		}
	}
}

// match returns the longest key of a form that s starts with (a short
// form whole, the first keyLen bytes of a long one), and whether there
// is one.
func (b *bucket) match(s string) (string, bool) {
	s = s[:min(len(s), keyLen)]
	if b.more == nil {
		return b.one[0], strings.HasPrefix(s, b.one[0])
	}
	if b.more.keys.slots == nil {
		best := ""
		for _, f := range b.more.all {
			if k := f[:min(len(f), keyLen)]; len(k) > len(best) && strings.HasPrefix(s, k) {
				best = k
			}
		}
		return best, best != ""
	}
	for _, l := range b.more.lens {
		if l > len(s) {
			continue
		}
		if b.more.keys.longest(b.more.all, s[:l]) > 0 {
			return s[:l], true
		}
	}
	return "", false
}

// agreeing returns how much of s from i is a form of key, a key s holds
// at i: the key's form when it is short; else as far as s goes on as one
// of the long forms of the key, from masked on, where s up to masked is
// masked already. Comparing from there only, a text that repeats a long
// secret costs each byte of it once.
func (b *bucket) agreeing(s string, i int, key string, masked int) int {
	if b.more == nil {
		return len(key) // the one short form
	}
	m := b.more
	n, tails := m.keys.longest(m.all, key), m.tails[key]
	if m.keys.slots == nil {
		var small [smallForms]string
		tails = small[:0]
		for _, f := range m.all {
			if f[:min(len(f), keyLen)] == key {
				n = max(n, len(f))
				if len(f) > keyLen {
					tails = append(tails, f)
				}
			}
		}
	}
	if n == len(key) || len(tails) > maxTails {
		return n
	}
	from := max(i+len(key), masked)
	best := from - i
	for _, f := range tails {
		if at := from - i; at < len(f) {
			best = max(best, at+commonPrefix(s[from:min(len(s), i+len(f))], f[at:]))
		}
	}
	return best
}

// index returns the index of m's forms, made anew when forms enough were
// added since.
func (m *forms) index() *runIndex {
	ri := m.runs.Load()
	if ri != nil && len(m.all)-ri.of < runSize {
		return ri
	}
	next := &runIndex{}
	if ri != nil {
		next.runs, next.of = append([][]int32(nil), ri.runs...), ri.of
	}
	for len(m.all)-next.of >= runSize {
		next.addRun(m.all)
	}
	m.runs.Store(next)
	return next
}

// addRun indexes the runSize forms of all after ri.of in a run of their
// own, merged with the runs as large as it. It writes no array of ri's:
// those may be another index's.
func (ri *runIndex) addRun(all []string) {
	run := make([]int32, 0, runSize)
	for i := ri.of; i < ri.of+runSize; i++ {
		run = append(run, int32(i))
	}
	less := func(a, b int32) int { return strings.Compare(all[a], all[b]) }
	// An insertion sort: a run starts with runSize forms, and a generic
	// sort of int32s was 30 KB of the module.
	for i := 1; i < len(run); i++ {
		for j := i; j > 0 && less(run[j], run[j-1]) < 0; j-- {
			run[j], run[j-1] = run[j-1], run[j]
		}
	}
	k := len(ri.runs)
	for k > 0 && len(ri.runs[k-1]) <= len(run) {
		k--
		merged := make([]int32, 0, len(ri.runs[k])+len(run))
		a, b := ri.runs[k], run
		for len(a) > 0 && len(b) > 0 {
			if less(a[0], b[0]) <= 0 {
				merged, a = append(merged, a[0]), a[1:]
			} else {
				merged, b = append(merged, b[0]), b[1:]
			}
		}
		run = append(append(merged, a...), b...)
	}
	ri.runs = append(ri.runs[:k:k], run)
	ri.of += runSize
}

// clipped returns the length of the start of s that is a form cut short
// where an ellipsis follows (a message cuts a long text so), and
// whether there is one. A message clips a value to 60 characters, so no
// longer cut is looked for.
func (b *bucket) clipped(s string) (int, bool) {
	t := s[:min(len(s), maxClipped)]
	m := b.more
	if m == nil || len(m.all) < runSize {
		return clippedAmong(t, b.forms())
	}
	ri := m.index()
	if n, ok := clippedAmong(t, m.all[ri.of:]); ok {
		return n, true
	}
	// A form f is cut short at e where t has an ellipsis at e and f
	// starts with t[:e] but goes on otherwise: among the sorted forms
	// that start with t[:e], the first or the last is such a form if
	// any is. An ellipsis of three bytes ("…") also cuts a form that
	// shares its first one or two (commonPrefix keeps whole
	// characters): those start with t[:e+1] or t[:e+2].
	for e := 0; e < len(t); e++ {
		if t[e] != '.' && t[e] != "…"[0] || !strings.HasPrefix(t[e:], "...") && !strings.HasPrefix(t[e:], "…") {
			continue
		}
		for d := e; d <= e+2 && (d == e || t[e] != '.'); d++ {
			for _, run := range ri.runs {
				if n, ok := m.clippedIn(run, t, t[:d]); ok {
					return n, true
				}
			}
		}
	}
	return 0, false
}

// clippedIn is clipped of t among the forms of run, a sorted run of m,
// that start with p: the first and the last of them.
func (m *forms) clippedIn(run []int32, t, p string) (int, bool) {
	// lo is the first form not before p; the forms that start with p
	// follow one another from there.
	lo, end := 0, len(run)
	for lo < end {
		if mid := int(uint(lo+end) >> 1); m.all[run[mid]] < p {
			lo = mid + 1
		} else {
			end = mid
		}
	}
	hi, end := lo, len(run)
	for hi < end {
		if mid := int(uint(hi+end) >> 1); strings.HasPrefix(m.all[run[mid]], p) {
			hi = mid + 1
		} else {
			end = mid
		}
	}
	for _, j := range [2]int{lo, hi - 1} {
		if j >= lo && j < hi {
			if n, ok := clippedAmong(t, m.all[run[j]:run[j]+1]); ok {
				return n, true
			}
		}
	}
	return 0, false
}

// clippedAmong is clipped of t among forms, comparing each.
func clippedAmong(t string, forms []string) (int, bool) {
	for _, f := range forms {
		n := commonPrefix(t, f)
		if rest := t[n:]; strings.HasPrefix(rest, "...") || strings.HasPrefix(rest, "…") {
			return n, true
		}
	}
	return 0, false
}

func prefix(s string) uint32 {
	return uint32(s[0]) | uint32(s[1])<<8 | uint32(s[2])<<16 | uint32(s[3])<<24
}

// Find calls fn with the start and end of every place in s where a form
// of a secret is written, in order and merged where they overlap: a form
// as it is, or a double-quoted text whose escapes, however spelled
// ("\x41", "\u0041", "\/"), read as one.
func (g *Gate) Find(s string, fn func(start, end int)) {
	if g.Empty() {
		return
	}
	// Quotes that may spell a secret otherwise: with an escape, or over
	// lines.
	quoted := strings.IndexByte(s, '\\') >= 0 || strings.IndexByte(s, '\n') >= 0 && strings.ContainsAny(s, `"'`)
	if !quoted && len(g.numbers) == 0 && len(g.words) == 0 {
		g.find(s, fn)
		return
	}
	var spans []document.Span
	add := func(start, end int) { spans = append(spans, document.Span{Start: start, End: end}) }
	g.find(s, add)
	if len(g.numbers) > 0 {
		g.findNumbers(s, add)
	}
	if len(g.words) > 0 {
		g.findWords(s, add)
	}
	// A quoted text that escapes or folds over lines what it holds is
	// read, and masked whole when what it reads as holds a secret.
	// open is, for each quote, where its last unclosed text ends: a
	// quote inside that one is escaped, and a text that starts there
	// reads on as that one did, from the same place, to no closing quote
	// (a line of escaped JSON, `"{\"a\":...`). Scanning again from each
	// such quote cost 64 KiB a quote.
	var open [2]int
	for i := 0; quoted && i < len(s); i++ {
		q := s[i]
		if q != '"' && q != '\'' {
			continue
		}
		k := 0
		if q == '\'' {
			k = 1
		}
		if i < open[k] {
			continue
		}
		end, escaped, lines := i+1, false, false
		for end < len(s) && s[end] != q && end-i < maxQuoted {
			switch {
			case s[end] == '\\' && q == '"':
				escaped = true
				end++
				lines = lines || end < len(s) && s[end] == '\n'

			case s[end] == '\n':
				lines = true
			}
			end++
		}
		if end >= len(s) || s[end] != q {
			open[k] = end
			continue // not closed: a quote of text, an apostrophe
		}
		switch {
		case lines && g.Holds(document.ReadQuoted(s[i:end+1])):
			add(i+1, end)
		case !lines && escaped && g.Holds(unescape(s[i+1:end])):
			add(i+1, end)
		}
		i = end
	}
	for _, sp := range Merge(spans) {
		fn(sp.Start, sp.End)
	}
}

// findNumbers calls fn with every number written in s whose value is a
// secret's, however it is written.
func (g *Gate) findNumbers(s string, fn func(start, end int)) {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < '0' || c > '9' {
			continue
		}
		start, end := i, i
		for end < len(s) && numberByte(s[end]) {
			end++
		}
		i = end
		segment := start > 1 && s[start-1] == '.' && isWordByte(s[start-2]) && (s[start-2] < '0' || s[start-2] > '9')
		if start > 0 && (s[start-1] == '-' || s[start-1] == '+' || s[start-1] == '.') && !segment {
			start--
		}
		if start > 0 && (isWordByte(s[start-1]) || s[start-1] == '.') && !segment {
			continue // part of a word or of a dotted name
		}
		// But a segment of a path may be a number written as a key
		// ("labels.0x5E30A78"), after a name's last letter.
		// A number may end a sentence: "is 1_234_567."
		for run := s[start:end]; run != ""; run = run[:len(run)-1] {
			if n, ok := number(run); ok {
				if g.numbers[n] {
					fn(start, start+len(run))
				}
				break
			}
			if c := run[len(run)-1]; c != '.' && c != '-' && c != '+' {
				break
			}
		}
	}
}

// findWords calls fn with every whole word of s that is one of the words
// (a run of letters, digits, '_' and '-', with or without the '-' and '_'
// at its ends: "--hunter", "kafka_" but not "kafka-events"). A word also ends
// where text that mdscheck or an output's format glues to it does: a
// blank or a sign past ASCII, a character no one sees ("hunter\u200bx")
// or that a format escapes,
// an escape before it ("\u00a0hunter", "%3Ahunter", a JSON pointer's
// "~1hunter"), a word of capitals glued to it ("hunterHOST", a key of a
// connection Secret of the prefix "hunter"; capitalsAfter). Not before a
// capital that starts a word in small letters: "userConfig" is the
// schema's.
func (g *Gate) findWords(s string, fn func(start, end int)) {
	for i := 0; i < len(s); {
		n := wordRune(s, i)
		if n == 0 {
			i += max(1, runeLen(s, i))
			continue
		}
		start := i
		for i < len(s) && n > 0 {
			i += n
			n = wordRune(s, i)
		}
		g.wholeWord(s, start, i, fn)
	}
}

// wholeWord calls fn with w = s[start:end], a run of word characters, or the
// part of it that is one of the words once what is glued to it is cut.
func (g *Gate) wholeWord(s string, start, end int, fn func(start, end int)) {
	w := s[start:end]
	if len(w) < Shortest {
		return
	}
	if len(w) <= 2*minProse {
		if g.words[w] {
			fn(start, end)
			return
		}
		if t := strings.Trim(w, "-_"); t != w && g.words[t] {
			at := start + strings.Index(w, t)
			fn(at, at+len(t))
			return
		}
	}
	if cut := capitalsAfter(w); cut > 0 {
		g.wholeWord(s, start, start+cut, fn)
		g.wholeWord(s, start+cut, end, fn)
		return
	}
	if k := escapeBefore(s, start); k > 0 && start+k < end {
		g.wholeWord(s, start+k, end, fn)
	}
}

// capitalsAfter returns where in w, a run of word characters, the first
// word of capitals glued to a word in small letters starts ("HOST" in
// "hunterHOST", "KAFKA" in "hunterKAFKA_HOST"), 0 where none is: mdscheck
// glues a connection Secret's key names to the prefix a manifest sets
// ("hunter_PORT" too), and a prefix may be a Secret's word. Capitals followed by small letters
// start no such word: "userConfig" and "projectVPCRef" are the schema's,
// one word each.
func capitalsAfter(w string) int {
	upper := func(c byte) bool { return c >= 'A' && c <= 'Z' }
	lower := func(c byte) bool { return c >= 'a' && c <= 'z' }
	for i := 1; i+1 < len(w); i++ {
		// A '_' or '-' between them is the prefix's own ("hunter_").
		glued := lower(w[i-1]) || i >= 2 && (w[i-1] == '_' || w[i-1] == '-') && lower(w[i-2])
		if !glued || !upper(w[i]) {
			continue
		}
		j := i
		for j < len(w) && upper(w[j]) {
			j++
		}
		if j-i >= 2 && (j == len(w) || !lower(w[j])) {
			return i
		}
		i = j - 1
	}
	return 0
}

// escapeBefore returns the length of the body of an escape that ends a run of
// word characters at start has begun before it (the "u00a0" of "\u00a0",
// the "3A" of "%3A", the "1" of "~1"), 0 where none has.
func escapeBefore(s string, start int) int {
	if start == 0 {
		return 0
	}
	// hex reports whether n hexadecimal digits follow from.
	hex := func(from, n int) bool {
		if from+n > len(s) {
			return false
		}
		for _, c := range []byte(s[from : from+n]) {
			if c |= 0x20; !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f') {
				return false
			}
		}
		return true
	}
	switch s[start-1] {
	case '\\':
		if k := strings.IndexByte("xuU", s[start]); k >= 0 {
			if n := 2 << k; hex(start+1, n) {
				return 1 + n
			}
			return 0
		}
		return 1 // \N, \_, \t: an escape of one character
	case '%':
		if hex(start, 2) {
			return 2
		}
	case '~':
		if s[start] == '0' || s[start] == '1' {
			return 1
		}
	}
	return 0
}

// wordRune returns the length of the character at s[i] when it is one
// of a word's (findWords), 0 when it is not or i is past s.
func wordRune(s string, i int) int {
	if i >= len(s) {
		return 0
	}
	if c := s[i]; c < utf8.RuneSelf {
		if isWordByte(c) || c == '-' {
			return 1
		}
		return 0
	}
	r, n := utf8.DecodeRuneInString(s[i:])
	if r == utf8.RuneError || unicode.IsSpace(r) || unseen(r) || otherSign(r) || !strconv.IsPrint(r) {
		return 0 // a format escapes what it cannot print: "hunter\U000e0041"
	}
	return n
}

// runeLen returns the length of the character at s[i].
func runeLen(s string, i int) int {
	if s[i] < utf8.RuneSelf {
		return 1
	}
	_, n := utf8.DecodeRuneInString(s[i:])
	return n
}

// numberByte reports whether c may be part of a YAML number: digits,
// '_', a sign, a point, the letters of bases, exponents and hexadecimal
// digits.
func numberByte(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || c == '.' || c == '+' || c == '-'
}

func isWordByte(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || c >= utf8.RuneSelf
}

// maxClipped bounds the length of a form cut short before an ellipsis:
// 60 characters of at most 4 bytes (check's clip keeps 57).
const maxClipped = 240

// maxQuoted bounds the quoted text Find reads as one: past it, a quote is
// taken for an apostrophe, and Find stays linear in what it reads.
const maxQuoted = 64 << 10

// unescape reads the escapes of a YAML (or JSON, or Go) double-quoted
// text; one it does not know stands for itself.
func unescape(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' || i+1 == len(s) {
			b.WriteByte(s[i])
			continue
		}
		i++
		if k := strings.IndexByte("xuU", s[i]); k >= 0 && i+2<<k < len(s) {
			n := 2 << k
			if v, err := strconv.ParseUint(s[i+1:i+1+n], 16, 32); err == nil {
				r := rune(v)
				// JSON writes a character past the first plane as a pair
				// of surrogates (Python's json.dumps does by default).
				if utf16.IsSurrogate(r) && strings.HasPrefix(s[i+1+n:], `\u`) && i+1+n+6 <= len(s) {
					if w, err := strconv.ParseUint(s[i+n+3:i+n+7], 16, 32); err == nil {
						if c := utf16.DecodeRune(r, rune(w)); c != utf8.RuneError {
							r = c
							i += 6
						}
					}
				}
				b.WriteRune(r)
				i += n
				continue
			}
		}
		if n := octal(s[i:]); n > 0 {
			// C's and a shell's $'...' octal escapes: \113 is K.
			v, _ := strconv.ParseUint(s[i:i+n], 8, 8)
			b.WriteByte(byte(v))
			i += n - 1
			continue
		}
		if k := strings.IndexByte(escaped, s[i]); k >= 0 {
			b.WriteString(escapes[k])
			continue
		}
		b.WriteByte(s[i]) // \" \\ \/ \ and the rest
	}
	return b.String()
}

// octal returns how many octal digits (up to three, at most \377) an
// escape's body s starts with, 0 for none or for YAML's \0 alone.
func octal(s string) int {
	n := 0
	for n < len(s) && n < 3 && s[n] >= '0' && s[n] <= '7' {
		n++
	}
	switch {
	case n == 0 || n == 1 && s[0] == '0':
		return 0
	case n == 3 && s[0] > '3':
		return 2
	}
	return n
}

// The escapes of YAML's double-quoted style that stand for something else
// than the character after the backslash: escaped[k] stands for
// escapes[k]. (\x, \u and \U are followed by 2 << k hexadecimal digits,
// k their place in "xuU".) Tables, not maps: a map literal costs the
// WebAssembly module code to build it at start.
const escaped = "ntr0abefvN_LP"

var escapes = [len(escaped)]string{"\n", "\t", "\r", "\x00", "\a", "\b", "\x1b", "\f", "\v", "\u0085", "\u00a0", "\u2028", "\u2029"}

// find is Find of the forms as they are.
func (g *Gate) find(s string, fn func(start, end int)) {
	if g.Empty() {
		return
	}
	start, end := -1, -1
	// ellipsis is the first ellipsis at or after where a clipped form
	// at i could end, -1 past the last.
	ellipsis := nextEllipsis(s, 0)
	for i := 0; i+Shortest <= len(s); i++ {
		p := prefix(s[i:])
		h := g.slot(p)
		if g.filter[h/64]&(1<<(h%64)) == 0 {
			continue
		}
		k := g.lookup(p)
		if k < 0 {
			continue // another prefix of the same hash
		}
		b := &g.buckets[k]
		key, ok := b.match(s[i:])
		var n int
		if ok {
			n = b.agreeing(s, i, key, end)
		}
		if !ok && ellipsis >= 0 {
			// A message may cut a long text short: a form cut short
			// where an ellipsis follows is the form. Only where an
			// ellipsis is near enough is that looked for.
			if ellipsis < i+Shortest {
				ellipsis = nextEllipsis(s, i+Shortest)
			}
			if ellipsis >= 0 && ellipsis <= i+maxClipped {
				n, ok = b.clipped(s[i:])
			}
		}
		if !ok {
			continue
		}
		n = min(n, len(s)-i)
		switch {
		case i <= end:
			end = max(end, i+n)
		default:
			if start >= 0 {
				fn(start, end)
			}
			start, end = i, i+n
		}
	}
	if start >= 0 {
		fn(start, end)
	}
}

// nextEllipsis returns the offset of the first "..." or "…" in s at or
// after from, or -1.
func nextEllipsis(s string, from int) int {
	for i := from; i < len(s); i++ {
		switch {
		case s[i] == '.' && strings.HasPrefix(s[i:], "..."),
			s[i] == "…"[0] && strings.HasPrefix(s[i:], "…"):
			return i
		}
	}
	return -1
}

// commonPrefix returns the length of the longest prefix a and b share,
// cut back to a whole UTF-8 character.
func commonPrefix(a, b string) int {
	n := 0
	for n < len(a) && n < len(b) && a[n] == b[n] {
		n++
	}
	for n > 0 && n < len(a) && !utf8.RuneStart(a[n]) {
		n--
	}
	return n
}

// Clean returns s with every form of every secret replaced by Masked.
func (g *Gate) Clean(s string) string {
	var own []document.Span // none: all of s may be the user's
	g.CleanOwn(&s, &own)
	return s
}

// Holds reports whether s holds a form of a secret.
func (g *Gate) Holds(s string) bool {
	found := false
	g.find(s, func(int, int) { found = true })
	if !found && len(g.words) > 0 {
		g.findWords(s, func(int, int) { found = true })
	}
	return found
}

// JSON returns b, a JSON text, with every string value cleaned (Clean),
// except those Safe declares, and those Keep registers cleaned as
// CleanOwn does. Object keys are mdscheck's own names and
// are left alone, so the shape of the output stays as documented. A text
// that is not JSON is cleaned whole.
func (g *Gate) JSON(b []byte) []byte { return g.JSONKeeping(b, nil) }

// JSONKeeping is JSON, where kept also tells texts to clean as CleanOwn
// does, with their spans of mdscheck's own words: those of one answer (a
// hover, completion items), which a front end does not Keep in a gate
// that every later output passes. kept may be nil.
func (g *Gate) JSONKeeping(b []byte, kept func(text string) ([]document.Span, bool)) []byte {
	if g.Empty() {
		return b
	}
	var out []byte
	last := 0
	for i := 0; i < len(b); i++ {
		if b[i] != '"' {
			continue
		}
		end := i + 1
		escaped := false
		for ; end < len(b) && b[end] != '"'; end++ {
			if b[end] == '\\' {
				escaped = true
				end++
			}
		}
		if end >= len(b) {
			return []byte(g.Clean(string(b))) // not JSON: no string ends
		}
		lit := b[i : end+1]
		j := end + 1
		for j < len(b) && (b[j] == ' ' || b[j] == '\n' || b[j] == '\r' || b[j] == '\t') {
			j++
		}
		isKey := j < len(b) && b[j] == ':'
		if !isKey {
			s := string(lit[1 : len(lit)-1])
			if escaped {
				s = jsonUnescape(s)
			}
			own, ok := g.safe[s]
			if !ok && kept != nil {
				// A kept text without spans is the user's whole, not
				// safe: only Safe makes a text safe.
				if o, k := kept(s); k && len(o) > 0 {
					own, ok = o, true
				}
			}
			if !ok || own != nil {
				c := s
				g.CleanOwn(&c, &own)
				if c != s {
					out = append(out, b[last:i]...)
					out = append(out, '"')
					out = append(out, jsonEscape(c)...)
					out = append(out, '"')
					last = end + 1
				}
			}
		}
		i = end
	}
	if out == nil {
		return b
	}
	return append(out, b[last:]...)
}

// jsonEscape returns s as the inside of a JSON string, escaped as
// encoding/json escapes it (without its escaping of HTML characters),
// U+FFFD escaped as encoding/json writes invalid UTF-8. The runs of bytes JSON writes as they are are copied whole: a secret
// may be a file of hundreds of kilobytes.
func jsonEscape(s string) string {
	var b strings.Builder
	last := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c >= 0x20 && c < utf8.RuneSelf && c != '"' && c != '\\' {
			i++
			continue
		}
		r, n := rune(c), 1
		if c >= utf8.RuneSelf {
			if r, n = utf8.DecodeRuneInString(s[i:]); r != utf8.RuneError && r != 0x2028 && r != 0x2029 {
				i += n
				continue
			}
		}
		if b.Cap() == 0 {
			b.Grow(len(s) + 16)
		}
		b.WriteString(s[last:i])
		switch r {
		case '"', '\\':
			b.WriteByte('\\')
			b.WriteByte(c)
		case '\n':
			b.WriteString(`\n`)
		case '\r':
			b.WriteString(`\r`)
		case '\t':
			b.WriteString(`\t`)
		case utf8.RuneError:
			b.WriteString(`\ufffd`)
		default: // the other controls, and the line and paragraph separators
			const digits = "0123456789abcdef"
			b.WriteString(`\u`)
			b.WriteByte(digits[r>>12&15])
			b.WriteByte(digits[r>>8&15])
			b.WriteByte(digits[r>>4&15])
			b.WriteByte(digits[r&15])
		}
		i += n
		last = i
	}
	if b.Cap() == 0 {
		return s
	}
	b.WriteString(s[last:])
	return b.String()
}

// jsonUnescape decodes the inside of a JSON string; what it cannot read
// it keeps as written.
func jsonUnescape(s string) string {
	v, err := strconv.Unquote(`"` + s + `"`)
	if err != nil {
		// JSON's \/ and surrogate pairs are not Go's.
		v, err = strconv.Unquote(`"` + strings.ReplaceAll(s, `\/`, `/`) + `"`)
		if err != nil {
			return s
		}
	}
	return v
}

// Foreign returns what of msg, the message of another program (a
// Kustomize build's error), may be shown: another program may quote
// anything it read, a patch's text or a map of values, so the message is
// cut where a secret member's name first appears, in any case, and what
// the gate knows is masked before that. The second result reports whether
// anything was cut.
func (g *Gate) Foreign(msg string) (string, bool) {
	// A text quoted over lines (Kustomize quotes a configuration between
	// backquotes) is left out whole; what follows it is the error.
	elided := false
	for {
		open := strings.IndexByte(msg, '`')
		if open < 0 {
			break
		}
		end := strings.IndexByte(msg[open+1:], '`')
		if end < 0 || !strings.ContainsAny(msg[open+1:open+1+end], "\n\r") {
			break
		}
		msg, elided = msg[:open]+"(text left out)"+msg[open+1+end+1:], true
	}
	cut := len(msg)
	lower := strings.ToLower(msg)
	for name := range names {
		if i := strings.Index(lower, name); i >= 0 && i < cut {
			cut = i
		}
	}
	// A line that is not the first may be any text the program read.
	if i := strings.IndexAny(msg, "\n\r"); i >= 0 && i < cut {
		cut = i
	}
	if i := quotedContent(msg); i >= 0 && i < cut {
		cut = i
	}
	if i := byteList(msg); i >= 0 && i < cut {
		cut = i
	}
	return g.Clean(msg[:cut]), elided || cut < len(msg)
}

// byteList returns where msg first writes a list of numbers in brackets,
// as Go prints the bytes of a line it could not read ("line [255 254 68
// 66 ...] has invalid utf8 bytes"): any text, spelt in decimal. -1 when
// none.
func byteList(msg string) int {
	for i := strings.IndexByte(msg, '['); i >= 0 && i+1 < len(msg); {
		if c := msg[i+1]; c >= '0' && c <= '9' {
			return i
		}
		next := strings.IndexByte(msg[i+1:], '[')
		if next < 0 {
			break
		}
		i += 1 + next
	}
	return -1
}

// quotedContent returns where msg first quotes (in double quotes) what
// may be text it read rather than a name: a quote holding a colon, an
// escape or a blank, a long one, or one never closed; -1 when none does.
// A resource's ID or a path stays ("Grafana.v1alpha1.example.io/g"); a
// patch's text, however its keys are spelt ("pass\x77ord: S"), goes.
func quotedContent(msg string) int {
	for i := 0; i < len(msg); i++ {
		if msg[i] != '"' {
			continue
		}
		end := strings.IndexByte(msg[i+1:], '"')
		if end < 0 {
			return i
		}
		if q := msg[i+1 : i+1+end]; len(q) > 200 || strings.ContainsAny(q, ": \t\\") {
			return i
		}
		i += end + 1
	}
	return -1
}
