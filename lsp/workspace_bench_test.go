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
	"github.com/mdscheck/mdscheck/internal/kustomize"
)

// The workspace of the benchmarks: 1,000 files, each with 10 resources
// of ours and 10 workloads that read the connection Secrets of resources
// of other files (docs/performance.md, "The workspace index").
const (
	benchFiles     = 1000
	benchResources = 10 // per file
	benchWorkloads = 10 // per file
)

// kinds are the kinds the generator writes, with a plan of each.
var benchKinds = []struct{ kind, plan, prefix string }{
	{"Kafka", "business-4", "KAFKA_"},
	{"OpenSearch", "startup-4", "OPENSEARCH_"},
	{"Grafana", "startup-1", "GRAFANA_"},
}

// genResource writes resource r of file f: one of the three kinds, in
// one of 20 namespaces, some with a connection Secret of another name
// and prefix, some disabled, some with a component on, some that take
// their token from a v1 Secret, a few with a password.
func genResource(b *strings.Builder, f, r int) {
	k := benchKinds[(f+r)%len(benchKinds)]
	fmt.Fprintf(b, "apiVersion: example.io/v1alpha1\nkind: %s\nmetadata:\n  name: %s-%d-%d\n  namespace: ns-%d\n  labels:\n    team: t%d\nspec:\n  project: project-%d\n  plan: %s\n  cloudName: google-europe-west1\n",
		k.kind, strings.ToLower(k.kind), f, r, f%20, r, f%7, k.plan)
	switch r % 5 {
	case 1:
		fmt.Fprintf(b, "  connInfoSecretTarget:\n    name: conn-%d-%d\n    prefix: P%d_\n", f, r, r)
	case 2:
		b.WriteString("  connInfoSecretTargetDisabled: true\n")
	case 3:
		fmt.Fprintf(b, "  authSecretRef:\n    name: token-%d\n    key: token\n", f)
	}
	switch {
	case k.kind == "Kafka" && r%2 == 0:
		b.WriteString("  userConfig:\n    kafka_rest: true\n    kafka:\n      auto_create_topics_enable: false\n")
	case k.kind == "Grafana" && r%4 == 0:
		fmt.Fprintf(b, "  userConfig:\n    smtp_server:\n      host: smtp.example.com\n      port: 587\n      from_address: a@example.com\n      password: pw-%d-%d-%d\n", f, r, f*r)
	}
}

// genWorkload writes workload w of file f: a Deployment or a CronJob that
// reads keys, all keys and a volume of the Secrets of resources of the
// files before it; one in ten reads a key its resource does not write.
func genWorkload(b *strings.Builder, f, w int) {
	src := (f + benchFiles - 1 - w%3) % benchFiles // a file before this one
	r := w % benchResources
	k := benchKinds[(src+r)%len(benchKinds)]
	name := fmt.Sprintf("%s-%d-%d", strings.ToLower(k.kind), src, r)
	prefix := k.prefix
	if r%5 == 1 {
		name, prefix = fmt.Sprintf("conn-%d-%d", src, r), fmt.Sprintf("P%d_", r)
	}
	key := prefix + "HOST"
	if w%10 == 9 {
		key = prefix + "NOPE"
	}
	pod := "spec:\n  template:\n    spec:\n"
	indent := "      "
	kind := "Deployment"
	if w%4 == 3 {
		kind, pod, indent = "CronJob", "spec:\n  schedule: \"@daily\"\n  jobTemplate:\n    spec:\n      template:\n        spec:\n", "          "
	}
	fmt.Fprintf(b, "apiVersion: apps/v1\nkind: %s\nmetadata:\n  name: app-%d-%d\n  namespace: ns-%d\n%s", kind, f, w, src%20, pod)
	fmt.Fprintf(b, "%scontainers:\n%s  - name: app\n%s    image: registry.example.com/app:1.%d\n%s    env:\n", indent, indent, indent, w, indent)
	for _, kk := range []string{key, prefix + "PORT"} {
		fmt.Fprintf(b, "%s      - name: V_%s\n%s        valueFrom:\n%s          secretKeyRef:\n%s            name: %s\n%s            key: %s\n",
			indent, kk, indent, indent, indent, name, indent, kk)
	}
	fmt.Fprintf(b, "%s    envFrom:\n%s      - secretRef:\n%s          name: %s\n", indent, indent, indent, name)
	fmt.Fprintf(b, "%svolumes:\n%s  - name: certs\n%s    secret:\n%s      secretName: %s\n", indent, indent, indent, indent, name)
}

// genFile is the text of file f of the workspace.
func genFile(f int) string {
	var b strings.Builder
	for r := range benchResources {
		if b.Len() > 0 {
			b.WriteString("---\n")
		}
		genResource(&b, f, r)
	}
	fmt.Fprintf(&b, "---\napiVersion: v1\nkind: Secret\nmetadata:\n  name: token-%d\n  namespace: ns-%d\nstringData:\n  token: tok-%d-abcdef\n", f, f%20, f)
	for w := range benchWorkloads {
		b.WriteString("---\n")
		genWorkload(&b, f, w)
	}
	return b.String()
}

// genWorkspace writes the workspace to dir.
func genWorkspace(tb testing.TB, dir string) {
	tb.Helper()
	for f := range benchFiles {
		p := filepath.Join(dir, fmt.Sprintf("team-%d", f%10), fmt.Sprintf("app-%d.yaml", f))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			tb.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(genFile(f)), 0o644); err != nil {
			tb.Fatal(err)
		}
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
	if len(w.files) != benchFiles {
		t.Fatalf("%d files indexed, want %d", len(w.files), benchFiles)
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
	if writers != benchFiles*benchResources || reads < benchFiles*benchWorkloads {
		t.Errorf("%d resources and %d reads in the set, want %d and at least %d", writers, reads, benchFiles*benchResources, benchFiles*benchWorkloads)
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
		if len(s.ws.files) != benchFiles {
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
