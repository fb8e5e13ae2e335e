package secret

import (
	"math/bits"
	"strings"

	"github.com/mdscheck/mdscheck/core/document"
	"github.com/mdscheck/mdscheck/core/schema"
	"github.com/mdscheck/mdscheck/core/spelling"
)

// names are the names of every secret member of every kind.
var names = secretNames()

func secretNames() map[string]bool {
	out := map[string]bool{}
	var walk func(s *schema.Schema)
	walk = func(s *schema.Schema) {
		if !s.HoldsSecret() {
			return
		}
		for _, p := range s.Properties {
			if p.Secret {
				out[p.Name] = true
			}
			walk(p.Schema)
		}
		if s.Items != nil {
			walk(s.Items)
		}
	}
	for _, k := range schema.Names() {
		walk(schema.Lookup(k).Manifest)
	}
	return out
}

// Guess returns the spans of src[start:end], a document that could not be
// read, that may hold secret values: at most one span per line, in order.
// Without a tree the schema cannot say where a secret is, so the guess goes
// by name. After a colon that follows a name some kind marks secret
// (password, token, ...; secretName: in any case or spelling, or as a
// word of a longer name), however the key is written (plain, quoted,
// escaped, over lines in quotes, tagged, anchored, an alias of an anchor
// on such a name, blanks before the colon, after another key or in a flow
// mapping, no blank after the colon, an explicit "? " key, a ':' that
// starts the next line), the rest of the line is masked, and so are the
// lines after it while the value may go on: a quoted scalar until its
// closing quote and a flow collection until it closes, whatever their
// indentation; lines indented below the key; lines at or left of it that
// start no entry of a mapping (the value on the line after its key, a
// sequence, a scalar written too far left), and the items of a sequence
// at its column, whatever they start ("- value: S"). In a document that
// may be a Secret (maySecret), data and stringData in any spelling are
// such names too. A line that starts with a key
// ends the value, so the line of the syntax error stays readable when it
// holds no secret. The value of an anchor that a secret's value aliases is
// masked where the anchor is.
// It masks too much rather than too little: a syntax error is the moment a
// user pastes the output into a ticket. It is linear in the document's
// size: at most three readings of a few steps per byte.
func Guess(src string, start, end int) []document.Span {
	data := maySecret(src[start:end])
	g := guess(src, start, end, nil, false, data)
	if len(g.aliased) > 0 {
		// The value of an anchor aliased in a secret's value is secret
		// too, wherever it is written: a second reading masks it. When
		// that finds aliases of more anchors (an anchored value holding
		// aliases), a third masks every anchored value rather than read
		// again for each.
		known := g.aliased
		g = guess(src, start, end, known, false, data)
		for name := range g.aliased {
			if !known[name] {
				g = guess(src, start, end, nil, true, data)
				break
			}
		}
	}
	return g.out
}

// maySecret reports whether text, a document that could not be read, may
// be a Secret, whose keys under data and stringData have any names: when
// a key "kind", wherever it stands (at the start of a line, after an
// item's "- ", in a flow mapping after "{" or ","), says so in any case
// and spelling (Secret, secret, SecretList), says it in a way a guess
// cannot read (an alias, a quote, a value on the next line), or no key
// kind is written at all (a part of a Secret cut off by a "---"). Any key
// counts, not the first nor one at the start of a line: a Secret written
// as one flow mapping, in a document where an ownerReference's
// "- kind: Deployment" or a kubeconfig's "kind: Config" starts a line, is
// still a Secret.
func maySecret(text string) bool {
	sawKind := false
	for at := 0; at < len(text); {
		i := strings.Index(text[at:], "kind")
		if i < 0 {
			break
		}
		i += at
		at = i + len("kind")
		start, end := i, at
		if i > 0 && (text[i-1] == '"' || text[i-1] == '\'') {
			if end == len(text) || text[end] != text[i-1] {
				continue
			}
			start, end = i-1, end+1
		}
		if start > 0 && isNameByte(text[start-1]) {
			continue // a longer name (mykind, kindness)
		}
		// The colon may start the next line (? kind, then : Secret).
		colon := end
		for colon < len(text) && strings.IndexByte(" \t\r\n", text[colon]) >= 0 {
			colon++
		}
		if colon == len(text) || text[colon] != ':' {
			continue
		}
		sawKind = true
		value := text[valueStart(text, colon+1):]
		if i := strings.IndexAny(value, "\r\n,]}"); i >= 0 {
			value = value[:i]
		}
		if i := strings.Index(value, " #"); i >= 0 {
			value = value[:i]
		}
		value = strings.TrimRight(value, " \t")
		if value == "" || !isNameByte(value[0]) || value[0] == '"' || value[0] == '\'' ||
			strings.Contains(strings.ToLower(value), "secret") {
			return true
		}
	}
	return !sawKind
}

