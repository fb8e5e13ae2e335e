package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

func runCLI(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(args, strings.NewReader(stdin), &out, &errb)
	return code, out.String(), errb.String()
}

const valid = `apiVersion: example.io/v1alpha1
kind: Kafka
metadata:
  name: events
spec:
  plan: business-4
  project: streaming
`

const invalid = `apiVersion: example.io/v1alpha1
kind: Kafka
metadata:
  name: events
spec:
  plan: business-4
  project: Bad Project!
  maintenanceWindowDow: funday
`

func TestExitCodes(t *testing.T) {
	dir := t.TempDir()
	write := func(name, body string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	ok := write("ok.yaml", valid)
	bad := write("bad.yml", invalid)
	warn := write("warn.yaml", valid+"  terminationProtection: yes\n")
	cases := []struct {
		name string
		args []string
		want int
	}{
		{"valid", []string{"validate", ok}, 0},
		{"errors", []string{"validate", bad}, 1},
		{"warnings pass", []string{"validate", warn}, 0},
		{"warnings strict", []string{"validate", "--strict", warn}, 1},
		{"missing file", []string{"validate", filepath.Join(dir, "nope.yaml")}, 2},
		{"bad format", []string{"validate", "--format", "xml", ok}, 2},
		{"no path", []string{"validate"}, 2},
		{"unknown command", []string{"frobnicate"}, 2},
		{"directory", []string{"validate", dir}, 1},
		{"version", []string{"version"}, 0},
		{"help", []string{"validate", "--help"}, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, _, stderr := runCLI(t, "", c.args...)
			if code != c.want {
				t.Errorf("exit %d, want %d (stderr: %s)", code, c.want, stderr)
			}
		})
	}
}

func TestTextOutput(t *testing.T) {
	code, out, _ := runCLI(t, invalid, "validate", "--color", "never", "-")
	if code != 1 {
		t.Fatalf("exit %d", code)
	}
	want := `<stdin>:7:12: error: "Bad Project!" does not match the pattern ^[a-zA-Z0-9_-]+$: letters, digits, ` + "`_` and `-`" + ` [pattern]
    project: Bad Project!
             ^^^^^^^^^^^^
<stdin>:8:25: error: "funday" is not allowed; must be one of monday, tuesday, wednesday, thursday, friday, saturday, sunday (did you mean sunday?) [enum]
    maintenanceWindowDow: funday
                          ^^^^^^
2 errors, 0 warnings in 1 file (1 of 1 documents checked)
`
	if out != want {
		t.Errorf("got:\n%s\nwant:\n%s", out, want)
	}
	if _, out, _ := runCLI(t, invalid, "validate", "--color", "always", "-"); !strings.Contains(out, "\x1b[31m") {
		t.Errorf("--color always gives no colour")
	}
}

func TestJSONOutput(t *testing.T) {
	src := "apiVersion: v1\nkind: ConfigMap\n---\n" + invalid
	code, out, _ := runCLI(t, src, "validate", "--format", "json", "-")
	if code != 1 {
		t.Fatalf("exit %d", code)
	}
	var got struct {
		Files []struct {
			Path      string
			Documents []struct {
				Index      int    `json:"index"`
				APIVersion string `json:"apiVersion"`
				Kind       string `json:"kind"`
				Name       string `json:"name"`
				Checked    bool   `json:"checked"`
			}
			Diagnostics []struct {
				Document int    `json:"document"`
				Severity string `json:"severity"`
				Rule     string `json:"rule"`
				Path     string `json:"path"`
				Pointer  string `json:"pointer"`
				Message  string `json:"message"`
				Range    struct {
					Start struct{ Line, Character int }
					End   struct{ Line, Character int }
				} `json:"range"`
			}
		}
		Summary struct{ Files, Documents, Errors, Warnings int }
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("not one JSON object: %v\n%s", err, out)
	}
	if got.Summary.Files != 1 || got.Summary.Documents != 2 || got.Summary.Errors != 2 {
		t.Errorf("summary %+v", got.Summary)
	}
	f := got.Files[0]
	if f.Documents[0].Checked || !f.Documents[1].Checked || f.Documents[1].Kind != "Kafka" || f.Documents[1].Name != "events" {
		t.Errorf("documents %+v", f.Documents)
	}
	d := f.Diagnostics[1]
	if d.Document != 1 || d.Rule != "enum" || d.Path != "spec.maintenanceWindowDow" || d.Pointer != "/spec/maintenanceWindowDow" ||
		d.Range.Start.Line != 10 || d.Range.Start.Character != 24 || d.Range.End.Character != 30 {
		t.Errorf("diagnostic %+v", d)
	}
}

func TestSARIFAndGitHub(t *testing.T) {
	_, out, _ := runCLI(t, invalid, "validate", "--format", "sarif", "-")
	var log struct {
		Version string
		Runs    []struct {
			Tool struct {
				Driver struct {
					Name  string
					Rules []struct{ ID string }
				}
			}
			Results []struct {
				RuleID    string
				Level     string
				Locations []struct {
					PhysicalLocation struct {
						Region struct{ StartLine, StartColumn int }
					}
				}
			}
		}
	}
	if err := json.Unmarshal([]byte(out), &log); err != nil {
		t.Fatal(err)
	}
	if log.Version != "2.1.0" || len(log.Runs) != 1 || len(log.Runs[0].Results) != 2 {
		t.Fatalf("sarif: %s", out)
	}
	r := log.Runs[0].Results[0]
	if r.RuleID != "pattern" || r.Level != "error" || r.Locations[0].PhysicalLocation.Region.StartLine != 7 ||
		r.Locations[0].PhysicalLocation.Region.StartColumn != 12 {
		t.Errorf("result %+v", r)
	}
	_, out, _ = runCLI(t, invalid, "validate", "--format", "github", "-")
	if !strings.HasPrefix(out, "::error file=<stdin>,line=7,col=12,endLine=7,endColumn=24,title=mdscheck pattern::") {
		t.Errorf("github: %s", out)
	}
}

