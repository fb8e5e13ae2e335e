package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestKustomizeOverlay builds the overlays of testdata/kustomize (a base,
// a strategic-merge patch and a JSON patch each) and expects every
// planted mistake in the file and at the line that holds it.
func TestKustomizeOverlay(t *testing.T) {
	for _, tc := range []struct {
		overlay string
		want    []string // path:line:col rule
	}{
		{"prod", []string{
			"testdata/kustomize/overlays/prod/plan.yaml:8:25 enum",
			"testdata/kustomize/overlays/prod/retention.yaml:3:10 type",
		}},
		{"staging", []string{
			"testdata/kustomize/overlays/staging/compression.yaml:3:10 enum",
			"testdata/kustomize/overlays/staging/smaller.yaml:9:7 unknown-field",
		}},
	} {
		t.Run(tc.overlay, func(t *testing.T) {
			code, out, errs := runCLI(t, "", "validate", "--format", "json", "--kustomize", "testdata/kustomize/overlays/"+tc.overlay)
			if code != 1 {
				t.Fatalf("exit %d, want 1\n%s%s", code, out, errs)
			}
			if got := jsonFindings(t, out); strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
				t.Errorf("findings:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
			}
		})
	}
}

// TestKustomizeMissingMember places a finding on a member nobody wrote at
// the resource in its base, naming the member.
func TestKustomizeMissingMember(t *testing.T) {
	dir := t.TempDir()
	write(t, filepath.Join(dir, "base/kustomization.yaml"), "resources: [kafka.yaml]\n")
	write(t, filepath.Join(dir, "base/kafka.yaml"), "apiVersion: example.io/v1alpha1\nkind: Kafka\nmetadata:\n  name: events\nspec:\n  plan: business-4\n")
	write(t, filepath.Join(dir, "prod/kustomization.yaml"), "resources: [../base]\npatches:\n  - path: plan.yaml\n")
	write(t, filepath.Join(dir, "prod/plan.yaml"), "apiVersion: example.io/v1alpha1\nkind: Kafka\nmetadata:\n  name: events\nspec:\n  plan: business-8\n")
	code, out, errs := runCLI(t, "", "validate", "--kustomize", filepath.Join(dir, "prod"))
	if code != 1 || !strings.Contains(out, filepath.Join("base", "kafka.yaml")+":2:1: error: missing required member \"project\"") ||
		!strings.Contains(out, "(at spec.project of the build)") {
		t.Fatalf("exit %d\n%s%s", code, out, errs)
	}
	// The patch alone is partial: it misses nothing.
	code, out, _ = runCLI(t, "", "validate", filepath.Join(dir, "prod"))
	if code != 0 {
		t.Errorf("the patch and kustomization alone: exit %d\n%s", code, out)
	}
	// A broken overlay is a usage error with kustomize's reason.
	write(t, filepath.Join(dir, "bad/kustomization.yaml"), "resources: [missing.yaml]\n")
	code, _, errs = runCLI(t, "", "validate", "--kustomize", filepath.Join(dir, "bad"))
	if code != 2 || !strings.Contains(errs, "missing.yaml") {
		t.Errorf("broken overlay: exit %d, stderr %q", code, errs)
	}
}

// TestPatchesArePartial walks the overlays: the patches a kustomization
// lists miss no member, and the mistakes they hold are still found.
func TestPatchesArePartial(t *testing.T) {
	_, out, _ := runCLI(t, "", "validate", "--format", "json", "testdata/kustomize")
	want := []string{
		"testdata/kustomize/overlays/prod/plan.yaml:8:25 enum",
		"testdata/kustomize/overlays/staging/smaller.yaml:9:7 unknown-field",
	}
	if got := jsonFindings(t, out); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("findings:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// Named on the command line, a patch is read as a patch too.
	if code, out, _ := runCLI(t, "", "validate", "testdata/kustomize/overlays/staging/smaller.yaml"); strings.Contains(out, "required") || code != 1 {
		t.Errorf("patch named alone: exit %d\n%s", code, out)
	}
}

// jsonFindings returns "path:line:col rule" for each finding of a JSON
// result, lines and columns from 1.
func jsonFindings(t *testing.T, out string) []string {
	t.Helper()
	var res struct {
		Files []struct {
			Path        string `json:"path"`
			Diagnostics []struct {
				Rule  string `json:"rule"`
				Range struct {
					Start struct{ Line, Character int } `json:"start"`
				} `json:"range"`
			} `json:"diagnostics"`
		} `json:"files"`
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	var got []string
	for _, f := range res.Files {
		for _, d := range f.Diagnostics {
			got = append(got, filepath.ToSlash(f.Path)+":"+itoa(d.Range.Start.Line+1)+":"+itoa(d.Range.Start.Character+1)+" "+d.Rule)
		}
	}
	return got
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

func write(t testing.TB, path, text string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestPatchInASubfolder reads a patch that the kustomization above its
// folder lists (overlays/prod/patches/*.yaml, a common layout) as a
// patch: its untouched members are not missing.
func TestPatchInASubfolder(t *testing.T) {
	dir := t.TempDir()
	write(t, filepath.Join(dir, "base/kustomization.yaml"), "resources: [kafka.yaml]\n")
	write(t, filepath.Join(dir, "base/kafka.yaml"), "apiVersion: example.io/v1alpha1\nkind: Kafka\nmetadata:\n  name: events\nspec:\n  plan: business-4\n  project: p\n")
	write(t, filepath.Join(dir, "prod/kustomization.yaml"), "resources: [../base]\npatches:\n  - path: patches/kafka.yaml\n")
	write(t, filepath.Join(dir, "prod/patches/kafka.yaml"), "apiVersion: example.io/v1alpha1\nkind: Kafka\nmetadata:\n  name: events\nspec:\n  plan: business-8\n")
	// Not listed by anyone: a manifest, which misses project.
	write(t, filepath.Join(dir, "prod/patches/other.yaml"), "apiVersion: example.io/v1alpha1\nkind: Kafka\nmetadata:\n  name: other\nspec:\n  plan: business-8\n")
	code, out, errs := runCLI(t, "", "validate", dir)
	if code != 1 || strings.Contains(out, filepath.Join("patches", "kafka.yaml")) ||
		!strings.Contains(out, filepath.Join("patches", "other.yaml")+":5:1: error: missing required member \"project\"") {
		t.Errorf("exit %d\n%s%s", code, out, errs)
	}
	// Named alone, it is still the patch its kustomization lists.
	if code, out, _ := runCLI(t, "", "validate", filepath.Join(dir, "prod/patches/kafka.yaml")); code != 0 {
		t.Errorf("the patch named alone: exit %d\n%s", code, out)
	}
}

// TestKustomizePlacesWhereWritten: a finding goes to the file that
// writes its resource, never to a patch of another resource: a JSON
// patch's target selects its resource, and a name must be the resource's
// own (events is not events-dr), before and after the overlay's prefix.
func TestKustomizePlacesWhereWritten(t *testing.T) {
	dir := t.TempDir()
	kafka := func(name, more string) string {
		return "apiVersion: example.io/v1alpha1\nkind: Kafka\nmetadata:\n  name: " + name + "\nspec:\n  plan: business-4\n  project: p\n" + more
	}
	write(t, filepath.Join(dir, "base/kustomization.yaml"), "resources: [os.yaml, a.yaml, b.yaml]\n")
	write(t, filepath.Join(dir, "base/os.yaml"), "apiVersion: example.io/v1alpha1\nkind: OpenSearch\nmetadata:\n  name: logs\nspec:\n  plan: business-4\n  project: p\n  disk_space: 0100GiB\n")
	write(t, filepath.Join(dir, "base/a.yaml"), kafka("events", ""))
	write(t, filepath.Join(dir, "base/b.yaml"), kafka("events-dr", "  disk_space: 0200GiB\n"))
	write(t, filepath.Join(dir, "ov/kustomization.yaml"), "resources: [../base]\nnamePrefix: prod-\npatches:\n"+
		"  - path: kafka-json.yaml\n    target: {kind: Kafka, name: events}\n  - path: p.yaml\n")
	write(t, filepath.Join(dir, "ov/kafka-json.yaml"), "- op: add\n  path: /spec/disk_space\n  value: 900GiB\n")
	write(t, filepath.Join(dir, "ov/p.yaml"), kafka("events", "  disk_space: 800GiB\n"))
	t.Chdir(dir)
	_, out, errs := runCLI(t, "", "validate", "--format", "json", "--kustomize", "ov")
	want := []string{"base/b.yaml:8:15 format", "base/os.yaml:8:15 format"}
	if got := jsonFindings(t, out); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("findings:\n%s\nwant:\n%s\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"), errs)
	}
}

// TestKustomizeJSONPatchHidesSecrets: a JSON patch that sets a secret
// member shows no value under a finding on it, and the build's secret
// values are masked wherever a file of the build writes them.
func TestKustomizeJSONPatchHidesSecrets(t *testing.T) {
	dir := t.TempDir()
	write(t, filepath.Join(dir, "base/kustomization.yaml"), "resources: [g.yaml]\n")
	write(t, filepath.Join(dir, "base/g.yaml"), "apiVersion: example.io/v1alpha1\nkind: Grafana\nmetadata:\n  name: g\nspec:\n  plan: startup-4\n  project: p\n")
	write(t, filepath.Join(dir, "ov/kustomization.yaml"), "resources: [../base]\npatches:\n  - path: jp.yaml\n    target: {kind: Grafana, name: g}\n")
	write(t, filepath.Join(dir, "ov/jp.yaml"), "- op: add\n  path: /spec/userConfig\n  value: {}\n"+
		"- op: add\n  path: /spec/userConfig/auth_github\n  value: {client_id: x, allow_sign_up: true}\n"+
		"- op: add\n  path: /spec/userConfig/auth_github/client_secret\n  value: \"SEKRETk6\\u0001\"\n"+
		"- {op: add, path: /spec/userConfig/smtp_server, value: {host: h, port: 99999, from_address: a@b.c, password: SEKRETk7}}\n")
	t.Chdir(dir)
	code, out, errs := runCLI(t, "", "validate", "--color", "never", "--kustomize", "ov")
	if code != 1 || strings.Contains(out+errs, "SEKRET") || !strings.Contains(out, filepath.Join("ov", "jp.yaml")+":9:10") {
		t.Errorf("exit %d\n%s%s", code, out, errs)
	}
	// The summary counts the build, not the files findings are shown in.
	if !strings.HasSuffix(out, "in 1 file (1 of 1 documents checked)\n") {
		t.Errorf("summary of the overlay:\n%s", out)
	}
	if _, out, _ := runCLI(t, "", "validate", "--kustomize", "base"); out != "no problems in 1 file (1 of 1 documents checked)\n" {
		t.Errorf("summary of a clean build: %q", out)
	}
	// A build alone has no previous version to compare with.
	if code, _, errs := runCLI(t, "", "validate", "--previous", "git:HEAD", "--kustomize", "ov"); code != 2 || !strings.Contains(errs, "name the folders of the overlay") {
		t.Errorf("--previous with --kustomize alone: exit %d, %q", code, errs)
	}
}

// TestKustomizeThroughALink places the findings of an overlay named by a
// path through a link as it places those of the overlay itself: kustomize
// reads the kustomization by its real path.
func TestKustomizeThroughALink(t *testing.T) {
	dir := t.TempDir()
	if err := os.Symlink(filepath.Join(mustAbs(t, "testdata"), "kustomize"), filepath.Join(dir, "link")); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	t.Chdir(dir)
	_, out, errs := runCLI(t, "", "validate", "--format", "json", "--kustomize", "link/overlays/prod")
	want := "link/overlays/prod/plan.yaml:8:25 enum\nlink/overlays/prod/retention.yaml:3:10 type"
	if got := strings.Join(jsonFindings(t, out), "\n"); got != want {
		t.Errorf("findings:\n%s\nwant:\n%s\n%s", got, want, errs)
	}
}

func mustAbs(t *testing.T, path string) string {
	t.Helper()
	abs, err := filepath.Abs(path)
	if err != nil {
		t.Fatal(err)
	}
	return abs
}

// TestKustomizeInlinePatches places the findings of patches written
// inline in kustomization.yaml (strategic merge and JSON patches, in
// patches and in the deprecated lists) at the member of the kustomization
// that sets them, not at the base's value they replaced; a member missing
// from an object a patch adds is placed at that object in the patch. The
// places are asserted as a user reads them: text and GitHub annotations.
func TestKustomizeInlinePatches(t *testing.T) {
	for _, tc := range []struct {
		overlay string
		want    []string // file:line:col rule
	}{
		{"merge", []string{
			"testdata/kustomize/inline/merge/kustomization.yaml:13:30 maximum",
			"testdata/kustomize/inline/merge/kustomization.yaml:21:11 required",
			"testdata/kustomize/inline/merge/kustomization.yaml:22:13 unknown-field",
		}},
		{"json", []string{
			"testdata/kustomize/inline/json/kustomization.yaml:11:16 maximum",
			"testdata/kustomize/inline/json/kustomization.yaml:13:15 required",
			"testdata/kustomize/inline/json/kustomization.yaml:15:11 unknown-field",
		}},
		{"legacy", []string{
			"testdata/kustomize/inline/legacy/kustomization.yaml:13:28 maximum",
			"testdata/kustomize/inline/legacy/kustomization.yaml:22:15 required",
		}},
		{"oneline", []string{
			"testdata/kustomize/inline/oneline/kustomization.yaml:6:87 maximum",
		}},
		// A build applies patchesJson6902 after patches: its value wins.
		{"order", []string{
			"testdata/kustomize/inline/order/kustomization.yaml:15:16 maximum",
		}},
	} {
		t.Run(tc.overlay, func(t *testing.T) {
			dir := "testdata/kustomize/inline/" + tc.overlay
			code, out, errs := runCLI(t, "", "validate", "--kustomize", dir)
			if code != 1 {
				t.Fatalf("exit %d, want 1\n%s%s", code, out, errs)
			}
			if got := placed(out, `^(\S+):(\d+):(\d+): error: .* \[(\S+)\]$`); strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
				t.Errorf("text output places:\n%s\nwant:\n%s\n%s", strings.Join(got, "\n"), strings.Join(tc.want, "\n"), out)
			}
			_, out, _ = runCLI(t, "", "validate", "--format", "github", "--kustomize", dir)
			if got := placed(out, `^::error file=(\S+),line=(\d+),col=(\d+),.*title=mdscheck (\S+)::`); strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
				t.Errorf("GitHub annotations place:\n%s\nwant:\n%s\n%s", strings.Join(got, "\n"), strings.Join(tc.want, "\n"), out)
			}
		})
	}
}

// placed returns "file:line:col rule" for each line of out that finding
// matches: a regular expression of the file, line, column and rule.
func placed(out, finding string) []string {
	var got []string
	re := regexp.MustCompile(finding)
	for _, line := range strings.Split(out, "\n") {
		if m := re.FindStringSubmatch(line); m != nil {
			got = append(got, filepath.ToSlash(m[1])+":"+m[2]+":"+m[3]+" "+m[4])
		}
	}
	return got
}

// TestKustomizeWarnsOnce: Kustomize's warning of a deprecated field,
// which it gives each time it reads the kustomization, is said once.
func TestKustomizeWarnsOnce(t *testing.T) {
	_, _, errs := runCLI(t, "", "validate", "--kustomize", "testdata/kustomize/inline/order")
	if n := strings.Count(errs, "'patchesJson6902' is deprecated"); n != 1 {
		t.Errorf("the deprecation is said %d times, want once:\n%s", n, errs)
	}
}

// TestKustomizeWithItsFiles: an overlay built and named as input too,
// with its base (as --previous asks), shows each of its files once and
// each finding once, counted once.
func TestKustomizeWithItsFiles(t *testing.T) {
	code, out, errs := runCLI(t, "", "validate", "--format", "json", "--kustomize", "testdata/kustomize/overlays/prod",
		"testdata/kustomize/overlays/prod", "testdata/kustomize/base")
	if code != 1 {
		t.Fatalf("exit %d, want 1\n%s%s", code, out, errs)
	}
	want := []string{
		"testdata/kustomize/overlays/prod/plan.yaml:8:25 enum",
		"testdata/kustomize/overlays/prod/retention.yaml:3:10 type",
	}
	if got := jsonFindings(t, out); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("findings:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	var res struct {
		Files []struct {
			Path string `json:"path"`
		} `json:"files"`
		Summary struct{ Errors int } `json:"summary"`
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, f := range res.Files {
		if seen[f.Path] {
			t.Errorf("%s is shown twice", f.Path)
		}
		seen[f.Path] = true
	}
	if res.Summary.Errors != len(want) {
		t.Errorf("the summary counts %d errors, want %d", res.Summary.Errors, len(want))
	}
	_, text, _ := runCLI(t, "", "validate", "--color", "never", "--kustomize", "testdata/kustomize/overlays/prod",
		"testdata/kustomize/overlays/prod", "testdata/kustomize/base")
	if n := strings.Count(text, "[enum]"); n != 1 || !strings.Contains(text, "2 errors,") {
		t.Errorf("text: %d enum findings, want 1 of 2 errors:\n%s", n, text)
	}
}
