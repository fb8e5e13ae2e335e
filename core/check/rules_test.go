package check_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/mdscheck/mdscheck/core/check"
	"github.com/mdscheck/mdscheck/core/document"
	"github.com/mdscheck/mdscheck/core/report"
	"github.com/mdscheck/mdscheck/core/text"
)

// manifest wraps spec lines (indented by two) into a valid envelope.
// plan and project are added unless spec sets them.
func manifest(kind, spec string) string {
	head := "apiVersion: example.io/v1alpha1\nkind: " + kind + "\nmetadata:\n  name: x\nspec:\n"
	if !strings.Contains(spec, "  plan:") {
		head += "  plan: startup-4\n"
	}
	if !strings.Contains(spec, "  project:") {
		head += "  project: p\n"
	}
	return head + spec
}

func findings(src string) []check.Diagnostic {
	return report.Validate(src, check.DefaultOptions).Diagnostics
}

// summary renders findings as "severity rule pointer" lines.
func summary(ds []check.Diagnostic) string {
	var b []string
	for _, d := range ds {
		b = append(b, fmt.Sprintf("%s %s %s", d.Severity, d.Rule, d.Pointer))
	}
	return strings.Join(b, "\n")
}

func TestCommonFields(t *testing.T) {
	cases := []struct {
		name, spec string
		want       string // "" means valid
	}{
		{"valid minimal", "", ""},
		{"plan too long", "  plan: " + strings.Repeat("p", 129) + "\n", "error max-length /spec/plan"},
		{"plan length in code points", "  plan: " + strings.Repeat("é", 128) + "\n", ""},
		{"project pattern", "  project: Bad Project!\n", "error pattern /spec/project"},
		{"project too long", "  project: " + strings.Repeat("a", 64) + "\n", "error max-length /spec/project"},
		{"cloudName too long", "  cloudName: " + strings.Repeat("c", 257) + "\n", "error max-length /spec/cloudName"},
		{"cloudName number", "  cloudName: 12\n", "error type /spec/cloudName"},
		{"disk_space ok", "  disk_space: 80GiB\n", ""},
		{"disk_space G any case", "  disk_space: 80g\n", ""},
		{"disk_space bare: the operator ignores it", "  disk_space: \"80\"\n", "warning disk-unit /spec/disk_space"},
		{"disk_space leading zero", "  disk_space: 080GiB\n", "error format /spec/disk_space"},
		{"disk_space unit", "  disk_space: 80TB\n", "error format /spec/disk_space"},
		{"dow enum", "  maintenanceWindowDow: funday\n", "error enum /spec/maintenanceWindowDow"},
		{"dow case", "  maintenanceWindowDow: Monday\n", "error enum /spec/maintenanceWindowDow"},
		{"time ok", "  maintenanceWindowTime: 23:59:59\n", ""},
		{"time hour", "  maintenanceWindowTime: \"24:00:00\"\n", "error format /spec/maintenanceWindowTime"},
		{"time shape", "  maintenanceWindowTime: 1:00:00\n", "error format /spec/maintenanceWindowTime"},
		{"vpc id too long", "  projectVpcId: " + strings.Repeat("v", 37) + "\n", "error max-length /spec/projectVpcId"},
		{"vpc ref name empty", "  projectVPCRef:\n    name: \"\"\n", "error min-length /spec/projectVPCRef/name"},
		{"vpc ref name missing", "  projectVPCRef:\n    namespace: ns\n", "error required /spec/projectVPCRef/name"},
		{"integrations max", "  serviceIntegrations:\n    - integrationType: read_replica\n      sourceServiceName: a\n    - integrationType: read_replica\n      sourceServiceName: b\n", "error max-items /spec/serviceIntegrations"},
		{"integration type", "  serviceIntegrations:\n    - integrationType: replica\n      sourceServiceName: a\n", "error enum /spec/serviceIntegrations/0/integrationType"},
		{"integration source long", "  serviceIntegrations:\n    - integrationType: read_replica\n      sourceServiceName: " + strings.Repeat("s", 65) + "\n", "error max-length /spec/serviceIntegrations/0/sourceServiceName"},
		{"integration source empty", "  serviceIntegrations:\n    - integrationType: read_replica\n      sourceServiceName: ''\n", "error min-length /spec/serviceIntegrations/0/sourceServiceName"},
		{"tags bool", "  tags:\n    country: NO\n", "error type /spec/tags/country"},
		{"tags null", "  tags:\n    country:\n", "error type /spec/tags/country"},
		{"tags ok", "  tags:\n    country: \"NO\"\n", ""},
		{"emails max", "  technicalEmails:\n" + strings.Repeat("    - email: a@b.co\n", 11), "error max-items /spec/technicalEmails"},
		{"email shape", "  technicalEmails:\n    - email: not-an-email\n", "error format /spec/technicalEmails/0/email"},
		{"email missing", "  technicalEmails:\n    - {}\n", "error required /spec/technicalEmails/0/email"},
		{"termination bool", "  terminationProtection: \"true\"\n", "error type /spec/terminationProtection"},
		{"termination yes", "  terminationProtection: yes\n", "warning yaml-compat /spec/terminationProtection"},
		{"disabled bool", "  connInfoSecretTargetDisabled: 1\n", "error type /spec/connInfoSecretTargetDisabled"},
		{"secret target name required", "  connInfoSecretTarget:\n    prefix: X_\n", "error required /spec/connInfoSecretTarget/name"},
		{"secret target labels", "  connInfoSecretTarget:\n    name: s\n    labels:\n      a: 1\n", "error type /spec/connInfoSecretTarget/labels/a"},
		{"auth ref", "  authSecretRef:\n    name: t\n    key: token\n    extra: 1\n", "error unknown-field /spec/authSecretRef/extra"},
		{"unknown spec field", "  terminationProtectoin: true\n", "error unknown-field /spec/terminationProtectoin"},
		{"karapace outside Kafka", "  karapace: true\n", "error unknown-field /spec/karapace"},
		{"duplicate key", "  cloudName: a\n  cloudName: a\n", "error duplicate-key /spec/cloudName"},
		{"optional null dropped", "  cloudName:\n", ""},
		{"required null", "  plan: ~\n", "error required /spec/plan"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := summary(findings(manifest("OpenSearch", c.spec)))
			if got != c.want {
				t.Errorf("spec:\n%s\ngot:  %q\nwant: %q", c.spec, got, c.want)
			}
		})
	}
}

