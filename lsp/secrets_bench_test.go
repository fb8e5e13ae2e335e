package lsp_test

import (
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"go.lsp.dev/protocol"
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
	texts := streamEdits()
	b.SetBytes(int64(len(texts[0])))
	measureServer(b, func() *session {
		s, _ := start(b)
		editStream(b, s, uri.URI("file:///stream.yaml"), texts)
		return s
	})
}

// BenchmarkSecretStreamInWorkspace is BenchmarkSecretStreamEdits with
// the stream's folder opened as the workspace, as an editor opens a folder
// and a file in it: the index reads the folder while the file is opened
// (at-start: didOpen just after initialized), or has read it before
// (after-index):
//
//	MDSCHECK_SECRETS=100000 go test ./lsp -run '^$' -bench SecretStreamInWorkspace -benchtime 1x
func BenchmarkSecretStreamInWorkspace(b *testing.B) {
	texts := streamEdits()
	dir := b.TempDir()
	path := filepath.Join(dir, "stream.yaml")
	if err := os.WriteFile(path, []byte(texts[0]), 0o644); err != nil {
		b.Fatal(err)
	}
	for _, when := range []string{"at-start", "after-index"} {
		b.Run(when, func(b *testing.B) {
			b.SetBytes(int64(len(texts[0])))
			measureServer(b, func() *session {
				s, _ := start(b, func(p *protocol.InitializeParams) {
					p.WorkspaceFolders = protocol.NewNullable([]protocol.WorkspaceFolder{{URI: uri.File(dir), Name: "ws"}})
				})
				if when == "after-index" {
					s.indexed(1)
				}
				editStream(b, s, uri.File(path), texts)
				return s
			})
		})
	}
}

// streamEdits returns the texts of the session: a stream of 5,000
// Secrets (MDSCHECK_SECRETS others), then that stream with a value in
// the middle changed, twice.
func streamEdits() []string {
	n := 5000
	if v, err := strconv.Atoi(os.Getenv("MDSCHECK_SECRETS")); err == nil && v > 0 {
		n = v
	}
	texts := []string{manySecrets(n, "plain-name", "v000000000000")}
	for _, value := range []string{"nw7pq2xlk9zr", "qk3vz8mw1tye"} {
		texts = append(texts, manySecrets(n, "plain-name", value))
	}
	return texts
}

// editStream opens u with texts[0], then changes it to each of the others
// with an outline and a hover at once, waiting for each version's
// diagnostics.
func editStream(b *testing.B, s *session, u uri.URI, texts []string) {
	s.open(u, texts[0])
	for _, text := range texts[1:] {
		v := s.edit(u, whole(text))
		outline(b, s, u)
		s.diagnostics(u, v)
	}
}

// measureServer calls run once an iteration and reports the server's
// CPU time (user and system, the process's own after it exits) and peak
// resident memory.
func measureServer(b *testing.B, run func() *session) {
	var cpu time.Duration
	var peak int
	for b.Loop() {
		s := run()
		peak = max(peak, peakKB(s.p.cmd.Process.Pid))
		s.shutdown()
		cpu += s.p.cmd.ProcessState.UserTime() + s.p.cmd.ProcessState.SystemTime()
	}
	b.ReportMetric(float64(cpu.Milliseconds())/float64(b.N), "cpu-ms/op")
	b.ReportMetric(float64(peak)/1024, "peak-MiB")
}
