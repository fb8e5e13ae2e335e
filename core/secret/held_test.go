package secret

import (
	"encoding/base64"
	"fmt"
	"runtime"
	"strings"
	"testing"
	"unicode/utf16"
)

// TestHeldValues: a file or an address kept in a Secret holds secrets of
// its own, whatever its format: each value it assigns is masked wherever
// a message writes it, and its keys, which are the format's words and
// no one's secret, are not.
func TestHeldValues(t *testing.T) {
	b64 := base64.StdEncoding.EncodeToString
	for _, tc := range []struct {
		name, secret, value string
		kept                []string // words of the secret that stay in messages
	}{
		{"an Authorization header, Basic", "Authorization: Basic " + b64([]byte("app:qz7xk2plmn")), "qz7xk2plmn", []string{"Authorization", "Basic"}},
		{"an Authorization header, Bearer", "Authorization: Bearer qz7xk2plmn4v", "qz7xk2plmn4v", []string{"Bearer"}},
		{"a connection string", "Server=db.example.io;User Id=app;Password=qz7xk2plmn;", "qz7xk2plmn", []string{"Server", "User Id", "Password"}},
		{"a DSN", "app:qz7xk2plmn@tcp(db:3306)/shop", "qz7xk2plmn", nil},
		{"a JDBC URL", "jdbc:postgresql://db/shop?user=app&password=qz7xk2plmn", "qz7xk2plmn", []string{"password"}},
		{"a .pgpass line", "db.example.io:5432:shop:app:qz7xk2plmn", "qz7xk2plmn", nil},
		{"one line of a configuration", `password = "qz7xk2plmn"`, "qz7xk2plmn", []string{"password"}},
		{"a TOML inline table", `db = { user = "app", password = "qz7xk2plmn" }`, "qz7xk2plmn", []string{"user", "password"}},
		{"an XML attribute", `<db password="qz7xk2plmn"/>`, "qz7xk2plmn", []string{"password"}},
		{"an XML element", `<conf><password>qz7xk2plmn</password></conf>`, "qz7xk2plmn", []string{"password", "conf"}},
		{"a .dockerconfigjson", `{"auths":{"r.example.io":{"auth":"` + b64([]byte("app:qz7xk2plmn")) + `"}}}`, "qz7xk2plmn", []string{"auths", "auth"}},
		{"a file spelt in base64 is read as a file", b64([]byte("HOST=db.example.io\nPASSWORD=Zq7xK2pLm9\n")), "Zq7xK2pLm9", []string{"HOST", "PASSWORD"}},
		{"base64 of base64", "token: " + b64([]byte(b64([]byte("app:qz7xk2plmn")))), "qz7xk2plmn", []string{"token"}},
		{"an export of a shell", "export PASSWORD=qz7xk2plmn", "qz7xk2plmn", []string{"export", "PASSWORD"}},
		{"a value with a colon and an '@'", "password=p@ss:w0rd-qz", "p@ss:w0rd-qz", nil},
		{"a value with blanks", "password: my very own pass", "my very own pass", nil},
		{"a JSON string with an escape", `{"password":"qz7x\u006bplmn"}`, "qz7xkplmn", []string{"password"}},
		{"a YAML line", "password: qz7xk2plmn", "qz7xk2plmn", []string{"password"}},
		{"a .env file", "HOST=db.example.io\nPASSWORD='qz7xk2plmn'\nDEBUG=true", "qz7xk2plmn", []string{"HOST", "PASSWORD", "DEBUG", "true"}},
		{"the password of a URL", "amqp://app:qz7xk2plmn@mq.example.io/vhost", "qz7xk2plmn", nil},
		{"a header's value", "Bearer qz7xk2plmn4v", "qz7xk2plmn4v", []string{"Bearer"}},
		{"words of a comment are prose", "# the key with spaces, never shown\npassword: correcthorse", "correcthorse", []string{"with", "spaces", "never", "shown"}},
		{"a word of a passphrase", "secret key with spaces never shown!\nsecond line", "spaces", []string{"secret"}},
		{"a list of tokens", `["qz7xk2plmn", "other"]`, "qz7xk2plmn", nil},
		{"a .netrc", "machine api.example.io login app password correcthorse", "correcthorse", []string{"password"}},
		{"an Oracle connect string", "app/qz7xk2plmn@db.example.io:1521/ORCL", "qz7xk2plmn", nil},
		{"an htpasswd line", "alice:{PLAIN}correcthorse", "correcthorse", nil},
		{"a redis configuration", "requirepass correcthorse", "correcthorse", nil},
		{"a CSV row", "alice,correcthorse,admin", "correcthorse", nil},
		{"an item of a YAML list", "passwords:\n  - hunter-two", "hunter-two", []string{"passwords"}},
		{"a list in brackets", "[alice, hunter-2x]", "hunter-2x", nil},
		{"a short word is masked as a word, not inside others", "namespace: kafka\nMODE=debug\npassword: hunter", "kafka", []string{"kafkaday", "kafka-events", "debugger", "password"}},
		{"an INI section is no value", "[default]\naws_secret_access_key = qz7xk2plmn", "qz7xk2plmn", []string{"default", "aws_secret_access_key"}},
		{"an option of a command", "docker login -u app -p hunter", "hunter", nil},
		{"an option glued to its value", "mysql -uapp -phunter", "hunter", nil},
		{"a token in a URL's path", "https://hooks.example.io/services/T000/B000/Qz7xk2plmn", "Qz7xk2plmn", []string{"services"}},
		{"a query's value, not its key", "https://db.example.io/?password=qz7xk2plmn", "qz7xk2plmn", []string{"password"}},
		{"a properties escape", `db.password=qz7x\u006B2plmn`, "qz7xk2plmn", nil},
		{"a properties line continued", "db.password=correct\\\n    horse", "correcthorse", nil},
		{"an escaped quote of a JAAS configuration", `sasl.jaas.config=PlainLoginModule required password=\"qz7xk2plmn\";`, "qz7xk2plmn", nil},
		{"percent-encoded in a query", "https://db.example.io/?password=qz7x%2Bk2plmn", "qz7x+k2plmn", nil},
		{"a query's '+' for a blank", "https://db.example.io/?password=correct+horse+battery", "correct horse battery", nil},
		{"an XML entity", `<db password="qz7x&amp;k2plmn"/>`, "qz7x&k2plmn", nil},
		{"hexadecimal", "token=717a37786b32706c6d6e", "qz7xk2plmn", nil},
		{"a quoted-printable soft break", "password=qz7xk=\n2plmn", "qz7xk2plmn", nil},
		{"SASL PLAIN", "AUTH PLAIN " + b64([]byte("\x00alice\x00correcthorse")), "correcthorse", nil},
		{"Basic of a user without a password", "Authorization: Basic " + b64([]byte("correcthorse:")), "correcthorse", nil},
		{"a YAML string folded over lines", "db:\n  password: \"correct\n    horse\"", "correct horse", nil},
		{"the secret as base64", "qz7xk2plmn", b64([]byte("qz7xk2plmn")), nil},
		{"the secret as hexadecimal", "qz7xk2plmn", "717a37786b32706c6d6e", nil},
		{"a no-break space between key and value", "password\u00a0qz7xk2plmn", "qz7xk2plmn", nil},
		{"an unclosed quote", `password = "qz7xk2plmn`, "qz7xk2plmn", nil},
		// A value is one whatever its key is called, and glued to the
		// signs around it.
		{"a sentence's last word", "the password is Zq7xK2pLm9.", "Zq7xK2pLm9", nil},
		{"a password of one word ending in a sign", "Zq7xK2pLm9!", "Zq7xK2pLm9", nil},
		{"sqlplus's user and password", "sqlplus alice/Zq7xK2pLm9", "Zq7xK2pLm9", nil},
		{"a statement's user and password", "CONNECT alice/Zq7xK2pLm9;", "Zq7xK2pLm9", nil},
		{"a byte order mark", "\ufeffZq7xK2pLm9\n", "Zq7xK2pLm9", nil},
		{"a zero-width space after a key", "password\u200bZq7xK2pLm9", "Zq7xK2pLm9", nil},
		{"a comment glued to a value", "pass=Zq7xK2pLm9#prod", "Zq7xK2pLm9", []string{"prod"}},
		{"a Windows domain's user", `DOMAIN\alice%Zq7xK2pLm9`, "Zq7xK2pLm9", nil},
		{"a key no list names", "pin=hunter", "hunter", []string{"pin"}},
		{"a key in another language", "kennwort=hunter", "hunter", nil},
		{"a directive without a sign", "PASS hunter", "hunter", []string{"PASS"}},
		{"a curl option", "curl -u alice:hunter https://h.example.io", "hunter", nil},
		{"a query's value whatever it looks like", "https://h.example.io/x?sig=hunter", "hunter", []string{"sig"}},
		{"an htpasswd line in plain text", "alice:hunter", "hunter", []string{"alice"}},
		{"a Redis ACL", "user alice on >hunter ~* +@all", "hunter", nil},
		{"a token file", "hunter,alice,1001", "hunter", nil},
		{"a key drawn at random", `{"Zq7xK2pLm9":"alice"}`, "Zq7xK2pLm9", nil},
		{"a key of hexadecimal digits", "curl -u d41d8cd98f00b204e980: https://h.example.io", "d41d8cd98f00b204e980", nil},
		{"a key of letters and digits drawn at random", "api_keys: {q7x2p9m4k1z8: alice}", "q7x2p9m4k1z8", []string{"api_keys", "v1alpha1", "sha256"}},
		{"curly quotes", "The password is \u201cZq7xK2pLm9\u201d.", "Zq7xK2pLm9", nil},
		{"angle brackets after a sign", "PASSWORD=<Zq7xK2pLm9>", "Zq7xK2pLm9", nil},
		{"a full-width colon", "\u5bc6\u7801\uff1aZq7xK2pLm9", "Zq7xK2pLm9", nil},
		{"a value that holds a name of secrets", "machine h login alice password secretsauce", "secretsauce", []string{"password"}},
		{"a value of short pieces after a name", "requirepass Ab1;Cd2", "Ab1;Cd2", nil},
		{"a backslash that is no escape", `<add value="Zq7x\K2pLm9"/>`, `Zq7x\K2pLm9`, nil},
		{"an '@' inside a sentence's last word", "The password is Zq7x@K2pLm9.", "Zq7x@K2pLm9", nil},
		{"a value that holds the signs that part words", "[database]\npass=Qx9;vR2,tL ; rotated", "Qx9;vR2,tL", []string{"database"}},
		{"such a value among others", "host=db user=alice password=Qx9;vR2,tL dbname=app", "Qx9;vR2,tL", nil},
		{"a token in a quoted text of words", `proxy_set_header Authorization "Bearer Zq7xK2pLm9";`, "Zq7xK2pLm9", nil},
		{"a header in a JSON string", `{"Authorization": "Bearer Zq7xK2pLm9"}`, "Zq7xK2pLm9", nil},
		{"a header of a command", `curl -H "X-Api-Key: Zq7xK2pLm9" https://h.example.io`, "Zq7xK2pLm9", nil},
		{"assignments in a quoted text", `dsn = "host=h user=u password=Zq7xK2pLm9"`, "Zq7xK2pLm9", nil},
		{"base64 in backticks", "cmd = `Authorization: Basic " + b64([]byte("alice:ghp_Zq7xK2pLm9Wv3")) + "`", "ghp_Zq7xK2pLm9Wv3", nil},
		{"such a value before the next key", "pass=Qx9;vR2,tL;user=alice", "Qx9;vR2,tL", []string{"user"}},
		{"such a value in braces", "Driver={ODBC};Uid=alice;Pwd={Qx9;vR2,tL};", "Qx9;vR2,tL", nil},
		{"such a value ending a statement", "ALTER USER alice IDENTIFIED BY Qx9;vR2,tL;", "Qx9;vR2,tL", nil},
		{"a value that holds a name of secrets, in braces", "Driver={ODBC};Uid=alice;Pwd={hunter-pass};", "hunter-pass", nil},
		{"an option's value before a colon", "curl -u hunter: https://api.example.io/", "hunter", nil},
		{"a full-width colon after a word", "\u5bc6\u7801\uff1ahunter", "hunter", nil},
		{"a token in angle brackets", "The password is <Zq7xK2pLm9>.", "Zq7xK2pLm9", nil},
		{"an XML tag's name stays a name", "<password>Zq7xK2pLm9</password>", "Zq7xK2pLm9", []string{"password"}},
		{"a CDATA section", "<password><![CDATA[Qx9;vR2,tL]]></password>", "Qx9;vR2,tL", nil},
		{"an option glued to a value with breaks", "mysql -u root -pQx9;vR2,tL app", "Qx9;vR2,tL", nil},
		// A value the file's language assembles from pieces, each too
		// short to be one or looked for only as a whole word.
		{"a shell's word of quoted pieces", "export DB_PASSWORD=Zq7'xK2'pLm'9Tr'0ub'4xW'", "Zq7xK2pLm9Tr0ub4xW", []string{"export", "DB_PASSWORD"}},
		{"a shell's word of quoted words", "export PASS=correct'horse'battery'staple'", "correcthorsebatterystaple", []string{"PASS"}},
		{"double-quoted pieces", `API_KEY="sunny""meadow""river"`, "sunnymeadowriver", []string{"API_KEY"}},
		{"quoted pieces and digits", `B="qwe""rty"99`, "qwerty99", nil},
		{"both quotes", `z="edc"'rfv'44`, "edcrfv44", nil},
		{"a quoted piece inside a word", `PASS=hun'ter'22`, "hunter22", nil},
		{"a piece double-quoted with an escape", `PASS="Zq7\"x"K2pL`, `Zq7"xK2pL`, nil},
		{"JavaScript's concatenation", "apiKey: 'Qx9' + 'vR2' + 'tL5' + 'mN8'", "Qx9vR2tL5mN8", []string{"apiKey"}},
		{"concatenation over lines", "String p = \"As4\" +\n    \"Df5\" +\n    \"Gh6\";", "As4Df5Gh6", nil},
		{"SQL's concatenation", "ALTER USER app PASSWORD 'Qw1' || 'Er2' || 'Ty3';", "Qw1Er2Ty3", nil},
		{"Java's concatenation", `String p = "As4" + "Df5" + "Gh6";`, "As4Df5Gh6", nil},
		{"PowerShell's concatenation", "$p = 'Rd4' + 'Es3' + 'Wa2'", "Rd4Es3Wa2", nil},
		{"PHP's concatenation", "$p = 'Rd4' . 'Es3' . 'Wa2';", "Rd4Es3Wa2", nil},
		{"Lua's concatenation", "p = 'Rd4' .. 'Es3' .. 'Wa2'", "Rd4Es3Wa2", nil},
		{"Visual Basic's concatenation", `p = "Rd4" & "Es3" & "Wa2"`, "Rd4Es3Wa2", nil},
		{"literals joined by a blank", `password = "Qx9" "vR2" "tL5"`, "Qx9vR2tL5", nil},
		{"make's empty references", "PASS = Uh7$(EMPTY)Yg6$(EMPTY)Tf5", "Uh7Yg6Tf5", nil},
		{"a shell's empty references", "PASS=Uh7${E}Yg6${E}Tf5", "Uh7Yg6Tf5", nil},
		{"an INI value continued", "[db]\npassword = Zx7\n  Cv8\n  Bn9\nuser = app", "Zx7\nCv8\nBn9", []string{"db", "password", "user"}},
		{"a YAML plain scalar over lines", "db:\n  password: Zq7\n    xK2\n    pLm\n  user: app", "Zq7 xK2 pLm", []string{"db", "password", "user"}},
		{"a YAML plain scalar below its key", "password:\n  Zq7\n  xK2\n", "Zq7 xK2", nil},
		{"a YAML folded block", "password: >-\n  Lp0\n  Ok9\n  Ij8\nuser: app", "Lp0 Ok9 Ij8", []string{"password", "user"}},
		{"a YAML literal block", "password: |\n  Lp0\n  Ok9\n\nuser: app", "Lp0\nOk9", []string{"password", "user"}},
		{"a folded block with an empty line", "password: >\n  Lp0\n\n  Ok9\n", "Lp0\nOk9", nil},
		{"literals in a call", "p = CONCAT('Qx9', 'vR2', 'tL5')", "Qx9vR2tL5", nil},
		{"literals in a list joined", "p = ''.join(['Qx9', 'vR2'])", "Qx9vR2", nil},
		{"literals over lines in parentheses", "p = (\"Qx9\"\n     \"vR2\")", "Qx9vR2", nil},
		{"template literals", "p = `Qx9` + `vR2`", "Qx9vR2", nil},
		{"a method of concatenation", `p = "Qx9".concat("vR2")`, "Qx9vR2", nil},
		{"pieces a sign follows are a key", "'pass''word'=Zq7xK2pLm9", "Zq7xK2pLm9", []string{"password"}},
		{"a mapping's lines are no continuation", "db:\n  host: h\n  port: 5432\nlist:\n  - a\n  - b", "5432", []string{"db", "host", "port", "list"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var g Gate
			g.Add(tc.secret)
			msg := `"` + tc.value + `" is not allowed`
			if got := g.Clean(msg); strings.Contains(got, tc.value) {
				t.Errorf("secret %q: Clean(%q) = %q", tc.secret, msg, got)
			}
			for _, w := range tc.kept {
				msg := "the field " + w + " is unknown"
				if got := g.Clean(msg); got != msg {
					t.Errorf("secret %q: Clean(%q) = %q: a key of the format is masked", tc.secret, msg, got)
				}
			}
		})
	}
}

