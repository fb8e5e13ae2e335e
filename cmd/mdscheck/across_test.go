package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestAcrossResources: validate reads its inputs as one set of resources
// and reports what crosses files, in every format, and nothing for
// resources that never meet.
func TestAcrossResources(t *testing.T) {
	for _, c := range []struct {
		dir   string
		code  int
		rules map[string]int
	}{
		{"keys", 1, map[string]int{"[secret-key]": 8}},
		{"conflict", 1, map[string]int{"[secret-conflict]": 6}},
		{"prefix", 0, map[string]int{"[secret-prefix]": 1}},
		{"apart", 0, map[string]int{"[secret-": 0}},
	} {
		dir := filepath.Join("..", "..", "core", "cross", "testdata", c.dir)
		code, out, _ := runCLI(t, "", "validate", "--color", "never", dir)
		if code != c.code {
			t.Errorf("%s: exit %d, want %d:\n%s", c.dir, code, c.code, out)
		}
		for rule, n := range c.rules {
			if got := strings.Count(out, rule); got != n {
				t.Errorf("%s: %d findings %s, want %d:\n%s", c.dir, got, rule, n, out)
			}
		}
		for _, format := range []string{"json", "sarif", "github"} {
			_, out, _ := runCLI(t, "", "validate", "--format", format, dir)
			for rule, n := range c.rules {
				code := strings.Trim(rule, "[]")
				if n > 0 && !strings.Contains(out, code) {
					t.Errorf("%s --format %s: no %s:\n%s", c.dir, format, code, out)
				}
			}
		}
	}
}

// TestAcrossResourcesHoldsNoSecret: a resource named like a secret value
// of another file is never named in a finding about it.
func TestAcrossResourcesHoldsNoSecret(t *testing.T) {
	const s = "Zq7uXw9SECRETk2"
	dir := t.TempDir()
	files := map[string]string{
		"a.yaml": "apiVersion: example.io/v1alpha1\nkind: Kafka\nmetadata:\n  name: " + s + "\nspec:\n  plan: business-4\n  project: p\n",
		"b.yaml": "apiVersion: example.io/v1alpha1\nkind: OpenSearch\nmetadata:\n  name: " + s + "\nspec:\n  plan: startup-4\n  project: p\n",
		"c.yaml": "apiVersion: v1\nkind: Secret\nmetadata:\n  name: x\nstringData:\n  pw: " + s + "\n",
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, format := range []string{"text", "json", "sarif", "github"} {
		code, out, errOut := runCLI(t, "", "validate", "--color", "never", "--format", format, dir)
		if code != 1 || !strings.Contains(out, "secret-conflict") {
			t.Errorf("%s: exit %d, want 1 with secret-conflict:\n%s", format, code, out)
		}
		if strings.Contains(out+errOut, s) {
			t.Errorf("%s: the output holds the secret:\n%s", format, out)
		}
	}
}

// TestAcrossPrefixOfASecretWord: a Kafka whose connection Secret's prefix
// is a word of another Secret's file ("hunter", from PASS=hunter) writes
// keys that glue it to mdscheck's key names (hunterHOST); no format names
// them with the word.
func TestAcrossPrefixOfASecretWord(t *testing.T) {
	const s = "hunter"
	dir := t.TempDir()
	text := "apiVersion: v1\nkind: Secret\nmetadata:\n  name: env\nstringData:\n  app.env: |\n    PASS=" + s + "\n    MODE=debug\n" +
		"---\napiVersion: example.io/v1alpha1\nkind: Kafka\nmetadata:\n  name: events\nspec:\n  plan: business-4\n  project: demo\n" +
		"  connInfoSecretTarget:\n    name: events-conn\n    prefix: " + s + "\n" +
		"---\napiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: app\nspec:\n  template:\n    spec:\n      containers:\n" +
		"        - name: app\n          image: x\n          env:\n            - name: H\n              valueFrom:\n" +
		"                secretKeyRef:\n                  name: events-conn\n                  key: KAFKA_HOST\n"
	if err := os.WriteFile(filepath.Join(dir, "a.yaml"), []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, format := range []string{"text", "json", "sarif", "github"} {
		code, out, errOut := runCLI(t, "", "validate", "--color", "never", "--format", format, dir)
		if code != 1 || !strings.Contains(out, "secret-key") || !strings.Contains(out, "HOST") {
			t.Errorf("%s: exit %d, want 1 with secret-key naming the keys:\n%s", format, code, out)
		}
		if strings.Contains(out+errOut, s) {
			t.Errorf("%s: the output holds the secret word:\n%s", format, out)
		}
	}
}

// TestAcrossNamesTheKeysOfASecret: a Secret's keys are names, not
// secrets: where another Secret writes keys of the same names, the
// finding of a workload that reads a key the Kafka's Secret does not
// write names the keys it does, and the echoed line the key read, while
// the Secret's values stay masked.
func TestAcrossNamesTheKeysOfASecret(t *testing.T) {
	const s = "Zq7xK2pLm9"
	dir := t.TempDir()
	text := "apiVersion: example.io/v1alpha1\nkind: Kafka\nmetadata:\n  name: events\nspec:\n  plan: business-4\n  project: streaming\n" +
		"---\napiVersion: v1\nkind: Secret\nmetadata:\n  name: legacy\nstringData:\n  KAFKA_HOST: kafka.example.io\n  KAFKA_PASSWORD: " + s + "\n" +
		"---\napiVersion: v1\nkind: Pod\nmetadata:\n  name: consumer\nspec:\n  containers:\n  - name: c\n    image: c:1\n    env:\n    - name: H\n      valueFrom:\n        secretKeyRef:\n          name: events\n          key: KAFKA_HOSTS\n    - name: P\n      value: " + s + "\n"
	if err := os.WriteFile(filepath.Join(dir, "a.yaml"), []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runCLI(t, "", "validate", "--color", "never", "--no-config", dir)
	if code != 1 || !strings.Contains(out, `writes no key "KAFKA_HOSTS"`) || !strings.Contains(out, "it writes KAFKA_HOST, KAFKA_PORT, KAFKA_USERNAME, KAFKA_PASSWORD,") ||
		!strings.Contains(out, "key: KAFKA_HOSTS") || strings.Contains(out, "(secret)") {
		t.Errorf("exit %d, want 1 with the Secret's keys named and nothing masked but the value:\n%s", code, out)
	}
	if strings.Contains(out+errOut, s) {
		t.Errorf("the output holds the secret:\n%s", out)
	}
}
