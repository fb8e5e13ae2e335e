package check_test

import (
	"encoding/base64"
	"strconv"
	"strings"
	"testing"

	"github.com/mdscheck/mdscheck/core/check"
	"github.com/mdscheck/mdscheck/core/report"
)

// TestSecretsOfAnySpelling: a document that may be a Secret, whatever its
// kind's case, group or list, or one with no kind (maybe a Secret cut off
// by a "---"), holds secrets under data and stringData: their text in
// another document is never quoted, and the source is masked.
func TestSecretsOfAnySpelling(t *testing.T) {
	const s = "Zq7uXw9SECRETk2"
	ours := manifest("Grafana", "  maintenanceWindowDow: "+s+"\n")
	for _, doc := range []string{
		"kind: Secret\nstringData:\n  pw: " + s + "\n",
		"apiVersion: v2\nkind: Secret\ndata:\n  pw: " + s + "\n",
		"apiVersion: v1\nkind: secret\ndata:\n  pw: " + s + "\n",
		"apiVersion: v1\nkind: SecretList\nitems:\n- metadata: {name: a}\n  data:\n    pw: " + s + "\n",
		"apiVersion: bitnami.com/v1alpha1\nkind: SealedSecret\nspec:\n  template:\n    data:\n      pw: " + s + "\n",
		"data:\n  pw: " + s + "\n",
		"- stringData: {pw: " + s + "}\n",
		"- password: " + s + "\n",
	} {
		src := doc + "---\n" + ours
		res := report.Validate(src, check.DefaultOptions)
		noQuote(t, strconv.Quote(doc), res, s)
		if len(res.Secrets) < 2 {
			t.Errorf("%q: %d secret ranges, want the value and its copy", doc, len(res.Secrets))
		}
	}
	// A ConfigMap's data is no secret.
	res := report.Validate("apiVersion: v1\nkind: ConfigMap\ndata:\n  level: "+s+"\n---\n"+ours, check.DefaultOptions)
	if len(res.Secrets) != 0 {
		t.Errorf("a ConfigMap's data is masked: %v", res.Secrets)
	}
}

// TestBrokenSecretData: a Secret the reader cannot read, however it is
// broken, has its data masked to the end of what may belong to it, and
// its values are never quoted where they are written again.
func TestBrokenSecretData(t *testing.T) {
	const s = "Zq7uXw9SECRETk2"
	ours := manifest("Grafana", "  maintenanceWindowDow: "+s+"\n")
	for _, doc := range []string{
		"apiVersion: v1\nkind: Secret\nmetadata:\n  name: s\ndata:\n  pw: [" + s + "\n",
		"apiVersion: v1\nkind: Secret\nstringData:\n  pw: \"" + s + "\n",
		"apiVersion: v1\nkind: Secret\nstringData:\n  pw: '" + s + "\n",
		"apiVersion: v1\nkind: Secret\nstringData:\n\tpw: " + s + "\n",
		"apiVersion: v1\nkind: Secret\nstringData:\n  pw: " + s + ": x\n",
		"apiVersion: v1\nkind: Secret\nstringData:\n  pw: {{ .Values.pw }}" + s + "\n",
		"apiVersion: v1\nkind: Secret\nstringData:\n  a: 1\n   pw: " + s + "\n",
		"{\"apiVersion\": \"v1\", \"kind\": \"Secret\", \"data\": {\"pw\": \"" + s + "\"\n",
		"kind: secret\nstringData:\n  pw: [" + s + "\n",
		"stringData:\n  pw: [" + s + "\n",
		"apiVersion: v1\nkind: Secret\nstringData:\n  pw: " + strings.Repeat("[", 70) + s + "\n",
	} {
		src := doc + "---\n" + ours
		res := report.Validate(src, check.DefaultOptions)
		noQuote(t, strconv.Quote(doc), res, s)
		if n := covered(src, res, s); n < 2 {
			t.Errorf("%q: the secret ranges cover %d of its 2 places", doc, n)
		}
	}
	// A broken ConfigMap's data is no secret.
	res := report.Validate("apiVersion: v1\nkind: ConfigMap\ndata:\n  level: ["+s+"\n", check.DefaultOptions)
	if len(res.Secrets) != 0 {
		t.Errorf("a ConfigMap's data is masked: %v", res.Secrets)
	}
}

// TestSecretsAsWrittenInPieces: a secret the reader cannot read as a
// value, written with signs of YAML around or inside it, is still the
// secret its author meant: its text between the signs is never quoted
// where it is written again.
func TestSecretsAsWrittenInPieces(t *testing.T) {
	const s = "Zq7uXw9SECRETk2"
	copied := manifest("Grafana", "  maintenanceWindowDow: "+s+"\n")
	for _, form := range []string{`"` + s + `"#c`, s + ": x", "@" + s, "`" + s, "'" + s + "'x'", "%" + s, "{{ .Values.p }}" + s} {
		doc := manifest("Grafana", "  userConfig:\n    auth_github:\n      client_id: c\n      client_secret: "+form+"\n")
		src := doc + "---\n" + copied
		res := report.Validate(src, check.DefaultOptions)
		noQuote(t, "client_secret: "+form, res, s)
		if n := covered(src, res, s); n < 2 {
			t.Errorf("client_secret: %s: the secret ranges cover %d of its 2 places", form, n)
		}
	}
}