func TestEnvelope(t *testing.T) {
	cases := []struct{ name, src, want string }{
		{"other group ignored", "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: x\ndata:\n  a: 1\n", ""},
		{"other version, still checked", "apiVersion: example.io/v1beta1\nkind: Kafka\n", "error required /metadata\nerror required /spec\nerror const /apiVersion"},
		{"unknown kind", "apiVersion: example.io/v1alpha1\nkind: kafka\n", "error enum /kind"},
		{"missing kind", "apiVersion: example.io/v1alpha1\nmetadata:\n  name: x\n", "error required /kind"},
		{"missing spec and name", "apiVersion: example.io/v1alpha1\nkind: Kafka\nmetadata: {}\n", "error required /spec\nerror required /metadata/name"},
		{"unknown top level", manifest("Grafana", "") + "extra: 1\n", "error unknown-field /extra"},
		{"status not checked", manifest("Grafana", "") + "status:\n  anything: [1, 2]\n", ""},
		{"labels", "apiVersion: example.io/v1alpha1\nkind: Kafka\nmetadata:\n  name: x\n  labels:\n    a: on\nspec:\n  plan: p\n  project: p\n", "error type /metadata/labels/a"},
		{"karapace in Kafka", manifest("Kafka", "  karapace: true\n"), ""},
		{"empty documents", "---\n---\n", ""},
		{"syntax error", "apiVersion: example.io/v1alpha1\nkind: [Kafka\n", "error yaml-syntax "},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := summary(findings(c.src))
			if got != c.want {
				t.Errorf("src:\n%s\ngot:  %q\nwant: %q", c.src, got, c.want)
			}
		})
	}
}

func TestSyntaxErrorKeepsOtherDocuments(t *testing.T) {
	src := manifest("Kafka", "  cloudName: 1\n") + "---\nkey: [unclosed\n---\n" + manifest("Grafana", "  cloudName: 2\n")
	res := report.Validate(src, check.DefaultOptions)
	got := ""
	for _, d := range res.Diagnostics {
		got += fmt.Sprintf("%d %s %s\n", d.Document, d.Rule, d.Pointer)
	}
	want := "0 type /spec/cloudName\n1 yaml-syntax \n2 type /spec/cloudName\n"
	if got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
	if len(res.Documents) != 3 {
		t.Errorf("documents: %+v", res.Documents)
	}
}

