// Package benchrepo generates the repository of the benchmarks across
// resources (docs/performance.md, "The workspace index" and "Across
// resources"): files of resources of ours and of workloads that read the
// connection Secrets of resources of other files, in 20 namespaces, with
// findings of secret-key and no conflict. The same for the CLI and the
// language server, so that their numbers compare.
package benchrepo

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// Resources and Workloads are what each file holds.
const (
	Resources = 10
	Workloads = 10
)

// Repo is a generated repository of Files files.
type Repo struct{ Files int }

// kinds are the kinds the generator writes, with a plan of each.
var kinds = []struct{ kind, plan, prefix string }{
	{"Kafka", "business-4", "KAFKA_"},
	{"OpenSearch", "startup-4", "OPENSEARCH_"},
	{"Grafana", "startup-1", "GRAFANA_"},
}

// resource writes resource r of file f: one of the three kinds, in
// one of 20 namespaces, some with a connection Secret of another name
// and prefix, some disabled, some with a component on, some that take
// their token from a v1 Secret, a few with a password.
func resource(b *strings.Builder, f, r int) {
	k := kinds[(f+r)%len(kinds)]
	fmt.Fprintf(b, "apiVersion: example.io/v1alpha1\nkind: %s\nmetadata:\n  name: %s-%d-%d\n  namespace: ns-%d\n  labels:\n    team: t%d\nspec:\n  project: project-%d\n  plan: %s\n  cloudName: google-europe-west1\n",
		k.kind, strings.ToLower(k.kind), f, r, f%20, r, f%7, k.plan)
	switch r % 5 {
	case 1:
		fmt.Fprintf(b, "  connInfoSecretTarget:\n    name: conn-%d-%d\n    prefix: P%d_\n", f, r, r)
	case 2:
		b.WriteString("  connInfoSecretTargetDisabled: true\n")
	case 3:
		fmt.Fprintf(b, "  authSecretRef:\n    name: token-%d\n    key: token\n", f)
	}
	switch {
	case k.kind == "Kafka" && r%2 == 0:
		b.WriteString("  userConfig:\n    kafka_rest: true\n    kafka:\n      auto_create_topics_enable: false\n")
	case k.kind == "Grafana" && r%4 == 0:
		fmt.Fprintf(b, "  userConfig:\n    smtp_server:\n      host: smtp.example.com\n      port: 587\n      from_address: a@example.com\n      password: pw-%d-%d-%d\n", f, r, f*r)
	}
}

// workload writes workload w of file f: a Deployment or a CronJob that
// reads keys, all keys and a volume of the Secrets of resources of the
// files before it; one in ten reads a key its resource does not write.
func (repo Repo) workload(b *strings.Builder, f, w int) {
	src := (f + repo.Files - 1 - w%3) % repo.Files // a file before this one
	r := w % Resources
	k := kinds[(src+r)%len(kinds)]
	name := fmt.Sprintf("%s-%d-%d", strings.ToLower(k.kind), src, r)
	prefix := k.prefix
	if r%5 == 1 {
		name, prefix = fmt.Sprintf("conn-%d-%d", src, r), fmt.Sprintf("P%d_", r)
	}
	key := prefix + "HOST"
	if w%10 == 9 {
		key = prefix + "NOPE"
	}
	pod := "spec:\n  template:\n    spec:\n"
	indent := "      "
	kind := "Deployment"
	if w%4 == 3 {
		kind, pod, indent = "CronJob", "spec:\n  schedule: \"@daily\"\n  jobTemplate:\n    spec:\n      template:\n        spec:\n", "          "
	}
	fmt.Fprintf(b, "apiVersion: apps/v1\nkind: %s\nmetadata:\n  name: app-%d-%d\n  namespace: ns-%d\n%s", kind, f, w, src%20, pod)
	fmt.Fprintf(b, "%scontainers:\n%s  - name: app\n%s    image: registry.example.com/app:1.%d\n%s    env:\n", indent, indent, indent, w, indent)
	for _, kk := range []string{key, prefix + "PORT"} {
		fmt.Fprintf(b, "%s      - name: V_%s\n%s        valueFrom:\n%s          secretKeyRef:\n%s            name: %s\n%s            key: %s\n",
			indent, kk, indent, indent, indent, name, indent, kk)
	}
	fmt.Fprintf(b, "%s    envFrom:\n%s      - secretRef:\n%s          name: %s\n", indent, indent, indent, name)
	fmt.Fprintf(b, "%svolumes:\n%s  - name: certs\n%s    secret:\n%s      secretName: %s\n", indent, indent, indent, indent, name)
}

// File is the text of file f.
func (repo Repo) File(f int) string {
	var b strings.Builder
	for r := range Resources {
		if b.Len() > 0 {
			b.WriteString("---\n")
		}
		resource(&b, f, r)
	}
	fmt.Fprintf(&b, "---\napiVersion: v1\nkind: Secret\nmetadata:\n  name: token-%d\n  namespace: ns-%d\nstringData:\n  token: tok-%d-abcdef\n", f, f%20, f)
	for w := range Workloads {
		b.WriteString("---\n")
		repo.workload(&b, f, w)
	}
	return b.String()
}

// Write writes the repository to dir: file f is team-(f%10)/app-f.yaml.
func (repo Repo) Write(dir string) error {
	for f := range repo.Files {
		p := filepath.Join(dir, fmt.Sprintf("team-%d", f%10), fmt.Sprintf("app-%d.yaml", f))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(p, []byte(repo.File(f)), 0o644); err != nil {
			return err
		}
	}
	return nil
}
