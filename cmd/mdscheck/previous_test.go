package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// manifestTree writes files (path, content pairs) below a new temporary
// directory and returns it.
func manifestTree(t *testing.T, files ...string) string {
	t.Helper()
	dir := t.TempDir()
	for i := 0; i < len(files); i += 2 {
		p := filepath.Join(dir, files[i])
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(files[i+1]), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// TestPreviousDirectory: the previous version from a directory pairs
// resources across files and reports a deletion on the previous file.
func TestPreviousDirectory(t *testing.T) {
	dir := manifestTree(t,
		"old/a.yaml", kafka("a", "p", "")+"---\n"+kafka("b", "p", "  disk_space: 100GiB\n"),
		"old/gone.yaml", kafka("gone", "p", "  terminationProtection: true\n"),
		"new/b.yaml", kafka("b", "p", "  disk_space: 80GiB\n"),
		"new/sub/a.yaml", kafka("a", "p", ""))
	t.Chdir(dir)
	code, out, errOut := runCLI(t, "", "validate", "--format", "json", "--previous", "old", "new")
	j := decode(t, out)
	if code != 1 || j.Summary.counts() != "0/1/1" {
		t.Fatalf("exit %d, counts %s; want 1, 0/1/1\n%s%s", code, j.Summary.counts(), out, errOut)
	}
	var got []string
	for _, f := range j.Files {
		for _, d := range f.Diagnostics {
			got = append(got, filepath.ToSlash(f.Path)+" "+d.Rule+" "+d.Severity+" "+d.Pointer)
		}
		if f.Previous != (filepath.ToSlash(f.Path) == "old/gone.yaml") {
			t.Errorf("%s: previous is %v", f.Path, f.Previous)
		}
	}
	want := "new/b.yaml disk-space warning /spec/disk_space\nold/gone.yaml deletion error /metadata/name"
	if strings.Join(got, "\n") != want {
		t.Errorf("findings:\n%s\nwant:\n%s", strings.Join(got, "\n"), want)
	}
	// One file against one file.
	code, out, _ = runCLI(t, "", "validate", "--color", "never", "--previous", "old/a.yaml", "new/b.yaml")
	if code != 0 || !strings.Contains(out, "new/b.yaml:8:15: warning: disk_space goes down") || !strings.Contains(out, "old/a.yaml") {
		t.Errorf("file against file: exit %d\n%s", code, out)
	}
}

// TestNewOnly: the findings the previous version already had at the same
// resource, pointer and rule are left out and counted, wherever the
// resource moved; new ones and lifecycle findings stay.
func TestNewOnly(t *testing.T) {
	old := kafka("a", "p", "  projec: x\n  maintenanceWindowDow: funday\n")
	cur := kafka("a", "p", "  maintenanceWindowDow: someday\n  projec: x\n  cloudNam: y\n")
	dir := manifestTree(t, "old/a.yaml", old, "new/moved.yaml", "# moved here\n"+cur)
	t.Chdir(dir)
	code, out, errOut := runCLI(t, "", "validate", "--format", "json", "--new-only", "--previous", "old", "new")
	j := decode(t, out)
	var got []string
	for _, f := range j.Files {
		for _, d := range f.Diagnostics {
			got = append(got, d.Rule+" "+d.Pointer)
		}
	}
	want := "unknown-field /spec/cloudNam"
	if code != 1 || strings.Join(got, "\n") != want || j.Summary.LeftOut == nil || *j.Summary.LeftOut != 2 {
		t.Errorf("exit %d, findings %q (want %q), summary %+v\n%s%s", code, got, want, j.Summary, out, errOut)
	}
	// Without --new-only all three are there, and nothing is left out.
	_, out, _ = runCLI(t, "", "validate", "--format", "json", "--previous", "old", "new")
	if j := decode(t, out); j.Summary.Errors != 3 || j.Summary.LeftOut == nil || *j.Summary.LeftOut != 0 {
		t.Errorf("without --new-only: %+v", j.Summary)
	}
	// The text summary says what was left out.
	_, out, _ = runCLI(t, "", "validate", "--color", "never", "--new-only", "--previous", "old", "new")
	if !strings.Contains(out, "2 findings the previous version already had left out (--new-only)") {
		t.Errorf("text summary:\n%s", out)
	}
}

// TestPreviousFormats: each format shows a deletion on the previous
// version, the JSON summary counts only with --previous.
func TestPreviousFormats(t *testing.T) {
	dir := manifestTree(t, "old/a.yaml", kafka("a", "p", ""), "new/b.yaml", kafka("b", "p", ""))
	t.Chdir(dir)
	prevPath := filepath.Join("old", "a.yaml")
	for format, want := range map[string]string{
		"text":   prevPath + ":4:9: warning: Kafka \"a\" is gone",
		"json":   `"previous": true`,
		"sarif":  `is gone (deleted, renamed or moved to another namespace): applying the change deletes the service and its data (in the previous version, ` + prevPath + `)`,
		"github": "::warning title=mdscheck deletion::" + prevPath + ":4: Kafka \"a\" is gone",
	} {
		code, out, errOut := runCLI(t, "", "validate", "--color", "never", "--format", format, "--previous", "old", "new")
		if code != 0 || !strings.Contains(out, want) {
			t.Errorf("%s: exit %d, want %q in\n%s%s", format, code, want, out, errOut)
		}
	}
	for _, format := range []string{"json", "sarif", "github"} {
		_, out, _ := runCLI(t, "", "validate", "--format", format, "new")
		if strings.Contains(out, `"created"`) || strings.Contains(out, `"previous"`) || strings.Contains(out, "compared with") {
			t.Errorf("without --previous the %s output says what it counts:\n%s", format, out)
		}
	}
	// The counts in each format.
	for format, want := range map[string]string{
		"sarif":  `"properties": {` + "\n" + `        "created": 1,`,
		"github": "\nmdscheck: compared with the previous version: 1 created, 0 changed, 1 deleted\n",
	} {
		if _, out, _ := runCLI(t, "", "validate", "--format", format, "--previous", "old", "new"); !strings.Contains(out, want) {
			t.Errorf("%s: want %q in\n%s", format, want, out)
		}
	}
	// The files count the inputs, not the previous file shown.
	_, out, _ := runCLI(t, "", "validate", "--format", "json", "--previous", "old", "new")
	if !strings.Contains(out, `"files": 1,`) || !strings.Contains(out, `"deleted": 1`) || !strings.Contains(out, `"created": 1`) {
		t.Errorf("summary:\n%s", out)
	}
}

// TestPreviousNeverShowsASecret: a message names old and new values, but
// never a secret's, and the line shown under a deletion masks it.
func TestPreviousNeverShowsASecret(t *testing.T) {
	spec := func(pw string) string {
		return "  userConfig:\n    kafka_connect_secret_providers:\n    - name: v\n      vault:\n        auth_method: token\n        address: https://vault\n        token: &t " + pw + "\n  terminationProtection: false\n"
	}
	old := "apiVersion: example.io/v1alpha1\nkind: Kafka\nmetadata:\n  name: k\nspec:\n  plan: business-4\n" + spec("hunter2-old") + "  project: *t\n"
	cur := "apiVersion: example.io/v1alpha1\nkind: Kafka\nmetadata:\n  name: k\nspec:\n  plan: business-4\n" + spec("hunter2-new") + "  project: *t\n"
	dir := manifestTree(t, "old/a.yaml", old, "new/a.yaml", cur)
	t.Chdir(dir)
	for _, format := range []string{"text", "json", "sarif", "github"} {
		code, out, _ := runCLI(t, "", "validate", "--color", "never", "--format", format, "--previous", "old", "new")
		if code != 1 || strings.Contains(out, "hunter2") || !strings.Contains(out, "immutable") {
			t.Errorf("%s: exit %d, want an immutable finding and no secret:\n%s", format, code, out)
		}
	}
}

// TestPreviousConfiguration: .mdscheck.yaml sets the severities of the
// comparison's rules as of any other.
func TestPreviousConfiguration(t *testing.T) {
	dir := manifestTree(t,
		".mdscheck.yaml", "rules:\n  deletion: off\n  immutable: warning\n",
		"old/a.yaml", kafka("a", "p", "  terminationProtection: true\n")+"---\n"+kafka("b", "p", ""),
		"new/b.yaml", kafka("b", "q", ""))
	t.Chdir(dir)
	code, out, errOut := runCLI(t, "", "validate", "--format", "json", "--previous", "old", "new")
	j := decode(t, out)
	var got []string
	for _, f := range j.Files {
		for _, d := range f.Diagnostics {
			got = append(got, d.Rule+" "+d.Severity)
		}
	}
	if code != 0 || strings.Join(got, ",") != "immutable warning" {
		t.Errorf("exit %d, findings %q; want 0 and only an immutable warning\n%s%s", code, got, out, errOut)
	}
}

// TestPreviousUnreadable: a previous file that is no YAML is said to be
// left out of the comparison, not taken silently for one without
// resources; a chart's template, no YAML before its actions are masked,
// is not.
func TestPreviousUnreadable(t *testing.T) {
	dir := manifestTree(t,
		"old/a.yaml", kafka("a", "p", "  terminationProtection: true\n  tags: {a: [}\n"),
		"new/a.yaml", kafka("b", "p", ""),
		"old/chart/Chart.yaml", "name: c\nversion: 0.1.0\n",
		"old/chart/templates/k.yaml", "{{- if .Values.on }}\n"+kafka("c", "p", "")+"{{- end }}\n",
		"new/chart/Chart.yaml", "name: c\nversion: 0.1.0\n",
		"new/chart/templates/k.yaml", "{{- if .Values.on }}\n"+kafka("c", "p", "")+"{{- end }}\n")
	t.Chdir(dir)
	code, out, errOut := runCLI(t, "", "validate", "--previous", "old", "new")
	if code != 0 || !strings.Contains(errOut, filepath.Join("old", "a.yaml")+": the previous version cannot be read as YAML") ||
		strings.Contains(errOut, "k.yaml") {
		t.Errorf("exit %d\n%s%s", code, out, errOut)
	}
}

// TestUnreadablePreviousLosesNothing: when the previous version cannot be
// read, validate says why and still reports today's findings, with exit
// status 2.
func TestUnreadablePreviousLosesNothing(t *testing.T) {
	dir := t.TempDir()
	f := filepath.Join(dir, "kafka.yaml")
	write(t, f, invalid)
	code, out, errOut := runCLI(t, "", "validate", "--previous", filepath.Join(dir, "missing.yaml"), f)
	if code != 2 || !strings.Contains(errOut, "--previous") || !strings.Contains(out, "kafka.yaml:") || !strings.Contains(out, "error") {
		t.Errorf("exit %d\n%s%s", code, out, errOut)
	}
}