func TestRangesAndMessages(t *testing.T) {
	src := manifest("OpenSearch", "  cloudName: 12\n  maintenanceWindowDow: Sunday\n  terminationProtectoin: true\n")
	ds := findings(src)
	want := []struct{ text, message string }{
		{"12", `must be a string; 12 is a number in YAML, write "12"`},
		{"Sunday", `"Sunday" is not allowed; must be one of monday, tuesday, wednesday, thursday, friday, saturday, sunday (did you mean sunday?)`},
		{"terminationProtectoin", `unknown field "terminationProtectoin"; did you mean "terminationProtection"?`},
	}
	if len(ds) != len(want) {
		t.Fatalf("got %d findings: %+v", len(ds), ds)
	}
	for i, w := range want {
		d := ds[i]
		if got := src[d.Start:d.End]; got != w.text {
			t.Errorf("finding %d covers %q, want %q", i, got, w.text)
		}
		if d.Message != w.message {
			t.Errorf("finding %d message\n got: %s\nwant: %s", i, d.Message, w.message)
		}
		if len(d.Fixes) != 1 {
			t.Errorf("finding %d has no fix", i)
		}
	}
}

func TestScalarSemantics(t *testing.T) {
	// Each value is read the way Kubernetes clients read it.
	cases := []struct {
		value string
		typ   document.Type
		y12   bool
	}{
		{"yes", document.Bool, true}, {"Yes", document.Bool, true}, {"YES", document.Bool, true},
		{"on", document.Bool, true}, {"off", document.Bool, true}, {"n", document.Bool, true}, {"y", document.Bool, true},
		{"true", document.Bool, false}, {"False", document.Bool, false},
		{"yEs", document.String, false},
		{"12", document.Int, false}, {"-3", document.Int, false}, {"0x1F", document.Int, false},
		{"0777", document.Int, true}, {"1_000", document.Int, true},
		{"1.0", document.Float, false}, {"1e3", document.Float, false}, {".5", document.Float, false},
		{"12:30:00", document.String, false}, {"2024-01-15", document.String, false},
		{"~", document.Null, false}, {"null", document.Null, false}, {"", document.Null, false},
		{"!!str 2", document.String, false}, {"\"2\"", document.String, false},
		{"9223372036854775807", document.Int, false}, {"9223372036854775808", document.Int, false},
		{".inf", document.Float, false},
	}
	for _, c := range cases {
		s := document.ParseStream("v: "+c.value+"\n", document.DefaultLimits)
		v := s.Docs[0].Root.Get("v")
		if v.Type != c.typ || (v.YAML12 != "") != c.y12 {
			t.Errorf("%q: type %s (YAML 1.2 note %q), want %s (note: %v)", c.value, v.Type, v.YAML12, c.typ, c.y12)
		}
	}
}

func TestIntegerBounds(t *testing.T) {
	// metadata.generation is an integer with no bounds: the 64-bit range applies.
	base := "apiVersion: example.io/v1alpha1\nkind: Kafka\nmetadata:\n  name: x\n  generation: %s\nspec:\n  plan: p\n  project: p\n"
	cases := map[string]string{
		"9223372036854775807":  "",
		"9223372036854775808":  "error maximum /metadata/generation",
		"-9223372036854775809": "error minimum /metadata/generation",
		"1e3":                  "",
		"1.0":                  "",
		"1.5":                  "error type /metadata/generation",
		"\"3\"":                "error type /metadata/generation",
	}
	for v, want := range cases {
		if got := summary(findings(fmt.Sprintf(base, v))); got != want {
			t.Errorf("generation: %s: got %q, want %q", v, got, want)
		}
	}
}

