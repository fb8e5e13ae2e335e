package leak

import (
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
)

// The property behind the cases: whatever a manifest does with a secret,
// no output holds it. Mutated draws manifests at random from the schema's
// secret members, writes the secret as a random text in a random way, and
// mutates the manifest in one of the ways an attacker found secrets
// escaping the masking of a tree: broken indentation, flow left open,
// tags, anchors and aliases of numbers, a parent of the wrong type, the
// same text written again escaped, a name or a kind that is the secret,
// lists, keys that swallow their value, and a previous version that held
// it. The secrets a case lists are every form a leak could take: the text
// as the cluster reads it, escaped as JSON and as Go quotes it, and a
// number as it reads.

// secretText is one secret: how the manifest writes it and what no output
// may hold.
type secretText struct {
	written string
	forms   []string
}

// token returns a distinctive random word: finding it in an output can
// only mean the secret leaked.
func token(r *rand.Rand) string {
	const alnum = "abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789"
	b := []byte("Zq")
	for range 10 {
		b = append(b, alnum[r.IntN(len(alnum))])
	}
	return string(b)
}

// randomSecret returns a secret written in one of the ways YAML allows a
// string or number to be written.
func randomSecret(r *rand.Rand) secretText {
	t := token(r)
	switch r.IntN(8) {
	case 0:
		return plainSecret(t)
	case 1: // a quote, a tab and a backslash, escaped in double quotes
		v := t[:4] + "\"" + t[4:7] + "\t" + t[7:] + `\x`
		return secretText{written: strconv.Quote(v), forms: forms(v)}
	case 2: // an apostrophe in single quotes
		v := t[:5] + "'" + t[5:]
		return secretText{written: "'" + strings.ReplaceAll(v, "'", "''") + "'", forms: forms(v)}
	case 3, 4:
		return randomNumber(r)
	case 5: // other scripts
		v := t[:6] + "é😀" + t[6:]
		return secretText{written: v, forms: forms(v)}
	case 6: // a colon and a hash inside, quoted
		v := t[:4] + ": " + t[4:8] + " #" + t[8:]
		return secretText{written: strconv.Quote(v), forms: forms(v)}
	}
	v := t[:6] + " " + t[6:] // a blank inside, plain
	return secretText{written: v, forms: forms(v)}
}

// randomNumber returns a secret that Kubernetes reads as a number
// written otherwise: with underscores, or in hexadecimal.
func randomNumber(r *rand.Rand) secretText {
	if r.IntN(2) == 0 {
		d := fmt.Sprintf("%d", 100_000_000_000+r.Int64N(800_000_000_000))
		w := d[:3] + "_" + d[3:6] + "_" + d[6:9] + "_" + d[9:]
		return secretText{written: w, forms: []string{w, d}}
	}
	n := 0x10_0000_0000 + r.Int64N(0xE0_0000_0000)
	w := "0x" + strconv.FormatInt(n, 16)
	return secretText{written: w, forms: []string{w, strconv.FormatInt(n, 10)}}
}

func plainSecret(t string) secretText { return secretText{written: t, forms: []string{t}} }

// forms returns v and the ways output formats escape it.
func forms(v string) []string {
	out := []string{v}
	add := func(f string) {
		for _, have := range out {
			if have == f {
				return
			}
		}
		out = append(out, f)
	}
	b, _ := json.Marshal(v)
	add(string(b[1 : len(b)-1]))
	q := strconv.Quote(v)
	add(q[1 : len(q)-1])
	return out
}

// mutation is one way of writing a manifest around a secret.
type mutation struct {
	name string
	// make returns the case, or false when the mutation does not apply
	// to m (or to flow).
	make func(r *rand.Rand, m Member, s secretText, flow bool) (Case, bool)
}

// at replaces the marker in text by what goes at the marker's line's
// indentation: a value on lines of its own.
func at(text, marker string, lines func(indent string) string) string {
	i := strings.Index(text, marker)
	if i < 0 {
		return text
	}
	ls := strings.LastIndexByte(text[:i], '\n') + 1
	indent := text[ls : ls+len(text[ls:])-len(strings.TrimLeft(text[ls:], " "))]
	return text[:i] + lines(indent) + text[i+len(marker):]
}