// dataKey reports whether a key's text, quoted or not, may name the data
// of a Secret (dataName).
func dataKey(text string) bool {
	if len(text) >= 2 && (text[0] == '"' || text[0] == '\'') && text[len(text)-1] == text[0] {
		text = text[1 : len(text)-1]
	}
	ok, _ := dataName(text)
	return ok
}

// dataName reports whether key, a key of a resource whose kind may be a
// Secret's, may be its data or stringData as its author meant them: in
// any case or spelling (Data, DATA, datas, StringData, stringdata,
// string_data, stringDta), and whether it is data, whose values are the
// base64 of the secret. A Secret, read or not, keeps its author's secrets
// whichever way the key is typed: the cluster would refuse the key, but
// a message would quote what it holds.
func dataName(key string) (ok, encoded bool) {
	if _, ok := spelling.Closeness(key, "stringData"); ok {
		return true, false
	}
	if _, ok := spelling.Closeness(key, "data"); ok {
		return true, true
	}
	return false, false
}

// guess reads src[start:end] once, taking the anchors named in anchored
// (or all of them) for secrets' values, and the keys data and stringData
// for secret names when data is set: the document may be a Secret.
func guess(src string, start, end int, anchored map[string]bool, all, data bool) *guesser {
	g := &guesser{col: -1, explicit: -1, block: -1, anchored: anchored, all: all, data: data}
	for pos := start; pos < end; {
		// YAML also breaks lines at a lone CR (a document that holds one
		// cannot be read): a line the reader sees starts there.
		eol, next := end, end
		if i := strings.IndexAny(src[pos:end], "\r\n"); i >= 0 {
			eol, next = pos+i, pos+i+1
			if src[eol] == '\r' && next < end && src[next] == '\n' {
				next++
			}
		}
		if from := g.line(src[pos:eol]); from < eol-pos {
			g.out = append(g.out, document.Span{Start: pos + from, End: eol})
		}
		pos = next
	}
	return g
}

// guesser holds what the lines read so far say about the next ones.
type guesser struct {
	out []document.Span
	// A rough reading of YAML's syntax, enough to know where values end.
	depth  int  // flow collections open
	quote  byte // the quote of a quoted scalar open at the end of the line, or 0
	inside bool // and it opened in a secret's value
	block  int  // a block scalar's parent column: deeper lines are its text; or -1
	// The value of a secret key, which may go on while col >= 0.
	col    int  // the key's column: lines at or left of it may end the value
	at     int  // the flow depth at the key
	ended  bool // a ',' or a closing bracket at that depth ended it in a flow
	closed bool // a closing bracket did, of the collection that holds it
	// A key whose value may follow on a line that starts with ':'.
	pending  bool // it may be secret
	explicit int  // the column of its "?" while its lines go on, or -1
	// anchors on what may be a secret's name: their aliases may be keys.
	anchors map[string]bool
	// aliased are the aliases in secrets' values; the values of the
	// anchors in anchored (of all anchors when all is set) are secret.
	aliased, anchored map[string]bool
	all               bool
	// data: the document may be a Secret, whose data and stringData
	// hold values under keys of any name.
	data bool
}

