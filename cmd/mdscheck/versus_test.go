package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// BenchmarkVersus runs the built command and kubeconform -strict as
// processes on the corpus's 2,000-document stream and on its 2,000 files
// of split/, against the same rules: kubeconform gets the JSON Schemas
// that `mdscheck schema` exports. Each -count round runs every
// sub-benchmark once more, so the tools alternate on a noisy machine;
// benchstat gives the ratios of docs/performance.md:
//
//	go install github.com/yannh/kubeconform/cmd/kubeconform@v0.6.7
//	MDSCHECK_CORPUS=.corpus go test ./cmd/mdscheck -run '^$' -bench Versus -benchtime 10x -count 6 > versus.txt
//	benchstat -col /tool versus.txt
//
// mdscheck-1cpu is the command with GOMAXPROCS=1, for the two-core speed-up.
// KUBECONFORM names the binary when it is not on PATH or in ~/go/bin.
func BenchmarkVersus(b *testing.B) {
	dir := os.Getenv("MDSCHECK_CORPUS")
	if dir == "" {
		b.Skip("MDSCHECK_CORPUS is not set (make bench writes the corpus to .corpus/)")
	}
	kubeconform := kubeconformBinary()
	if kubeconform == "" {
		b.Skip("kubeconform not found: go install github.com/yannh/kubeconform/cmd/kubeconform@v0.6.7")
	}
	tmp := b.TempDir()
	bin := filepath.Join(tmp, "mdscheck")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		b.Fatalf("go build: %v\n%s", err, out)
	}
	for _, kind := range []string{"OpenSearch", "Grafana", "Kafka"} {
		out, err := exec.Command(bin, "schema", kind).Output()
		if err != nil {
			b.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(tmp, strings.ToLower(kind)+".json"), out, 0o644); err != nil {
			b.Fatal(err)
		}
	}
	for _, input := range []struct{ name, path string }{
		{"stream", filepath.Join(dir, "large", "mixed.yaml")},
		{"files", filepath.Join(dir, "split")},
	} {
		if _, err := os.Stat(input.path); err != nil {
			b.Fatal(err)
		}
		for _, tool := range []struct {
			name string
			env  []string
			args []string
		}{
			{"kubeconform", nil, []string{kubeconform, "-strict", "-summary", "-schema-location", filepath.Join(tmp, "{{ .ResourceKind }}.json"), input.path}},
			{"mdscheck", nil, []string{bin, "validate", "--no-config", "--format", "json", input.path}},
			{"mdscheck-1cpu", []string{"GOMAXPROCS=1"}, []string{bin, "validate", "--no-config", "--format", "json", input.path}},
		} {
			b.Run("input="+input.name+"/tool="+tool.name, func(b *testing.B) {
				// CPU time (user and system) of the process, the figure the
				// budget is stated in: on a shared machine the wall time
				// swings with the others' work, the CPU time much less.
				var cpu time.Duration
				for b.Loop() {
					cmd := exec.Command(tool.args[0], tool.args[1:]...)
					cmd.Env = append(os.Environ(), tool.env...)
					// Both find mistakes in the corpus on purpose: exit status 1.
					if err := cmd.Run(); err != nil {
						if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 1 {
							b.Fatalf("%s: %v", tool.name, err)
						}
					}
					cpu += cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
				}
				b.ReportMetric(float64(cpu.Microseconds())/1000/float64(b.N), "cpu-ms/op")
			})
		}
	}
}

func kubeconformBinary() string {
	if p := os.Getenv("KUBECONFORM"); p != "" {
		return p
	}
	if p, err := exec.LookPath("kubeconform"); err == nil {
		return p
	}
	if home, err := os.UserHomeDir(); err == nil {
		p := filepath.Join(home, "go", "bin", "kubeconform")
		if _, err := os.Stat(p); err == nil {
			return p
		}
	}
	return ""
}