// TestHeldUTF16: a file in UTF-16 (PowerShell 5's, kept in a Secret's
// data by kubectl's --from-file), with a byte order mark or without, is
// read as the text it encodes.
func TestHeldUTF16(t *testing.T) {
	const file = "username=alice\r\npassword=Zq7xK2pLm9Tr0ub4xW\r\n"
	le, be := utf16Bytes(file, false), utf16Bytes(file, true)
	for name, secret := range map[string]string{
		"little-endian with a byte order mark": "\xff\xfe" + le,
		"big-endian with a byte order mark":    "\xfe\xff" + be,
		"little-endian":                        le,
		"big-endian":                           be,
		"in base64 of a file":                  "creds: " + base64.StdEncoding.EncodeToString([]byte("\xff\xfe"+le)),
	} {
		var g Gate
		g.Add(secret)
		if got := g.Clean(`"Zq7xK2pLm9Tr0ub4xW!" is not allowed`); strings.Contains(got, "Zq7xK2pLm9Tr0ub4xW") {
			t.Errorf("%s: Clean = %q", name, got)
		}
		if msg := "the field username is unknown"; g.Clean(msg) != msg {
			t.Errorf("%s: the file's key is masked: %q", name, g.Clean(msg))
		}
	}
	// Text that is no UTF-16: SASL's NULs, a single ASCII character.
	for _, s := range []string{"\x00alice\x00Zq7xK2pLm9", "a\x00", "ab\x00c"} {
		if _, ok := fromUTF16(s); ok {
			t.Errorf("fromUTF16(%q) reads it as UTF-16", s)
		}
	}
}

