package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestAcrossBuilds: each --kustomize build is a set of its own, with the
// inputs no build read (testdata/across/README.md); its findings across
// resources are placed in the base or overlay file that holds the
// resource, and name the other resource's file.
func TestAcrossBuilds(t *testing.T) {
	const tree = "testdata/across/"
	const keyInAPI = tree + "overlays/prod/api.yaml:27:24 secret-key"
	const keyInWorker = tree + "apps/worker.yaml:21:28 secret-key"
	cache := []string{tree + "apps/cache.yaml:4:9 secret-conflict", tree + "apps/cache.yaml:13:9 secret-conflict"}
	shared := []string{tree + "base/kafka.yaml:10:11 secret-conflict", tree + "overlays/shared/search.yaml:9:11 secret-conflict"}
	for _, c := range []struct {
		name string
		args []string
		code int
		want []string // path:line:col rule of every finding
		// says are what the text output holds, in this order
		says []string
	}{
		// Their Kafkas, staging-events and dev-events, both write
		// events-conn in no namespace: one set would have them conflict.
		{"two overlays of one base, deployed apart", []string{"--kustomize", tree + "overlays/staging", "--kustomize", tree + "overlays/dev"},
			0, nil, nil},
		{"an overlay that adds a workload", []string{"--kustomize", tree + "overlays/prod", "--kustomize", tree + "overlays/staging"},
			1, []string{keyInAPI},
			[]string{filepath.FromSlash(tree+"overlays/prod/api.yaml") + `:27:24: error: the Kafka "prod-events" in ` + filepath.FromSlash(tree+"base/kafka.yaml") +
				` writes no key "KAFKA_URL" in its Secret "events-conn"`}},
		{"two services of one overlay share a Secret", []string{"--kustomize", tree + "overlays/shared"},
			1, shared,
			[]string{
				filepath.FromSlash(tree+"base/kafka.yaml") + `:10:11: error: the connection Secret "events-conn" is also written by the OpenSearch "search" in ` +
					filepath.FromSlash(tree+"overlays/shared/search.yaml"),
				filepath.FromSlash(tree+"overlays/shared/search.yaml") + `:9:11: error: the connection Secret "events-conn" is also written by the Kafka "events" in ` +
					filepath.FromSlash(tree+"base/kafka.yaml"),
			}},
		{"the overlay and its base named as inputs too", []string{"--kustomize", tree + "overlays/prod", tree + "overlays/prod", tree + "base"},
			1, []string{keyInAPI}, nil},
		// The worker is in namespace prod: it meets prod's build, not
		// staging's. The cache's conflict is found with each build, and
		// reported once.
		{"inputs no build read meet each build", []string{"--kustomize", tree + "overlays/prod", "--kustomize", tree + "overlays/staging", tree + "apps"},
			1, append(append([]string{}, cache...), keyInWorker, keyInAPI),
			[]string{filepath.FromSlash(tree+"apps/worker.yaml") + `:21:28: error: the Kafka "prod-events" in ` + filepath.FromSlash(tree+"base/kafka.yaml") +
				` writes no key "KAFKA_PASS" in its Secret "events-conn"`}},
		{"an input in another namespace than the build's", []string{"--kustomize", tree + "overlays/staging", tree + "apps"},
			1, cache, nil},
		// Without the build nothing writes the worker's Secret: it may come
		// from elsewhere.
		{"the inputs alone", []string{tree + "apps", tree + "overlays/prod"},
			1, cache, nil},
		{"the base and an overlay as plain files", []string{tree + "base", tree + "overlays/staging", tree + "overlays/shared"},
			1, shared, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			code, out, errs := runCLI(t, "", append([]string{"validate", "--format", "json"}, c.args...)...)
			if code != c.code {
				t.Errorf("exit %d, want %d\n%s%s", code, c.code, out, errs)
			}
			if got := jsonFindings(t, out); strings.Join(got, "\n") != strings.Join(c.want, "\n") {
				t.Errorf("findings:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(c.want, "\n"))
			}
			code, out, errs = runCLI(t, "", append([]string{"validate", "--color", "never"}, c.args...)...)
			if code != c.code {
				t.Errorf("text: exit %d, want %d\n%s%s", code, c.code, out, errs)
			}
			if n := strings.Count(out, "[secret-"); n != len(c.want) {
				t.Errorf("text: %d findings across resources, want %d\n%s", n, len(c.want), out)
			}
			rest := out
			for _, s := range c.says {
				i := strings.Index(rest, s)
				if i < 0 {
					t.Errorf("text: no %q (in this order)\n%s", s, out)
					break
				}
				rest = rest[i+len(s):]
			}
		})
	}
}

// TestAcrossBuildsHoldNoSecret: two services of a build named like a
// password that a base's Secret held and the overlay replaced (so the
// build's stream holds it no more) conflict, and no output names them.
func TestAcrossBuildsHoldNoSecret(t *testing.T) {
	const s = "Vq8uXw2SECRETm5"
	dir := t.TempDir()
	write(t, filepath.Join(dir, "base/kustomization.yaml"), "resources: [kafka.yaml, secret.yaml]\n")
	write(t, filepath.Join(dir, "base/kafka.yaml"), "apiVersion: example.io/v1alpha1\nkind: Kafka\nmetadata:\n  name: "+s+"\nspec:\n  plan: business-4\n  project: p\n")
	write(t, filepath.Join(dir, "base/secret.yaml"), "apiVersion: v1\nkind: Secret\nmetadata:\n  name: db\nstringData:\n  password: "+s+"\n")
	write(t, filepath.Join(dir, "prod/kustomization.yaml"), "resources: [../base, search.yaml]\npatches:\n  - path: password.yaml\n")
	write(t, filepath.Join(dir, "prod/password.yaml"), "apiVersion: v1\nkind: Secret\nmetadata:\n  name: db\nstringData:\n  password: another-one-entirely\n")
	write(t, filepath.Join(dir, "prod/search.yaml"), "apiVersion: example.io/v1alpha1\nkind: OpenSearch\nmetadata:\n  name: "+s+"\nspec:\n  plan: startup-4\n  project: p\n")
	for _, format := range []string{"text", "json", "sarif", "github"} {
		code, out, errOut := runCLI(t, "", "validate", "--color", "never", "--format", format, "--kustomize", filepath.Join(dir, "prod"))
		if code != 1 || strings.Count(out, "secret-conflict") < 2 {
			t.Errorf("%s: exit %d, want 1 with two secret-conflict:\n%s%s", format, code, out, errOut)
		}
		if strings.Contains(out+errOut, s) {
			t.Errorf("%s: the output holds the secret:\n%s", format, out)
		}
	}
}
