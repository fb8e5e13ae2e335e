package secret

import (
	"fmt"
	"strings"
	"testing"

	"github.com/mdscheck/mdscheck/core/document"
)

// TestSecretName: a key names a secret when a run of its words spells a
// secret member's name in any case or with any separators, or a typo of
// one of five letters or more; not inside a word, nor as a member the
// schema knows that is no secret.
func TestSecretName(t *testing.T) {
	for _, key := range []string{
		// Typed otherwise.
		"password", "Password", "PASSWORD", "PassWord", "passwd", "passw0rd", "Pasword",
		"secretKey", "accessKey", "sasToken", "clientSecret", "Client-Secret", "SAS_TOKEN", "tokens",
		// As words of a longer name.
		"smtp_server.password", "userConfig.smtp_server.password", "auth_github.smtp_server.password",
		"admin-password", "ADMIN_PASSWORD", "grafana_password", "password_smtp", "vault_token",
		"tokenValue", "api_key", "API-KEY", "APIKey", "privateKey", "credentials.json",
		"emailSenderPassword", "db.passwd", "2002:str> password", "client_secrt", "clientSecrt", "email_sender_pasword",
	} {
		if !secretName(key) {
			t.Errorf("%q names no secret", key)
		}
	}
	for _, key := range []string{
		"", "monkey", "keyboard", "turkey", "tokenizer", "description", "host", "name", "secret",
		"kind", "project", "passing", "tokyo", "pass",
		// Words near a name's word but for a short word: no typo of it.
		"secretRef", "secretName", "secrets", "secretref", "sas_tokyo", "access_keys",
		"broken-examples.yaml", "spoken", "assword",
		// The schema's members that are no secret, and references to a key.
		"token_url", "tokenUrl", "client_id", "secretKeyRef", "configMapKeyRef", "authSecretRef",
		"connInfoSecretTarget", "smtp_server", "from_address",
	} {
		if secretName(key) {
			t.Errorf("%q names a secret", key)
		}
	}
}

// TestDataName: a Secret's data and stringData typed otherwise are its
// data; no other key of a Secret is.
func TestDataName(t *testing.T) {
	for key, encoded := range map[string]bool{
		"data": true, "Data": true, "DATA": true, "datas": true, "dta": true,
		"stringData": false, "StringData": false, "stringdata": false, "string_data": false,
		"stringDta": false, "STRING-DATA": false,
	} {
		if ok, enc := dataName(key); !ok || enc != encoded {
			t.Errorf("dataName(%q) = %v, %v; want true, %v", key, ok, enc, encoded)
		}
	}
	for _, key := range []string{"metadata", "kind", "apiVersion", "type", "immutable", "labels", "name"} {
		if ok, _ := dataName(key); ok {
			t.Errorf("%q is taken for a Secret's data", key)
		}
	}
}

// readSecrets returns the text of src, a document that can be read, with
// what the check of a document of no kind of ours marks secret masked:
// every entry placed by its name (StrayIn) and a Secret's data
// (SecretData).
func readSecrets(t *testing.T, src string) string {
	t.Helper()
	d := document.Parse(src, document.Span{End: len(src)}, 0, document.DefaultLimits)
	if d.Err != nil {
		t.Fatalf("%q: %v", src, d.Err.Message)
	}
	v := New(d)
	v.StrayIn(d.Root)
	v.SecretData(d.Root)
	return mask(src, v.Spans(src, 0, len(src)), 0)
}

// TestStrayNames: where no schema places a key (a misspelt kind, an
// unknown parent), its name says whether its value is secret, by the
// rule of a broken document's guess; the values beside it stay.
func TestStrayNames(t *testing.T) {
	src := "kind: Grafan\nspec:\n  userConfig:\n    smtp_server:\n      PASSWORD: SECRET01\n      host: KEEP1\n" +
		"    smtp:\n      Password: SECRET02\n      passwd: SECRET03\n    kafka:\n      PassWord: SECRET04\n" +
		"    auth_github.smtp_server.password: SECRET05\n    ADMIN_PASSWORD: SECRET06\n    tokenValue: SECRET07\n" +
		"    privateKey: SECRET08\n    credentials.json: SECRET09\n    token_url: KEEP2\n    monkey: KEEP3\n" +
		"    env:\n    - valueFrom: {secretKeyRef: {name: KEEP4, key: KEEP5}}\n    flow: {a: 1, api_key:SECRET10}\n" +
		"    authSecretRef: {name: x, secretKey: token}\n    data: [{secretKey: PASSWORD, remoteRef: {key: db}}]\n"
	got := readSecrets(t, src)
	for i := 1; i <= 10; i++ {
		if s := fmt.Sprintf("SECRET%02d", i); strings.Contains(got, s) {
			t.Errorf("%s is not masked:\n%s", s, got)
		}
	}
	// A reference to the key of a Secret names a secret member: no
	// secret, and a word of mdscheck's own.
	for _, k := range []string{"KEEP1", "KEEP2", "KEEP3", "KEEP4", "KEEP5", "secretKey: token", "secretKey: PASSWORD"} {
		if !strings.Contains(got, k) {
			t.Errorf("%s is masked:\n%s", k, got)
		}
	}
}