const marker = "@@VALUE@@"

func mutations() []mutation {
	key := func(m Member) string { return m.Path[len(m.Path)-1] }
	return []mutation{
		{"value at its key's indentation", func(r *rand.Rand, m Member, s secretText, flow bool) (Case, bool) {
			if flow {
				return Case{}, false
			}
			c := build(m, "", false, []string{key(m) + ":" + marker}, "", "", s.forms)
			c.Text = at(c.Text, marker, func(indent string) string { return "\n" + indent + s.written })
			return c, true
		}},
		{"quoted value continued under its key's indentation", func(r *rand.Rand, m Member, s secretText, flow bool) (Case, bool) {
			a, b := token(r), token(r)
			q := []string{`"`, `'`}[r.IntN(2)]
			c := build(m, "", flow, []string{key(m) + ": " + q + a + marker}, "", "", []string{a, b})
			c.Text = at(c.Text, marker, func(string) string { return "\n" + b + q })
			return c, true
		}},
		{"two keys on one line", func(r *rand.Rand, m Member, s secretText, flow bool) (Case, bool) {
			return build(m, "", flow, []string{"bogus: " + key(m) + ": " + s.written}, "", "", s.forms), true
		}},
		{"JSON left open", func(r *rand.Rand, m Member, s secretText, flow bool) (Case, bool) {
			var b strings.Builder
			sep := []string{", ", ",", ",\n  "}[r.IntN(3)]
			colon := []string{": ", ":"}[r.IntN(2)]
			b.WriteString(`{"apiVersion"` + colon + `"example.io/v1alpha1"` + sep + `"kind"` + colon + `"` + m.Kind + `"` + sep +
				`"metadata"` + colon + `{"name"` + colon + `"leak-test"}` + sep)
			for _, k := range m.Path[:len(m.Path)-1] {
				if k == "[]" {
					b.WriteString("[{")
					continue
				}
				b.WriteString(`"` + k + `"` + colon + "{")
			}
			v := s.written
			if !strings.HasPrefix(v, `"`) {
				v = strconv.Quote(s.forms[0])
			}
			b.WriteString(`"` + key(m) + `"` + colon + v + sep + `"next"` + colon + `1`)
			return Case{Kind: m.Kind, Text: b.String() + "\n", Secrets: s.forms}, true
		}},
		{"verbatim tag with a comma", func(r *rand.Rand, m Member, s secretText, flow bool) (Case, bool) {
			return build(m, "", flow, []string{"port: 25", key(m) + ": !<tag:yaml.org,2002:str> " + s.written, "bogus: 1"}, "", "", s.forms), true
		}},
		{"alias of a number's anchor", func(r *rand.Rand, m Member, s secretText, flow bool) (Case, bool) {
			n := randomNumber(r)
			return build(m, "", flow, []string{"port: &p " + n.written, key(m) + ": *p"}, "", "", n.forms), true
		}},
		{"parent of the wrong type", func(r *rand.Rand, m Member, s secretText, flow bool) (Case, bool) {
			if len(m.Path) < 2 || m.Path[len(m.Path)-2] == "[]" {
				return Case{}, false
			}
			p := m
			p.Path = append(append(append([]string{}, m.Path[:len(m.Path)-1]...), "[]"), key(m))
			return build(p, "", flow, []string{key(m) + ": " + s.written}, "", "", s.forms), true
		}},
		{"written again elsewhere", func(r *rand.Rand, m Member, s secretText, flow bool) (Case, bool) {
			before := "metadata:\n  name: leak-test\n  labels:\n    x: " + s.written + "\n  annotations: {y: " + s.written + "}\n"
			return build(m, "", flow, []string{key(m) + ": " + s.written, "bogus: " + s.written}, "", before, s.forms), true
		}},
		{"name equal to it", func(r *rand.Rand, m Member, s secretText, flow bool) (Case, bool) {
			before := "metadata:\n  name: " + s.written + "\n  namespace: " + s.written + "\n"
			return build(m, "", flow, []string{key(m) + ": " + s.written}, "", before, s.forms), true
		}},
		{"anchor on kind", func(r *rand.Rand, m Member, s secretText, flow bool) (Case, bool) {
			c := build(m, "", flow, []string{key(m) + ": *k"}, "", "", []string{m.Kind})
			c.Text = strings.Replace(c.Text, "kind: "+m.Kind, "kind: &k "+m.Kind, 1)
			return c, true
		}},
		{"no blank after the colon in a flow mapping", func(r *rand.Rand, m Member, s secretText, flow bool) (Case, bool) {
			if !flow {
				return Case{}, false
			}
			return build(m, "", true, []string{"bogus: 1", key(m) + ":" + s.written}, "", "", s.forms), true
		}},
		{"in a list", func(r *rand.Rand, m Member, s secretText, flow bool) (Case, bool) {
			c := build(m, "", flow, []string{key(m) + ": " + s.written}, "", "", s.forms)
			switch r.IntN(3) {
			case 0: // a list in a list
				c.Text = "apiVersion: v1\nkind: List\nitems:\n- apiVersion: v1\n  kind: List\n  items:\n" + indented(c.Text, "  - ", "    ")
			case 1: // items as a mapping
				c.Text = "apiVersion: v1\nkind: List\nitems:\n  one:\n" + indented(c.Text, "    ", "    ")
			default:
				c.Text = "apiVersion: v1\nkind: List\nitems:\n" + indented(c.Text, "- ", "  ")
			}
			return c, true
		}},
		{"a file kept in a Secret", func(r *rand.Rand, m Member, s secretText, flow bool) (Case, bool) {
			// A v1 Secret holds a file or an address with a password of
			// its own; the manifest writes that password elsewhere, where
			// messages quote it (an unknown field's name) or a line of
			// the source is shown.
			p := token(r)
			if r.IntN(4) == 0 {
				p = word(r) // a password of letters, masked where it stands alone
			}
			file := secretFile(r, p)
			held := "stringData:\n  conf: |\n" + indented(file, "    ", "    ")
			if r.IntN(2) == 0 {
				held = "data:\n  conf: " + base64.StdEncoding.EncodeToString([]byte(file)) + "\n"
			}
			before := "metadata:\n  name: leak-test\n  labels:\n    x: " + p + "\n  annotations: {y: " + p + "}\n"
			c := build(m, "", flow, []string{key(m) + ": " + s.written, p + ": 1", "bogus: " + p}, "", before, append([]string{p}, s.forms...))
			c.Text = "apiVersion: v1\nkind: Secret\nmetadata:\n  name: conf\n" + held + "---\n" +
				strings.Replace(c.Text, "project: leak-test", "project: "+p, 1)
			return c, true
		}},
		{"previous version", func(r *rand.Rand, m Member, s secretText, flow bool) (Case, bool) {
			// The previous version's project (immutable) was the secret's
			// text and today's is another; or the previous resource was
			// named like it and is gone (today's has another name).
			prev := build(m, "", flow, []string{key(m) + ": " + s.written}, "", "", s.forms)
			c := build(m, "", flow, []string{key(m) + ": " + token(r)}, "", "", s.forms)
			if r.IntN(2) == 0 {
				prev.Text = strings.Replace(prev.Text, "project: leak-test", "project: "+s.written, 1)
				c.Text = strings.Replace(c.Text, "project: leak-test", "project: "+token(r), 1)
			} else {
				prev.Text = strings.Replace(prev.Text, "name: leak-test", "name: "+s.written, 1)
			}
			c.Previous = prev.Text
			return c, true
		}},
	}
}

