package secret

import (
	"encoding/base64"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/mdscheck/mdscheck/core/document"
	"github.com/mdscheck/mdscheck/core/schema"
)

// Values are the nodes of one document that hold a secret: the values of
// the members the schema marks secret, and every node that shares its
// origin with one of them through an anchor and an alias. A value written
// once and used twice is one secret in both places: an alias of a
// password's anchor in metadata.name, or a password that aliases the
// anchor on a label, must not show there either.
type Values struct {
	doc *document.Document
	// origins holds the origin (document.Document.Origin) of every secret
	// node, and of every node below a secret collection.
	origins map[*document.Node]bool
	// members are the entries of secret members, whose text after the
	// colon is masked whole: an anchor or a tag with no value after it
	// (password: &S3CRET) is the secret the user meant to write.
	members []document.Pair
	// raw are texts that may be a secret as written and spans the source
	// where they are: what a key that swallowed its value holds.
	raw   []string
	spans []document.Span
	// encoded are the data maps of Secrets, whose values are the base64
	// of what the cluster hands a workload: the decoded text is the
	// secret, and may be written in clear elsewhere.
	encoded []*document.Node
}

// Find returns the secret values of d, a document of kind k (nil when the
// document is not one of ours: then nothing is known to be secret).
func Find(k *schema.Kind, d *document.Document) Values {
	v := New(d)
	if d != nil {
		v.Walk(k, d.Root)
	}
	return v
}

// New returns an empty set of the secret values of d, for Walk to fill
// resource by resource (the items of a List).
func New(d *document.Document) Values { return Values{doc: d} }

// Walk adds the secret values of root, a resource of kind k (nothing
// when k is nil).
func (v *Values) Walk(k *schema.Kind, root *document.Node) {
	if k != nil && root != nil {
		v.walk(root, k.Manifest)
	}
}

// Has reports whether n holds a secret.
func (v Values) Has(n *document.Node) bool {
	if n == nil || v.origins == nil {
		return false
	}
	return v.origins[v.doc.Origin(n)]
}

// Shortest is the length under which the text of a secret is not looked
// for where it was not written as the secret (in a message, elsewhere in
// the document, in another file): masking every "abc" would hide what the
// text says and no secret.
const Shortest = 4

// Spans returns the source text of every secret value as written, in
// order and without overlaps: the text to mask wherever src, the stream,
// is shown. An alias (`*name`) shows no secret, the anchored value it
// copies does; the entry of a secret member is masked from its colon on,
// anchor and tag included, to the end of its value, or of the anchor and
// tag when the value is empty. In src[start:end], the document, every
// other place where the text of a secret string or number is written
// again is masked too: a key or a value that is no alias of the secret
// but the same text (a password pasted twice) is the same secret, down
// to texts of Shortest bytes.
func (v Values) Spans(src string, start, end int) []document.Span {
	var out []document.Span
	var texts []string
	for n := range v.origins {
		if !n.Alias && n.End > n.Start {
			out = append(out, document.Span{Start: n.Start, End: n.End})
		}
		if n.Kind != document.Scalar || n.Type == document.Null || n.Type == document.Bool || len(n.Text) < Shortest {
			continue
		}
		texts = append(texts, n.Text)
	}
	// Where else the document writes each text. A search per text reads
	// the document once a text: a Secret of 300,000 values made that 300,000
	// reads of 4 MB. Past a few texts, one read finds them all, with a
	// gate of the texts alone.
	if len(texts) > fewTexts {
		var g Gate
		for _, t := range texts {
			g.form(t)
		}
		g.find(src[start:end], func(from, to int) {
			out = append(out, document.Span{Start: start + from, End: start + to})
		})
		texts = nil
	}
	for _, t := range texts {
		for at := start; at < end; {
			i := strings.Index(src[at:end], t)
			if i < 0 {
				break
			}
			out = append(out, document.Span{Start: at + i, End: at + i + len(t)})
			at += i + len(t)
		}
	}
	out = append(out, v.spans...)
	for _, pr := range v.members {
		if from, to := memberSpan(src, pr); to > from {
			out = append(out, document.Span{Start: from, End: commentAfter(src, to)})
		}
	}
	return Merge(out)
}

// fewTexts is how many secret texts of a document Spans looks for one by
// one.
const fewTexts = 16

