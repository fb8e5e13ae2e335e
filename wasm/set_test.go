package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/mdscheck/mdscheck/core/check"
	"github.com/mdscheck/mdscheck/core/report"
	"github.com/mdscheck/mdscheck/internal/clibuild"
	"github.com/mdscheck/mdscheck/internal/leak"
)

// setEntry is one text of a validate_set argument.
type setEntry struct {
	Name string `json:"name"`
	Text string `json:"text"`
}

// validateSet calls validate_set on the set and decodes its files by name.
func validateSet(t *testing.T, in *instance, set []setEntry) map[string]map[string]any {
	t.Helper()
	arg, err := json.Marshal(set)
	if err != nil {
		t.Fatal(err)
	}
	out := in.text("validate_set", string(arg), 0)
	var res struct {
		Files []map[string]any `json:"files"`
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil || len(res.Files) != len(set) {
		t.Fatalf("validate_set answered %d files (%v): %s", len(res.Files), err, out)
	}
	byName := map[string]map[string]any{}
	for i, f := range res.Files {
		if f["name"] != set[i].Name {
			t.Fatalf("file %d is named %v, want %q (the set's order)", i, f["name"], set[i].Name)
		}
		delete(f, "name")
		byName[set[i].Name] = f
	}
	return byName
}

// TestValidateSetMatchesCLI checks the files of core/cross/testdata as one
// set in the module and with mdscheck validate --format json: the same
// documents, findings (those across the files included) and secret
// ranges for every file.
func TestValidateSetMatchesCLI(t *testing.T) {
	t.Parallel()
	root := "../core/cross/testdata"
	var set []setEntry
	var paths []string
	err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || filepath.Ext(p) != ".yaml" {
			return err
		}
		b, err := os.ReadFile(p)
		rel, _ := filepath.Rel(root, p)
		set = append(set, setEntry{filepath.ToSlash(rel), string(b)})
		paths = append(paths, rel)
		return err
	})
	if err != nil || len(set) < 4 {
		t.Fatalf("read %d files of %s: %v", len(set), root, err)
	}
	cli, err := clibuild.Path()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(cli, append([]string{"validate", "--format", "json", "--no-config", "--max-findings", "0"}, paths...)...)
	cmd.Dir = root
	b, err := cmd.Output()
	if _, exit := err.(*exec.ExitError); err != nil && !exit {
		t.Fatal(err)
	}
	var want struct {
		Files []map[string]any `json:"files"`
	}
	if err := json.Unmarshal(b, &want); err != nil {
		t.Fatalf("the CLI's JSON: %v\n%s", err, b)
	}
	got := validateSet(t, newInstance(t), set)
	across := 0
	for _, w := range want.Files {
		name := w["path"].(string)
		delete(w, "path")
		g, ok := got[name]
		if !ok {
			t.Errorf("the module answers nothing for %s", name)
			continue
		}
		for k := range w {
			if k != "documents" && k != "diagnostics" && k != "secrets" {
				delete(w, k) // what only the CLI says (its summary counts)
			}
		}
		if !reflect.DeepEqual(g, w) {
			gj, _ := json.Marshal(g)
			wj, _ := json.Marshal(w)
			t.Errorf("%s:\nmodule: %s\nCLI:    %s", name, gj, wj)
		}
		ds, _ := w["diagnostics"].([]any)
		for _, d := range ds {
			if strings.HasPrefix(d.(map[string]any)["rule"].(string), "secret-") {
				across++
			}
		}
	}
	if len(want.Files) != len(set) || across < 5 {
		t.Errorf("the CLI checked %d files of %d with %d findings across them; the test needs all and some", len(want.Files), len(set), across)
	}
}

