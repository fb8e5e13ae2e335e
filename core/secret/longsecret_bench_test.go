package secret

import (
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