// commentAfter returns where the line of end ends when a comment follows
// end on it, else end: a secret written unquoted with " #" in it reads as
// a value and a comment, and the comment is the rest of the secret.
func commentAfter(src string, end int) int {
	i := end
	for i < len(src) && (src[i] == ' ' || src[i] == '\t') {
		i++
	}
	if i == end || i >= len(src) || src[i] != '#' {
		return end
	}
	if eol := strings.IndexAny(src[i:], "\n\r"); eol >= 0 {
		return i + eol
	}
	return len(src)
}

// Merge sorts spans by their start and joins those that overlap or
// touch, in place.
func Merge(spans []document.Span) []document.Span {
	sortSpans(spans)
	merged := spans[:0]
	for _, sp := range spans {
		if k := len(merged) - 1; k >= 0 && sp.Start <= merged[k].End {
			merged[k].End = max(merged[k].End, sp.End)
			continue
		}
		merged = append(merged, sp)
	}
	return merged
}

// MergeBlank is Merge that also joins spans of src that only blanks and
// line breaks separate: a value over a million lines is one range, not a
// million (the guess gives one span per line), and a blank between two
// secrets tells nothing.
func MergeBlank(src string, spans []document.Span) []document.Span {
	spans = Merge(spans)
	merged := spans[:0]
	for _, sp := range spans {
		if k := len(merged) - 1; k >= 0 && strings.Trim(src[merged[k].End:sp.Start], " \t\r\n") == "" {
			merged[k].End = sp.End
			continue
		}
		merged = append(merged, sp)
	}
	return merged
}

// memberSpan returns what the entry of a secret member holds after its
// colon: anchor and tag included, to the end of its value, or of the
// anchor and tag when the value is empty (password: &S3CRET is the
// secret its author meant to write).
func memberSpan(src string, pr document.Pair) (from, to int) {
	from = pr.Key.End
	if i := strings.IndexByte(src[from:], ':'); i >= 0 {
		from += i + 1
	}
	for from < len(src) && (src[from] == ' ' || src[from] == '\t') {
		from++
	}
	to = pr.Value.End
	if to <= from {
		// No value after an anchor or a tag: mask them, up to what they
		// cannot hold: a flow indicator, a comment or the end of the line.
		to = from
		if strings.HasPrefix(src[from:], "!<") {
			// A verbatim tag may hold flow indicators (!<tag:yaml.org,2002:str>)
			// and a reader that splits it there reads no value.
			if i := strings.IndexAny(src[from:], ">\n"); i >= 0 && src[from+i] == '>' {
				to = from + i + 1
			}
		}
		for to < len(src) && !strings.ContainsRune("\n\r,]}", rune(src[to])) &&
			!(src[to] == '#' && (src[to-1] == ' ' || src[to-1] == '\t')) {
			to++
		}
		for to > from && (src[to-1] == ' ' || src[to-1] == '\t') {
			to--
		}
	}
	return from, to
}

// Feed registers the secrets of v, a document of src, with g.
func (v Values) Feed(g *Gate, src string) {
	for _, t := range v.Texts() {
		g.Add(t)
	}
	for _, t := range v.Raw(src) {
		g.AddRaw(t)
	}
}

// Raw returns what may be a secret as written where the reader cannot
// say how to read it: what a secret member's entry holds when its value
// is empty (an anchor or a tag with nothing after it, or a tag the
// reader did not take whole), and what a key that swallowed its value
// holds after the colon.
func (v Values) Raw(src string) []string {
	out := v.raw
	for _, pr := range v.members {
		from, to := memberSpan(src, pr)
		if to > from && pr.Value.End <= from {
			out = append(out, src[from:to])
		}
		// A comment after a secret may be the rest of it: its words are
		// secret too, wherever a message quotes them.
		if c := commentAfter(src, to); c > to {
			out = append(out, src[to:c])
		}
	}
	return out
}

// walk follows the schema down to the members that hold secrets.
func (v *Values) walk(n *document.Node, s *schema.Schema) {
	if n == nil || !s.HoldsSecret() {
		return
	}
	if s.Secret {
		v.mark(n)
		return
	}
	switch n.Kind {
	case document.Mapping:
		for _, pr := range n.Pairs {
			p := s.Property(pr.Key.Text)
			if p == nil {
				continue
			}
			if p.Secret && !pr.Key.Alias && !pr.Merged {
				v.members = append(v.members, pr)
			}
			v.walk(pr.Value, p.Schema)
		}
	case document.Sequence:
		for _, it := range n.Items {
			v.walk(it, s.Items)
		}
	}
}

