package secret

import (
	"fmt"
	"strings"
	"testing"

	"github.com/mdscheck/mdscheck/core/document"
)

// guessCase is a document guessed as if it could not be read (most
// cannot): every byte of each of its secrets must be masked, every byte of
// each keep must not.
type guessCase struct {
	family, src   string
	secrets, keep []string
}

// guessCases are the ways a secret's value goes on in YAML, family by
// family, each in several variants (variants adds more). The secrets are
// SECRET1, SECRET2, ..., the texts to keep readable KEEP1, ... or a line
// that starts an entry: no other text of a case holds them.
var guessCases = []guessCase{
	// The value on the line after its key, at the key's own indentation.
	{"next line", "password:\nSECRET1\n", []string{"SECRET1"}, nil},
	{"next line", "spec:\n  password:\n  SECRET1\n  port: 8o80\n", []string{"SECRET1"}, []string{"port: 8o80"}},
	{"next line", "- password:\n  SECRET1\n", []string{"SECRET1"}, nil},
	{"next line", "password:   # the password\nSECRET1 # old one\n", []string{"SECRET1"}, nil},
	{"next line", "password:\n\n   \nSECRET1\n", []string{"SECRET1"}, nil},
	{"next line", "password: &a\nSECRET1\n", []string{"SECRET1"}, nil},
	{"next line", "password: !!str\nSECRET1\n", []string{"SECRET1"}, nil},
	{"next line", "password:\n\"SECRET1\"\n", []string{"SECRET1"}, nil},
	{"next line", "password:\n{a: SECRET1}\n", []string{"SECRET1"}, nil},
	{"next line", "\tpassword:\n\tSECRET1\n", []string{"SECRET1"}, nil},
	{"next line", "    password:\n  SECRET1\nport: 8o80\n", []string{"SECRET1"}, []string{"port: 8o80"}},
	{"next line", "smtp_server:\n  password:\n  SECRET1 SECRET2\n  port: 8o80\n  bad: [\n", []string{"SECRET1", "SECRET2"}, []string{"port: 8o80", "bad: ["}},
	// A sequence at the key's indentation.
	{"sequence", "password:\n- SECRET1\n- SECRET2\nport: 8o80\n", []string{"SECRET1", "SECRET2"}, []string{"port: 8o80"}},
	{"sequence", "  token:\n  - SECRET1\n  -   \"SECRET2\n  SECRET3\"\n", []string{"SECRET1", "SECRET2", "SECRET3"}, nil},
	{"sequence", "credentials:\n-\n  SECRET1\n", []string{"SECRET1"}, nil},
	// A quoted value that goes on over lines, whatever their indentation.
	{"quoted", "  password: \"SECRET1\nSECRET2\"\n", []string{"SECRET1", "SECRET2"}, nil},
	{"quoted", "    password: 'SECRET1\n  SECRET2'\n  port: 8o80\n", []string{"SECRET1", "SECRET2"}, []string{"port: 8o80"}},
	{"quoted", "  password: \"SECRET1\\\nSECRET2\"\n", []string{"SECRET1", "SECRET2"}, nil},
	{"quoted", "  password: \"SECRET1\n\nSECRET2\nport: SECRET3\"\nport: 8o80\n", []string{"SECRET1", "SECRET2", "SECRET3"}, []string{"port: 8o80"}},
	{"quoted", "  password: 'it''s SECRET1\nport: SECRET2'\n", []string{"SECRET1", "SECRET2"}, nil},
	{"quoted", "  password: \"a \\\" SECRET1\nport: SECRET2\"\n", []string{"SECRET1", "SECRET2"}, nil},
	{"quoted", "  password: !!str \"SECRET1\nSECRET2\"\n", []string{"SECRET1", "SECRET2"}, nil},
	{"quoted", "  password: &a 'SECRET1\nSECRET2'\n", []string{"SECRET1", "SECRET2"}, nil},
	{"quoted", "  password: \"SECRET1\n\tSECRET2\"\n", []string{"SECRET1", "SECRET2"}, nil},
	{"quoted", "  password: \"SECRET1 # no comment\n#SECRET2\"\n", []string{"SECRET1", "SECRET2"}, nil},
	{"quoted", "  password:\n \"SECRET1\nSECRET2\"\n", []string{"SECRET1", "SECRET2"}, nil},
	{"quoted", "  password:\"SECRET1\nkey: SECRET2\"\n", []string{"SECRET1", "SECRET2"}, nil},
	{"quoted", "  password: \"SECRET1\nSECRET2", []string{"SECRET1", "SECRET2"}, nil},
	{"quoted", "name: \"unclosed\n  password: SECRET1\nport: 8o80\n", []string{"SECRET1"}, []string{"port: 8o80"}},
	// Two keys on one line.
	{"two keys", "smtp_server: password: SECRET1\n", []string{"SECRET1"}, nil},
	{"two keys", "smtp_server:  password:SECRET1\n", []string{"SECRET1"}, nil},
	{"two keys", "a: b: password: SECRET1 # c\n", []string{"SECRET1"}, nil},
	{"two keys", "- smtp_server: password: SECRET1\n  port: 8o80\n", []string{"SECRET1"}, []string{"port: 8o80"}},
	{"two keys", "smtp_server: password:\n  SECRET1\n", []string{"SECRET1"}, nil},
	{"two keys", "smtp_server: password:\nSECRET1\n", []string{"SECRET1"}, nil},
	{"two keys", "smtp_server: password: \"SECRET1\nSECRET2\"\n", []string{"SECRET1", "SECRET2"}, nil},
	{"two keys", "smtp_server: token: SECRET1\n  SECRET2\n", []string{"SECRET1", "SECRET2"}, nil},
	{"two keys", "smtp_server: password\t: SECRET1\n", []string{"SECRET1"}, nil},
	{"two keys", "smtp_server: \"password\": SECRET1\n", []string{"SECRET1"}, nil},
	{"two keys", "the admin password: SECRET1\n", []string{"SECRET1"}, nil},
	// A JSON-style flow left open, on one line or over several.
	{"json", "{\"spec\": {\"password\": \"SECRET1\", \"port\": 8o80\n", []string{"SECRET1"}, nil},
	{"json", "{\"spec\": {\"password\":\"SECRET1\"\n", []string{"SECRET1"}, nil},
	{"json", "{\"spec\":{\"password\":\"SECRET1\",\"port\":8o80", []string{"SECRET1"}, nil},
	{"json", "{\"spec\": {\"password\":\n\"SECRET1\"\n", []string{"SECRET1"}, nil},
	{"json", "{\"spec\": {\n  \"password\":\n  \"SECRET1\",\n  \"port\": 8o80\n", []string{"SECRET1"}, []string{"\"port\": 8o80"}},
	{"json", "{\n  \"spec\": {\n    \"password\": \"SECRET1\"\n    \"port\": 8o80\n", []string{"SECRET1"}, []string{"\"port\": 8o80"}},
	{"json", "{\"spec\": {\"password\": \"SECRET1\nSECRET2\", \"port\": 1\n", []string{"SECRET1", "SECRET2"}, nil},
	{"json", "{\"spec\": {\"password\": {\"a\": \"SECRET1\",\n\"b\": \"SECRET2\"\n", []string{"SECRET1", "SECRET2"}, nil},
	{"json", "{\"spec\": {\"password\": [\"SECRET1\",\n\"b\": \"SECRET2\"]}, \"x\":\n\"port\": 8o80\n", []string{"SECRET1", "SECRET2"}, []string{"\"port\": 8o80"}},
	{"json", "[{\"password\" : \"SECRET1\"}, {\"x\":\n", []string{"SECRET1"}, nil},
	{"json", "{\"spec\": {\"p\\u0061ssword\":\"SECRET1\"\n", []string{"SECRET1"}, nil},
	{"json", "{\"spec\": {\"password\"\n: \"SECRET1\"}\n", []string{"SECRET1"}, nil},
	{"json", "{\"spec\": {\"password\"  # the key\n  :\n  \"SECRET1\"}\n", []string{"SECRET1"}, nil},
	// A key in a flow mapping, the value going on over lines.
	{"flow", "spec: {host: h, password: SECRET1}\n", []string{"SECRET1"}, nil},
	{"flow", "spec: {host: h, password:SECRET1}\n", []string{"SECRET1"}, nil},
	{"flow", "spec: {host: h, password: SECRET1,\n  port: 8o80}\n", []string{"SECRET1"}, []string{"port: 8o80"}},
	{"flow", "spec: {host: h, password:\n  SECRET1}\n", []string{"SECRET1"}, nil},
	{"flow", "spec: {host: h, password: SECRET1,\nSECRET2}\n", []string{"SECRET1", "SECRET2"}, nil},
	{"flow", "spec: {host: h, password: SECRET1\n SECRET2}\n", []string{"SECRET1", "SECRET2"}, nil},
	{"flow", "spec: [{password: SECRET1}, {token: [SECRET2,\nSECRET3: x]}]\n", []string{"SECRET1", "SECRET2", "SECRET3"}, nil},
	{"flow", "spec: {host: h, password: {a: SECRET1,\nb: SECRET2}, c: 1}\nport: 8o80\n", []string{"SECRET1", "SECRET2"}, []string{"port: 8o80"}},
	{"flow", "spec: {host: h, !!str password: SECRET1}\n", []string{"SECRET1"}, nil},
	{"flow", "spec: {host: h, &k password : SECRET1}\n", []string{"SECRET1"}, nil},
	{"flow", "spec: {host: h, 'password': SECRET1}\n", []string{"SECRET1"}, nil},
	{"flow", "spec: {? password : SECRET1}\n", []string{"SECRET1"}, nil},
	{"flow", "spec: {host: \"}\", password: [SECRET1,\n# ]\nSECRET2]}\n", []string{"SECRET1", "SECRET2"}, nil},
	{"flow", "password: [SECRET1,\nport: SECRET2", []string{"SECRET1", "SECRET2"}, nil},
	// A block scalar, with or without indicators.
	{"block scalar", "password: |\n  SECRET1\n  SECRET2\n", []string{"SECRET1", "SECRET2"}, nil},
	{"block scalar", "password: >-\n  SECRET1\n\n  SECRET2\n", []string{"SECRET1", "SECRET2"}, nil},
	{"block scalar", "  password: |2\n    SECRET1\n", []string{"SECRET1"}, nil},
	{"block scalar", "  password: |1-\n   SECRET1\n", []string{"SECRET1"}, nil},
	{"block scalar", "  password: |\n SECRET1\n", []string{"SECRET1"}, nil},
	{"block scalar", "  password: >+ # c\nSECRET1\n", []string{"SECRET1"}, nil},
	{"block scalar", "  password: !!binary |\n    SECRET1\n", []string{"SECRET1"}, nil},
	{"block scalar", "  password: |\n    SECRET1 \"quote\n  port: 8o80\n", []string{"SECRET1"}, []string{"port: 8o80"}},
	{"block scalar", "- password: |\n    SECRET1 [\n  - SECRET2\n", []string{"SECRET1", "SECRET2"}, nil},
	{"block scalar", "script: |\n  \"x [\npassword: SECRET1\nport: 8o80\n", []string{"SECRET1"}, []string{"port: 8o80"}},
	// A plain scalar over lines, also too far left.
	{"plain", "password: SECRET1\n  SECRET2\n", []string{"SECRET1", "SECRET2"}, nil},
	{"plain", "  password: SECRET1\nSECRET2\n", []string{"SECRET1", "SECRET2"}, nil},
	{"plain", "  password: SECRET1\n\n    SECRET2\n", []string{"SECRET1", "SECRET2"}, nil},
	{"plain", "  password: SECRET1\n    SECRET2: x\n", []string{"SECRET1", "SECRET2"}, nil},
	{"plain", "password: SECRET1 # c\n  SECRET2\n", []string{"SECRET1", "SECRET2"}, nil},
	{"plain", "password: it's SECRET1\nSECRET2\nport: 8o80\n", []string{"SECRET1", "SECRET2"}, []string{"port: 8o80"}},
	// The key written in every way.
	{"spelling", "\"password\": SECRET1\n", []string{"SECRET1"}, nil},
	{"spelling", "'password': SECRET1\n", []string{"SECRET1"}, nil},
	{"spelling", "\"p\\x61ssword\": SECRET1\n", []string{"SECRET1"}, nil},
	{"spelling", "\"\\u0070assword\":SECRET1\n", []string{"SECRET1"}, nil},
	{"spelling", "!!str password: SECRET1\n", []string{"SECRET1"}, nil},
	{"spelling", "!<tag:yaml.org,2002:str> password: SECRET1\n", []string{"SECRET1"}, nil},
	{"spelling", "&a password: SECRET1\n", []string{"SECRET1"}, nil},
	{"spelling", "password : SECRET1\n", []string{"SECRET1"}, nil},
	{"spelling", "password\t\t:\tSECRET1\n", []string{"SECRET1"}, nil},
	{"spelling", "password:\tSECRET1\n", []string{"SECRET1"}, nil},
	{"spelling", "? password\n: SECRET1\n", []string{"SECRET1"}, nil},
	{"spelling", "? \"password\" # key\n: SECRET1\n", []string{"SECRET1"}, nil},
	{"spelling", "- ? password\n  : SECRET1\n", []string{"SECRET1"}, nil},
	{"spelling", "? |\n  password\n: SECRET1\n", []string{"SECRET1"}, nil},
	{"spelling", "? pass\n  word\n: SECRET1\n", []string{"SECRET1"}, nil},
	{"spelling", "? \"pass\\\n  word\"\n: SECRET1\n", []string{"SECRET1"}, nil},
	{"spelling", "x: &k password\n*k : SECRET1\n", []string{"SECRET1"}, nil},
	{"spelling", "- &k \"p\\x61ssword\": x\n- {*k : SECRET1}\n", []string{"SECRET1"}, nil},
	{"spelling", "- &k !!str password\n- *k : SECRET1\n", []string{"SECRET1"}, nil},
	{"spelling", "x: &k \"pass\\\n  word\"\n*k : SECRET1\n", []string{"SECRET1"}, nil},
	{"spelling", "client_secret: SECRET1\nsecret_key: SECRET2\naccess_key: SECRET3\nkey: SECRET4\n" +
		"sas_token: SECRET5\ncredentials: SECRET6\nemail_sender_password: SECRET7\ntoken: SECRET8\n",
		[]string{"SECRET1", "SECRET2", "SECRET3", "SECRET4", "SECRET5", "SECRET6", "SECRET7", "SECRET8"}, nil},
	{"spelling", "CLIENT_SECRET: SECRET1\nPassword: SECRET2\npasswd: SECRET3\npassw0rd: SECRET4\npasswords: SECRET5\npassword_: SECRET6\n",
		[]string{"SECRET1", "SECRET2", "SECRET3", "SECRET4", "SECRET5", "SECRET6"}, nil},
	{"template", "{{ .Values.k }}: SECRET1 x\n{{- \"token\" }} : SECRET2\n{{{ \"password\" }}: SECRET3\n", []string{"SECRET1", "SECRET2", "SECRET3"}, nil},
	{"template", "{pass{{ \"\" }}word: SECRET1, x: [}\n", []string{"SECRET1"}, nil},
	{"half typed", "smtp_server:\n  password SECRET1\n  host: KEEP1\n  - token   SECRET2 x\n", []string{"SECRET1", "SECRET2"}, []string{"KEEP1"}},
	// The value of an anchor that a secret's value aliases, written before it.
	{"alias", "metadata:\n  name: &s SECRET1\n  labels: {team: *s}\nspec:\n  password: *s\n", []string{"SECRET1"}, nil},
	{"alias", "name: &s |\n  SECRET1\n  SECRET2\nport: 8o80\ntoken: [x, *s]\n", []string{"SECRET1", "SECRET2"}, []string{"port: 8o80"}},
	{"alias", "a: {b: &s \"SECRET1\nSECRET2\", c: 1}\nkey: {x: *s}\n", []string{"SECRET1", "SECRET2"}, nil},
	{"alias", "a: &x SECRET1\nb: &y [*x, KEEP1]\npassword: *y\n", []string{"SECRET1", "KEEP1"}, nil},
	{"alias", "a: &x SECRET1\nb: &y {c: *x}\nd: &z [*y]\ntoken: *z\n", []string{"SECRET1"}, nil},
	// A key over lines: a double-quoted key in a flow mapping.
	{"multi-line key", "{\"pass\\\n  word\": SECRET1}\n", []string{"SECRET1"}, nil},
	{"multi-line key", "spec: {a: 1, \"p\\\n\n  \\ assword\"\n  : SECRET1}\n", []string{"SECRET1"}, nil},
	// No secret, or a secret that ends before the readable line.
	{"negative", "name: &s KEEP1\nother: *s\npassword: SECRET1\n", []string{"SECRET1"}, []string{"KEEP1"}},
	{"negative", "spec:\n  host: KEEP1\n  port: 8o80\n  bad: [\n", nil, []string{"KEEP1", "port: 8o80", "bad: ["}},
	// A secret's name as a word of a longer name names a secret; inside
	// a word (monkey) it does not, nor in a member the schema knows.
	{"negative", "monkey: KEEP1\napi-key: SECRET1\npassword_hint: SECRET2\ndescription: KEEP5\ntoken_url: KEEP6\n",
		[]string{"SECRET1", "SECRET2"}, []string{"KEEP1", "KEEP5", "KEEP6"}},
	// Near enough to a secret's name to be a misspelling of it.
	{"spelling", "tokens: SECRET1\nx.password: SECRET2\n", []string{"SECRET1", "SECRET2"}, nil},
	{"negative", "description: my password is KEEP1\nurl: http://h/?key=KEEP2\n", nil, []string{"KEEP1", "KEEP2"}},
	{"negative", "? name\n: KEEP1\n", nil, []string{"KEEP1"}},
	{"negative", "name: &n myname\nbase: &b {a: 1}\n*n : KEEP1\n*b : KEEP2\n*c : KEEP3\nx: a&b c\n*b : KEEP4\n", nil,
		[]string{"KEEP1", "KEEP2", "KEEP3", "KEEP4"}},
	{"negative", "env: {name: x, key: password}\nnext: KEEP1\n- KEEP2\n", nil, []string{"KEEP1", "KEEP2"}},
	{"negative", "password: SECRET1\n# comment KEEP1\nport: 8o80\n", []string{"SECRET1"}, []string{"KEEP1", "port: 8o80"}},
	{"negative", "spec:\n  password: SECRET1\n  port: 8o80\n  bad: [x\n  more: KEEP1\n", []string{"SECRET1"}, []string{"port: 8o80", "bad: [x"}},
	{"negative", "a: {password: SECRET1}\nb: [x,\ny]\n", []string{"SECRET1"}, []string{"b: [x,", "y]"}},
	{"negative", "a: [x, {token: SECRET1}, y,\nz]\n", []string{"SECRET1"}, []string{"z]"}},
}

