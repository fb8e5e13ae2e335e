package kustomize

import (
	"os"
	"path/filepath"
	"testing"
)

func TestPatches(t *testing.T) {
	dir := t.TempDir()
	for name, text := range map[string]string{
		"kustomization.yaml": "resources: [../base]\npatchesStrategicMerge:\n  - sm.yaml\n  - |-\n    kind: Kafka\npatchesJson6902:\n  - path: ops.yaml\npatches:\n  - path: p.yaml\n  - patch: |-\n      kind: Kafka\n",
		"sm.yaml":            "kind: Kafka\n",
		"ops.yaml":           "- op: remove\n  path: /spec/plan\n",
		"p.yaml":             "kind: Kafka\n",
		"other.yaml":         "kind: Kafka\n",
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got := Patches(dir)
	// As a build applies them: strategic merge patches, patches, then
	// JSON 6902 patches.
	want := []string{filepath.Join(dir, "sm.yaml"), filepath.Join(dir, "p.yaml"), filepath.Join(dir, "ops.yaml")}
	if len(got) != len(want) || got[0] != want[0] || got[1] != want[1] || got[2] != want[2] {
		t.Errorf("Patches = %v, want %v", got, want)
	}
	if !IsPatch(filepath.Join(dir, "p.yaml")) || IsPatch(filepath.Join(dir, "other.yaml")) || IsPatch(filepath.Join(dir, "kustomization.yaml")) {
		t.Error("IsPatch is wrong")
	}
	if Patches(t.TempDir()) != nil {
		t.Error("a directory without a kustomization has patches")
	}
}

// TestIsPatchAbove finds the kustomization that lists a patch in a folder
// below its own, and stops at the repository's root.
func TestIsPatchAbove(t *testing.T) {
	dir := t.TempDir()
	for name, text := range map[string]string{
		"kustomization.yaml":           "patches:\n  - path: repo/prod/x.yaml\n",
		"repo/.git/HEAD":               "ref: refs/heads/main\n",
		"repo/prod/kustomization.yaml": "resources: [../base]\npatches:\n  - path: patches/kafka.yaml\n",
		"repo/prod/patches/kafka.yaml": "kind: Kafka\n",
		"repo/prod/x.yaml":             "kind: Kafka\n",
	} {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if !IsPatch(filepath.Join(dir, "repo/prod/patches/kafka.yaml")) {
		t.Error("a patch listed by the kustomization above its folder is not a patch")
	}
	// Listed only by a kustomization outside the repository.
	if IsPatch(filepath.Join(dir, "repo/prod/x.yaml")) {
		t.Error("a kustomization above the repository's root counts")
	}
}
