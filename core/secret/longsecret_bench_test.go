package secret

import (
	"fmt"
	"strings"
	"testing"
)

// BenchmarkLongSecretOnItsLine: a secret of 128 KiB of one letter,
// found on its own echoed line. Looking for a clipped form to the end of
// the line at every position made this quadratic (28 s of CPU for the
// check of such a manifest); it is linear now.
func BenchmarkLongSecretOnItsLine(b *testing.B) {
	secret := strings.Repeat("x", 128<<10)
	var g Gate
	g.Add(secret)
	line := "      password: " + secret
	for b.Loop() {
		n := 0
		g.Find(line, func(start, end int) { n++ })
		if n != 1 {
			b.Fatalf("%d places, want 1", n)
		}
	}
}

// BenchmarkLongSecretRepeated: a line of 1 MiB of the letter a long secret
// is made of. Every position of it starts a copy of the secret, and
// comparing the whole secret at each made this quadratic (8.5 s of CPU
// for the check of such a manifest); the gate compares the first keyLen
// bytes.
func BenchmarkLongSecretRepeated(b *testing.B) {
	secret := strings.Repeat("a", 100<<10)
	var g Gate
	g.Add(secret)
	line := "    note: " + strings.Repeat("a", 1<<20)
	for b.Loop() {
		n := 0
		g.Find(line, func(start, end int) { n++ })
		if n != 1 {
			b.Fatalf("%d places, want 1", n)
		}
	}
}

// BenchmarkManySecretsOneStart: 40,000 secrets that share their first
// bytes, each written once in a text: registering them compared each
// with those before it, and every position compared all of them.
func BenchmarkManySecretsOneStart(b *testing.B) {
	var text strings.Builder
	secrets := make([]string, 40_000)
	for i := range secrets {
		secrets[i] = fmt.Sprintf("password-%05d", i)
		fmt.Fprintf(&text, "token: %s\n", secrets[i])
	}
	for b.Loop() {
		var g Gate
		for _, s := range secrets {
			g.Add(s)
		}
		n := 0
		g.Find(text.String(), func(start, end int) { n++ })
		if n != len(secrets) {
			b.Fatalf("%d places, want %d", n, len(secrets))
		}
	}
}

// BenchmarkFindInEscapedQuotes: a line of escaped JSON in a double-quoted
// YAML string (`"{\"a\": ...`), as kubectl and Helm print long values:
// every quote in it is escaped, and each was the start of a scan of up
// to 64 KiB for a closing quote (a 500 KB text took 9 s).
func BenchmarkFindInEscapedQuotes(b *testing.B) {
	var g Gate
	g.Add("Zq7xK2pLm9Tr0ub4xW")
	text := `big.json: "{` + strings.Repeat(`\"k\": \"v\", `, 50_000) + `}"`
	for b.Loop() {
		g.Find(text, func(start, end int) {})
	}
}

// BenchmarkClippedManyOfOneStart: 20,000 secrets of one start and a text
// of as many words of that start cut short by an ellipsis: each was
// compared with every secret of the start.
func BenchmarkClippedManyOfOneStart(b *testing.B) {
	var g Gate
	var text strings.Builder
	for i := 0; i < 20_000; i++ {
		g.Add(fmt.Sprintf("K%d=abcd%d", i, i))
		text.WriteString("abcdZ... ")
	}
	for b.Loop() {
		g.Find(text.String(), func(start, end int) {})
	}
}
