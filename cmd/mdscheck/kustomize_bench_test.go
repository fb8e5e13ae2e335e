//go:build unix

package main

import (
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// kustomizeTree writes an overlay of n Kafka resources below dir and
// returns the overlay's folder: a base that lists them in files of 500
// documents each, every tenth with a mistake, and an overlay that
// prefixes their names and patches the plan of a tenth with a JSON patch.
// The shape of a large generated overlay: many resources per file,
// findings in most files, a prefix and a targeted patch.
func kustomizeTree(t testing.TB, dir string, n int) string {
	const perFile = 500
	var list strings.Builder
	list.WriteString("resources:\n")
	for f := 0; f*perFile < n; f++ {
		var docs strings.Builder
		for i := f * perFile; i < min((f+1)*perFile, n); i++ {
			project := "streaming"
			if i%10 == 0 {
				project = "Bad Project!"
			}
			fmt.Fprintf(&docs, "---\napiVersion: example.io/v1alpha1\nkind: Kafka\nmetadata:\n  name: events-%d\nspec:\n  plan: business-4\n  project: %s\n  userConfig:\n    kafka_version: \"3.7\"\n", i, project)
		}
		name := fmt.Sprintf("kafka-%d.yaml", f)
		write(t, filepath.Join(dir, "base", name), docs.String())
		fmt.Fprintf(&list, "  - %s\n", name)
	}
	write(t, filepath.Join(dir, "base", "kustomization.yaml"), list.String())
	write(t, filepath.Join(dir, "prod", "kustomization.yaml"),
		"namePrefix: prod-\nresources:\n  - ../base\npatches:\n  - path: plan.yaml\n    target:\n      kind: Kafka\n      name: events-.*1\n")
	write(t, filepath.Join(dir, "prod", "plan.yaml"), "- op: replace\n  path: /spec/plan\n  value: business-8\n")
	return filepath.Join(dir, "prod")
}

// BenchmarkKustomize runs validate --kustomize on overlays of 2,000 and
// 20,000 resources (kustomizeTree): the processor time per resource (user
// and system, of all cores: cpu-µs/resource) stays the same when the
// build grows tenfold (docs/performance.md, "--kustomize scales
// linearly"). GOGC=200 is what the command runs with.
//
//	GOGC=200 go test ./cmd/mdscheck -run '^$' -bench Kustomize -benchtime 3x
func BenchmarkKustomize(b *testing.B) {
	for _, n := range []int{2000, 20000} {
		b.Run(fmt.Sprintf("resources=%d", n), func(b *testing.B) {
			overlay := kustomizeTree(b, b.TempDir(), n)
			b.ReportAllocs()
			start := cpuTime()
			for b.Loop() {
				var stderr strings.Builder
				// Every tenth resource has a mistake: exit status 1.
				if code := run([]string{"validate", "--no-config", "--format", "json", "--kustomize", overlay}, strings.NewReader(""), io.Discard, &stderr); code != 1 {
					b.Fatalf("exit %d: %s", code, stderr.String())
				}
			}
			b.ReportMetric(float64((cpuTime()-start).Microseconds())/float64(b.N*n), "cpu-µs/resource")
		})
	}
}

// cpuTime is the processor time the process has had, user and system.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