// Add marks n, and everything below it, as a secret: for values the
// schema does not place, such as the value of a misspelt secret member.
func (v *Values) Add(n *document.Node) { v.mark(n) }

// Stray marks what an entry that the schema does not place may hold of a
// secret: its value when its name names a secret member of some kind
// (secretName: in any case or spelling, or as a word of a longer name),
// and below it the value of every entry so named. A client_secret under
// the wrong parent, a Password in a free object, an ADMIN_PASSWORD in a
// manifest whose kind is misspelt, is still the secret its author wrote,
// and the line a finding shows would show it: where the schema cannot
// place a key, the guess's reading of names is the only one there is,
// and a document that was read must not show what one that was not
// would mask.
func (v *Values) Stray(pr document.Pair) {
	if secretName(pr.Key.Text) {
		if !names[pr.Key.Text] && refersToSecret(pr.Value) {
			// secretKey: password, a reference (an ExternalSecret's,
			// a misspelt authSecretRef's key) to the key of a Secret
			// that holds one. Such a value is a word of mdscheck's own,
			// and as a secret it was masked from every name and
			// message of the run that holds it (sas_(secret)).
			return
		}
		// A key that swallowed its value (password:S) holds it.
		v.swallowed(pr.Key)
		if !pr.Key.Alias && !pr.Merged {
			v.members = append(v.members, pr)
		}
		v.mark(pr.Value)
		return
	}
	// A scalar may hold an entry its author meant: in a flow mapping YAML
	// reads "password:S" as one key, and a reader may take
	// "password: S" after another key on its line as that key's value.
	if v.swallowed(pr.Key) && !pr.Value.IsNull() {
		// And the key's value is the rest of what its author meant.
		v.mark(pr.Value)
		if !pr.Value.Alias && pr.Value.End > pr.Key.End {
			v.spans = append(v.spans, document.Span{Start: pr.Key.End, End: pr.Value.End})
		}
	}
	v.swallowed(pr.Value)
	// The members of Kubernetes' workloads that refer to a key of a
	// Secret or a ConfigMap (an environment variable's secretKeyRef and
	// configMapKeyRef, the items of a secret or configMap volume) name a
	// key, whatever a kind of ours calls key (OpenSearch's storage key is
	// a secret): the editor shows the names a workload reads (core/cross),
	// which the gate would otherwise mask in every message.
	switch {
	case pr.Key.Text == "secretKeyRef" || pr.Key.Text == "configMapKeyRef":
		v.strayRef(pr.Value)
	case (pr.Key.Text == "secret" || pr.Key.Text == "configMap") && pr.Value != nil && pr.Value.Kind == document.Mapping:
		for _, p := range pr.Value.Pairs {
			if p.Key.Text != "items" || p.Value == nil || p.Value.Kind != document.Sequence {
				v.Stray(p)
				continue
			}
			for _, it := range p.Value.Items {
				v.strayRef(it)
			}
		}
	default:
		v.StrayIn(pr.Value)
	}
}

// strayRef is StrayIn for a reference to a key (secretKeyRef,
// configMapKeyRef, a volume's item): its key, when it reads as a key's
// name (letters, digits, '-', '_', '.'), is none of the secrets Stray
// looks for; anything else is read as Stray reads it.
func (v *Values) strayRef(n *document.Node) {
	if n == nil || n.Kind != document.Mapping {
		v.StrayIn(n)
		return
	}
	for _, p := range n.Pairs {
		if p.Key.Text == "key" && !p.Key.Alias && keyName(p.Value) {
			continue
		}
		v.Stray(p)
	}
}

// refersToSecret reports whether n is a plain string that names a secret
// member, in any case or with any separators (password, TOKEN,
// secret-key).
func refersToSecret(n *document.Node) bool {
	return keyName(n) && n.Style == document.Plain && foldedNames[foldName(n.Text)]
}

// keyName reports whether n is a plain string that can be the name of a
// key of a Secret or a ConfigMap.
func keyName(n *document.Node) bool {
	if n == nil || n.Kind != document.Scalar || n.Type != document.String || n.Alias || n.Text == "" {
		return false
	}
	for i := 0; i < len(n.Text); i++ {
		c := n.Text[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_' || c == '.') {
			return false
		}
	}
	return true
}

