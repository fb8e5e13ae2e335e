package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/mdscheck/mdscheck/core/check"
)

// grafanaWith is a Grafana resource named name whose project and SMTP
// password are as given (YAML scalars as written).
func grafanaWith(name, project, password string) string {
	return "apiVersion: example.io/v1alpha1\nkind: Grafana\nmetadata:\n  name: " + name + "\nspec:\n  plan: startup-4\n  project: " + project +
		"\n  userConfig:\n    smtp_server:\n      host: h\n      port: 25\n      from_address: a@b.c\n      password: " + password + "\n"
}

// overlayOutputs runs validate --kustomize on overlay in every format and
// returns what each wrote, stdout and stderr together, by format.
func overlayOutputs(t *testing.T, overlay string) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, format := range []string{"text", "json", "sarif", "github"} {
		_, stdout, stderr := runCLI(t, "", "validate", "--no-config", "--format", format, "--kustomize", overlay)
		out[format] = stdout + stderr
	}
	return out
}

// noSecretIn fails the test where an output holds secret, and unless
// each holds want (what says the run did its work).
func noSecretIn(t *testing.T, outputs map[string]string, secret, want string) {
	t.Helper()
	for format, out := range outputs {
		if strings.Contains(out, secret) {
			t.Errorf("--format %s: the secret %q is printed:\n%s", format, secret, out)
		}
		if !strings.Contains(out, want) {
			t.Errorf("--format %s: no %q in:\n%s", format, want, out)
		}
	}
}

// TestKustomizeOverwrittenSecret: an overlay replaces a base's password,
// whose text the base also writes as the project. The build no longer
// holds the secret, but the project's finding quotes its text: the gate
// knows it from the base the build read, in one build and in shards.
func TestKustomizeOverwrittenSecret(t *testing.T) {
	const secret = "BASE OVERWRITTENQ1"
	dir := t.TempDir()
	write(t, filepath.Join(dir, "base/kustomization.yaml"), "resources: [g.yaml, h.yaml]\n")
	write(t, filepath.Join(dir, "base/g.yaml"), grafanaWith("demo", `"`+secret+`"`, `"`+secret+`"`))
	write(t, filepath.Join(dir, "base/h.yaml"), grafanaWith("other", "p", "ZqOtherPassword"))
	overlay := filepath.Join(dir, "ov")
	write(t, filepath.Join(overlay, "kustomization.yaml"), "resources: [../base]\npatches:\n- target: {kind: Grafana}\n  patch: |-\n"+
		"    - op: replace\n      path: /spec/userConfig/smtp_server/password\n      value: other-value\n")
	noSecretIn(t, overlayOutputs(t, overlay), secret, "pattern")
	withShardSize(1, func() {
		if n := shardsUsed(t, overlay); n < 2 {
			t.Fatalf("built in %d shards, want 2", n)
		}
		noSecretIn(t, overlayOutputs(t, overlay), secret, "pattern")
	})
}

// TestKustomizeMovedSecret: a JSON patch moves a base's password to the
// project or to the name, where the build reads it as no secret; the
// finding on the project and the document's name in JSON hold it.
func TestKustomizeMovedSecret(t *testing.T) {
	for _, tc := range []struct{ to, want string }{
		{"/spec/project", "pattern"},
		{"/metadata/name", ""}, // no finding: the JSON's name, below
	} {
		const secret = "BASE MOVEDQQ"
		dir := t.TempDir()
		write(t, filepath.Join(dir, "base/kustomization.yaml"), "resources: [g.yaml]\n")
		write(t, filepath.Join(dir, "base/g.yaml"), grafanaWith("demo", "proj", `"`+secret+`"`))
		overlay := filepath.Join(dir, "ov")
		write(t, filepath.Join(overlay, "kustomization.yaml"), "resources: [../base]\npatches:\n- target: {kind: Grafana}\n  patch: |-\n"+
			"    - op: move\n      from: /spec/userConfig/smtp_server/password\n      path: "+tc.to+"\n")
		outputs := overlayOutputs(t, overlay)
		noSecretIn(t, outputs, secret, tc.want)
		if tc.to == "/metadata/name" && !strings.Contains(outputs["json"], `"name": "(secret)"`) {
			t.Errorf("moved to the name: the document's name is not masked:\n%s", outputs["json"])
		}
	}
}

// TestKustomizeFailedBuildQuotesBaseSecret: a build that fails says what
// it could not match, a name or a path that the overlay wrote and that is
// a base's secret: the gate knows the base's secrets, read before the
// failure, not only those of the files under the overlay.
func TestKustomizeFailedBuildQuotesBaseSecret(t *testing.T) {
	for name, tc := range map[string]struct{ secret, patch string }{
		"a strategic merge patch named by the secret": {"ZqCrossFileSecret",
			"- patch: |-\n    apiVersion: example.io/v1alpha1\n    kind: Grafana\n    metadata: {name: ZqCrossFileSecret}\n    spec: {plan: x}\n"},
		"a JSON patch's path through the secret": {"ZqBasePathSecret",
			"- target: {kind: Grafana}\n  patch: |-\n    - op: replace\n      path: /spec/ZqBasePathSecret/x\n      value: 1\n"},
	} {
		dir := t.TempDir()
		write(t, filepath.Join(dir, "base/kustomization.yaml"), "resources: [g.yaml]\n")
		write(t, filepath.Join(dir, "base/g.yaml"), grafanaWith("demo", "proj", tc.secret))
		overlay := filepath.Join(dir, "ov")
		write(t, filepath.Join(overlay, "kustomization.yaml"), "resources: [../base]\npatches:\n"+tc.patch)
		t.Run(name, func(t *testing.T) {
			noSecretIn(t, overlayOutputs(t, overlay), tc.secret, "mdscheck: kustomize build ")
		})
	}
}

