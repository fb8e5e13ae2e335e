package lsp

import (
	"fmt"
	"io"
	"log"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/mdscheck/mdscheck/core/text"
	"github.com/mdscheck/mdscheck/internal/benchrepo"
	"github.com/mdscheck/mdscheck/internal/kustomize"
)

// benchRepo is the workspace of the benchmarks: 1,000 files, each with
// 10 resources of ours and 10 workloads that read the connection Secrets
// of resources of other files (docs/performance.md, "The workspace
// index").
var benchRepo = benchrepo.Repo{Files: 1000}

// genFile is the text of file f of the workspace.
func genFile(f int) string { return benchRepo.File(f) }

// genWorkspace writes the workspace to dir.
func genWorkspace(tb testing.TB, dir string) {
	tb.Helper()
	if err := benchRepo.Write(dir); err != nil {
		tb.Fatal(err)
	}
}

// benchServer is a server with no client, on the workspace folder dir.
func benchServer(dir string) *server {
	s := newServer(log.New(io.Discard, "", 0), Options{})
	s.ws.setRoots([]string{fileURI(dir)})
	return s
}

// indexNow reads the workspace as the server does at initialized, on
// this goroutine.
func (s *server) indexNow() { s.index(true, nil) }

// TestGeneratedWorkspace holds the generator to what the benchmarks say
// it makes: every file indexed, every resource and workload in the set,
// and findings of each rule.
func TestGeneratedWorkspace(t *testing.T) {
	if testing.Short() {
		t.Skip("writes 1,000 files")
	}
	dir := t.TempDir()
	genWorkspace(t, dir)
	s := benchServer(dir)
	s.indexNow()
	w := s.ws
	if len(w.files) != benchRepo.Files {
		t.Fatalf("%d files indexed, want %d", len(w.files), benchRepo.Files)
	}
	writers, reads, rules := 0, 0, map[string]int{}
	for _, key := range w.set.Files() {
		f := w.set.Facts(key)
		writers += len(f.Writers)
		reads += len(f.Reads) + len(f.EnvFroms)
		for _, d := range w.set.Findings(key) {
			rules[d.Rule]++
		}
	}
	if writers != benchRepo.Files*benchrepo.Resources || reads < benchRepo.Files*benchrepo.Workloads {
		t.Errorf("%d resources and %d reads in the set, want %d and at least %d", writers, reads, benchRepo.Files*benchrepo.Resources, benchRepo.Files*benchrepo.Workloads)
	}
	if rules["secret-key"] == 0 || rules["secret-conflict"] != 0 {
		t.Errorf("findings by rule: %v; want secret-key findings and no conflict", rules)
	}
	if w.secrets.gate.Empty() {
		t.Errorf("the gate knows no secret of the workspace")
	}
}

// BenchmarkWorkspaceIndex reads the generated workspace (1,000 files,
// 10,000 resources, 10,000 workloads) as the server does at initialized,
// and reports the heap in use after it (heap-MiB: the index and the gate
// of the secrets, after a collection).
func BenchmarkWorkspaceIndex(b *testing.B) {
	dir := b.TempDir()
	genWorkspace(b, dir)
	var heap uint64
	for b.Loop() {
		b.StopTimer()
		runtime.GC()
		var before runtime.MemStats
		runtime.ReadMemStats(&before)
		b.StartTimer()
		s := benchServer(dir)
		s.indexNow()
		b.StopTimer()
		runtime.GC()
		var after runtime.MemStats
		runtime.ReadMemStats(&after)
		if len(s.ws.files) != benchRepo.Files {
			b.Fatalf("%d files indexed", len(s.ws.files))
		}
		heap = after.HeapInuse - min(before.HeapInuse, after.HeapInuse)
		runtime.KeepAlive(s)
		b.StartTimer()
	}
	b.ReportMetric(float64(heap)/(1<<20), "heap-MiB")
}

// BenchmarkWorkspaceUpdate is the cost of one file changed on disk once
// the workspace is indexed, with ten files open in the editor: put its
// facts again (two versions in turn, one with a resource renamed) and
// find again the cross findings of the open files (put); the same with
// the file read and checked first, as the server does (read+put).
func BenchmarkWorkspaceUpdate(b *testing.B) {
	dir := b.TempDir()
	genWorkspace(b, dir)
	s := benchServer(dir)
	s.indexNow()
	for f := range 10 {
		p := filepath.Join(dir, fmt.Sprintf("team-%d", f%10), fmt.Sprintf("app-%d.yaml", f*97))
		d := &openDoc{uri: fileURI(p)}
		text := genFile(f * 97)
		s.ws.putOpen(d, text, text)
	}
	changed := filepath.Join(dir, "team-1", "app-501.yaml")
	texts := []string{genFile(501), strings.Replace(genFile(501), "name: kafka-501-0\n", "name: kafka-501-0-renamed\n", 1)}
	var reads [2]diskRead
	for i, text := range texts {
		if err := os.WriteFile(changed, []byte(text), 0o644); err != nil {
			b.Fatal(err)
		}
		reads[i] = s.readOne(changed, &kustomize.Readings{})
	}
	_, gen := s.ws.rootsNow()
	b.Run("put", func(b *testing.B) {
		for i := 0; b.Loop(); i++ {
			s.ws.putDisk([]diskRead{reads[i%2]}, gen)
		}
	})
	b.Run("read+put", func(b *testing.B) {
		for i := 0; b.Loop(); i++ {
			if err := os.WriteFile(changed, []byte(texts[i%2]), 0o644); err != nil {
				b.Fatal(err)
			}
			s.ws.putDisk([]diskRead{s.readOne(changed, &kustomize.Readings{})}, gen)
		}
	})
}

// BenchmarkStreamFacts is what the cross facts add to a check of the
// corpus's 2,000-document stream: every document read when it is opened,
// and the one document a keystroke changed (at the edit probe, as
// BenchmarkRecheckStream types).
func BenchmarkStreamFacts(b *testing.B) {
	src := largeStream(b)
	b.Run("open", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			var c streamFacts
			c.of(src)
		}
	})
	b.Run("keystroke", func(b *testing.B) {
		at := text.Position{Line: 31701, Character: 26}
		texts := []string{src, applyChanges(src, []change{{start: at, end: at, text: "x"}}, text.UTF16)}
		var c streamFacts
		c.of(src)
		b.ReportAllocs()
		for i := 0; b.Loop(); i++ {
			c.of(texts[(i+1)%2])
		}
	})
}
