package lsp

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/mdscheck/mdscheck/core/check"
	"github.com/mdscheck/mdscheck/core/report"
	"github.com/mdscheck/mdscheck/core/text"
	protocol "github.com/tliron/glsp/protocol_3_16"
)

// BenchmarkRecheckStream is the server's own share of an edit in the
// 2,000-document stream, without the transport and the debounce: apply a
// keystroke, check again (one document), build the diagnostics and encode
// the notification.
func BenchmarkRecheckStream(b *testing.B) {
	src := largeStream(b)
	var c streamChecker
	c.run(src, check.DefaultOptions)
	at := text.Position{Line: 31701, Character: 26} // the edit probe of manifest.json
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		ch := change{start: at, end: at, text: "x"}
		if i%2 == 1 {
			ch = change{start: at, end: text.Position{Line: at.Line, Character: at.Character + 1}}
		}
		src = applyChanges(src, []change{ch}, text.UTF16)
		f, checked := c.run(src, check.DefaultOptions)
		if len(checked) != 1 {
			b.Fatalf("checked %d documents", len(checked))
		}
		encodeNotification(b, f)
	}
}

// largeStream is the corpus's 2,000-document stream, or a skip.
func largeStream(b *testing.B) string {
	dir := os.Getenv("MDSCHECK_CORPUS")
	if dir == "" {
		dir = filepath.Join(os.TempDir(), "mdscheck-corpus")
	}
	raw, err := os.ReadFile(filepath.Join(dir, "large/mixed.yaml"))
	if err != nil {
		b.Skipf("no benchmark corpus (%v): see bench_test.go", err)
	}
	return string(raw)
}

// BenchmarkCheckOpenStream is the server's own share of opening the
// 2,000-document stream: every document checked, on one core and on two
// (set by the sub-benchmarks: with b.Loop, go test -cpu 1,2 times the
// first value under the last one's GOMAXPROCS), the diagnostics built and
// the notification encoded. BenchmarkOpen adds the transport, measured from the client.
func BenchmarkCheckOpenStream(b *testing.B) {
	src := largeStream(b)
	for _, procs := range []int{1, 2} {
		b.Run(fmt.Sprintf("procs=%d", procs), func(b *testing.B) {
			defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(procs))
			b.ReportAllocs()
			for b.Loop() {
				var c streamChecker
				f, checked := c.run(src, check.DefaultOptions)
				if len(checked) != 2000 {
					b.Fatalf("checked %d documents", len(checked))
				}
				encodeNotification(b, f)
			}
		})
	}
}

// encodeNotification builds and encodes the diagnostics notification of f,
// as the server publishes it.
func encodeNotification(b *testing.B, f report.File) {
	p := protocol.PublishDiagnosticsParams{URI: "file:///x.yaml", Diagnostics: make([]protocol.Diagnostic, 0, len(f.Diagnostics))}
	at := newPositions(f.Text, text.UTF16)
	for _, d := range f.Diagnostics {
		p.Diagnostics = append(p.Diagnostics, toProtocol(d, at))
	}
	if _, err := json.Marshal(p); err != nil {
		b.Fatal(err)
	}
}
