package main

import (
	"encoding/base64"
	"strings"
	"testing"
)

// TestSecretNamesInEveryFormat holds the classes of an outside attack
// on how secrets are known by name (docs/design.md, secretName): a
// secret's name in another case or spelling where the schema cannot
// place it, as a word of a longer name, a Secret's data typed otherwise,
// a Secret the guess did not take for one (its kind in a flow mapping, its
// data named by an alias), and a value written as a sequence at its key's
// column. No output format may show a planted value, as written or as
// its base64; the values beside them that no rule makes secret stay
// readable in the text output.
func TestSecretNamesInEveryFormat(t *testing.T) {
	t.Parallel()
	const head = "apiVersion: example.io/v1alpha1\nkind: %s\nmetadata:\n  name: x\nspec:\n  plan: startup-4\n"
	ours := func(kind, body string) string { return strings.Replace(head, "%s", kind, 1) + body }
	cases := []struct {
		name, text string
		secrets    []string
		keep       []string // shown by the text output
	}{
		// L3: a secret's name typed otherwise, where the schema cannot place it.
		{"unknown parent", ours("Grafana", "  project: \"Zq7xK2pLm9Tr0ub4xW!\"\n  userConfig:\n    smtp:\n      Password: Zq7xK2pLm9Tr0ub4xW\n      hostname: keep-smtp-host\n"),
			[]string{"Zq7xK2pLm9Tr0ub4xW"}, nil},
		{"misspelt kind", ours("Grafan", "  project: \"Qx9vR2tL5mN8wK3j!\"\n  userConfig:\n    smtp_server:\n      PASSWORD: Qx9vR2tL5mN8wK3j\n"),
			[]string{"Qx9vR2tL5mN8wK3j"}, nil},
		{"free object", ours("Kafka", "  project: \"Mv7qW8zLm3Rk5xT!\"\n  userConfig:\n    kafka:\n      PassWord: Mv7qW8zLm3Rk5xT\n      bogus_size: keep-bogus-size\n"),
			[]string{"Mv7qW8zLm3Rk5xT"}, nil},
		{"under auth_github", ours("Grafana", "  userConfig:\n    auth_github:\n      client_id: keep-client-id\n      client_secret: Wq4mZ8xR2kT6nPa1\n"+
			"      Password: Wq4mZ8xR2kT6nPa2\n      PASSWORD: Wq4mZ8xR2kT6nPa3\n      passwd: Wq4mZ8xR2kT6nPa4\n      secretKey: Wq4mZ8xR2kT6nPa5\n"+
			"      accessKey: Wq4mZ8xR2kT6nPa6\n      sasToken: Wq4mZ8xR2kT6nPa7\n      clientSecret: Wq4mZ8xR2kT6nPa8\n      team_idz: keep-team-ids\n"),
			[]string{"Wq4mZ8xR2kT6nPa1", "Wq4mZ8xR2kT6nPa2", "Wq4mZ8xR2kT6nPa3", "Wq4mZ8xR2kT6nPa4", "Wq4mZ8xR2kT6nPa5", "Wq4mZ8xR2kT6nPa6", "Wq4mZ8xR2kT6nPa7", "Wq4mZ8xR2kT6nPa8"},
			[]string{"team_idz: keep-team-ids"}},
		// L9: a secret's name as a word of a longer name.
		{"longer names", ours("Grafana", "  userConfig:\n    auth_github.smtp_server.password: Hn3pX7vQ2wL9kR0a\n    ADMIN_PASSWORD: Hn3pX7vQ2wL9kR0b\n"+
			"    grafana_password: Hn3pX7vQ2wL9kR0c\n    password_smtp: Hn3pX7vQ2wL9kR0d\n    vault_token: Hn3pX7vQ2wL9kR0e\n    tokenValue: Hn3pX7vQ2wL9kR0f\n"+
			"    api_key: Hn3pX7vQ2wL9kR0g\n    privateKey: Hn3pX7vQ2wL9kR0h\n    credentials.json: Hn3pX7vQ2wL9kR0i\n    admin-password: Hn3pX7vQ2wL9kR0j\n    monkey_business: keep-monkey\n"),
			[]string{"Hn3pX7vQ2wL9kR0a", "Hn3pX7vQ2wL9kR0b", "Hn3pX7vQ2wL9kR0c", "Hn3pX7vQ2wL9kR0d", "Hn3pX7vQ2wL9kR0e", "Hn3pX7vQ2wL9kR0f", "Hn3pX7vQ2wL9kR0g", "Hn3pX7vQ2wL9kR0h", "Hn3pX7vQ2wL9kR0i", "Hn3pX7vQ2wL9kR0j"},
			[]string{"monkey_business: keep-monkey"}},
		{"longer name, broken", ours("Grafana", "  userConfig:\n    smtp_server.password: Zq7xK2pLm9Tr0ub4xW: bad\n"), []string{"Zq7xK2pLm9Tr0ub4xW"}, nil},
		{"longer name, broken, quoted elsewhere", "admin-password: Qx9vR2tL5mN8wK3j\nuserConfig.smtp_server.password: Qx9vR2tL5mN8wK3k\nbad: [\n---\n" +
			ours("Kafka", "  project: \"Qx9vR2tL5mN8wK3j!\"\n  cloudName: \"Qx9vR2tL5mN8wK3k!\"\n"),
			[]string{"Qx9vR2tL5mN8wK3j", "Qx9vR2tL5mN8wK3k"}, []string{"bad: ["}},
		// L10: a Secret's data typed otherwise.
		{"data typed otherwise", secretsTyped() + "---\n" + ours("Kafka", "  project: \"Jt5rB8nW3qZ6xK0a!\"\n  cloudName: \"Jt5rB8nW3qZ6xK0g!\"\n  maintenanceWindowDow: Jt5rB8nW3qZ6xK0d\n"),
			[]string{"Jt5rB8nW3qZ6xK0a", "Jt5rB8nW3qZ6xK0b", "Jt5rB8nW3qZ6xK0c", "Jt5rB8nW3qZ6xK0d", "Jt5rB8nW3qZ6xK0e", "Jt5rB8nW3qZ6xK0f", "Jt5rB8nW3qZ6xK0g", "Jt5rB8nW3qZ6xK0h", "Jt5rB8nW3qZ6xK0i", "Jt5rB8nW3qZ6xK0j"},
			nil},
		// L2: a Secret in a flow mapping, another line starting with kind.
		{"flow Secret", "{apiVersion: v1, kind: Secret, metadata: {name: hooks, ownerReferences: [{\nkind: Deployment, name: web}]},\n" +
			"  stringData: {webhook: \"https://hooks.example.com/T000/Qx9vR2tL5mN8wK3j\" \"oops\", api: Qx9vR2tL5mN8wK3z}}\n",
			[]string{"Qx9vR2tL5mN8wK3j", "Qx9vR2tL5mN8wK3z"}, nil},
		{"flow Secret after a kubeconfig's kind", "kind: Config\nusers: [{name: a, user: {exec: {command: x}}}]\n" +
			"secret: {apiVersion: v1, kind: Secret, stringData: {api: \"Qx9vR2tL5mN8wK3y\" \"oops\"}}\n",
			[]string{"Qx9vR2tL5mN8wK3y"}, []string{"kind: Secret, stringData:"}},
		// L7: a Secret's data named by an alias.
		{"data by an alias", "apiVersion: v1\nkind: Secret\nmetadata: {name: &sd stringData}\n*sd :\n  api: Pw6yN2cV8bX4mL1q\n  webhook: Pw6yN2cV8bX4mL1r\nbad: [\n",
			[]string{"Pw6yN2cV8bX4mL1q", "Pw6yN2cV8bX4mL1r"}, nil},
		{"flow data by an alias", "{apiVersion: v1, kind: Secret, metadata: {name: &sd stringData}, *sd : {api: \"Pw6yN2cV8bX4mL1s\" x}}\n",
			[]string{"Pw6yN2cV8bX4mL1s"}, nil},
		// L8: a secret's value as a sequence at its key's column.
		{"sequence at the key's column", ours("Grafana", "  userConfig:\n    smtp_server:\n      password:\n      - value: Zq7xK2pLm9Tr0ub4xW: bad\n      - Zq7xK2pLm9Tr0ub4xV\n      host: keep.example.com\n      from_address: [\n"),
			[]string{"Zq7xK2pLm9Tr0ub4xW", "Zq7xK2pLm9Tr0ub4xV"}, nil},
	}
	for _, c := range cases {
		for _, format := range []string{"text", "json", "sarif", "github"} {
			code, out, errOut := runCLI(t, c.text, "validate", "--format", format, "-")
			if code == 2 {
				t.Errorf("%s (%s): exit 2: %s", c.name, format, errOut)
			}
			for _, s := range c.secrets {
				for _, form := range []string{s, base64.StdEncoding.EncodeToString([]byte(s))} {
					if strings.Contains(out+errOut, form) {
						t.Errorf("%s (%s) shows the secret %q:\n%s%s", c.name, format, form, out, errOut)
					}
				}
			}
			if format != "text" {
				continue
			}
			for _, k := range c.keep {
				if !strings.Contains(out, k) {
					t.Errorf("%s: %q is not shown:\n%s%s", c.name, k, out, errOut)
				}
			}
		}
	}
}

