package lsp_test

// Benchmarks of what an editor user waits for, measured from the client's
// side of the real binary's stdio: open-to-diagnostics, edit-to-diagnostics
// (debounce included), completion and hover, on the deterministic corpus of
// ../shared/tools/gencorpus, and the server's peak memory (VmHWM).
//
//	MDSCHECK_CORPUS=/tmp/mdscheck-corpus go test ./lsp -run '^$' -bench . -benchtime 50x -count 3

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
)

// corpusFiles are the three sizes of the budgets.
var corpusFiles = []struct{ name, path string }{
	{"small", "small/opensearch-small.yaml"},
	{"medium", "medium/kafka-medium.yaml"},
	{"large", "large/mixed.yaml"},
}

type probe struct {
	Line      uint32 `json:"line"`
	Character uint32 `json:"character"`
}

type corpusFile struct {
	text   string
	probes struct {
		Completion probe `json:"completion"`
		Hover      probe `json:"hover"`
		Edit       probe `json:"edit"`
	}
}

// loadCorpus reads a file of the corpus and its probe positions, or skips.
func loadCorpus(b *testing.B, path string) corpusFile {
	b.Helper()
	dir := os.Getenv("MDSCHECK_CORPUS")
	if dir == "" {
		dir = filepath.Join(os.TempDir(), "mdscheck-corpus")
	}
	raw, err := os.ReadFile(filepath.Join(dir, "manifest.json"))
	if err != nil {
		b.Skipf("no benchmark corpus in %s (%v): write it with `go run ../shared/tools/gencorpus/main.go -out DIR` and set MDSCHECK_CORPUS=DIR (make bench writes one to .corpus)", dir, err)
	}
	var manifest struct {
		Files map[string]struct {
			Probes json.RawMessage `json:"probes"`
		} `json:"files"`
	}
	if err := json.Unmarshal(raw, &manifest); err != nil {
		b.Fatalf("manifest.json: %v", err)
	}
	var f corpusFile
	if err := json.Unmarshal(manifest.Files[path].Probes, &f.probes); err != nil {
		b.Fatalf("probes of %s: %v", path, err)
	}
	src, err := os.ReadFile(filepath.Join(dir, path))
	if err != nil {
		b.Skipf("corpus file missing: %v", err)
	}
	f.text = string(src)
	return f
}

// reportLatency reports the median and the 95th percentile of samples, and
// the server's peak resident memory.
func reportLatency(b *testing.B, s *session, samples []time.Duration) {
	b.Helper()
	if len(samples) > 0 {
		slices.Sort(samples)
		ms := func(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
		b.ReportMetric(ms(samples[len(samples)/2]), "p50-ms")
		b.ReportMetric(ms(samples[(len(samples)*95)/100]), "p95-ms")
	}
	if kb := peakKB(s.p.cmd.Process.Pid); kb > 0 {
		b.ReportMetric(float64(kb)/1024, "peak-MiB")
	}
}

// peakKB is the peak resident set of a process (VmHWM), 0 where /proc has
// no such line.
func peakKB(pid int) int {
	status, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(status), "\n") {
		if v, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			n, _ := strconv.Atoi(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")))
			return n
		}
	}
	return 0
}

// idle waits until the server has finished the work an open starts (the
// outline of a large stream is made after its diagnostics are out), so
// that a benchmark measures the steady state of editing.
func (s *session) idle() {
	poll(s.t, "the server to be idle", func() bool { return s.stats().Pending == 0 })
}

// BenchmarkOpen measures didOpen to the first publishDiagnostics.
func BenchmarkOpen(b *testing.B) {
	for _, cf := range corpusFiles {
		b.Run(cf.name, func(b *testing.B) {
			f := loadCorpus(b, cf.path)
			s, _ := start(b)
			b.SetBytes(int64(len(f.text)))
			var samples []time.Duration
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				u := uri.URI(fmt.Sprintf("file:///open-%d.yaml", i))
				t0 := time.Now()
				s.open(u, f.text)
				samples = append(samples, time.Since(t0))
				b.StopTimer()
				if err := s.srv.DidClose(s.ctx, &protocol.DidCloseTextDocumentParams{TextDocument: docID(u)}); err != nil {
					b.Fatal(err)
				}
				b.StartTimer()
			}
			b.StopTimer()
			reportLatency(b, s, samples)
		})
	}
}