// TestFilesKeptInSecrets: a Secret that holds a configuration file holds
// the secrets of its lines: the value a line assigns is never quoted
// where it is written again.
func TestFilesKeptInSecrets(t *testing.T) {
	const s = "Zq7uXw9SECRETk2"
	copied := manifest("Grafana", "  maintenanceWindowDow: "+s+"\n")
	for _, line := range []string{"password=" + s, "token: " + s, "DB_PASSWORD=\"" + s + "\"", "key = '" + s + "'"} {
		doc := "apiVersion: v1\nkind: Secret\nstringData:\n  app.conf: |\n    user=app\n    " + line + "\n"
		res := report.Validate(doc+"---\n"+copied, check.DefaultOptions)
		noQuote(t, line, res, s)
	}
}

// TestSecretWrittenAsATag: a tag where a secret's value belongs ("pw:
// !S") is the secret its author meant.
func TestSecretWrittenAsATag(t *testing.T) {
	const s = "Zq7uXw9SECRETk2"
	copied := manifest("Grafana", "  maintenanceWindowDow: "+s+"\n")
	for _, doc := range []string{
		"apiVersion: v1\nkind: Secret\nstringData:\n  pw: !" + s + "\n",
		manifest("Grafana", "  userConfig:\n    auth_github:\n      client_id: c\n      client_secret: !"+s+" x\n"),
	} {
		res := report.Validate(doc+"---\n"+copied, check.DefaultOptions)
		noQuote(t, strconv.Quote(doc), res, s)
	}
}

// noQuote fails the test for each finding of res whose message quotes
// the secret s; what names the case.
func noQuote(t *testing.T, what string, res report.File, s string) {
	t.Helper()
	for _, d := range res.Diagnostics {
		if strings.Contains(d.Message, s) {
			t.Errorf("%s: a message quotes the secret: %s", what, d.Message)
		}
	}
}

// covered counts the places of s in src that the secret spans of res
// cover.
func covered(src string, res report.File, s string) int {
	n := 0
	for _, r := range res.Secrets {
		n += strings.Count(src[r.Start:r.End], s)
	}
	return n
}

// TestSecretDataDecoded: a Secret's data holds the base64 of its values;
// the decoded text is the secret, and is masked wherever it is written in
// clear, however the base64 is folded or padded.
func TestSecretDataDecoded(t *testing.T) {
	const s = "Zq7uXw9SECRETk2"
	ours := manifest("Grafana", "  maintenanceWindowDow: "+s+"\n  "+s+"x: 1\n")
	enc := base64.StdEncoding.EncodeToString([]byte(s))
	for _, data := range []string{
		"  pw: " + enc + "\n",
		"  pw: " + strings.TrimRight(enc, "=") + "\n",
		"  pw: |\n    " + enc[:8] + "\n    " + enc[8:] + "\n",
		"  pw: \"" + enc + "\"\n",
	} {
		src := "apiVersion: v1\nkind: Secret\nmetadata:\n  name: s\ndata:\n" + data + "---\n" + ours
		res := report.Validate(src, check.DefaultOptions)
		noQuote(t, strconv.Quote(data), res, s)
		for _, d := range res.Diagnostics {
			if strings.Contains(d.Path, s) || strings.Contains(d.Pointer, s) {
				t.Errorf("%q: a path names the secret: %s", data, d.Path)
			}
		}
		if n := covered(src, res, s); n < 2 {
			t.Errorf("%q: %d copies of the decoded secret in secret ranges, want 2", data, n)
		}
	}
}

// TestBinaryTaggedSecrets: a secret tagged !!binary (in any spelling) is,
// for YAML, the bytes its base64 spells; in a Secret's data, its author
// may have encoded the secret twice. Either text written elsewhere is
// the secret.
func TestBinaryTaggedSecrets(t *testing.T) {
	const s = "Zq7uXw9SECRETk2"
	ours := manifest("Grafana", "  maintenanceWindowDow: "+s+"\n  "+s+"x: 1\n")
	enc := base64.StdEncoding.EncodeToString([]byte(s))
	twice := base64.StdEncoding.EncodeToString([]byte(enc))
	for _, secret := range []string{
		"apiVersion: v1\nkind: Secret\nmetadata:\n  name: s\nstringData:\n  pw: !!binary " + enc + "\n",
		"apiVersion: v1\nkind: Secret\nmetadata:\n  name: s\nstringData:\n  pw: !<tag:yaml.org,2002:binary> " + enc + "\n",
		"apiVersion: v1\nkind: Secret\nmetadata:\n  name: s\ndata:\n  pw: !!binary " + twice + "\n",
		manifest("Grafana", "  userConfig:\n    auth_github: {client_id: c, client_secret: !!binary "+enc+"}\n"),
	} {
		src := secret + "---\n" + ours
		res := report.Validate(src, check.DefaultOptions)
		noQuote(t, strconv.Quote(secret), res, s)
		if n := covered(src, res, s); n < 2 {
			t.Errorf("%q: %d copies of the decoded secret in secret ranges, want 2", secret, n)
		}
	}
}