// variants returns src as written and in other forms that must not
// change what is masked: CRLF line ends, no line end at the end of the
// document, nested below two more keys, after other documents' lines.
func variants(src string) map[string]string {
	nested := "spec:\n  userConfig:\n"
	for _, l := range strings.SplitAfter(src, "\n") {
		if l != "" {
			nested += "    " + l
		}
	}
	return map[string]string{
		"":                src,
		", CRLF":          strings.ReplaceAll(src, "\n", "\r\n"),
		", no final EOL":  strings.TrimSuffix(src, "\n"),
		", nested":        nested,
		", after others":  "apiVersion: example.io/v1alpha1\nkind: Grafana\nmetadata: {name: x}\n" + src,
		", before broken": src + "\nbroken: [\n",
	}
}

// unmasked returns where in src[from:to] secret is written with a byte
// out of every span, or -1.
func unmasked(src string, spans []document.Span, secret string, from, to int) int {
	for at := from; ; at++ {
		i := strings.Index(src[at:to], secret)
		if i < 0 {
			return -1
		}
		at += i
		if !covered(spans, at, at+len(secret)) {
			return at
		}
	}
}

// covered reports whether every byte of src[i:j] is in a span.
func covered(spans []document.Span, i, j int) bool {
	for _, sp := range spans {
		if sp.Start <= i && i < sp.End {
			i = sp.End
		}
	}
	return i >= j
}