// swallowed marks what follows a secret member's name and a colon inside
// the scalar n, and reports whether there was any.
func (v *Values) swallowed(n *document.Node) bool {
	if n == nil || n.Kind != document.Scalar || n.Alias {
		return false
	}
	t := n.Text
	for i := strings.IndexByte(t, ':'); i >= 0; i = next(t, i) {
		j := i
		for j > 0 && isNameByte(t[j-1]) && t[j-1] != '"' && t[j-1] != '\'' {
			j--
		}
		if j == i || !secretName(t[j:i]) || i+1 >= len(t) {
			continue
		}
		v.raw = append(v.raw, t[i+1:])
		// Where the text is the source as written, mask it there too.
		if n.Style == document.Plain && n.End-n.Start == len(t) {
			v.spans = append(v.spans, document.Span{Start: n.Start + i + 1, End: n.End})
		}
		return true
	}
	return false
}

// next returns the index of the next colon in t after i, or -1.
func next(t string, i int) int {
	if j := strings.IndexByte(t[i+1:], ':'); j >= 0 {
		return i + 1 + j
	}
	return -1
}

// StrayIn is Stray for every entry below n, at any depth: the content of
// a value whose type is not the schema's (a sequence where a mapping
// belongs), which the schema cannot place.
func (v *Values) StrayIn(n *document.Node) {
	if n == nil {
		return
	}
	// A string where a collection belongs may hold YAML its author
	// meant as entries (userConfig: | with password: S inside).
	v.swallowed(n)
	for _, p := range n.Pairs {
		v.Stray(p)
	}
	for _, it := range n.Items {
		v.StrayIn(it)
	}
}

// SecretData marks the data and stringData of every resource at or below
// n whose kind may be a Secret's, and of n when it names no kind: a
// Secret's keys have any names, so no name tells its values. A kind may
// be a Secret's when it says so in any case and with any group (Secret,
// secret, SecretList, SealedSecret, apiVersion v2): what the cluster would
// refuse still holds what its author meant to keep secret.
func (v *Values) SecretData(n *document.Node) {
	if n == nil || n.Kind != document.Mapping || n.Get("kind") == nil {
		v.secretData(n, true)
		return
	}
	v.secretData(n, false)
}

// secretData walks n; inside is set below a resource whose kind may be a
// Secret's.
func (v *Values) secretData(n *document.Node, inside bool) {
	if n == nil {
		return
	}
	if k := n.Get("kind"); k != nil && k.Kind == document.Scalar && strings.Contains(strings.ToLower(k.Text), "secret") {
		inside = true
	}
	for _, p := range n.Pairs {
		// data and stringData typed otherwise (Data, stringdata,
		// string_data) still hold what their author meant to keep
		// secret.
		if inside {
			if ok, encoded := dataName(p.Key.Text); ok {
				v.markData(p.Value)
				if encoded {
					v.encoded = append(v.encoded, p.Value)
				}
				continue
			}
		}
		v.secretData(p.Value, inside)
	}
	for _, it := range n.Items {
		v.secretData(it, inside)
	}
}

// markData marks the values of a Secret's data or stringData, n. Its
// keys are names, not secrets: Kubernetes shows them (kubectl describe),
// workloads and messages name them (secretKeyRef, "writes no key"), and
// masking them hid those messages. A key is marked where it may be the
// value its author meant: one without a value ({S} in a flow mapping, a
// key that swallowed its value), or that no Secret's key can be named (a
// blank, a quote, a sign in it), and so is a whole data that is no
// mapping.
func (v *Values) markData(n *document.Node) {
	if n == nil || n.Kind != document.Mapping {
		v.mark(n)
		return
	}
	for _, pr := range n.Pairs {
		v.mark(pr.Value)
		if pr.Value == nil || pr.Value.IsNull() || pr.Merged || !keyName(pr.Key) {
			v.mark(pr.Key)
		}
	}
}

// Texts returns the text of every secret string or number: what a last
// check of every message looks for. A null or a boolean tells nothing.
func (v Values) Texts() []string {
	var out []string
	// A data value's text first: the gate reads it once, as the file it
	// is, and not again as what its base64 word spells (Gate.covered).
	for _, data := range v.encoded {
		if data == nil {
			continue
		}
		for _, pr := range data.Pairs {
			if pr.Value != nil && pr.Value.Kind == document.Scalar {
				if t, ok := decodeBase64(pr.Value.Text); ok {
					out = append(out, t)
					// Tagged binary, the value is YAML's bytes already,
					// and its author may have encoded the secret twice.
					if t, ok := binary(&document.Node{Tag: pr.Value.Tag, Text: t}); ok {
						out = append(out, t)
					}
				}
			}
		}
	}
	for n := range v.origins {
		if n.Tag != "" && !strings.HasPrefix(n.Tag, "!!") {
			// A tag of one's own where a secret belongs ("pw: !S") is
			// the secret its author meant, written one sign too early.
			if t := strings.TrimSuffix(strings.TrimLeft(n.Tag, "!<"), ">"); t != "" {
				out = append(out, t)
			}
		}
		if n.Kind == document.Scalar && n.Type != document.Null && n.Type != document.Bool && n.Text != "" {
			out = append(out, n.Text)
			if n.YAML12 != "" {
				out = append(out, yaml12Value(n.YAML12)) // what a warning says another reader sees
			}
			if t, ok := binary(n); ok {
				out = append(out, t)
			}
		}
	}
	return out
}

