package cross

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// want is an expected finding: "# want [warning] RULE "excerpt"" at the
// end of the line it is on. Severity is error unless it says warning.
var want = regexp.MustCompile(`# want (warning )?([a-z-]+)(?: ("(?:[^"\\]|\\.)*"))?\s*$`)

// TestRepositories reads each folder of testdata as one set of files and
// holds its findings to the want comments of its lines: every want is
// found on its line, with its rule, severity and message excerpt, and
// nothing else is found.
func TestRepositories(t *testing.T) {
	dirs, err := filepath.Glob("testdata/*")
	if err != nil {
		t.Fatal(err)
	}
	for _, dir := range dirs {
		t.Run(filepath.Base(dir), func(t *testing.T) {
			t.Parallel()
			files, _ := filepath.Glob(filepath.Join(dir, "*.yaml"))
			var s Set
			srcs := map[string]string{}
			for _, f := range files {
				b, err := os.ReadFile(f)
				if err != nil {
					t.Fatal(err)
				}
				name := filepath.Base(f)
				srcs[name] = string(b)
				s.Put(name, ReadFacts(string(b)))
			}
			for name, src := range srcs {
				wants := map[int][]string{}
				for i, line := range strings.Split(src, "\n") {
					m := want.FindStringSubmatch(line)
					if m == nil {
						continue
					}
					sev := "error"
					if m[1] != "" {
						sev = "warning"
					}
					excerpt := ""
					if m[3] != "" {
						excerpt, _ = strconv.Unquote(m[3])
					}
					wants[i+1] = append(wants[i+1], sev+" "+m[2]+" "+excerpt)
				}
				for _, d := range s.Findings(name) {
					line := strings.Count(src[:d.Start], "\n") + 1
					got := fmt.Sprintf("%s:%d: %s %s: %s", name, line, d.Severity, d.Rule, d.Message)
					matched := false
					for i, w := range wants[line] {
						f := strings.SplitN(w, " ", 3)
						if f[0] == d.Severity.String() && f[1] == d.Rule && strings.Contains(d.Message, f[2]) {
							wants[line] = append(wants[line][:i], wants[line][i+1:]...)
							matched = true
							break
						}
					}
					if !matched {
						t.Errorf("unexpected finding %s", got)
					}
					if src[d.Start:d.End] == "" {
						t.Errorf("finding with an empty span: %s", got)
					}
				}
				for line, ws := range wants {
					for _, w := range ws {
						t.Errorf("%s:%d: want %s, not found", name, line, w)
					}
				}
			}
		})
	}
}

// TestPutReplaces holds that a file's facts replace those it had: the
// conflict is gone when one of the two resources is renamed.
func TestPutReplaces(t *testing.T) {
	const a = "apiVersion: example.io/v1alpha1\nkind: Kafka\nmetadata:\n  name: x\n"
	var s Set
	s.Put("a.yaml", ReadFacts(a))
	s.Put("b.yaml", ReadFacts(strings.Replace(a, "Kafka", "Grafana", 1)))
	if got := s.Findings("a.yaml"); len(got) != 1 || got[0].Rule != "secret-conflict" {
		t.Fatalf("two writers of x: %v", got)
	}
	s.Put("b.yaml", ReadFacts(strings.Replace(a, "name: x", "name: y", 1)))
	if got := s.Findings("a.yaml"); len(got) != 0 {
		t.Fatalf("after b.yaml renamed its resource: %v", got)
	}
	s.Remove("b.yaml")
	s.Put("c.yaml", ReadFacts(strings.Replace(a, "Kafka", "OpenSearch", 1)))
	if got := s.Findings("c.yaml"); len(got) != 1 || !strings.Contains(got[0].Message, "in a.yaml") {
		t.Fatalf("c.yaml against a.yaml: %v", got)
	}
	if got := s.Files(); strings.Join(got, ",") != "a.yaml,c.yaml" {
		t.Fatalf("files %v", got)
	}
}