// secretFile returns a file or an address, in one of the formats a
// Secret holds, whose password is p.
func secretFile(r *rand.Rand, p string) string {
	b64 := func(s string) string { return base64.StdEncoding.EncodeToString([]byte(s)) }
	formats := []string{
		"Authorization: Basic " + b64("app:"+p),
		"Authorization: Bearer " + p,
		"Server=db.example.io;User Id=app;Password=" + p + ";",
		"app:" + p + "@tcp(db.example.io:3306)/shop",
		"jdbc:postgresql://db.example.io/shop?user=app&password=" + p,
		"db.example.io:5432:shop:app:" + p,
		`password = "` + p + `"`,
		`db = { user = "app", password = "` + p + `" }`,
		`<db user="app" password="` + p + `"/>`,
		`{"auths":{"registry.example.io":{"auth":"` + b64("app:"+p) + `"}}}`,
		"machine db.example.io login app password " + p,
		"app/" + p + "@db.example.io:1521/ORCL",
		"HOST=db.example.io\nexport PASSWORD=" + p + "\n",
		"smtp://app:" + p + "@mail.example.io:587",
		"alice:{PLAIN}" + p,
		"requirepass " + p,
		"alice," + p + ",admin",
		"passwords:\n  - " + p + "\n",
		"docker login -u app -p " + p,
		"db.password=" + p[:4] + `\u00` + strconv.FormatInt(int64(p[4]), 16) + p[5:],
		"https://db.example.io/?user=app&password=" + p[:5] + "%" + strconv.FormatInt(int64(p[5]), 16) + p[6:],
		"password=" + p[:6] + "=\n" + p[6:],
		"AUTH PLAIN " + b64("\x00app\x00"+p),
		"token=" + hex.EncodeToString([]byte(p)),
	}
	if tokenish(p) {
		// A URL's path: a piece that looks like a word is a name there.
		formats = append(formats, "https://hooks.example.io/services/T000/B000/"+p)
	}
	if r.IntN(3) == 0 {
		return composedLine(r, p)
	}
	return formats[r.IntN(len(formats))]
}