// TestValidateSetGatesTheWholeSet takes the secret of each leak case
// of the sample (leak.Sample: each way and style, each member once; the
// whole set runs on the core) that is written plainly on one line, as
// validate's secret ranges find it, and names it in another text of the
// set (a resource's name, a Secret that a workload reads, which a
// finding across the set quotes): no answer may show it.
func TestValidateSetGatesTheWholeSet(t *testing.T) {
	t.Parallel()
	in := newInstance(t)
	tried := 0
	for _, c := range leak.Sample() {
		// The secret ranges are the native core's (the module's validate
		// returns the same: TestValidateMatchesNative): a validate in the
		// module for each case cost more than the validate_set calls the
		// test is for.
		file := report.Validate(c.Text, check.DefaultOptions)
		if len(file.Secrets) == 0 {
			t.Fatalf("%s: no secret range", c.Name)
		}
		value := c.Text[file.Secrets[0].Start:file.Secrets[0].End]
		if !plainName.MatchString(value) || c.Leaked(value) == "" {
			continue // quoted, escaped or over lines: not a name to write again as it is
		}
		tried++
		other := "apiVersion: example.io/v1alpha1\nkind: Kafka\nmetadata:\n  name: " + value + "\nspec: {project: p, plan: startup-2}\n" +
			"---\napiVersion: apps/v1\nkind: Deployment\nmetadata: {name: api}\nspec:\n  template:\n    spec:\n      containers:\n        - name: api\n" +
			"          env:\n            - name: X\n              valueFrom:\n                secretKeyRef: {name: " + value + ", key: NOPE}\n"
		for _, set := range [][]setEntry{{{"secret.yaml", c.Text}, {"other.yaml", other}}, {{"other.yaml", other}, {"secret.yaml", c.Text}}} {
			arg, _ := json.Marshal(set)
			out := in.text("validate_set", string(arg), 0)
			if s := c.Leaked(out); s != "" {
				t.Errorf("%s: validate_set shows the secret %q: %s", c.Name, s, out)
			}
			if !strings.Contains(out, `"rule":"secret-key"`) {
				t.Errorf("%s: no secret-key finding for the read of a key the Kafka does not write: %s", c.Name, out)
			}
		}
	}
	t.Logf("%d cases write their secret plainly", tried)
	if tried < 10 {
		t.Fatalf("only %d leak cases write their secret plainly; the test needs more", tried)
	}
}

// plainName is a secret that can be written again, as it is, as a
// resource's name (a number would not be one).
var plainName = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9._-]{7,}$`)

// TestValidateSetErrors: a bad set gets an error object that names what
// is wrong and quotes neither names nor texts.
func TestValidateSetErrors(t *testing.T) {
	t.Parallel()
	in := newInstance(t)
	for arg, want := range map[string]string{
		``:                                     "must be a JSON array",
		`{"name":"a","text":""}`:               "must be a JSON array",
		`[{"name":"a"}]`:                       `needs both "name" and "text"`,
		`[{"name":"a","text":1}]`:              "expected a string",
		`[{"name":"a","text":"x","mode":"y"}]`: "unknown member",
		`[{"name":"a","text":"x","text":"y"}]`: "given twice",
		`[{"name":"s3cr","text":""},{"name":"s3cr","text":""}]`: "names must be unique",
		`[{"name":"a","text":"s3cr`:                             "not closed",
		`[{"name":"a","text":"\q s3cr"}]`:                       "unknown escape",
		`[{"name":"a","text":"` + "\x01" + `"}]`:                "control character",
		`[{"name":"a","text":""}] x`:                            "after the array",
		`[{"name":"a","text":""}`:                               "expected , or ]",
	} {
		out := in.text("validate_set", arg, 0)
		var e struct{ Error string }
		if err := json.Unmarshal([]byte(out), &e); err != nil || !strings.Contains(e.Error, want) || strings.Contains(e.Error, "s3cr") {
			t.Errorf("validate_set(%q) = %s, want an error saying %q", arg, out, want)
		}
	}
	if out := in.text("validate_set", "[]", 0); out != `{"files":[]}` {
		t.Errorf("the empty set: %s", out)
	}
}

// TestValidateSetEscapes: names and texts with JSON escapes (surrogate
// pairs, a lone half, line breaks) arrive as encoding/json reads them:
// the text's finding sits where it would in validate of the same text.
func TestValidateSetEscapes(t *testing.T) {
	t.Parallel()
	in := newInstance(t)
	src := "apiVersion: example.io/v1alpha1\r\nkind: Grafana\nmetadata: {name: \"😀 \\ud800\"}\nspec: {project: \"é\t\", plan: x}\n"
	arg, _ := json.Marshal([]setEntry{{"dir/😀.yaml", src}})
	arg = []byte(strings.ReplaceAll(string(arg), "😀", `\ud83d\ude00`)) // encoding/json writes it raw
	got := in.text("validate_set", string(arg), 0)
	one := in.text("validate", src, 0)
	if want := `{"files":[{"name":"dir/😀.yaml",` + one[1:] + "]}"; got != want {
		t.Errorf("validate_set:\n got %s\nwant %s", got, want)
	}
	lone := in.text("validate_set", `[{"name":"\ud800x","text":""}]`, 0)
	if !strings.Contains(lone, `"name":"`+"\ufffd"+`x"`) {
		t.Errorf("a lone surrogate is not U+FFFD: %s", lone)
	}
}
