package check

import (
	"strconv"
	"strings"
	"testing"

	"github.com/mdscheck/mdscheck/core/document"
	yaml "gopkg.in/yaml.v2"
)

// k8sKey is the JSON key sigs.k8s.io/yaml (what kubectl uses) makes of a
// YAML key: go-yaml v2 reads it, then convertToJSONableObject turns it
// into a string; false where it refuses the key.
func k8sKey(t *testing.T, key string) (string, bool) {
	var m map[interface{}]interface{}
	if err := yaml.Unmarshal([]byte(key+": 1\n"), &m); err != nil {
		t.Fatalf("%s: %v", key, err)
	}
	for k := range m {
		switch k := k.(type) {
		case string:
			return k, true
		case int:
			return strconv.Itoa(k), true
		case int64:
			return strconv.FormatInt(k, 10), true
		case float64:
			return strconv.FormatFloat(k, 'g', -1, 32), true
		case bool:
			return strconv.FormatBool(k), true
		}
	}
	return "", false
}

// TestClusterKeysAgreeWithKubernetes: every key is read as kubectl reads it.
func TestClusterKeysAgreeWithKubernetes(t *testing.T) {
	for _, key := range []string{
		"y", "Y", "yes", "Yes", "YES", "on", "ON", "off", "n", "No", "true", "False",
		"0x10", "017", "1.0", "1e3", "-1", "+1", ".5", "1_000", "0b101", "1.5", "3.14159265358979",
		"~", "null", "12:30", "2024-01-15", "abc", "yEs", "onion", "plan", "-", "9223372036854775807",
	} {
		d := document.ParseStream(key+": 1\n", document.DefaultLimits).Docs[0]
		if d.Root == nil {
			t.Errorf("%s: not read: %v", key, d.Err)
			continue
		}
		got, gotOK := clusterKey(d.Root.Pairs[0].Key)
		want, wantOK := k8sKey(t, key)
		if got != want || gotOK != wantOK {
			t.Errorf("key %s: read as %q (%v), Kubernetes reads %q (%v)", key, got, gotOK, want, wantOK)
		}
	}
}

// TestKeysKubernetesReadsOtherwise: a key the cluster sees as another is
// a warning that names that key, two that meet are a duplicate-key (and
// on and "on", which are not, are none), and a null key, which kubectl
// refuses, an error.
func TestKeysKubernetesReadsOtherwise(t *testing.T) {
	src := "apiVersion: example.io/v1alpha1\nkind: Kafka\nmetadata:\n  name: k\n  labels:\n    ~: x\n" +
		"spec:\n  plan: business-4\n  project: p\n  tags:\n    y: a\n    on: b\n    \"on\": c\n    0x10: d\n"
	got := ruleMessages(src)
	want := []string{
		`yaml-compat: Kubernetes cannot read the null key ~ and refuses the file; quote it ("~") if it is a name`,
		`yaml-compat: Kubernetes reads the key y as "true" (YAML 1.1); quote it ("y") to keep it as written`,
		`duplicate-key: the key on is "true" for Kubernetes, like the key y above; Kubernetes keeps only the last one`,
		`yaml-compat: Kubernetes reads the key on as "true" (YAML 1.1); quote it ("on") to keep it as written`,
		`yaml-compat: Kubernetes reads the key 0x10 as "16" (YAML 1.1); quote it ("0x10") to keep it as written`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestYAMLDirectiveKubectlRefuses: go-yaml v2, which kubectl reads with,
// refuses a document marked %YAML 1.2; mdscheck says so, and lets 1.1 be.
func TestYAMLDirectiveKubectlRefuses(t *testing.T) {
	body := "apiVersion: example.io/v1alpha1\nkind: Kafka\nmetadata:\n  name: k\nspec:\n  plan: business-4\n  project: p\n"
	for _, c := range []struct {
		version string
		refused bool
	}{{"1.2", true}, {"1.1", false}} {
		src := "%YAML " + c.version + "\n---\n" + body
		var v interface{}
		if err := yaml.Unmarshal([]byte(src), &v); (err != nil) != c.refused {
			t.Fatalf("go-yaml v2 on %%YAML %s: %v", c.version, err)
		}
		d := document.ParseStream(src, document.DefaultLimits).Docs[0]
		_, ds := Document(src, d, DefaultOptions)
		got := len(ds) == 1 && ds[0].Rule == "yaml-compat" && ds[0].Start == 0 && strings.Contains(ds[0].Message, "kubectl refuses")
		if got != c.refused {
			t.Errorf("%%YAML %s: %+v", c.version, ds)
		}
	}
}

// TestKeysMeetWhicheverComesFirst: the key read as another may come first
// or last, and three keys that are one are each reported once.
func TestKeysMeetWhicheverComesFirst(t *testing.T) {
	src := "apiVersion: example.io/v1alpha1\nkind: Kafka\nmetadata:\n  name: k\n" +
		"spec:\n  plan: business-4\n  project: p\n  tags:\n    on: a\n    \"true\": b\n    yes: c\n"
	var dups []string
	for _, m := range ruleMessages(src) {
		if msg, ok := strings.CutPrefix(m, "duplicate-key: "); ok {
			dups = append(dups, msg)
		}
	}
	want := []string{
		`the key true is "true" for Kubernetes, like the key on above; Kubernetes keeps only the last one`,
		`the key yes is "true" for Kubernetes, like the key true above; Kubernetes keeps only the last one`,
	}
	if strings.Join(dups, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(dups, "\n"), strings.Join(want, "\n"))
	}
}

// ruleMessages checks the one document of src and lists its findings as
// "rule: message".
func ruleMessages(src string) []string {
	d := document.ParseStream(src, document.DefaultLimits).Docs[0]
	_, ds := Document(src, d, DefaultOptions)
	var out []string
	for _, x := range ds {
		out = append(out, x.Rule+": "+x.Message)
	}
	return out
}
