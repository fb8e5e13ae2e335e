package check_test

import "testing"

func TestSuppression(t *testing.T) {
	cases := []struct{ name, spec, want string }{
		{"same line, all rules", "  cloudName: 1 # mdscheck:ignore\n", ""},
		{"same line, that rule", "  cloudName: 1 # mdscheck:ignore type\n", ""},
		{"same line, other rule", "  cloudName: 1 # mdscheck:ignore enum\n", "error type /spec/cloudName"},
		{"line above", "  # mdscheck:ignore unknown-field, type\n  cloudNmae: x\n", ""},
		{"line above covers one line only", "  # mdscheck:ignore\n  cloudName: 1\n  projectVpcId: 2\n", "error type /spec/projectVpcId"},
		{"inside a value is not a comment", "  cloudName: \"a#mdscheck:ignore\"\n  projectVpcId: 2\n", "error type /spec/projectVpcId"},
	}
	for _, c := range cases {
		if got := summary(findings(manifest("Kafka", c.spec))); got != c.want {
			t.Errorf("%s: got %q, want %q", c.name, got, c.want)
		}
	}
}