// line reads the text of a line and returns where masking starts on it
// (len(s) when nothing is masked).
func (g *guesser) line(s string) int {
	indent := 0
	for indent < len(s) && isBlank(s[indent]) {
		indent++
	}
	content := s[indent:]
	from := len(s)
	// Does the value of a secret key go on here?
	if g.col >= 0 {
		switch {
		case g.quote != 0 && g.inside, !g.ended && g.depth > g.at:
			from = indent // inside its quoted scalar or flow collection
		case content == "":
		case indent > g.col:
			from = indent
		case content[0] == '#':
		case !g.closed && indent == g.col && (content == "-" || items(content) > 0):
			// A sequence at the key's column is the key's value, as YAML
			// reads a mapping's (password: then - value: S at its
			// column), whatever entries its items start.
			from = indent
		case g.closed || keyLike(content):
			// A line that starts an entry, or any line at or left of the
			// key once the flow collection that holds it is closed. (After
			// a ',' a line that is no entry may go on with a value that
			// holds one.)
			g.col = -1
		default:
			from = indent
		}
	}
	if g.pending || g.explicit >= 0 {
		switch {
		case content == "" || content[0] == '#':
		case content[0] == ':':
			if g.pending {
				from = min(from, g.key(indent, valueStart(s, indent+1)))
			}
			g.pending, g.explicit = false, -1
		case g.explicit >= 0 && indent > g.explicit:
			g.pending = true // a key over several lines: it may spell any name
		default:
			g.pending, g.explicit = false, -1
		}
	}
	text := g.block >= 0 && (content == "" || indent > g.block)
	if !text {
		g.block = -1
		if q := indent + items(content); q < len(s) && s[q] == '?' && (q+1 == len(s) || isBlank(s[q+1])) {
			secret, read := nameNode(s[q+1:], g.data)
			g.explicit, g.pending = q, secret || !read
		}
	}
	if !text {
		// A secret's name and a value with no colon between (password S),
		// a key half typed: its value is the rest of the line.
		if at := halfTyped(content); at >= 0 {
			from = min(from, indent+at)
		}
	}
	// The bytes of the line, in YAML's rough terms: quotes, flow
	// brackets, comments, block scalars. Keys are looked for everywhere,
	// in quotes and comments too, in case the rough reading is wrong.
	node := true      // a node may start here
	comment := len(s) // where a comment starts
	entry := indent   // the column of the last key on the line
	skip := text      // the rest of the line is a comment or a block scalar's text
	prop := 0         // the end of a tag or an anchor
	// A double-quoted scalar that goes on from the line above, and where
	// it ends: as a key, escapes over the line break may spell any name.
	carried, multi := g.quote == '"', -1
	for i := indent; i < len(s); i++ {
		c := s[i]
		keyed := false // a secret key's colon: its value starts after it
		if c == ':' {
			j, e := keyBefore(s, i)
			if i+1 == len(s) || isBlank(s[i+1]) || g.depth > 0 {
				entry = j
			}
			if g.named(s, j, e) || e == multi {
				from, keyed = min(from, g.key(j, valueStart(s, i+1))), true
			}
		}
		if skip || i < prop {
			continue
		}
		if g.quote != 0 {
			switch {
			case c == '\\' && g.quote == '"':
				i++
			case c == '\'' && g.quote == '\'' && i+1 < len(s) && s[i+1] == '\'':
				i++
			case c == g.quote:
				if carried {
					multi = i + 1
				}
				g.quote, node, carried = 0, false, false
			}
			continue
		}
		switch c {
		case ' ', '\t':
		case '#':
			if i == 0 || isBlank(s[i-1]) {
				comment, skip = i, true
			} else {
				node = false
			}
		case '"', '\'':
			if node {
				g.quote, g.inside = c, i >= from
			}
		case '[', '{':
			if node || g.depth > 0 {
				g.depth++
				node = true
			}
		case ']', '}':
			if g.depth > 0 {
				g.depth--
				if g.depth < g.at {
					g.ended, g.closed = true, true
				}
			}
			node = false
		case ',':
			if g.depth > 0 {
				g.ended = g.ended || g.depth == g.at
			}
			node = g.depth > 0
		case ':', '-', '?':
			node = i+1 == len(s) || isBlank(s[i+1]) || c == ':' && (keyed || g.depth > 0)
		case '!', '&':
			if !node {
				break
			}
			// A tag or an anchor: the node starts after it.
			prop = i + 1
			for prop < len(s) && !isBlank(s[prop]) && (g.depth == 0 || strings.IndexByte(",[]{}", s[prop]) < 0) {
				prop++
			}
			if c != '&' {
				break
			}
			name := s[i+1 : prop]
			if secret, _ := nameNode(s[prop:], g.data); secret {
				// An alias of it may be a key (*a : value), a Secret's
				// data too ({name: &d stringData} then *d :).
				g.anchors = add(g.anchors, name)
			}
			if g.all || g.anchored[name] {
				from = min(from, g.key(entry, valueStart(s, prop)))
			}
		case '*':
			if node && i >= from {
				k := i + 1
				for k < len(s) && !isBlank(s[k]) && strings.IndexByte(",[]{}", s[k]) < 0 {
					k++
				}
				g.aliased = add(g.aliased, s[i+1:k])
			}
			node = false
		case '|', '>':
			if node && g.depth == 0 && blockHeader(s[i+1:]) {
				// The lines below the key (or "-") are the scalar's text.
				g.block, comment, skip = entry, i, true
			} else {
				node = false
			}
		default:
			node = false
		}
	}
	// A key alone at the end of a line ("? password", "password" in a flow
	// mapping) may take its value from a ':' that starts the next line.
	t := strings.TrimRight(s[:comment], " \t")
	if g.named(t, len(t)-nameLen(t), len(t)) || len(t) == multi {
		g.pending = true
	}
	return from
}