// utf16Bytes returns s in UTF-16, big-endian or little-endian.
func utf16Bytes(s string, big bool) string {
	var b []byte
	for _, u := range utf16.Encode([]rune(s)) {
		if big {
			b = append(b, byte(u>>8), byte(u))
		} else {
			b = append(b, byte(u), byte(u>>8))
		}
	}
	return string(b)
}

// TestHeldIsLinear: however a text crowds the signs, quotes and words
// held reads, it hands on a bounded number of bytes per byte of it.
func TestHeldIsLinear(t *testing.T) {
	for name, s := range map[string]string{
		"colons":           strings.Repeat("abcd:", 40000),
		"equals":           strings.Repeat("abcd=", 40000),
		"unclosed quotes":  strings.Repeat(`"abcd '`, 30000),
		"at signs":         "password=" + strings.Repeat("abcde@", 40000),
		"base64 words":     strings.Repeat(base64.StdEncoding.EncodeToString([]byte("user:password-1"))+" ", 10000),
		"one long line":    "k: " + strings.Repeat("x", 200000),
		"many lines":       strings.Repeat("key: value-x\n", 20000),
		"names of secrets": strings.Repeat("password ", 30000),
		"quoted pieces":    "p=" + strings.Repeat(`a'b'"c"`, 30000),
		"concatenations":   "p = " + strings.Repeat(`'ab' + "cd" || `, 20000),
		"references":       "p = " + strings.Repeat("ab$(E)", 30000),
		"apostrophes":      strings.Repeat("don't ", 30000),
		"continued lines":  "password = x\n" + strings.Repeat("  abcd\n", 30000),
		"a block scalar":   "key: |\n" + strings.Repeat("  a: b\n", 30000),
		"keys under keys":  strings.Repeat("a:\n b:\n  c: d\n", 20000),
		"doubling":         "A=xy\n" + strings.Repeat("A=${A}${A}\n", 20000),
		"appends":          strings.Repeat("A+=abcd\n", 30000),
		"lists":            "[" + strings.Repeat(`"ab", `, 30000) + "]",
	} {
		n := 0
		held(s, false, func(v string, _ finding) { n += len(v) })
		if n > 4*len(s) {
			t.Errorf("%s: %d bytes handed on for %d", name, n, len(s))
		}
	}
}

