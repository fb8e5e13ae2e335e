package report

import (
	"testing"

	"github.com/mdscheck/mdscheck/core/check"
	"github.com/mdscheck/mdscheck/internal/dense"
)

// BenchmarkValidateDenseSecrets checks Secrets of many short values (a
// quarter of 3.9 MB, and the whole, in stringData and in data) and makes the gate of their secrets,
// which every front end uses: where their time and memory go.
func BenchmarkValidateDenseSecrets(b *testing.B) {
	for _, c := range []struct {
		name        string
		make        func(docs, lines int) string
		docs, lines int
	}{{"7x850", dense.Secrets, 7, 850}, {"28x850", dense.Secrets, 28, 850}, {"data-28x650", dense.Data, 28, 650}} {
		b.Run(c.name, func(b *testing.B) {
			src := c.make(c.docs, c.lines)
			b.SetBytes(int64(len(src)))
			b.ReportAllocs()
			for b.Loop() {
				f := Validate(src, check.DefaultOptions)
				f.Gate()
			}
		})
	}
}
