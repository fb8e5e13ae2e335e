// Package dense generates streams dense in secrets: Secrets whose data
// holds many short values, hundreds of thousands in a few megabytes. Such
// a stream costs the gate of the secrets (core/secret.Gate) more than its
// check costs, and once made every front end build that gate again from
// the same texts; the benchmarks and the bounds of the front ends run it.
package dense

import (
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
	const alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
	r := rand.New(rand.NewPCG(5, 39))
	var b strings.Builder
	b.Grow(docs * (80 + lines*160))
	for d := range docs {
		b.WriteString("---\napiVersion: v1\nkind: Secret\nmetadata:\n  name: d" + strconv.Itoa(d) + "\nstringData:\n  env: |\n")
		for range lines {
			b.WriteString("    ")
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
	}
	return b.String()
}
