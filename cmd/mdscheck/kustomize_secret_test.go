package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestKustomizeErrorHoldsNoSecret: Kustomize quotes what it read when a
// build fails (a patch's whole text); what mdscheck prints of it holds no
// secret, in whatever way the patch is broken, and still says what failed.
func TestKustomizeErrorHoldsNoSecret(t *testing.T) {
	const secret = "ZqKustomSecret1"
	grafana := "apiVersion: example.io/v1alpha1\nkind: Grafana\nmetadata:\n  name: g\nspec:\n  plan: startup-1\n  project: p\n"
	for name, kustomization := range map[string]string{
		"an inline patch that is no YAML": "resources: [grafana.yaml]\npatches:\n- patch: |-\n    apiVersion: example.io/v1alpha1\n    kind: Grafana\n" +
			"    metadata: {name: g}\n    spec: {userConfig: {smtp_server: {password: " + secret + "}\n",
		"a JSON patch at a missing path": "resources: [grafana.yaml]\npatches:\n- target: {kind: Grafana}\n  patch: |-\n" +
			"    - op: replace\n      path: /spec/userConfig/smtp_server/password\n      value: " + secret + "\n",
		"a JSON patch with a bad operation": "resources: [grafana.yaml]\npatches:\n- target: {kind: Grafana}\n  patch: |-\n" +
			"    - op: frobnicate\n      path: /spec/x\n      value: {client_secret: " + secret + "}\n",
		"a patch file that is no YAML": "resources: [grafana.yaml]\npatches:\n- path: patch.yaml\n",
	} {
		dir := t.TempDir()
		write(t, filepath.Join(dir, "kustomization.yaml"), kustomization)
		write(t, filepath.Join(dir, "grafana.yaml"), grafana)
		write(t, filepath.Join(dir, "patch.yaml"), "apiVersion: example.io/v1alpha1\nkind: Grafana\nmetadata: {name: g}\nspec: {userConfig: {auth_github: {client_secret: \""+secret+"\n")
		code, out, errOut := runCLI(t, "", "validate", "--kustomize", dir)
		if code != 2 || !strings.Contains(errOut, "mdscheck: kustomize build ") {
			t.Errorf("%s: exit %d, no word of the build's failure:\n%s%s", name, code, out, errOut)
		}
		if strings.Contains(out+errOut, secret) {
			t.Errorf("%s: the secret is printed:\n%s%s", name, out, errOut)
		}
	}
}