// touched reports whether a byte of src[i:j] is in a span.
func touched(spans []document.Span, i, j int) bool {
	for _, sp := range spans {
		if sp.Start < j && i < sp.End {
			return true
		}
	}
	return false
}

func TestGuess(t *testing.T) {
	for _, c := range guessCases {
		for name, src := range variants(c.src) {
			// The document is framed by other text: Guess reads only its own.
			framed := "x: \"\n---\n" + src + "\n---\ny: '\n"
			start := strings.Index(framed, "---\n") + 4
			end := strings.LastIndex(framed, "\n---")
			spans := Guess(framed, start, end)
			checkSpans(t, spans, start, end)
			show := func() string { return mask(framed[start:end], spans, start) }
			for _, s := range c.secrets {
				if !strings.Contains(c.src, s) {
					t.Fatalf("%s %q: no %s in it", c.family, c.src, s)
				}
				if at := unmasked(framed, spans, s, start, end); at >= 0 {
					t.Errorf("%s%s %q: %s not masked:\n%s", c.family, name, c.src, s, show())
				}
			}
			for _, k := range c.keep {
				i := strings.Index(framed[start:end], k)
				if i < 0 {
					t.Fatalf("%s %q: no %s in it", c.family, c.src, k)
				}
				if touched(spans, start+i, start+i+len(k)) {
					t.Errorf("%s%s %q: %s masked:\n%s", c.family, name, c.src, k, show())
				}
			}
		}
	}
}

