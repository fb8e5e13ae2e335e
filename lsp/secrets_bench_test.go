package lsp_test

import (
	"os"
	"strconv"
	"testing"
	"time"

	"go.lsp.dev/uri"
)

// BenchmarkSecretStreamEdits is issue 22's session on a stream of many
// Secrets (manySecrets): open, then two edits of a value in the middle,
// each a whole new text followed at once by an outline and a hover (which
// the server answers before the edit's check), each waited for until its
// diagnostics. It reports the server's CPU time (user and system, the
// process's own after it exits) and peak resident memory. The stream has
// 5,000 Secrets, MDSCHECK_SECRETS others:
//
//	MDSCHECK_SECRETS=100000 go test ./lsp -run '^$' -bench SecretStreamEdits -benchtime 1x
func BenchmarkSecretStreamEdits(b *testing.B) {
	n := 5000
	if v, err := strconv.Atoi(os.Getenv("MDSCHECK_SECRETS")); err == nil && v > 0 {
		n = v
	}
	texts := []string{manySecrets(n, "plain-name", "v000000000000")}
	for _, value := range []string{"nw7pq2xlk9zr", "qk3vz8mw1tye"} {
		texts = append(texts, manySecrets(n, "plain-name", value))
	}
	b.SetBytes(int64(len(texts[0])))
	var cpu time.Duration
	var peak int
	for b.Loop() {
		s, _ := start(b)
		u := uri.URI("file:///stream.yaml")
		s.open(u, texts[0])
		for _, text := range texts[1:] {
			v := s.edit(u, whole(text))
			outline(b, s, u)
			s.diagnostics(u, v)
		}
		peak = max(peak, peakKB(s.p.cmd.Process.Pid))
		s.shutdown()
		cpu += s.p.cmd.ProcessState.UserTime() + s.p.cmd.ProcessState.SystemTime()
	}
	b.ReportMetric(float64(cpu.Milliseconds())/float64(b.N), "cpu-ms/op")
	b.ReportMetric(float64(peak)/1024, "peak-MiB")
}
