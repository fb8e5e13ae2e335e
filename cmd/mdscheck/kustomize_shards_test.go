package main

import (
	"fmt"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"sigs.k8s.io/kustomize/kyaml/filesys"
)

// withShardSize runs f with shards of at least n of our resources.
func withShardSize(n int, f func()) {
	defer func(old int) { shardSize = old }(shardSize)
	shardSize = n
	f()
}

// bothBuilds builds the overlay in shards of one resource and at once,
// and fails the test unless they agree, the failure included.
func bothBuilds(t *testing.T, overlay string) (stream string, err error) {
	t.Helper()
	var sharded, single string
	var fromSharded, fromSingle []built
	var errSharded, errSingle error
	withShardSize(1, func() { sharded, fromSharded, errSharded = buildOverlay(overlay) })
	withShardSize(1<<30, func() { single, fromSingle, errSingle = buildOverlay(overlay) })
	if fmt.Sprint(errSharded) != fmt.Sprint(errSingle) {
		t.Fatalf("sharded: %v\nat once: %v", errSharded, errSingle)
	}
	if sharded != single {
		t.Errorf("the builds differ:\n%s\n=== at once:\n%s", sharded, single)
	}
	if !reflect.DeepEqual(fromSharded, fromSingle) {
		t.Errorf("where resources come from differs:\n%+v\n=== at once:\n%+v", fromSharded, fromSingle)
	}
	return single, errSingle
}

// shardsUsed reports whether the overlay is built in shards of one
// resource, and by how many.
func shardsUsed(t *testing.T, overlay string) int {
	t.Helper()
	abs, err := filepath.Abs(overlay)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	withShardSize(1, func() {
		plan := planShards(abs)
		if plan == nil {
			return
		}
		root, _ := filepath.EvalSymlinks(filepath.Join(abs, "kustomization.yaml"))
		if _, ok := plan.build(tracingFS{filesys.MakeFsOnDisk(), root}, &kustomizations{root: abs}); ok {
			n = plan.shards
		}
	})
	return n
}

// kafkaDoc is a Kafka manifest named name, with more lines under spec.
func kafkaDoc(kind, name, more string) string {
	return fmt.Sprintf("apiVersion: example.io/v1alpha1\nkind: %s\nmetadata:\n  name: %s\nspec:\n  plan: business-4\n  project: p\n%s", kind, name, more)
}