// key starts, or extends, the value of a secret key at column col whose
// value starts at v; it returns v. A key in a quoted scalar the guess took
// for no secret ends that scalar: a broken document may have left its
// quote open, and a closed one holds no key. In a secret's quoted value
// the key is taken too: the quote may be the one left open, and the key's
// value may go on after the quote closes.
func (g *guesser) key(col, v int) int {
	if !g.inside {
		g.quote = 0
	}
	if g.col < 0 || g.ended {
		g.at, g.ended, g.closed = g.depth, false, false
	}
	if g.col < 0 || col < g.col {
		g.col = col
	}
	return v
}

// named reports whether s[j:e] is a key that may name a secret member: a
// secret name or a misspelling of it, quoted or not, a double-quoted key with an
// escape, an alias (*a) of an anchor on what may be such a name, or a
// template action ("{{ .Values.key }}", then j == e).
func (g *guesser) named(s string, j, e int) bool {
	if strings.HasSuffix(s[:j], "}}") {
		return true // a key a template writes, in whole or in part, may be any name
	}
	return j < e && (secretKey(s[j:e]) || g.data && dataKey(s[j:e]) || j > 0 && s[j-1] == '*' && g.anchors[s[j:e]])
}

// halfTyped returns where the value starts in content, a line's text
// after its indentation, when it is a secret's name, blanks and a value
// with no colon after the name; -1 otherwise.
func halfTyped(content string) int {
	at := items(content)
	n := at
	for n < len(content) && isNameByte(content[n]) {
		n++
	}
	v := valueStart(content, n)
	if n == at || v == n || v == len(content) || content[v] == '#' || strings.IndexByte(content[n:], ':') >= 0 || !secretKey(content[at:n]) {
		return -1
	}
	return v
}

// keyBefore returns the start and the end of the key before the colon at
// i: the name before the blanks before it (j == e when there is none).
func keyBefore(s string, i int) (j, e int) {
	e = i
	for e > 0 && isBlank(s[e-1]) {
		e--
	}
	return e - nameLen(s[:e]), e
}

