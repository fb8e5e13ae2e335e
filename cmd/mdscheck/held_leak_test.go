package main

import (
	"encoding/base64"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf16"
)

// heldLeaks runs validate on stream in every output format and fails
// when an output holds secret: a value a Secret's file holds, which a
// Kafka's project quotes elsewhere in the stream.
func heldLeaks(t *testing.T, name, stream, secret string) {
	t.Helper()
	for _, format := range []string{"text", "json", "sarif", "github"} {
		code, out, errs := runCLI(t, stream, "validate", "--format", format, "-")
		if code != 1 {
			t.Errorf("%s, %s: exit %d, want the Kafka's finding:\n%s%s", name, format, code, out, errs)
		}
		if strings.Contains(out+errs, secret) {
			t.Errorf("%s, %s: the secret %q shows:\n%s%s", name, format, secret, out, errs)
		}
	}
}

// quoting is a Kafka whose project, not a valid name, a finding quotes.
func quoting(secret string) string {
	return "---\napiVersion: example.io/v1alpha1\nkind: Kafka\nmetadata:\n  name: events\nspec:\n  plan: business-4\n  project: \"" + secret + "!\"\n"
}

// TestHeldUTF16File: a file in UTF-16 that a Secret's data keeps is read
// as the text it is, with or without a byte order mark, either way round.
func TestHeldUTF16File(t *testing.T) {
	const secret = "Zq7xK2pLm9Tr0ub4xW"
	file := "username=alice\r\npassword=" + secret + "\r\n"
	for name, bytes := range map[string]string{
		"little-endian with a byte order mark": "\xff\xfe" + utf16Of(file, false),
		"big-endian with a byte order mark":    "\xfe\xff" + utf16Of(file, true),
		"little-endian":                        utf16Of(file, false),
		"big-endian":                           utf16Of(file, true),
	} {
		stream := "apiVersion: v1\nkind: Secret\nmetadata:\n  name: creds\ndata:\n  creds.txt: " +
			base64.StdEncoding.EncodeToString([]byte(bytes)) + "\n" + quoting(secret)
		heldLeaks(t, name, stream, secret)
	}
}

// utf16Of returns s in UTF-16, big-endian or little-endian.
func utf16Of(s string, big bool) string {
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

// TestHeldAssembledValue: a value a Secret's file assembles from pieces
// (quoted pieces of a shell's word, literals joined by an operator,
// make's empty references, a value continued over lines) shows in no
// output when a Kafka's project quotes it, as written assembled and as
// the language reads it.
func TestHeldAssembledValue(t *testing.T) {
	for _, tc := range []struct{ name, key, file, secret string }{
		{"a shell's quoted pieces", "app.env", `export DB_PASSWORD=Zq7'xK2'pLm'9Tr'0ub'4xW'`, "Zq7xK2pLm9Tr0ub4xW"},
		{"a shell's quoted words", "app.env", `export PASS=correct'horse'battery'staple'`, "correcthorsebatterystaple"},
		{"double-quoted words", "app.env", `API_KEY="sunny""meadow""river"`, "sunnymeadowriver"},
		{"quotes and digits", "app.env", `B="qwe""rty"99`, "qwerty99"},
		{"both quotes", "app.env", `z="edc"'rfv'44`, "edcrfv44"},
		{"a quoted piece in a word", "app.env", `P=hun'ter'22`, "hunter22"},
		{"JavaScript", "config.js", `apiKey: 'Qx9' + 'vR2' + 'tL5' + 'mN8'`, "Qx9vR2tL5mN8"},
		{"SQL", "init.sql", `ALTER USER app PASSWORD 'Qw1' || 'Er2' || 'Ty3';`, "Qw1Er2Ty3"},
		{"Java", "Creds.java", `String p = "As4" + "Df5" + "Gh6";`, "As4Df5Gh6"},
		{"PowerShell", "creds.ps1", `$p = 'Rd4' + 'Es3' + 'Wa2'`, "Rd4Es3Wa2"},
		{"make", "Makefile", `PASS = Uh7$(EMPTY)Yg6$(EMPTY)Tf5`, "Uh7Yg6Tf5"},
		{"a call's arguments", "init.sql", `SET p = CONCAT('Qw1', 'Er2', 'Ty3');`, "Qw1Er2Ty3"},
		{"an INI value continued, as written", "app.ini", "[db]\n    password = Zx7\n      Cv8\n      Bn9", "Zx7 Cv8 Bn9"},
		{"a YAML plain scalar over lines", "config.yaml", "db:\n      password: Zq7\n        xK2\n        pLm", "Zq7 xK2 pLm"},
		{"a YAML folded block", "config.yaml", "password: >-\n      Lp0\n      Ok9\n      Ij8", "Lp0 Ok9 Ij8"},
	} {
		stream := "apiVersion: v1\nkind: Secret\nmetadata:\n  name: app\nstringData:\n  " + tc.key + ": |\n    " + tc.file + "\n" + quoting(tc.secret)
		heldLeaks(t, tc.name, stream, tc.secret)
	}
	// The INI value as configparser reads it, with its line breaks: a
	// Kafka's project in YAML's escapes.
	stream := "apiVersion: v1\nkind: Secret\nmetadata:\n  name: app\nstringData:\n  app.ini: |\n    [db]\n    password = Zx7\n      Cv8\n      Bn9\n" +
		"---\napiVersion: example.io/v1alpha1\nkind: Kafka\nmetadata:\n  name: events\nspec:\n  plan: business-4\n  project: \"Zx7\\nCv8\\nBn9!\"\n"
	heldLeaks(t, "an INI value continued, as read", stream, `Zx7\nCv8\nBn9`)
}

// TestHelmDefaultOfASecret: a literal in the action that writes a secret
// member (the default a chart carries) is a secret: the same text quoted
// by a finding elsewhere in the file, in another document, shows in no
// output.
func TestHelmDefaultOfASecret(t *testing.T) {
	const secret = "Zq7xK2pLm9Tr0ub4xW"
	for name, member := range map[string]string{
		"a default in a pipeline":  `client_secret: {{ .Values.secret | default "` + secret + `" | quote }}`,
		"default's first argument": `client_secret: {{ default "` + secret + `" .Values.s }}`,
		"a literal alone":          `client_secret: {{ "` + secret + `" }}`,
	} {
		dir := t.TempDir()
		write(t, filepath.Join(dir, "Chart.yaml"), "name: x\nversion: 0.1.0\n")
		write(t, filepath.Join(dir, "templates/g.yaml"), "apiVersion: example.io/v1alpha1\nkind: Grafana\nmetadata:\n  name: g\n"+
			"spec:\n  plan: startup-1\n  project: p\n  userConfig:\n    auth_github:\n      client_id: c\n      "+member+"\n"+quoting(secret))
		for _, format := range []string{"text", "json", "sarif", "github"} {
			code, out, errs := runCLI(t, "", "validate", "--format", format, dir)
			if code != 1 {
				t.Errorf("%s, %s: exit %d, want the Kafka's finding:\n%s%s", name, format, code, out, errs)
			}
			if strings.Contains(out+errs, secret) {
				t.Errorf("%s, %s: the secret shows:\n%s%s", name, format, out, errs)
			}
		}
	}
}
