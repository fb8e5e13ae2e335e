package token_test

import (
	"fmt"
	"testing"

	uptoken "github.com/goccy/go-yaml/token"

	"github.com/mdscheck/mdscheck/core/internal/goccy/token"
)

// FuzzNumberAsUpstream holds the patched number test (mayParse, README.md)
// to goccy/go-yaml's: the same numbers, of the same type and value.
func FuzzNumberAsUpstream(f *testing.F) {
	for _, s := range []string{"0", "-+1", "++1.5", "1_000", "0x1F", "0X1.8p1", "017", "08", "1e3", ".5", "-.inf",
		"99999999999999999999", "1.5e400", "v1.2", "app.kubernetes.io", "1Gi", "0b102", "0o9", "-", "+.", "x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, v string) {
		if a, b := ourNumber(v), upstreamNumber(v); a != b {
			t.Errorf("ToNumber(%q) = %s, goccy/go-yaml's %s", v, a, b)
		}
	})
}

// ourNumber and upstreamNumber say what ToNumber makes of v, field by field.
func ourNumber(v string) string {
	if n := token.ToNumber(v); n != nil {
		return fmt.Sprintf("%s %#v %q", n.Type, n.Value, n.Text)
	}
	return "no number"
}

func upstreamNumber(v string) string {
	if n := uptoken.ToNumber(v); n != nil {
		return fmt.Sprintf("%s %#v %q", n.Type, n.Value, n.Text)
	}
	return "no number"
}