// nameLen returns the length of the name at the end of s.
func nameLen(s string) int {
	j := len(s)
	for j > 0 && isNameByte(s[j-1]) {
		j--
	}
	return len(s) - j
}

// valueStart returns the first byte after the blanks at i.
func valueStart(s string, i int) int {
	for i < len(s) && isBlank(s[i]) {
		i++
	}
	return i
}

// items returns the length of the "- " indicators that start s.
func items(s string) int {
	n := 0
	for n+1 < len(s) && s[n] == '-' && isBlank(s[n+1]) {
		n = valueStart(s, n+1)
	}
	return n
}

// keyLike reports whether content, a line's text after its indentation,
// starts an entry of a mapping (a key and its colon, "? " or ": ") rather
// than going on with a value.
func keyLike(content string) bool {
	s := content[items(content):]
	switch {
	case s == "":
		return false
	case (s[0] == '?' || s[0] == ':') && (len(s) == 1 || isBlank(s[1])):
		return true
	case s[0] == '"' || s[0] == '\'':
		i := 1
		for ; i < len(s) && s[i] != s[0]; i++ {
			if s[i] == '\\' && s[0] == '"' {
				i++
			}
		}
		rest := s[min(i+1, len(s)):]
		rest = rest[valueStart(rest, 0):]
		return i < len(s) && rest != "" && rest[0] == ':'
	case strings.IndexByte("[{|>", s[0]) >= 0:
		return false // a flow collection or a block scalar: a value
	}
	for i := 0; i < len(s); i++ {
		switch {
		case s[i] == '#' && i > 0 && isBlank(s[i-1]):
			return false
		case s[i] == ':' && (i+1 == len(s) || isBlank(s[i+1])):
			return true
		}
	}
	return false
}

// nameNode reads the node that starts s (after blanks and a tag) as the
// name of a key: whether it may be a secret's (or, when data is set, a
// Secret's data), and whether the line says what it is. A name is a plain or quoted word; a flow collection is none;
// a node on the next line or a block scalar is not read; a quoted scalar
// that goes on may spell any name with escapes ("pass\ + newline + word").
func nameNode(s string, data bool) (secret, read bool) {
	s = s[valueStart(s, 0):]
	if s != "" && s[0] == '!' {
		tag := strings.IndexAny(s, " \t")
		if tag < 0 {
			tag = len(s)
		}
		s = s[valueStart(s, tag):]
	}
	n := 0
	for n < len(s) && isNameByte(s[n]) {
		n++
	}
	switch {
	case n == 0:
		return false, s != "" && (s[0] == '[' || s[0] == '{')
	case (s[0] == '"' || s[0] == '\'') && (n < 2 || s[n-1] != s[0]):
		return n == len(s), n < len(s)
	}
	return secretKey(s[:n]) || data && dataKey(s[:n]), true
}

// blockHeader reports whether s, what follows a '|' or a '>', ends a
// block scalar's header: indentation and chomping indicators, then
// blanks or the end of the line.
func blockHeader(s string) bool {
	i := 0
	for i < len(s) && strings.IndexByte("0123456789+-", s[i]) >= 0 {
		i++
	}
	return i == len(s) || isBlank(s[i])
}

// add adds name to set, made when nil.
func add(set map[string]bool, name string) map[string]bool {
	if set == nil {
		set = map[string]bool{}
	}
	set[name] = true
	return set
}

func isBlank(c byte) bool { return c == ' ' || c == '\t' }

// secretKey reports whether a key's text names a secret member: quoted
// or not, as secretName reads names, or any double-quoted key with an
// escape in it ("\x70assword"), which a guess cannot afford to read.
func secretKey(text string) bool {
	if len(text) >= 2 && (text[0] == '"' || text[0] == '\'') && text[len(text)-1] == text[0] {
		if text[0] == '"' && strings.IndexByte(text, '\\') >= 0 {
			return true
		}
		text = text[1 : len(text)-1]
	}
	return secretName(text)
}

