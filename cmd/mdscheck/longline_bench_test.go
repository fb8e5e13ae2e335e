package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// longLine is a manifest whose last line is one flow mapping of pad bytes
// of a string and then n findings: the shape of an input that made the
// work per finding grow with the line's length (docs/performance.md,
// "Many findings on one line").
func longLine(pad, n int) string {
	return "apiVersion: example.io/v1alpha1\nkind: Grafana\nmetadata: {name: g}\n" +
		`spec: {project: p, plan: x, cloudName: "` + strings.Repeat("a", pad) +
		`", userConfig: {ip_filter: [` + strings.TrimSuffix(strings.Repeat("{network: x},", n), ",") + "]}}\n"
}

// BenchmarkLongLine runs the command on one long line at two sizes, in
// every output format: the time per run should grow about fourfold when
// both the line and the findings on it double (linear in each), not
// eightfold or more.
//
//	go test ./cmd/mdscheck -run '^$' -bench LongLine -benchtime 3x
func BenchmarkLongLine(b *testing.B) {
	for _, size := range []struct{ pad, n int }{{250_000, 1_100}, {500_000, 2_200}} {
		path := filepath.Join(b.TempDir(), "long.yaml")
		if err := os.WriteFile(path, []byte(longLine(size.pad, size.n)), 0o644); err != nil {
			b.Fatal(err)
		}
		for _, format := range []string{"text", "json", "github"} {
			b.Run(fmt.Sprintf("pad=%d/findings=%d/%s", size.pad, size.n, format), func(b *testing.B) {
				for b.Loop() {
					var stderr strings.Builder
					if code := run([]string{"validate", "--no-config", "--max-findings", "0", "--format", format, path},
						strings.NewReader(""), io.Discard, &stderr); code != 1 {
						b.Fatalf("exit %d: %s", code, stderr.String())
					}
				}
			})
		}
	}
}
