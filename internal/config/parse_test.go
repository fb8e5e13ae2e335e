package config

import (
	"strings"
	"testing"
)

// TestProblemsQuoteNoSecret: a problem never quotes a value under a
// secret member's name, nor a manifest's secret when a manifest is named
// as the configuration.
func TestProblemsQuoteNoSecret(t *testing.T) {
	for _, src := range []string{
		"rules:\n  client_secret: Mvbqtrzkxw\n",
		"apiVersion: example.io/v1alpha1\nkind: Grafana\nspec:\n  userConfig:\n    smtp_server:\n      password: Mvbqtrzkxw\nrules:\n  password: Mvbqtrzkxw\n",
	} {
		c := Parse("/tmp/.mdscheck.yaml", src)
		if len(c.Problems) == 0 {
			t.Fatalf("no problem in %q", src)
		}
		for _, p := range c.Problems {
			if strings.Contains(p.Message, "Mvbqtrzkxw") {
				t.Errorf("%q: %s", src, p.Message)
			}
		}
	}
}