// secretName reports whether key, the name of an entry that no schema
// places, names a secret: one rule for a document that was read (Stray)
// and one that was not (Guess). A secret's name counts however it is
// typed (Password, PASSWORD, PassWord, passwd, secretKey, sas-token) and
// wherever it stands inside a longer name (smtp_server.password,
// ADMIN_PASSWORD, grafana_password, password_smtp, vault_token,
// tokenValue, api_key, privateKey, credentials.json): the key is read
// as words, parted at every byte that is no letter or digit and where a
// capital starts a word (camelCase, APIKey), and a run of up to three
// words names a secret when, with case and separators ignored, it is a
// secret member's name, or a typo of one word by word (wordsName:
// passwd, passw0rd, client_secrt). A key that is a member of the
// schema's that is no secret (token_url, a Kubernetes reference's
// secretKeyRef) is not one: its value is that member's, which the schema
// tells.
func secretName(key string) bool {
	if names[key] {
		return true // the common case, and no work
	}
	var words [maxWords][2]int // the last few words' bounds in key
	n := 0
	for i := 0; i < len(key); {
		if !isAlnum(key[i]) {
			i++
			continue
		}
		j := nameWordEnd(key, i)
		copy(words[:], words[1:])
		words[maxWords-1] = [2]int{i, j}
		n++
		// The runs that end with this word.
		for k := 1; k <= min(n, maxWords); k++ {
			if wordsName(key, words[maxWords-k:]) {
				// Looked up last: most keys name no secret, and folding
				// one costs a string.
				return !plainMembers[foldName(key)]
			}
		}
		i = j
	}
	return false
}

// maxWords is the most words a run that names a secret has
// (email_sender_password).
const maxWords = 3

// wordsName reports whether the run of words of key at the bounds ws
// names a secret: a secret's name with case and separators ignored, or a
// misspelling of one, word by word. A word of five letters or more may be
// a typo of the name's word in its place (passwd, client_secrt); a
// shorter one is another word (secretRef is no secret_key, nor kex a
// key). A run of one word is compared with the names of one word only:
// secrets, written as one word, is no secret_key either.
func wordsName(key string, ws [][2]int) bool {
	var buf [nameBytes]byte
	run := buf[:0]
	for _, w := range ws {
		if len(run)+w[1]-w[0] > len(buf) {
			return false // longer than any name and its typos
		}
		for i := w[0]; i < w[1]; i++ {
			c := key[i]
			if c >= 'A' && c <= 'Z' {
				c += 'a' - 'A'
			}
			run = append(run, c)
		}
	}
	if foldedNames[string(run)] {
		return true
	}
	if len(run) < 5 {
		return false // a short word's typo is another word (kex, keys)
	}
	for _, name := range nameWords {
		if len(name) == len(ws) && typoOf(run, ws, name) {
			return true
		}
	}
	return false
}

// typoOf reports whether run, the folded words at the bounds ws, is a
// typo of name, as many words: each word the name's or, of five letters
// or more, close to it.
func typoOf(run []byte, ws [][2]int, name []string) bool {
	at := 0
	for i, w := range ws {
		word := run[at : at+w[1]-w[0]]
		at += len(word)
		if string(word) == name[i] {
			continue
		}
		if len(word) < 5 || !closeWord(word, name[i]) {
			return false
		}
	}
	return true
}

// closeWord reports whether word, folded, is close enough to want, a
// word of a name, to be a typo of it: the same first letter, which
// typing seldom misses, and within spelling.Closeness's limit, one edit
// from a name of five letters or fewer (broken and spoken are no token,
// tokens and tokn are). The letters one has and the other lacks bound
// the distance from below: most words go no further. A stream of a
// hundred thousand Secrets asks for every key.
func closeWord(word []byte, want string) bool {
	if word[0] != want[0] {
		return false
	}
	limit := min(max(len(word)/3, 1), 4)
	if len(want) <= 5 {
		limit = 1
	}
	if len(word)-len(want) > limit || len(want)-len(word) > limit {
		return false
	}
	set, wantSet := letterSet(word), letterSet([]byte(want))
	if bits.OnesCount64(set&^wantSet) > limit || bits.OnesCount64(wantSet&^set) > limit {
		return false
	}
	_, ok := spelling.Within(string(word), want, limit)
	return ok
}