// TestGuessErrorLineReadable: the line the reader reports stays readable
// when it holds no secret, with secrets before and after it.
func TestGuessErrorLineReadable(t *testing.T) {
	for _, src := range []string{
		"spec:\n  password: SECRET1\n  port: 8o80\n  bad: [\n  token: SECRET2\n",
		"spec:\n  userConfig:\n    password: \"SECRET1\"\n    port: 8o80\n   x: 1\n",
		"{\"spec\": {\"password\": \"SECRET1\",\n  \"port\": 8o80,,\n \"token\": \"SECRET2\"}}\n",
		"{\"spec\": {\"password\": \"SECRET1\",\n  \"port\": [8o80}\n}}\n",
	} {
		d := document.ParseStream(src, document.DefaultLimits).Docs[0]
		if d.Err == nil {
			t.Fatalf("%q can be read", src)
		}
		spans := Guess(src, d.Start, d.End)
		ls := strings.LastIndexByte(src[:d.Err.Start], '\n') + 1
		le := ls + strings.IndexByte(src[ls:], '\n')
		if strings.Contains(src[ls:le], "SECRET") {
			t.Fatalf("%q: the error's line %q holds a secret", src, src[ls:le])
		}
		if touched(spans, ls, le) {
			t.Errorf("%q: the error's line %q is masked:\n%s", src, src[ls:le], mask(src, spans, 0))
		}
		if at := unmasked(src, spans, "SECRET", 0, len(src)); at >= 0 {
			t.Errorf("%q: a secret at %d is not masked:\n%s", src, at, mask(src, spans, 0))
		}
	}
}