func TestExplain(t *testing.T) {
	code, out, _ := runCLI(t, "", "explain", "Kafka.spec.plan")
	if code != 0 || !strings.Contains(out, "**Kafka.spec.plan**: string, required") {
		t.Errorf("explain required member: %d %s", code, out)
	}
	code, out, _ = runCLI(t, "", "explain", "Kafka.spec.maintenanceWindowDow")
	if code != 0 || !strings.Contains(out, "`sunday`") {
		t.Errorf("explain member: %d %s", code, out)
	}
	code, out, _ = runCLI(t, "", "explain", "unknown-field")
	if code != 0 || !strings.Contains(out, "typo") {
		t.Errorf("explain rule: %d %s", code, out)
	}
	if code, _, _ := runCLI(t, "", "explain", "Nope"); code != 2 {
		t.Errorf("explain unknown: %d", code)
	}
}

func TestSchemaExport(t *testing.T) {
	code, out, _ := runCLI(t, "", "schema", "Kafka")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	var s struct {
		Required   []string
		Properties map[string]struct {
			Required   []string
			Properties map[string]struct {
				Pattern   string
				MaxLength int
				Enum      []any
			}
		}
	}
	if err := json.Unmarshal([]byte(out), &s); err != nil {
		t.Fatal(err)
	}
	spec := s.Properties["spec"]
	if strings.Join(s.Required, ",") != "apiVersion,kind,metadata,spec" || strings.Join(spec.Required, ",") != "plan,project" {
		t.Errorf("required: %v %v", s.Required, spec.Required)
	}
	if p := spec.Properties["project"]; p.Pattern != "^[a-zA-Z0-9_-]+$" || p.MaxLength != 63 {
		t.Errorf("project: %+v", p)
	}
	if _, ok := spec.Properties["karapace"]; !ok {
		t.Errorf("Kafka's karapace missing")
	}
	if code, _, _ := runCLI(t, "", "schema", "Nope"); code != 2 {
		t.Errorf("unknown kind: exit %d", code)
	}
}

// TestHugeLineStaysReadable: a finding on a line of megabytes prints a
// clipped line and an underline of the same length, not megabytes.
func TestHugeLineStaysReadable(t *testing.T) {
	src := "apiVersion: example.io/v1alpha1\nkind: Kafka\nmetadata:\n  name: x\nspec:\n  plan: " + strings.Repeat("p", 1<<20) + "\n  project: p\n"
	code, out, _ := runCLI(t, src, "validate", "--color", "never", "-")
	if code != 1 {
		t.Fatalf("exit %d", code)
	}
	if len(out) > 2000 {
		t.Fatalf("output is %d bytes for one finding", len(out))
	}
	lines := strings.Split(out, "\n")
	if len(lines) < 3 || !strings.HasSuffix(lines[1], "...") || len(strings.TrimSpace(lines[2])) != 400-len("  plan: ") {
		t.Errorf("output:\n%s", out)
	}
}

func TestBinaryInputAndMissingFiles(t *testing.T) {
	code, out, _ := runCLI(t, "a: \x00\x01\x02\n", "validate", "--color", "never", "-")
	if code != 1 || strings.ContainsAny(out, "\x00\x01") || !strings.Contains(out, "not UTF-8 text") {
		t.Errorf("binary input: exit %d, output %q", code, out)
	}
	code, out, stderr := runCLI(t, "", "validate", filepath.Join(t.TempDir(), "missing.yaml"))
	if code != 2 || out != "" || !strings.Contains(stderr, "no such file") {
		t.Errorf("missing file: exit %d, stdout %q, stderr %q", code, out, stderr)
	}
}

// TestHostileCommandLine: a FIFO among the files of a directory is
// skipped with a word (reading it would block forever), and --jobs
// outside 1..maxJobs is a usage error, not a panic in makechan or a run
// that eats the memory.
func TestHostileCommandLine(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "ok.yaml"), []byte(valid), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(filepath.Join(dir, "x.yaml"), 0o644); err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	var code int
	var out, errOut string
	go func() {
		code, out, errOut = runCLI(t, "", "validate", dir)
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(30 * time.Second):
		t.Fatal("validate hangs on a directory that holds a FIFO")
	}
	if code != 0 || !strings.Contains(errOut, "x.yaml: skipped, not a regular file") || !strings.Contains(out, "no problems in 1 file") {
		t.Errorf("FIFO in a directory: exit %d\n%s%s", code, out, errOut)
	}
	for _, jobs := range []string{"0", "-1", "1025", "2305843009213693952", "100000000"} {
		code, _, errOut := runCLI(t, "", "validate", "--jobs", jobs, dir)
		if code != 2 || !strings.Contains(errOut, "--jobs must be from 1 to 1024") {
			t.Errorf("--jobs %s: exit %d, %s", jobs, code, errOut)
		}
	}
	if code, _, errOut := runCLI(t, "", "validate", "--jobs", "1e8", dir); code != 2 {
		t.Errorf("--jobs 1e8: exit %d, %s", code, errOut)
	}
}