// TestSecretDataTypedOtherwise: a readable Secret whose data or
// stringData key is typed otherwise still holds secrets, its kind read
// as liberally; another key of it stays.
func TestSecretDataTypedOtherwise(t *testing.T) {
	for _, c := range []struct{ kind, key string }{
		{"Secret", "StringData"}, {"Secret", "stringdata"}, {"Secret", "string_data"}, {"Secret", "stringDta"},
		{"Secret", "Data"}, {"Secret", "DATA"}, {"Secret", "datas"}, {"secret", "Data"}, {"SECRET", "stringData"},
		{"Secrets", "StringData"},
	} {
		src := "apiVersion: v1\nkind: " + c.kind + "\nmetadata:\n  name: KEEP1\n  labels: {team: KEEP2}\n" + c.key + ":\n  webhook: U0VDUkVUMQ==\n"
		got := readSecrets(t, src)
		if strings.Contains(got, "U0VDUkVUMQ==") {
			t.Errorf("%s %s: the value is not masked:\n%s", c.kind, c.key, got)
		}
		if !strings.Contains(got, "webhook:") || !strings.Contains(got, "KEEP1") || !strings.Contains(got, "KEEP2") {
			t.Errorf("%s %s: a key or a name is masked:\n%s", c.kind, c.key, got)
		}
	}
}

// TestMaySecretAnyKindKey: a broken document may be a Secret when any
// key kind says so, wherever it stands, also where another line starts
// with a kind that is none.
func TestMaySecretAnyKindKey(t *testing.T) {
	for _, text := range []string{
		"{apiVersion: v1, kind: Secret, stringData: {webhook: x}}\n",
		"kind: Config\nusers: []\nsecret: {apiVersion: v1, kind: Secret, data: {a: b}}\n",
		"metadata:\n  ownerReferences:\n  - kind: Deployment\n{\"kind\": \"Secret\"}\n",
		"x: [{kind: secret}]\nkind: Deployment\n",
		"kind: Deployment\n? kind\n: SealedSecret\n",
		"kind: Deployment\nb: {'kind' : *k}\n",
		"apiVersion: v1\nmetadata: {}\n", // no kind at all
	} {
		if !maySecret(text) {
			t.Errorf("%q is not taken for a Secret", text)
		}
	}
	for _, text := range []string{
		"kind: Deployment\nspec: {kindness: Secret, mykind: Secret}\n",
		"kind: Grafana\nspec: {userConfig: {auth_github: {client_secret: x}}}\n",
		"- kind: Deployment\n  name: web\nkind: ConfigMap # a Secret's neighbour\n",
	} {
		if maySecret(text) {
			t.Errorf("%q is taken for a Secret", text)
		}
	}
}

// guessed returns src, a document guessed as one that could not be read,
// with the guess's spans masked.
func guessed(src string) string { return mask(src, Guess(src, 0, len(src)), 0) }

// TestGuessDataByAlias: in a document that may be a Secret, an alias as
// a key takes the name of its anchor: one on data or stringData names
// the data, as one on a secret's name names the secret.
func TestGuessDataByAlias(t *testing.T) {
	for _, src := range []string{
		"apiVersion: v1\nkind: Secret\nmetadata: {name: &sd stringData}\n*sd :\n  api: SECRET1\n  webhook: SECRET2\nbad: [\n",
		"{apiVersion: v1, kind: Secret, metadata: {name: &sd stringData}, *sd : {api: \"SECRET1\" x, b: SECRET2}}\n",
		"apiVersion: v1\nkind: Secret\nmetadata:\n  labels: {a: &d Data}\n*d :\n  api: SECRET1\n  webhook: SECRET2\nbad: [\n",
		"kind: Secret\nmetadata: {name: &p passwd}\nx:\n  *p : SECRET1 SECRET2\nbad: [\n",
	} {
		got := guessed(src)
		if strings.Contains(got, "SECRET1") || strings.Contains(got, "SECRET2") {
			t.Errorf("%q: a value is not masked:\n%s", src, got)
		}
	}
	// Where the document is no Secret, an anchor on data names nothing.
	src := "kind: ConfigMap\nmetadata: {name: &sd data}\n*sd :\n  api: KEEP1\nbad: [\n"
	if got := guessed(src); !strings.Contains(got, "KEEP1") {
		t.Errorf("%q: a ConfigMap's value is masked:\n%s", src, got)
	}
}

// TestGuessSequenceAtKeyColumn: a sequence at a secret key's column is
// its value, whatever its items hold (a mapping's entries too), up to the
// next entry at that column, which stays readable.
func TestGuessSequenceAtKeyColumn(t *testing.T) {
	for _, src := range []string{
		"spec:\n  password:\n  - value: SECRET1: bad\n  - SECRET2\n  host: KEEP1\n",
		"password:\n- value: SECRET1\n  more: SECRET2\n- name: x: SECRET3\nhost: KEEP1\n",
		"- token:\n  - {a: SECRET1}\n  - key: SECRET2\n- name: KEEP1\n",
		"smtp_server:\n  password:\n  -\n    value: SECRET1\n  - ? SECRET2\n  host: KEEP1\n",
	} {
		got := guessed(src)
		for _, s := range []string{"SECRET1", "SECRET2", "SECRET3"} {
			if strings.Contains(got, s) {
				t.Errorf("%q: %s is not masked:\n%s", src, s, got)
			}
		}
		if !strings.Contains(got, "KEEP1") {
			t.Errorf("%q: the next entry is masked:\n%s", src, got)
		}
	}
}
