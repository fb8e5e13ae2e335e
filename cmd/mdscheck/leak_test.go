package main

import (
	"strings"
	"testing"

	"github.com/mdscheck/mdscheck/internal/leak"
)

// TestNoSecretInAnyFormat runs every secret attack case through validate
// in each output format, and explain on every secret member: no output,
// on stdout or stderr, may hold a secret.
func TestNoSecretInAnyFormat(t *testing.T) {
	cases := leak.Cases()
	if len(cases) < 500 {
		t.Fatalf("only %d leak cases; the generator lost its members", len(cases))
	}
	for _, c := range cases {
		for _, format := range []string{"text", "json", "sarif", "github"} {
			code, out, errOut := runCLI(t, c.Text, "validate", "--format", format, "--color", "always", "-")
			if code == 2 {
				t.Errorf("%s (%s): exit 2: %s", c.Name, format, errOut)
			}
			if s := c.Leaked(out + errOut); s != "" {
				t.Errorf("%s (%s) prints the secret %q:\n%s%s", c.Name, format, s, out, errOut)
			}
		}
	}
	for _, m := range leak.Members() {
		code, out, errOut := runCLI(t, "", "explain", m.String())
		if code != 0 || !strings.Contains(out, "secret") {
			t.Errorf("explain %s: exit %d, does not say the member is secret:\n%s%s", m, code, out, errOut)
		}
	}
}
