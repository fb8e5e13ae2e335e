package secret

import (
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"testing"
)

// TestGateCleansEveryForm: a secret's text comes out of a message
// whichever way the message writes it.
func TestGateCleansEveryForm(t *testing.T) {
	for _, tc := range []struct {
		name, secret, shown string
	}{
		{"as written", "hunter2-Sx7Qv9", "password hunter2-Sx7Qv9 is wrong"},
		{"quoted by Go", "ab\"cd\tef", "key " + strconv.Quote("ab\"cd\tef") + " is unknown"},
		{"quoted by Go, in a longer string", "ab\"cd\tef", "key " + strconv.Quote("x-ab\"cd\tef-y")},
		{"escaped for JSON", "a\x01b<cd", `"a\u0001b<cd"`},
		{"a number as it reads", "1_234_567", "is the number 1234567 for Kubernetes"},
		{"a hexadecimal number", "0x1F4A2", "is 128162"},
		{"a JSON pointer token", "ab/cd~ef", "/spec/ab~1cd~0ef/x"},
		{"a line of a block", "first-line\nsecond-line", "see second-line"},
		{"escaped for a GitHub annotation", "ab%cd\nef", "::error::x ab%25cd%0Aef"},
		{"in single quotes", "it's-a-secret", "'it''s-a-secret'"},
		{"without a control character at its end", "ZqwgnKRBLm\x00", `"ZqwgnKRBLm" is not allowed`},
		{"without blanks at its ends", "\tZqwgnKRBLm ", `"ZqwgnKRBLm" is not allowed`},
		{"the same number with '_'", "973706105", "973_706_105 is above the maximum"},
		{"the same number in octal", "973706105", "0o7202311571 is above"},
		{"the same number in hexadecimal", "973706105", "is 0x3A09_9379."},
		{"the same number with an exponent", "649660384", "649660.384000e3 is not an integer"},
		{"the same number, signed", "649660384", "+649660384"},
		{"a whole number past 64 bits, as Kubernetes gets it", "123456789012345678901234", "is 1.2345678901234569e+23"},
		{"a whole number past 64 bits, as JSON writes it", "98765432109876543210", "is 98765432109876540000"},
		{"a string of JSON kept in the secret", `{"auths":{"r.example.io":{"username":"u","password":"qz7xk2plmn4vr8tw"}}}`, "name qz7xk2plmn4vr8tw"},
		{"an escaped string of JSON kept in the secret", `{"tokens": ["a\"b-qz7xk2plmn"]}`, `is a"b-qz7xk2plmn`},
		{"the text of an XML element kept in the secret", "<conf>\n  <password>qz7xk2plmn4vr8tw</password>\n</conf>", "name qz7xk2plmn4vr8tw"},
		{"the password of a URL kept in the secret", "postgres://app:qz7x%40k2pl@db.example.io:5432/app", "is qz7x@k2pl"},
		{"the password of a URL, as written", "postgres://app:qz7x%40k2pl@db.example.io:5432/app", "is qz7x%40k2pl"},
		{"cut short in a message", "SECRETxJqkWmPzRtLvBnHcYdGfAsQeUoIpKlMnBvCxZaSdFgHjKlQwErTyUiOp", `"SECRETxJqkWmPzRtLvBnHcYdGfAsQeUoIpKlMnBvCxZaSdFgHjKlQwErT..." does not match`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var g Gate
			g.Add(tc.secret)
			got := g.Clean(tc.shown)
			if !strings.Contains(got, Masked) {
				t.Errorf("Clean(%q) = %q: the secret %q is not masked", tc.shown, got, tc.secret)
			}
			if g.Holds(got) {
				t.Errorf("Clean(%q) = %q still holds the secret", tc.shown, got)
			}
		})
	}
}

// TestGateRaw: text that may be a secret as written is masked whole and
// word by word.
func TestGateRaw(t *testing.T) {
	var g Gate
	g.AddRaw(`!<tag:yaml.org,2002:str> Sx7Qv9Wd}`)
	for _, s := range []string{"key 2002:str> Sx7Qv9Wd is unknown", `"Sx7Qv9Wd"`} {
		if got := g.Clean(s); strings.Contains(got, "Sx7Qv9Wd") {
			t.Errorf("Clean(%q) = %q", s, got)
		}
	}
}

