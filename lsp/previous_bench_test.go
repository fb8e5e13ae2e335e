package lsp

import (
	"io"
	"log"
	"strconv"
	"strings"
	"testing"

	"github.com/mdscheck/mdscheck/core/check"
)

// BenchmarkKeystrokeWithPrevious is the server's share of a keystroke in
// a stream of 2,000 manifests (1.1 MB), with and without the comparison
// with the previous version: check again (one document), then compare the
// whole text with the previous one, which reads both streams again.
//
//	go test ./lsp -run '^$' -bench KeystrokeWithPrevious -benchmem
func BenchmarkKeystrokeWithPrevious(b *testing.B) {
	var sb strings.Builder
	for i := range 2000 {
		sb.WriteString("---\napiVersion: example.io/v1alpha1\nkind: OpenSearch\nmetadata:\n  name: search-" + strconv.Itoa(i) +
			"\n  namespace: prod\nspec:\n  plan: startup-4\n  project: p" + strconv.Itoa(i) +
			"\n  disk_space: 90GiB\n  userConfig:\n    ip_filter: [10.0.0.0/8, 192.168.0.0/16]\n    opensearch:\n      action_auto_create_index_enabled: true\n")
	}
	prev := sb.String()
	at := strings.Index(prev, "project: p1000") + len("project: p1000")
	s := newServer(log.New(io.Discard, "", 0), Options{})
	for _, rev := range []string{previousOff, "HEAD"} {
		b.Run("previous="+rev, func(b *testing.B) {
			d := &openDoc{uri: "file:///x.yaml"}
			d.previous = previousVersion{rev: "HEAD", text: prev, found: true}
			src := prev
			d.checker.run(src, check.DefaultOptions)
			b.ReportAllocs()
			for i := 0; b.Loop(); i++ {
				src = prev[:at] + "x" + strconv.Itoa(i%10) + prev[at:] // project changed: an immutable finding
				f, _ := d.checker.run(src, check.DefaultOptions)
				s.addChanges(d, src, rev, &f)
				want := 0
				if rev == "HEAD" {
					want = 1
				}
				if n := countRule(f.Diagnostics, "immutable"); n != want {
					b.Fatalf("%d immutable findings, want %d", n, want)
				}
			}
		})
	}
}

func countRule(ds []check.Diagnostic, rule string) int {
	n := 0
	for _, d := range ds {
		if d.Rule == rule {
			n++
		}
	}
	return n
}
