// Package dense generates streams dense in secrets: Secrets whose data
// holds many short values, hundreds of thousands in a few megabytes. Such
// a stream costs the gate of the secrets (core/secret.Gate) more than its
// check costs, and once made every front end build that gate again from
// the same texts; the benchmarks and the bounds of the front ends run it.
package dense

import (
	"encoding/base64"
	"math/rand/v2"
	"strconv"
	"strings"
)

// Secrets returns docs v1 Secrets whose stringData member env holds lines
// lines of twenty values "k=XXXXX" (five random letters and digits, the
// first a capital or a digit, so that none reads as a name, which the
// gate does not take for a secret) apart by ';', as an env file of many
// short settings is written. The stream is
// the same for the same arguments: 28 Secrets of 850 lines are 3.9 MB.
func Secrets(docs, lines int) string {
	return stream(docs, lines, func(b *strings.Builder, env string) {
		b.WriteString("stringData:\n  env: |\n")
		for line := range strings.Lines(env) {
			b.WriteString("    " + line)
		}
	})
}

// Data returns the Secrets of Secrets with their files in data, in
// base64, as kubectl writes a Secret made from a file: 28 Secrets of 650
// lines are 3.9 MB.
func Data(docs, lines int) string {
	return stream(docs, lines, func(b *strings.Builder, env string) {
		b.WriteString("data:\n  env: " + base64.StdEncoding.EncodeToString([]byte(env)) + "\n")
	})
}

// stream writes docs Secrets, each with its file of lines lines written
// by write.
func stream(docs, lines int, write func(b *strings.Builder, env string)) string {
	r := rand.New(rand.NewPCG(5, 39))
	var b strings.Builder
	b.Grow(docs * (80 + lines*160))
	for d := range docs {
		b.WriteString("---\napiVersion: v1\nkind: Secret\nmetadata:\n  name: d" + strconv.Itoa(d) + "\n")
		write(&b, env(r, lines))
	}
	return b.String()
}

// env returns lines lines of twenty random values.
func env(r *rand.Rand, lines int) string {
	const alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
	var b strings.Builder
	for range lines {
		for v := range 20 {
			if v > 0 {
				b.WriteByte(';')
			}
			b.WriteString("k=")
			b.WriteByte(alphabet[26+r.IntN(len(alphabet)-26)])
			for range 4 {
				b.WriteByte(alphabet[r.IntN(len(alphabet))])
			}
		}
		b.WriteByte('\n')
	}
	return b.String()
}