// composedLine returns a line of a file made at random: a key that no
// list of secrets' names need know, a separator or none, and p glued to
// the signs a file or a sentence puts around a value.
func composedLine(r *rand.Rand, p string) string {
	pick := func(ws ...string) string { return ws[r.IntN(len(ws))] }
	key := pick("pin", "otp", "seed", "login", "kennwort", "contrasena", "session", "cookie", "PASS", "mode", "bindpw", "x", "user alice on", "the code is")
	sep := pick("=", ": ", " = ", " ", "\t", ":", "\u00a0", " >")
	before := pick("", "", "\ufeff", "(", "'", "`")
	after := pick("", "", ".", ";", "#prod", "!", ",alice,1001", "?", "'", "`", ")")
	if tokenish(p) {
		// Glued between words: a piece that looks like a word is a name
		// there (db.example.io, /etc/ssl), one like a token a secret.
		before += pick("", "alice/", "alice.", "alice-", "DOMAIN\\alice%")
		after = pick(after, "/x", "_prod")
	}
	return key + sep + before + p + after
}

// tokenish reports whether p mixes letters and digits, as token's do.
func tokenish(p string) bool { return strings.ContainsAny(p, "0123456789") }

// word returns a password of six lower-case letters, which looks like a
// name.
func word(r *rand.Rand) string {
	b := make([]byte, 6)
	for i := range b {
		b[i] = byte('a' + r.IntN(26))
	}
	return string(b)
}

// indented writes text's lines as a block nested in another: the first
// line after first, the others after rest.
func indented(text, first, rest string) string {
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	for i := range lines {
		if i == 0 {
			lines[i] = first + lines[i]
		} else {
			lines[i] = rest + lines[i]
		}
	}
	return strings.Join(lines, "\n") + "\n"
}

// Mutated returns n cases drawn at random from seed: the same seed gives
// the same cases.
func Mutated(seed uint64, n int) []Case {
	r := rand.New(rand.NewPCG(seed, 0x5ec2e7))
	members, muts := Members(), mutations()
	var out []Case
	for len(out) < n {
		m, mu, flow := members[r.IntN(len(members))], muts[r.IntN(len(muts))], r.IntN(2) == 0
		c, ok := mu.make(r, m, randomSecret(r), flow)
		if !ok {
			continue
		}
		c.Name = fmt.Sprintf("%s/%s/%s (seed %d, case %d)", m, mu.name, map[bool]string{false: "block", true: "flow"}[flow], seed, len(out))
		if r.IntN(4) == 0 {
			c.Text = strings.ReplaceAll(c.Text, "\n", "\r\n")
			c.Previous = strings.ReplaceAll(c.Previous, "\n", "\r\n")
		}
		out = append(out, c)
	}
	return out
}