// nameBytes bounds the runs compared: the longest name and a typo's four
// more letters.
const nameBytes = 32

// nameWordEnd returns where the word that starts at key[i] ends: at a byte
// that is no letter or digit, before a capital that follows a small
// letter or a digit (privateKey), and before the last capital of a run
// of capitals that a small letter follows (APIKey).
func nameWordEnd(key string, i int) int {
	j := i + 1
	for ; j < len(key) && isAlnum(key[j]); j++ {
		c, p := key[j], key[j-1]
		if !isUpper(c) {
			continue
		}
		if !isUpper(p) || j+1 < len(key) && isLower(key[j+1]) {
			break
		}
	}
	return j
}

func isUpper(c byte) bool { return c >= 'A' && c <= 'Z' }
func isLower(c byte) bool { return c >= 'a' && c <= 'z' }
func isAlnum(c byte) bool { return isUpper(c) || isLower(c) || c >= '0' && c <= '9' }

// foldName returns key in small letters without the bytes that are no
// letter or digit: how names are compared whatever their separators.
func foldName(key string) string {
	var b strings.Builder
	for i := 0; i < len(key); i++ {
		if c := key[i]; isAlnum(c) {
			if isUpper(c) {
				c += 'a' - 'A'
			}
			b.WriteByte(c)
		}
	}
	return b.String()
}

// letterSet is the set of the letters and digits of a folded name, one
// bit each.
func letterSet(s []byte) uint64 {
	var m uint64
	for _, c := range s {
		if c >= 'a' && c <= 'z' {
			m |= 1 << (c - 'a')
		} else if c >= '0' && c <= '9' {
			m |= 1 << (26 + c - '0')
		}
	}
	return m
}

// foldedNames holds the names of secret members folded (foldName).
var foldedNames = func() map[string]bool {
	set := map[string]bool{}
	for name := range names {
		set[foldName(name)] = true
	}
	return set
}()

// nameWords holds the words of every secret member's name, in small
// letters (sas_token is sas and token), in order, for typoOf.
var nameWords = func() [][]string {
	var out [][]string
	for name := range names {
		out = append(out, strings.FieldsFunc(strings.ToLower(name), func(r rune) bool {
			return r > 127 || !isAlnum(byte(r))
		}))
	}
	// In one order at every run. An insertion sort of these few dozen
	// names: a generic sort of lists of words was 15 KB of the module.
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && strings.Join(out[j], "_") < strings.Join(out[j-1], "_"); j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out
}()

// plainMembers holds, folded, the names of the schema's members that are
// no secret of any kind, and of the members of Kubernetes' workloads that
// refer to a key of a Secret or a ConfigMap (Stray reads those as names):
// a key so named is that member, whatever secret's name it holds a word
// of (token_url, secretKeyRef).
var plainMembers = func() map[string]bool {
	set := map[string]bool{"secretkeyref": true, "configmapkeyref": true}
	var walk func(s *schema.Schema)
	walk = func(s *schema.Schema) {
		if s == nil {
			return
		}
		for _, p := range s.Properties {
			if !p.Secret {
				set[foldName(p.Name)] = true
			}
			walk(p.Schema)
		}
		walk(s.Items)
	}
	for _, k := range schema.Names() {
		walk(schema.Lookup(k).Manifest)
	}
	for name := range names {
		delete(set, foldName(name)) // a secret of one kind is a secret
	}
	return set
}()

func isNameByte(c byte) bool {
	return c == '_' || c == '-' || c == '.' || c == '"' || c == '\'' || c == '\\' ||
		c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}