// mixedTree writes a base and an overlay that use every field a sharded
// build allows, with resources of ours and others in the same files.
func mixedTree(t *testing.T) string {
	dir := t.TempDir()
	var a []string
	for i := range 12 {
		kind := []string{"Kafka", "Grafana", "OpenSearch"}[i%3]
		more := ""
		if i%4 == 0 {
			more = "  maintenanceWindowDow: funday\n"
		}
		a = append(a, kafkaDoc(kind, fmt.Sprintf("r%02d", 11-i), more))
	}
	others := []string{
		"apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\ndata:\n  a: b\n",
		"apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  replicas: 1\n  template:\n    spec:\n      containers:\n        - name: web\n          image: nginx\n          envFrom:\n            - configMapRef:\n                name: settings\n            - configMapRef:\n                name: generated\n",
		"apiVersion: v1\nkind: Namespace\nmetadata:\n  name: apps\n",
	}
	// Ours between others, a comment alone, a namespace of its own, the
	// same name in two kinds and in two namespaces, another version, a
	// quoted name, and ours last.
	docs := []string{a[0], others[0], a[1], "# a comment alone\n", a[2], others[1],
		kafkaDoc("Kafka", "r01", "") + "  # the same name as a Grafana\n",
		strings.Replace(a[3], "metadata:\n", "metadata:\n  namespace: other\n", 1),
		strings.Replace(a[3], "metadata:\n", "metadata:\n  namespace: more\n", 1),
		strings.Replace(a[4], "v1alpha1", "v1beta1", 1),
		"apiVersion: example.io/v1alpha1\nkind: Kafka\nmetadata:\n  name: \"quoted\"\n  labels: {a: b}\nspec: {}\n",
		others[2], a[5]}
	write(t, filepath.Join(dir, "base/many.yaml"), strings.Join(docs, "---\n"))
	write(t, filepath.Join(dir, "base/crlf.yaml"), strings.ReplaceAll(strings.Join(a[6:10], "--- # more\n"), "\n", "\r\n"))
	write(t, filepath.Join(dir, "base/one.yaml"), a[10])
	var bulk []string
	for i := range 30 {
		bulk = append(bulk, kafkaDoc("Kafka", fmt.Sprintf("bulk%d", (i*7)%30), ""))
	}
	write(t, filepath.Join(dir, "base/bulk.yaml"), strings.Join(bulk, "---\n"))
	// Block scalars that keep their line breaks, the last without one.
	write(t, filepath.Join(dir, "base/blocks.yaml"), kafkaDoc("Kafka", "kept", "  notes: |+\n    kept\n\n")+"---\n"+
		kafkaDoc("Kafka", "clipped", "  notes: |+\n    last"))
	write(t, filepath.Join(dir, "base/sub/kustomization.yaml"), "resources: [two.yaml]\nnameSuffix: -s\nnamespace: sub\ncommonLabels: {tier: data}\n")
	write(t, filepath.Join(dir, "base/sub/two.yaml"), a[11]+"---\n"+kafkaDoc("Kafka", "sub1", "")+"---\n"+kafkaDoc("Kafka", "sub2", "")+"---\n"+kafkaDoc("Kafka", "sub3", ""))
	write(t, filepath.Join(dir, "base/kustomization.yaml"), "namePrefix: b-\nresources: [many.yaml, crlf.yaml, sub, bulk.yaml, blocks.yaml, one.yaml]\n")
	write(t, filepath.Join(dir, "prod/kustomization.yaml"), `namePrefix: prod-
resources: [../base]
labels:
  - pairs: {team: data}
commonAnnotations: {owner: data}
images:
  - name: nginx
    newTag: "1.27"
replicas:
  - name: web
    count: 3
configMapGenerator:
  - name: generated
    literals: [a=b]
patches:
  - path: plan.yaml
  - path: sub.yaml
  - patch: |-
      - op: replace
        path: /spec/plan
        value: business-8
    target:
      kind: Kafka
      name: .*0.*
patchesStrategicMerge:
  - |-
    apiVersion: example.io/v1alpha1
    kind: OpenSearch
    metadata:
      name: b-r09
    spec:
      plan: premium-8
`)
	// A patch by the name in the base, one by the name its subfolder gives.
	write(t, filepath.Join(dir, "prod/plan.yaml"), "apiVersion: example.io/v1alpha1\nkind: Kafka\nmetadata:\n  name: r11\nspec:\n  plan: business-8\n  maintenanceWindowDow: moonday\n")
	write(t, filepath.Join(dir, "prod/sub.yaml"), "apiVersion: example.io/v1alpha1\nkind: Kafka\nmetadata:\n  name: b-sub2-s\n  namespace: sub\nspec:\n  plan: startup-2\n")
	return filepath.Join(dir, "prod")
}

// TestKustomizeShardsAgree: a build in shards is the build at once, the
// same text in the same order and the same origins, for every field that
// a sharded build allows; and the overlays of testdata agree too.
func TestKustomizeShardsAgree(t *testing.T) {
	overlay := mixedTree(t)
	if n := shardsUsed(t, overlay); n < 4 {
		t.Errorf("the mixed tree is built in %d shards, want several", n)
	}
	stream, err := bothBuilds(t, overlay)
	if err != nil || strings.Count(stream, "\nkind: ") < 20 {
		t.Fatalf("%v\n%s", err, stream)
	}
	for _, o := range []string{"prod", "staging"} {
		bothBuilds(t, filepath.Join("testdata/kustomize/overlays", o))
	}
	// The findings placed in the files, the same.
	var outs [2]string
	for i, n := range []int{1, 1 << 30} {
		withShardSize(n, func() { _, outs[i], _ = runCLI(t, "", "validate", "--format", "json", "--kustomize", overlay) })
	}
	if outs[0] != outs[1] || len(jsonFindings(t, outs[0])) < 5 {
		t.Errorf("sharded:\n%s\nat once:\n%s", outs[0], outs[1])
	}
}