// TestGateRawQuoted: a quoted value of a document that could not be read
// is a secret as written and as it reads.
func TestGateRawQuoted(t *testing.T) {
	for raw, reads := range map[string]string{
		`'QuotedAbc''DefGhijk'`:      "QuotedAbc'DefGhijk",
		`"HexEscAbc\x41DefGhijk"`:    "HexEscAbcADefGhijk",
		`"UniEscAbc\u0041DefGhijk x`: "UniEscAbcADefGhijk x",
		"'over\n   lines-of-it'":     "over lines-of-it",
	} {
		var g Gate
		g.AddRaw(raw)
		if got := g.Clean("the value " + reads + " is wrong"); strings.Contains(got, reads) {
			t.Errorf("AddRaw(%q): Clean left %q", raw, got)
		}
	}
}

// TestGateNumbersOnlyTheirs: a number is masked for its value, not for
// looking like one.
func TestGateNumbersOnlyTheirs(t *testing.T) {
	var g Gate
	g.Add("973706105")
	for _, s := range []string{"973706106 is fine", "v973_706_105", "1.973_706_105.1", "0x3A09C37"} {
		if got := g.Clean(s); got != s {
			t.Errorf("Clean(%q) = %q", s, got)
		}
	}
}

// TestGateShortTexts: texts under Shortest bytes are not looked for.
func TestGateShortTexts(t *testing.T) {
	var g Gate
	g.Add("abc")
	if !g.Empty() {
		t.Fatal("a three-byte secret made the gate look for it")
	}
	if got := g.Clean("abc abc"); got != "abc abc" {
		t.Errorf("Clean = %q", got)
	}
}

// TestGateOverlaps: forms that overlap are masked as one.
func TestGateOverlaps(t *testing.T) {
	var g Gate
	g.Add("abcdef")
	g.Add("defghi")
	if got := g.Clean("xx abcdefghi yy abcdef"); got != "xx (secret) yy (secret)" {
		t.Errorf("Clean = %q", got)
	}
}

// TestGateJSON: string values lose their secrets, keys and what is safe
// stay, and the result is the same JSON otherwise.
func TestGateJSON(t *testing.T) {
	var g Gate
	g.Add(`pa"ss/word`)
	g.Safe("deploy/pa\"ss/word.yaml")
	in := map[string]any{
		"message": `value "pa\"ss/word" is wrong`,
		"path":    "deploy/pa\"ss/word.yaml",
		"pointer": "/spec/pa\"ss~1word",
		"list":    []any{"pa\"ss/word", 3, true},
	}
	b, _ := json.Marshal(in)
	out := g.JSON(b)
	var back map[string]any
	if err := json.Unmarshal(out, &back); err != nil {
		t.Fatalf("not JSON after the gate: %v\n%s", err, out)
	}
	if g.Holds(string(out)) && strings.Contains(string(out), `pa\"ss/word"`) {
		t.Errorf("the secret is still there: %s", out)
	}
	if back["path"] != "deploy/pa\"ss/word.yaml" {
		t.Errorf("a safe text changed: %v", back["path"])
	}
	if back["message"] != "value \"(secret)\" is wrong" || back["pointer"] != "/spec/(secret)" {
		t.Errorf("got %s", out)
	}
	if l := back["list"].([]any); l[0] != Masked || l[1] != 3.0 || l[2] != true {
		t.Errorf("list = %v", l)
	}
}