// TestKustomizeGeneratorLiteral: a secretGenerator's literals are secret
// values; one without '=' is refused, and Kustomize's message says it.
func TestKustomizeGeneratorLiteral(t *testing.T) {
	const secret = "ZqGenSecretCC"
	dir := t.TempDir()
	write(t, filepath.Join(dir, "g.yaml"), grafanaWith("demo", "proj", "pw"))
	write(t, filepath.Join(dir, "kustomization.yaml"), "resources: [g.yaml]\nsecretGenerator:\n- name: creds\n  literals: ["+secret+"]\n")
	noSecretIn(t, overlayOutputs(t, dir), secret, "mdscheck: kustomize build ")
}

// TestKustomizeReadSecrets: what the log of a build's reads says is
// secret, for each kind of file a build reads: a resource's secret that
// an overlay replaced, a JSON patch's value at a secret member, a
// secretGenerator's literals and the files and env files it reads.
func TestKustomizeReadSecrets(t *testing.T) {
	dir := t.TempDir()
	write(t, filepath.Join(dir, "base/kustomization.yaml"), "resources: [g.yaml]\n")
	write(t, filepath.Join(dir, "base/g.yaml"), grafanaWith("demo", "proj", "ZqReplacedPassword"))
	overlay := filepath.Join(dir, "ov")
	write(t, filepath.Join(overlay, "kustomization.yaml"), "resources: [../base]\npatches:\n"+
		"- target: {kind: Grafana}\n  path: ops.json\n"+
		"- target: {kind: Grafana}\n  patch: |-\n    - op: add\n      path: /spec/userConfig\n      value: {smtp_server: {password: ZqNestedPassword}}\n"+
		"secretGenerator:\n- name: creds\n  literals: [KEY=ZqLiteralValue]\n  files: [cert=tls/cert.pem]\n  envs: [creds.env]\n")
	write(t, filepath.Join(overlay, "ops.json"), `[{"op": "replace", "path": "/spec/userConfig/smtp_server/password", "value": "ZqJSONOpValue"}]`)
	write(t, filepath.Join(overlay, "tls/cert.pem"), "ZqCertLine1\nZqCertLine2\n")
	write(t, filepath.Join(overlay, "creds.env"), "# a comment\nUSER=ZqEnvUser\nPASS = ZqEnvPass\n")
	reads := &readLog{}
	if _, _, err := buildLogged(overlay, reads); err != nil {
		t.Fatal(err)
	}
	texts, raw := reads.secrets(check.Options{})
	all := "\x00" + strings.Join(append(texts, raw...), "\x00") + "\x00"
	for _, want := range []string{"ZqReplacedPassword", "ZqNestedPassword", "ZqJSONOpValue", "ZqLiteralValue", "KEY=ZqLiteralValue",
		"ZqCertLine1", "ZqCertLine2", "USER=ZqEnvUser", "ZqEnvUser", "ZqEnvPass"} {
		if !strings.Contains(all, "\x00"+want+"\x00") && !strings.Contains(all, "\x00"+want+"\n") {
			t.Errorf("%q is not a secret of the reads: %q %q", want, texts, raw)
		}
	}
	for _, no := range []string{"proj", "demo", "startup-4", "a comment"} {
		if strings.Contains(all, "\x00"+no+"\x00") {
			t.Errorf("%q is a secret of the reads", no)
		}
	}
}

// TestKustomizeLogPassesTheGate: what Kustomize logs on its own (here a
// var whose field is a mapping, printed whole) reaches the user through
// the gate.
func TestKustomizeLogPassesTheGate(t *testing.T) {
	const secret = "ZqVarSecret77"
	dir := t.TempDir()
	write(t, filepath.Join(dir, "g.yaml"), grafanaWith("demo", "$(X)", secret))
	write(t, filepath.Join(dir, "conf.yaml"), "varReference:\n- path: spec/project\n  kind: Grafana\n")
	write(t, filepath.Join(dir, "kustomization.yaml"), "resources: [g.yaml]\nconfigurations: [conf.yaml]\n"+
		"vars:\n- name: X\n  objref: {kind: Grafana, name: demo, apiVersion: example.io/v1alpha1}\n  fieldref: {fieldpath: spec.userConfig.smtp_server}\n")
	var outputs map[string]string
	// What reaches the process's own stderr too, where Kustomize writes.
	direct := string(quiet(func() { outputs = overlayOutputs(t, dir) }))
	if !strings.Contains(direct+outputs["text"], "MakePrimitiveReplacer") {
		t.Errorf("Kustomize's log line is not shown at all:\n%s%s", direct, outputs["text"])
	}
	outputs["the process's stderr"] = direct
	for format, out := range outputs {
		if strings.Contains(out, secret) {
			t.Errorf("%s: the secret is printed:\n%s", format, out)
		}
	}
}

// TestKustomizeWorkingSecretGenerator: a build with a secretGenerator
// runs, and the literal's value, written again where a finding quotes it,
// is masked.
func TestKustomizeWorkingSecretGenerator(t *testing.T) {
	const secret = "ZqGenValue42"
	dir := t.TempDir()
	write(t, filepath.Join(dir, "g.yaml"), grafanaWith("demo", "proj", "pw")+"  maintenanceWindowDow: "+secret+"\n")
	write(t, filepath.Join(dir, "kustomization.yaml"), "resources: [g.yaml]\nsecretGenerator:\n- name: creds\n  literals: [KEY="+secret+"]\n")
	noSecretIn(t, overlayOutputs(t, dir), secret, "g.yaml")
}