// guessShapes are documents in shapes that would make a rescanning guess
// quadratic: BenchmarkGuessShapes reads each at two sizes, and the time
// per byte stays the same. size is the document's length in bytes.
func guessShapes(size int) map[string]string {
	return map[string]string{
		"colons":        strings.Repeat(":", size),
		"blank colons":  strings.Repeat(" :", size/2),
		"names":         strings.Repeat("a", size-10) + "password:x",
		"keys":          strings.Repeat("password: ", size/10),
		"one flow line": "{" + strings.Repeat("password: [a, ", size/16),
		"lines":         strings.Repeat("password:\n", size/10),
		"deep":          strings.Repeat("  password: x\n", size/14),
		"quotes":        strings.Repeat("password: \"\n", size/12),
		"explicit":      strings.Repeat("? password\n", size/11),
		"tags":          strings.Repeat("!t ", size/3-10) + "password: x",
		"block":         "password: |\n" + strings.Repeat("  a: 'b\n", size/8),
	}
}

// TestGuessShapes: the guess of each shape is a set of spans in order,
// apart and within the document.
func TestGuessShapes(t *testing.T) {
	for name, src := range guessShapes(1 << 16) {
		t.Run(name, func(t *testing.T) {
			checkSpans(t, Guess(src, 0, len(src)), 0, len(src))
		})
	}
}

