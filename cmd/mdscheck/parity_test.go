package main

import (
	"strings"
	"testing"
)

// TestOperatorParity runs the findings where mdscheck follows the
// operator, not only the specification, through the CLI: what the
// operator refuses is an error (exit 1), the unit-less disk size a
// warning with its fix.
func TestOperatorParity(t *testing.T) {
	for _, tc := range []struct {
		name, spec string
		code       int
		want       []string
	}{
		{"network id and reference", "  projectVpcId: vpc-1\n  projectVPCRef:\n    name: net\n", 1,
			[]string{"error: set projectVpcId or projectVPCRef, not both", "the operator refuses both [conflict]"}},
		{"token Secret without key", "  authSecretRef:\n    name: token\n", 1,
			[]string{`error: missing required member "key"`}},
		{"token Secret with an empty name", "  authSecretRef:\n    name: \"\"\n    key: token\n", 1,
			[]string{"[min-length]"}},
		{"disk size without unit", "  disk_space: \"102400\"\n", 0,
			[]string{`warning: "102400" has no unit: the operator accepts it and ignores it`, "[disk-unit]"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, out, _ := runCLI(t, valid+tc.spec, "validate", "--color", "never", "-")
			if code != tc.code {
				t.Errorf("exit %d, want %d:\n%s", code, tc.code, out)
			}
			for _, w := range tc.want {
				if !strings.Contains(out, w) {
					t.Errorf("the output lacks %q:\n%s", w, out)
				}
			}
		})
	}
}

// TestSchemaCRD prints the CRDs: one YAML document a kind, with the
// transition rules, and an unknown kind is a clear error.
func TestSchemaCRD(t *testing.T) {
	code, out, _ := runCLI(t, "", "schema", "--crd", "--all")
	if code != 0 || strings.Count(out, "kind: CustomResourceDefinition") != 3 || strings.Count(out, "\n---\n") != 2 {
		t.Fatalf("exit %d, want three CRDs:\n%.500s", code, out)
	}
	for _, w := range []string{"name: kafkas.example.io", "name: opensearches.example.io", "self == oldSelf",
		"has(self.spec.connInfoSecretTargetDisabled)) == (has(oldSelf.spec.connInfoSecretTargetDisabled))"} {
		if !strings.Contains(out, w) {
			t.Errorf("the CRDs lack %q", w)
		}
	}
	if code, _, errs := runCLI(t, "", "schema", "--crd", "Kafak"); code == 0 || !strings.Contains(errs, `did you mean "Kafka"`) {
		t.Errorf("unknown kind: exit %d, %q", code, errs)
	}
}