// TestAt finds the Secret named at an offset, in each role.
func TestAt(t *testing.T) {
	b, err := os.ReadFile("testdata/keys/workloads.yaml")
	if err != nil {
		t.Fatal(err)
	}
	src := string(b)
	f := ReadFacts(src)
	for _, c := range []struct {
		near string
		role Role
		key  string
	}{
		{"name: events-conn", ReadsAll, ""},
		{"key: KAFKA_URI", ReadsKey, "KAFKA_URI"},
		{"name: search # want", ReadsAll, ""},
		{"secretName: logs", ReadsAll, ""},
	} {
		i := strings.Index(src, c.near)
		off := i + strings.Index(c.near, " ") + 2
		m, ok := f.At(off)
		if !ok || m.Role != c.role || m.Key != c.key || src[m.At.Start:m.At.End] == "" {
			t.Errorf("at %q: %+v %v", c.near, m, ok)
		}
	}
	if _, ok := f.At(strings.Index(src, "kind: Deployment")); ok {
		t.Error("kind: Deployment names no Secret")
	}
	s := ReadFacts("apiVersion: example.io/v1alpha1\nkind: Kafka\nmetadata:\n  name: k\nspec:\n  authSecretRef:\n    name: tok\n    key: t\n  connInfoSecretTarget:\n    name: conn\n")
	for near, want := range map[string]Mention{"k\n": {Role: Writes, Secret: "conn"}, "tok": {Role: Token, Secret: "tok"}, "conn\n": {Role: Writes, Secret: "conn"}} {
		src := "apiVersion: example.io/v1alpha1\nkind: Kafka\nmetadata:\n  name: k\nspec:\n  authSecretRef:\n    name: tok\n    key: t\n  connInfoSecretTarget:\n    name: conn\n"
		m, ok := s.At(strings.Index(src, near))
		if !ok || m.Role != want.Role || m.Secret != want.Secret {
			t.Errorf("at %q: %+v %v", near, m, ok)
		}
	}
}

// TestMaskedTemplate: in a Helm template whose actions a front end has
// masked, a name an action writes is a placeholder that starts with
// check.Masked; it is left out as the action itself is, not taken for a
// name that conflicts or is read.
func TestMaskedTemplate(t *testing.T) {
	const src = "apiVersion: example.io/v1alpha1\nkind: Kafka\nmetadata:\n  name: ~1a~~~~~~~~\nspec:\n  project: p\n  plan: business-4\n" +
		"---\napiVersion: example.io/v1alpha1\nkind: Kafka\nmetadata:\n  name: ~1a~~~~~~~~\nspec:\n  project: p\n  plan: business-4\n" +
		"---\napiVersion: v1\nkind: Pod\nmetadata:\n  name: p\nspec:\n  containers:\n    - name: c\n      env:\n        - name: X\n          valueFrom:\n            secretKeyRef:\n              name: ~2b~~~~~~\n              key: K\n"
	f := ReadFacts(src)
	if len(f.Writers) != 0 || len(f.Reads) != 0 || f.Templated != 3 {
		t.Errorf("masked names: %d writers, %d reads, %d templated; want 0, 0, 3", len(f.Writers), len(f.Reads), f.Templated)
	}
	var s Set
	s.Put("t.yaml", f)
	if got := s.Findings("t.yaml"); len(got) != 0 {
		t.Errorf("findings on placeholders: %v", got)
	}
}

// TestOneResourceTwice: the same kind and name in one namespace is one
// resource to Kubernetes, written in two files (a copy per environment):
// no conflict.
func TestOneResourceTwice(t *testing.T) {
	const a = "apiVersion: example.io/v1alpha1\nkind: Kafka\nmetadata:\n  name: x\n"
	var s Set
	s.Put("staging/kafka.yaml", ReadFacts(a))
	s.Put("prod/kafka.yaml", ReadFacts(a))
	if got := s.Findings("prod/kafka.yaml"); len(got) != 0 {
		t.Fatalf("one resource in two files: %v", got)
	}
}