// BenchmarkGuessShapes reads each shape at 256 KiB and 1 MiB: a linear
// guess takes the same time per byte (the MB/s column) at both sizes.
func BenchmarkGuessShapes(b *testing.B) {
	for _, size := range []int{256 << 10, 1 << 20} {
		for name, src := range guessShapes(size) {
			b.Run(fmt.Sprintf("%s/%dKiB", name, size>>10), func(b *testing.B) {
				b.SetBytes(int64(len(src)))
				for b.Loop() {
					Guess(src, 0, len(src))
				}
			})
		}
	}
}

// checkSpans fails unless spans are non-empty, within [start, end), in
// order, apart, and each on one line.
func checkSpans(t testing.TB, spans []document.Span, start, end int) {
	t.Helper()
	last := start
	for _, sp := range spans {
		if sp.Start < last || sp.End <= sp.Start || sp.End > end {
			t.Fatalf("span %v out of order or out of [%d, %d): %v", sp, start, end, spans)
		}
		last = sp.End
	}
}

// mask shows text with the bytes of spans (offsets from base) as '#'.
func mask(text string, spans []document.Span, base int) string {
	b := []byte(text)
	for _, sp := range spans {
		for i := sp.Start - base; i < sp.End-base; i++ {
			b[i] = '#'
		}
	}
	return string(b)
}