// TestHeldEscapesOfOtherLanguages: a value a file writes with JSON's
// surrogate pairs or C's octal escapes is the text they stand for.
func TestHeldEscapesOfOtherLanguages(t *testing.T) {
	for secret, value := range map[string]string{
		`{"password": "Zq7x\ud83d\ude00K2pLm9"}`: "Zq7x\U0001F600K2pLm9",
		`PASS=$'Zq7x\1132pLm9'`:                  "Zq7xK2pLm9",
		`PASS="Zq7x\113\062pLm9"`:                "Zq7xK2pLm9",
	} {
		var g Gate
		g.Add(secret)
		if got := g.Clean("it is " + value); strings.Contains(got, "K2pLm9") {
			t.Errorf("secret %q: Clean = %q", secret, got)
		}
	}
}

// TestAddAllocatesLinearly: a Secret's file of many lines of one shape
// (URLs, queries, key=value, JSON, addresses) costs the gate memory in
// proportion to its size. A copy of the rest of the text per URL ran
// the module out of 4 GiB on a Secret of 40,000 database URLs.
func TestAddAllocatesLinearly(t *testing.T) {
	shapes := map[string]func(i int) string{
		"urls": func(i int) string {
			return fmt.Sprintf("postgres://u%d:p%048x@db%d.example.io:5432/app?sslmode=require", i, i, i)
		},
		"queries":   func(i int) string { return fmt.Sprintf("https://h%d.example.io/p?token=t%040x&x=%d", i, i, i) },
		"key=value": func(i int) string { return fmt.Sprintf("KEY_%d=v%048x", i, i) },
		"yaml":      func(i int) string { return fmt.Sprintf("key%d: v%048x", i, i) },
		"json":      func(i int) string { return fmt.Sprintf(`{"password%d": "v%048x"},`, i, i) },
		"addresses": func(i int) string { return fmt.Sprintf("u%d:p%040x@tcp(db%d:3306)/app", i, i, i) },
		"base64": func(i int) string {
			return base64.StdEncoding.EncodeToString([]byte(fmt.Sprintf("user%d:pass%032x", i, i)))
		},
		"words":      func(i int) string { return fmt.Sprintf("password p%040x", i) },
		"no signs":   func(i int) string { return fmt.Sprintf("v%048x", i) },
		"pieces":     func(i int) string { return fmt.Sprintf("P%d=ab'%024x'\"%024x\"", i, i, i) },
		"literals":   func(i int) string { return fmt.Sprintf("p%d = '%024x' + '%024x'", i, i, i) },
		"references": func(i int) string { return fmt.Sprintf("V%d=${V%d}%024x", i, i-1, i) },
		"appends":    func(i int) string { return fmt.Sprintf("V+=%024x", i) },
		"continued": func(i int) string {
			return fmt.Sprintf("p%d = %024x\n  %024x", i, i, i)
		},
	}
	for name, line := range shapes {
		var b strings.Builder
		for i := 0; i < 2000; i++ {
			b.WriteString(line(i))
			b.WriteByte('\n')
		}
		text := b.String()
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		var g Gate
		g.Add(text)
		runtime.ReadMemStats(&after)
		if per := (after.TotalAlloc - before.TotalAlloc) / uint64(len(text)); per > 400 {
			t.Errorf("%s: %d bytes allocated per byte of a %d-byte text", name, per, len(text))
		}
	}
}