// TestKustomizeShardsFallBack: what a sharded build cannot do is built at
// once, with the same result or the same error.
func TestKustomizeShardsFallBack(t *testing.T) {
	for name, tc := range map[string]struct {
		kustomization string
		files         []string
		shards        bool
	}{
		// kustomize's error names the duplicate, found in one shard
		"duplicate": {"resources: [a.yaml, b.yaml]\n", []string{"a.yaml", kafkaDoc("Kafka", "a1", "") + "---\n" + kafkaDoc("Kafka", "a2", "") + "---\n" + kafkaDoc("Kafka", "a3", ""),
			"b.yaml", kafkaDoc("Kafka", "a1", "") + "---\n" + kafkaDoc("Kafka", "a4", "") + "---\n" + kafkaDoc("Kafka", "a5", "")}, true},
		// a patch on a resource that is in no shard: the error at once
		"missing target": {"resources: [a.yaml]\npatches:\n  - patch: |-\n      apiVersion: example.io/v1alpha1\n      kind: Kafka\n      metadata:\n        name: nobody\n", []string{"a.yaml", kafkaDoc("Kafka", "a1", "") + "---\n" + kafkaDoc("Kafka", "a2", "") + "---\n" + kafkaDoc("Kafka", "a3", "") + "---\n" + kafkaDoc("Kafka", "a4", "")}, true},
		"replacements": {"resources: [a.yaml]\nreplacements:\n  - source: {kind: Kafka, name: a1, fieldPath: spec.plan}\n    targets:\n      - select: {kind: Kafka, name: a2}\n        fieldPaths: [spec.project]\n",
			[]string{"a.yaml", kafkaDoc("Kafka", "a1", "") + "---\n" + kafkaDoc("Kafka", "a2", "") + "---\n" + kafkaDoc("Kafka", "a4", "")}, false},
		"a List": {"resources: [a.yaml]\n", []string{"a.yaml", kafkaDoc("Kafka", "a1", "") + "---\napiVersion: v1\nkind: List\nitems:\n  - " + strings.ReplaceAll(kafkaDoc("Kafka", "a2", ""), "\n", "\n    ") + "\n---\n" + kafkaDoc("Kafka", "a4", "")}, false},
		// kustomize refuses the separator, which a shard must not hide
		"a bad separator": {"resources: [a.yaml]\n", []string{"a.yaml", kafkaDoc("Kafka", "a1", "") + "--- no\n" + kafkaDoc("Kafka", "a2", "") + "---\n" + kafkaDoc("Kafka", "a3", "")}, false},
		"remote":          {"resources: [a.yaml, https://example.invalid/x.yaml]\n", []string{"a.yaml", kafkaDoc("Kafka", "a1", "") + "---\n" + kafkaDoc("Kafka", "a2", "")}, false},
	} {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			write(t, filepath.Join(dir, "kustomization.yaml"), tc.kustomization)
			for i := 0; i < len(tc.files); i += 2 {
				write(t, filepath.Join(dir, tc.files[i]), tc.files[i+1])
			}
			abs, _ := filepath.Abs(dir)
			var planned bool
			withShardSize(1, func() { planned = planShards(abs) != nil })
			if planned != tc.shards {
				t.Errorf("planned in shards: %v, want %v", planned, tc.shards)
			}
			if name == "remote" {
				return // not fetched in a test
			}
			bothBuilds(t, dir)
		})
	}
}