// familyTails are secrets written at the start of a line, which every
// text before them leaves masked: a key is looked for in any state.
var familyTails = []string{
	"password: SECRET1",
	"password:\nSECRET1",
	"password: \"SECRET1\nSECRET1\"",
	"password: 'SECRET1\nSECRET1'",
	"x: password: SECRET1",
	"{\"password\":\"SECRET1\"",
	"password: [SECRET1,\nSECRET1: x]",
	"password: |\n  SECRET1",
	"password:\n- SECRET1",
}

func FuzzGuess(f *testing.F) {
	for _, c := range guessCases {
		f.Add(c.src, uint16(0), uint16(len(c.src)), uint8(0))
		f.Add(strings.ReplaceAll(c.src, "\n", "\r"), uint16(1), uint16(len(c.src)), uint8(len(c.secrets)))
	}
	f.Fuzz(func(t *testing.T, src string, a, b uint16, tail uint8) {
		start := int(a) % (len(src) + 1)
		end := start + int(b)%(len(src)-start+1)
		spans := Guess(src, start, end)
		checkSpans(t, spans, start, end)
		for _, sp := range spans {
			if strings.ContainsAny(src[sp.Start:sp.End], "\r\n") {
				t.Fatalf("span %v crosses a line end", sp)
			}
		}
		// Whatever comes before, a secret's key on a line of its own
		// masks its value.
		if strings.Contains(src, "SECRET1") {
			return
		}
		doc := src + "\n" + familyTails[int(tail)%len(familyTails)]
		spans = Guess(doc, 0, len(doc))
		checkSpans(t, spans, 0, len(doc))
		if at := unmasked(doc, spans, "SECRET1", len(src), len(doc)); at >= 0 {
			t.Fatalf("%q: SECRET1 at %d not masked:\n%s", doc, at, mask(doc, spans, 0))
		}
	})
}