// secretsTyped returns v1 Secrets whose kind and data keys are typed
// otherwise, each holding one of the values Jt5rB8nW3qZ6xK0a to ...j.
func secretsTyped() string {
	var b strings.Builder
	docs := []struct{ kind, key, value string }{
		{"Secret", "StringData", "Jt5rB8nW3qZ6xK0a"},
		{"Secret", "stringdata", "Jt5rB8nW3qZ6xK0b"},
		{"Secret", "string_data", "Jt5rB8nW3qZ6xK0c"},
		{"Secret", "stringDta", "Jt5rB8nW3qZ6xK0d"},
		{"Secret", "Data", base64.StdEncoding.EncodeToString([]byte("Jt5rB8nW3qZ6xK0e"))},
		{"Secret", "DATA", base64.StdEncoding.EncodeToString([]byte("Jt5rB8nW3qZ6xK0f"))},
		{"Secret", "datas", base64.StdEncoding.EncodeToString([]byte("Jt5rB8nW3qZ6xK0g"))},
		{"secret", "stringData", "Jt5rB8nW3qZ6xK0h"},
		{"SECRET", "StringData", "Jt5rB8nW3qZ6xK0i"},
		{"Secrets", "Data", base64.StdEncoding.EncodeToString([]byte("Jt5rB8nW3qZ6xK0j"))},
	}
	for i, d := range docs {
		if i > 0 {
			b.WriteString("---\n")
		}
		b.WriteString("apiVersion: v1\nkind: " + d.kind + "\nmetadata:\n  name: s\n" + d.key + ":\n  api: " + d.value + "\n")
	}
	return b.String()
}