// binary returns the text a scalar tagged !!binary encodes, and whether
// it is one: for YAML such a value is the bytes its base64 spells, which
// another part of the manifest may write as text.
func binary(n *document.Node) (string, bool) {
	switch n.Tag {
	case "!!binary", "!<tag:yaml.org,2002:binary>", "tag:yaml.org,2002:binary":
	default:
		return "", false
	}
	return decodeBase64(n.Text)
}

// decodeBase64 returns the text a Secret's data value encodes, as the
// cluster decodes it (standard base64; blanks and line breaks of a folded
// value ignored, padding optional), when it is text: bytes that are not
// UTF-8 cannot be written elsewhere in a manifest.
func decodeBase64(s string) (string, bool) {
	if strings.ContainsAny(s, " \t\n\r") { // most are one word: no pass over megabytes rune by rune
		s = strings.Map(func(r rune) rune {
			if r == ' ' || r == '\t' || r == '\n' || r == '\r' {
				return -1
			}
			return r
		}, s)
	}
	s = strings.TrimRight(s, "=")
	b, err := base64.RawStdEncoding.DecodeString(s)
	if err != nil {
		// The URL-safe alphabet, which a Secret does not take but its
		// author may have used: the text is the secret meant.
		b, err = base64.RawURLEncoding.DecodeString(s)
	}
	if err != nil || len(b) == 0 || !utf8.Valid(b) {
		return "", false
	}
	return string(b), true
}

// mark records n and everything below it: a secret member with the wrong
// type (a mapping where a string belongs) still holds the secret.
func (v *Values) mark(n *document.Node) {
	if n == nil {
		return // a member that is not there (a Secret without stringData)
	}
	if v.origins == nil {
		v.origins = map[*document.Node]bool{}
	}
	v.origins[v.doc.Origin(n)] = true
	for _, pr := range n.Pairs {
		v.mark(pr.Key)
		v.mark(pr.Value)
	}
	for _, it := range n.Items {
		v.mark(it)
	}
}

// yaml12Value returns the value that n.YAML12, a phrase of a warning
// ("the string \"0o17\"", "the decimal number 17"), names: the phrase's
// own words are mdscheck's, and would be masked wherever they stand.
func yaml12Value(phrase string) string {
	if q, ok := strings.CutPrefix(phrase, "the string "); ok {
		if u, err := strconv.Unquote(q); err == nil {
			return u
		}
	}
	return strings.TrimPrefix(phrase, "the decimal number ")
}

// sortSpans sorts spans by their start, stably: a merge of the runs they
// come in (the spans of one document, then of another; a search's, in
// order), which costs a pass where they are sorted already. A generic
// sort of spans was 12 KB of the module.
func sortSpans(spans []document.Span) {
	if len(spans) < 2 {
		return
	}
	var buf []document.Span
	for {
		// Merge each pair of runs, until one run is left.
		merged := false
		for i := 0; i < len(spans); {
			mid := runEnd(spans, i)
			if mid == len(spans) {
				break
			}
			end := runEnd(spans, mid)
			buf = append(buf[:0], spans[i:mid]...)
			a, b, k := 0, mid, i
			for a < len(buf) && b < end {
				if spans[b].Start < buf[a].Start {
					spans[k], b = spans[b], b+1
				} else {
					spans[k], a = buf[a], a+1
				}
				k++
			}
			copy(spans[k:], buf[a:])
			merged, i = true, end
		}
		if !merged {
			return
		}
	}
}

// runEnd returns the end of the sorted run of spans that starts at i.
func runEnd(spans []document.Span, i int) int {
	j := i + 1
	for j < len(spans) && spans[j].Start >= spans[j-1].Start {
		j++
	}
	return j
}