func TestAnchorsAndMerges(t *testing.T) {
	src := manifest("OpenSearch", "  tags: &t\n    a: b\n  connInfoSecretTarget:\n    name: s\n    labels: *t\n    annotations:\n      <<: *t\n      c: d\n")
	if got := summary(findings(src)); got != "" {
		t.Errorf("valid aliases: %q", got)
	}
	// A finding inside an alias is reported where the value lands.
	src = manifest("OpenSearch", "  tags: &t\n    a: 1\n  connInfoSecretTarget:\n    name: s\n    labels: *t\n")
	ds := findings(src)
	if len(ds) != 2 || ds[1].Pointer != "/spec/connInfoSecretTarget/labels/a" {
		t.Fatalf("got %s", summary(ds))
	}
	if line := text.NewIndex(src).LineOf(ds[1].Start); line != 11 {
		t.Errorf("alias finding on line %d, want 11 (the alias)", line)
	}
	// An alias to an anchor of an earlier document is an error.
	src = "a: &x 1\n---\n" + manifest("Kafka", "  cloudName: *x\n")
	if got := summary(findings(src)); got != "error yaml-syntax " {
		t.Errorf("cross-document alias: %q", got)
	}
}

func TestSecretsNeverShown(t *testing.T) {
	// No secret members in the common fields: use a string map value the
	// checks must not echo when marked secret. Covered fully by userConfig tests.
	src := manifest("OpenSearch", "  plan: "+strings.Repeat("x", 200)+"\n")
	for _, d := range findings(src) {
		if strings.Contains(d.Message, strings.Repeat("x", 100)) {
			t.Errorf("message echoes a long value in full: %s", d.Message)
		}
	}
}

// TestSecretValuesNeverInOutput sets every kind of violation on secret
// members and looks for the value anywhere in the result: messages, fixes.
func TestSecretValuesNeverInOutput(t *testing.T) {
	cases := []struct{ kind, spec, value string }{
		{"Grafana", "  userConfig:\n    smtp_server:\n      host: h\n      port: 25\n      from_address: a@b.co\n      password: \"sec\\x01ret-one\"\n", "ret-one"},
		{"Grafana", "  userConfig:\n    auth_github:\n      client_id: id\n      client_secret: 12345678901\n", "12345678901"},
		{"Grafana", "  userConfig:\n    auth_github:\n      client_id: id\n      client_secret: YES\n", "YES"},
		{"Grafana", "  userConfig:\n    external_image_storage:\n      access_key: lower-case-key\n      bucket_url: u\n      provider: s3\n      secret_key: \"not base64 !\"\n", "not base64"},
		{"OpenSearch", "  userConfig:\n    opensearch:\n      email_sender_password: \"" + strings.Repeat("p", 1100) + "\"\n", "pppp"},
		{"Kafka", "  userConfig:\n    kafka_connect_secret_providers:\n      - name: v\n        vault:\n          address: a\n          auth_method: token\n          token: " + strings.Repeat("t", 300) + "\n", "tttt"},
	}
	for _, c := range cases {
		res := report.Validate(manifest(c.kind, c.spec), check.DefaultOptions)
		if len(res.Diagnostics) == 0 {
			t.Errorf("%s: no finding for %q", c.kind, c.spec)
		}
		out, _ := json.Marshal(res)
		if strings.Contains(string(out), c.value) {
			t.Errorf("%s: the secret %q appears in the result: %s", c.kind, c.value, out)
		}
	}
}

// TestKubernetesSecretsOfTheStream: a v1 Secret beside our manifests is
// read for its values in every shape it may have (data or stringData
// alone, neither, null, the wrong type), and their text is masked where
// our manifests write it again. Any shape of it once crashed the command.
func TestKubernetesSecretsOfTheStream(t *testing.T) {
	ours := manifest("OpenSearch", "  project: ZqSecretVal\n")
	for _, secretDoc := range []string{
		"apiVersion: v1\nkind: Secret\nmetadata: {name: s}\ndata: {A: ZqSecretVal}\n",
		"apiVersion: v1\nkind: Secret\nmetadata: {name: s}\nstringData: {A: ZqSecretVal}\n",
		"apiVersion: v1\nkind: Secret\nmetadata: {name: s}\ndata: {A: ZqSecretVal}\nstringData: null\n",
		"apiVersion: v1\nkind: Secret\nmetadata: {name: s}\ndata: [ZqSecretVal]\n",
		"apiVersion: v1\nkind: Secret\nmetadata: {name: s}\n",
		"apiVersion: v1\nkind: Secret\n",
	} {
		res := report.Validate(secretDoc+"---\n"+ours, check.DefaultOptions)
		if strings.Contains(secretDoc, "ZqSecretVal") {
			for _, d := range res.Diagnostics {
				if strings.Contains(d.Message, "ZqSecretVal") {
					t.Errorf("%q: a message quotes the Secret's value: %s", secretDoc, d.Message)
				}
			}
		}
	}
}