// opened starts a server with a corpus file open, once the server is done
// with what the open started.
func opened(b *testing.B, path string, u uri.URI) (*session, corpusFile) {
	b.Helper()
	f := loadCorpus(b, path)
	s, _ := start(b)
	s.open(u, f.text)
	s.idle()
	return s, f
}

// keystroke types a character at p, or deletes it again on odd i: the
// text stays valid, as the edit probe promises.
func keystroke(p probe, i int) protocol.TextDocumentContentChangeEvent {
	if i%2 == 1 {
		return replace(p.Line, p.Character, p.Line, p.Character+1, "")
	}
	return replace(p.Line, p.Character, p.Line, p.Character, "x")
}

// BenchmarkEdit measures a keystroke (didChange at the edit probe) to the
// diagnostics of the new version; the server's debounce is part of it.
func BenchmarkEdit(b *testing.B) {
	for _, cf := range corpusFiles {
		b.Run(cf.name, func(b *testing.B) {
			u := uri.URI("file:///edit.yaml")
			s, f := opened(b, cf.path, u)
			p := f.probes.Edit
			var samples []time.Duration
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				t0 := time.Now()
				v := s.edit(u, keystroke(p, i))
				s.diagnostics(u, v)
				samples = append(samples, time.Since(t0))
			}
			b.StopTimer()
			if cf.name == "large" {
				if st := s.stats(); st.Open[0].Rechecked != 1 {
					b.Errorf("an edit re-checked %d documents of the stream", st.Open[0].Rechecked)
				}
			}
			reportLatency(b, s, samples)
		})
	}
}

// BenchmarkCompletion measures a completion request at the probe (an
// indented blank line in a nested mapping).
func BenchmarkCompletion(b *testing.B) {
	benchRequest(b, func(f corpusFile) probe { return f.probes.Completion }, func(b *testing.B, s *session, u uri.URI, p protocol.Position) {
		// The medium file already has every member, so its list is empty;
		// the cost is the same.
		if _, err := s.completion(u, p); err != nil {
			b.Fatal(err)
		}
	})
}

// BenchmarkHover measures a hover request on a key.
func BenchmarkHover(b *testing.B) {
	benchRequest(b, func(f corpusFile) probe { return f.probes.Hover }, func(b *testing.B, s *session, u uri.URI, p protocol.Position) {
		h, err := s.hover(u, p)
		if err != nil {
			b.Fatal(err)
		}
		if h == nil {
			b.Fatalf("no hover at %v", p)
		}
	})
}

func benchRequest(b *testing.B, at func(corpusFile) probe, do func(*testing.B, *session, uri.URI, protocol.Position)) {
	for _, cf := range corpusFiles {
		b.Run(cf.name, func(b *testing.B) {
			u := uri.URI("file:///request.yaml")
			s, f := opened(b, cf.path, u)
			pr := at(f)
			p := protocol.Position{Line: pr.Line, Character: pr.Character}
			var samples []time.Duration
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				t0 := time.Now()
				do(b, s, u, p)
				samples = append(samples, time.Since(t0))
			}
			b.StopTimer()
			reportLatency(b, s, samples)
		})
	}
}

// BenchmarkSymbols measures documentSymbol after each keystroke (the
// outline editors refresh as you type): the documents the edit did not
// touch are outlined already.
func BenchmarkSymbols(b *testing.B) {
	for _, cf := range corpusFiles {
		b.Run(cf.name, func(b *testing.B) {
			u := uri.URI("file:///symbols.yaml")
			s, f := opened(b, cf.path, u)
			p := f.probes.Edit
			var samples []time.Duration
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				b.StopTimer()
				s.diagnostics(u, s.edit(u, keystroke(p, i)))
				b.StartTimer()
				t0 := time.Now()
				res, err := s.symbols(u)
				samples = append(samples, time.Since(t0))
				if err != nil {
					b.Fatal(err)
				}
				if syms, _ := res.(protocol.DocumentSymbolSlice); len(syms) == 0 {
					b.Fatal("no symbols")
				}
			}
			b.StopTimer()
			reportLatency(b, s, samples)
		})
	}
}
