package main

import (
	"encoding/base64"
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