// FuzzGate: the gate never panics, Clean leaves no form of the secret
// behind, and JSON stays JSON.
func FuzzGate(f *testing.F) {
	f.Add("hunter2", "the hunter2 value", `{"a":"hunter2"}`)
	f.Add("a\"b\\c\td", `x "a\"b\\c\td"`, `["a\"b\\c\td"]`)
	f.Fuzz(func(t *testing.T, secret, shown, js string) {
		var g Gate
		g.Add(secret)
		got := g.Clean(shown)
		// A secret with a parenthesis may be made again by the mask's own
		// ends: "(secret)" followed by "abc" holds ")abc".
		if len(secret) >= Shortest && !strings.ContainsAny(secret, "()") && strings.Contains(got, secret) {
			t.Fatalf("Clean(%q) = %q holds %q", shown, got, secret)
		}
		if json.Valid([]byte(js)) && !json.Valid(g.JSON([]byte(js))) {
			t.Fatalf("JSON(%s) = %s is no JSON", js, g.JSON([]byte(js)))
		}
	})
}

// TestForeign: another program's message is cut before a secret's name
// and before its second line.
func TestForeign(t *testing.T) {
	var g Gate
	g.Add("known-secret")
	for _, tc := range []struct{ in, want string }{
		{"no such file: kustomization.yaml", "no such file: kustomization.yaml"},
		{"patch failed: map[spec:map[Password:hunter2]]", "patch failed: map[spec:map["},
		{"bad value known-secret in line 3", "bad value (secret) in line 3"},
		{"failed to apply\nuserConfig:\n  x: 1", "failed to apply"},
		{"trouble with config: `\npatch: |-\n  password: hunter2\n`: open p.yaml: not a regular file", "trouble with config: (text left out): open p.yaml: not a regular file"},
		{`unable to parse SM or JSON patch from [patch: "spec:\n  \"pass\\x77ord\": hunter2"]`, "unable to parse SM or JSON patch from [patch: "},
		{`no resource matches strategic merge patch "Grafana.v1alpha1.example.io/g.[noNs]"`, `no resource matches strategic merge patch "Grafana.v1alpha1.example.io/g.[noNs]"`},
		{`unterminated "passwd hunter2`, "unterminated "},
		{"env source files: [app.env]: line [255 254 68 66 95 80] has invalid utf8 bytes", "env source files: [app.env]: line "},
	} {
		if got, _ := g.Foreign(tc.in); got != tc.want {
			t.Errorf("Foreign(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestStartOfALongSecretIsTheSecret: a text that starts as the first 64
// bytes of a longer secret is masked as far as it goes on as the secret
// (it shows 64 bytes of it), and no further; fewer bytes of it are
// another text. Many secrets that start alike are each found.
func TestStartOfALongSecretIsTheSecret(t *testing.T) {
	var b strings.Builder
	for i := range 25 {
		fmt.Fprintf(&b, "q%03d", i)
	}
	secret := b.String() // 100 bytes, no two places alike
	var g Gate
	g.Add(secret)
	for _, tc := range []struct {
		name, text, want string
	}{
		{"whole", "pw " + secret + " end", "pw " + Masked + " end"},
		{"its first 64 bytes, then other text", "pw " + secret[:64] + "-other", "pw " + Masked + "-other"},
		{"its first 80 bytes, then other text", "pw " + secret[:80] + "-other", "pw " + Masked + "-other"},
		{"its first 64 bytes at the end", "pw " + secret[:64], "pw " + Masked},
		{"its first 40 bytes", "pw " + secret[:40] + " end", "pw " + secret[:40] + " end"},
		{"repeated", strings.Repeat(secret, 1000), Masked},
	} {
		if got := g.Clean(tc.text); got != tc.want {
			t.Errorf("%s: Clean = %q, want %q", tc.name, got, tc.want)
		}
	}
	// A secret of one letter: every place of it starts the secret again,
	// and the mask still ends where the secret does.
	var one Gate
	one.Add(strings.Repeat("x", 300))
	if got := one.Clean("{pw: " + strings.Repeat("x", 300) + "}"); got != "{pw: "+Masked+"}" {
		t.Errorf("a secret of one letter, in a flow: %q", got)
	}
	var many Gate
	for i := range 1000 {
		many.Add(fmt.Sprintf("password-%04d", i))
	}
	if got := many.Clean("a password-0999 b password-0000 c password-12 d"); got != "a "+Masked+" b "+Masked+" c password-12 d" {
		t.Errorf("many secrets that start alike: %q", got)
	}
	// Four bytes the filter cannot tell from a secret's start.
	want := many.slot(prefix("password-"))
	for i := 0; ; i++ {
		w := fmt.Sprintf("%04x", i)
		if many.slot(prefix(w)) != want || w == "pass" {
			continue
		}
		if got := many.Clean(w + " password-0001"); got != w+" "+Masked {
			t.Errorf("after %q, a start the filter mistakes: %q", w, got)
		}
		break
	}
}

// FuzzFindCoversEveryForm: every place of a text where a form of one of
// its secrets is written lies inside a span Find reports, as a search
// for each form in turn finds them.
func FuzzFindCoversEveryForm(f *testing.F) {
	f.Add("hunter2-x", "q000q001q002q003q004q005q006q007q008q009q010q011q012q013q014q015q016", "pw hunter2-x and q000q001q002q003q004q005q006q007q008q009q010q011q012q013q014q015q016!")
	f.Add("aaaa", "aaaab", "aaaaaaaab...")
	f.Fuzz(func(t *testing.T, a, b, s string) {
		var g Gate
		g.Add(a)
		g.Add(b)
		covered := make([]bool, len(s))
		g.Find(s, func(start, end int) {
			for i := start; i < end; i++ {
				covered[i] = true
			}
		})
		for k := range g.buckets {
			for _, form := range g.buckets[k].forms() {
				for at := 0; at+len(form) <= len(s); at++ {
					if !strings.HasPrefix(s[at:], form) {
						continue
					}
					for i := at; i < at+len(form); i++ {
						if !covered[i] {
							t.Fatalf("%q at %d of %q is not masked whole", form, at, s)
						}
					}
				}
			}
		}
	})
}

// TestGateEscapedAsTheFormatsEscape: a secret is masked however Go,
// encoding/json, a JSON pointer, GitHub's annotations and YAML's single
// quotes escape it, for a secret of printable ASCII and line breaks (for
// which Go and JSON write the same text) and for others.
func TestGateEscapedAsTheFormatsEscape(t *testing.T) {
	jsonOf := func(s string) string {
		var b strings.Builder
		e := json.NewEncoder(&b)
		e.SetEscapeHTML(false)
		if err := e.Encode(s); err != nil {
			t.Fatal(err)
		}
		return strings.TrimSuffix(b.String(), "\n")
	}
	for _, secret := range []string{
		"user=app\npass=\"qz7x\\k2\"\tend\r\n",
		"path/to~x:a,b%c'd",
		"ünïcode\u2028sep\x7f\x01\xff-qz7xk2",
		strings.Repeat("k=Ab1cd;k=Xy2zw\n", 300),
	} {
		var g Gate
		g.Add(secret)
		for name, shown := range map[string]string{
			"Go":                 strconv.Quote(secret),
			"Go, in ASCII":       strconv.QuoteToASCII(secret),
			"JSON":               jsonOf(secret),
			"a JSON pointer":     strings.NewReplacer("~", "~0", "/", "~1").Replace(secret),
			"a GitHub message":   strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace(secret),
			"a GitHub property":  strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C").Replace(secret),
			"YAML single quotes": "'" + strings.ReplaceAll(secret, "'", "''") + "'",
		} {
			if got := g.Clean("see " + shown + " here"); g.Holds(got) || !strings.Contains(got, Masked) || strings.Contains(got, "qz7x") {
				t.Errorf("%q as %s: %q", secret[:min(len(secret), 20)], name, got[:min(len(got), 80)])
			}
		}
	}
}

// TestJSONEscapeAsEncodingJSON: jsonEscape writes a string as
// encoding/json does, invalid UTF-8 and separators included, but for
// U+FFFD, which it escapes as encoding/json writes invalid UTF-8.
func TestJSONEscapeAsEncodingJSON(t *testing.T) {
	for _, s := range []string{"", "plain", "a\"b\\c\nd\re\tf\x00g\x1fh\x7f", "ü\u2028\u2029\ufffd\xff\xfe", strings.Repeat("k=v;", 100) + "\n"} {
		b, err := json.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		want := strings.NewReplacer(`\u003c`, "<", `\u003e`, ">", `\u0026`, "&", "\ufffd", `\ufffd`).Replace(string(b[1 : len(b)-1]))
		if got := jsonEscape(s); got != want {
			t.Errorf("jsonEscape(%q) = %q, want %q", s, got, want)
		}
	}
}

// TestLongFormsOfOneKey: long secrets that share their first keyLen
// bytes are each masked as far as a text goes on as one of them, in a
// bucket of a few forms and of many.
func TestLongFormsOfOneKey(t *testing.T) {
	// The long secrets are one word each, with no pieces of their own
	// (held): exactly long forms share the key.
	common := strings.Repeat("Zq7", keyLen/3+1)[:keyLen]
	for _, long := range []int{2, maxTails} {
		for _, short := range []int{1, 16} {
			var g Gate
			for i := range long {
				g.Add(fmt.Sprintf("%stail%03dend", common, i))
			}
			for i := range short {
				g.Add(fmt.Sprintf("Zq7Z-short-%d", i))
			}
			for _, tc := range []struct{ shown, want string }{
				{common + "tail001end and more", Masked + " and more"},
				{"x " + common + "tail001en, y", "x " + Masked + ", y"},
				{common + "tail00x", Masked + "x"},
				{"a " + common[:keyLen-1] + " b", "a " + common[:keyLen-1] + " b"},
				{"see Zq7Z-short-0.", "see " + Masked + "."},
			} {
				if got := g.Clean(tc.shown); got != tc.want {
					t.Errorf("%d long and %d short secrets: Clean(%q) = %q, want %q", long, short, tc.shown, got, tc.want)
				}
			}
		}
	}
}

// TestShortWordsEndWhereTextIsGluedToThem: a short word of a Secret's
// file is masked where an output's format or mdscheck glues text to it (an
// escape, a JSON pointer's or GitHub's, a character no one sees, a key
// after a prefix), and still not inside a word of someone's.
func TestShortWordsEndWhereTextIsGluedToThem(t *testing.T) {
	var g Gate
	g.Add("DB_PASS=hunter\n")
	for _, msg := range []string{
		`"x\u00a0hunter" is not allowed`,
		`"x\U0001f600hunter" is not allowed`,
		`"x\Nhunter" is not allowed`,
		`/metadata/labels/x~1hunter`,
		`::error title=x%3Ahunter::x`,
		"labels.hunter\u200bx",
		"labels.x\u00a0hunter",
		"a\u3000hunter\u3000b",
		`with the prefix "hunter_"`,
		"labels.hunter\U000e0041x",
		"labels.x\U000e0041hunter",
		"labels.x󠁁hunter",
	} {
		if got := g.Clean(msg); strings.Contains(got, "hunter") {
			t.Errorf("Clean(%q) = %q", msg, got)
		}
	}
	for _, msg := range []string{"hunterx", "xhunter", "hunter_x", "the hunters", "Xhunter", "hunter1", "hunterConfig"} {
		if got := g.Clean(msg); got != msg {
			t.Errorf("Clean(%q) = %q: a word of someone's is masked", msg, got)
		}
	}
}

// TestNumbersAsAPathsSegment: a number that is a secret's value is masked
// where a path writes it as a key, however written, and not inside a
// version.
func TestNumbersAsAPathsSegment(t *testing.T) {
	var g Gate
	g.Add("98765432")
	for _, msg := range []string{"spec.labels.0x5E30A78", "spec.labels.98_765_432", "spec.labels.98765432: unknown"} {
		if got := g.Clean(msg); strings.Contains(got, "5E30A78") || strings.Contains(got, "765") {
			t.Errorf("Clean(%q) = %q", msg, got)
		}
	}
	for _, msg := range []string{"1.0x5E30A78", "v0x5E30A78"} {
		if got := g.Clean(msg); got != msg {
			t.Errorf("Clean(%q) = %q", msg, got)
		}
	}
}

// TestNumbersInOtherUnits: a number that is a secret is masked where a
// message states it converted to another unit, as mdscheck's rules do.
func TestNumbersInOtherUnits(t *testing.T) {
	var g Gate
	g.Add("PIN=4815162")
	msg := "log_retention_ms (1) must not exceed log_retention_hours (4815162 hours, that is 17334583200000 ms)"
	if got := g.Clean(msg); strings.Contains(got, "4815162") || strings.Contains(got, "17334583200000") {
		t.Errorf("Clean = %q", got)
	}
}

// TestGateCleansEveryEncoding: a secret written again as its base64, in
// either alphabet, padded or not, or as its hexadecimal, is masked, and
// the padding left beside the mask tells nothing of it.
func TestGateCleansEveryEncoding(t *testing.T) {
	// Secrets of each length modulo 3, with bytes whose base64 holds
	// '+' and '/' (and so differs between the alphabets).
	for _, secret := range []string{"hunter2-\xfb\xff-Sx7Qv9", "hunter2-\xfb\xff-Sx7Qv9a", "hunter2-\xfb\xff-Sx7Qv9ab"} {
		var g Gate
		g.Add(secret)
		for _, e := range []*base64.Encoding{base64.StdEncoding, base64.RawStdEncoding, base64.URLEncoding, base64.RawURLEncoding} {
			shown := e.EncodeToString([]byte(secret))
			if got := g.Clean("data " + shown + " is wrong"); strings.Contains(got, strings.TrimRight(shown, "=")) || strings.Trim(strings.TrimPrefix(strings.TrimSuffix(got, " is wrong"), "data "+Masked), "=") != "" {
				t.Errorf("%q as %q: %q", secret, shown, got)
			}
		}
		if shown := hex.EncodeToString([]byte(secret)); strings.Contains(g.Clean(shown), shown) {
			t.Errorf("%q as hexadecimal %q: not masked", secret, shown)
		}
	}
}

// TestGateShortWordAsAPrefix: a Secret's short word that a manifest sets
// as its connection Secret's prefix is masked in the keys mdscheck makes
// of it, and nowhere a word in small letters goes on.
func TestGateShortWordAsAPrefix(t *testing.T) {
	var g Gate
	g.Add("SERVICE=KAFKA\nPASS=hunter\n")
	for shown, want := range map[string]string{
		"hunterHOST":       Masked + "HOST",
		"hunterKAFKA_HOST": Masked + "KAFKA_HOST",
		"hunter_PORT":      Masked + "_PORT",
		"hunter-CA_CERT":   Masked + "-CA_CERT",
		"hunterConfig":     "hunterConfig",
		"hunters":          "hunters",
		"projectVPCRef":    "projectVPCRef",
		"KAFKA_HOST":       "KAFKA_HOST",
		"xhunterHOST":      "xhunterHOST",
	} {
		if got := g.Clean("the key " + shown + " is not written"); got != "the key "+want+" is not written" {
			t.Errorf("%s: %q", shown, got)
		}
	}
}

// TestGateClippedInABucketOfMany: among thousands of secrets that share
// their first bytes, the one a message cuts short before an ellipsis is
// still masked, whichever ellipsis, and a word of the same start that is
// none of them is not.
func TestGateClippedInABucketOfMany(t *testing.T) {
	var g Gate
	for i := 0; i < 5000; i++ {
		g.Add(fmt.Sprintf("abcd%06d-Zq7xK2pLm9Tr0ub4xW-%06d", i, i))
	}
	for _, shown := range []string{"abcd001234-Zq7xK2pL...", "abcd004999-Zq7…", "abcd000000-Z...", "abcd003210-Zq7xK2pLm9Tr0ub4xW-0032…"} {
		if got := g.Clean("value " + shown + " is too long"); strings.Contains(got, "abcd") {
			t.Errorf("%q: %q", shown, got)
		}
	}
	for _, shown := range []string{"abcdZ... and more", "abcd00123X..."} {
		if msg := "value " + shown; g.Clean(msg) != msg {
			t.Errorf("%q, no secret's start, masked: %q", shown, g.Clean(msg))
		}
	}
}
