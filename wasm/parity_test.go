package main

import (
	"strings"
	"testing"
)

// TestOperatorParity: the module reports what the operator refuses as
// errors and the unit-less disk size as a warning with its fix, as the
// playground shows them.
func TestOperatorParity(t *testing.T) {
	t.Parallel()
	src := "apiVersion: example.io/v1alpha1\nkind: Kafka\nmetadata:\n  name: events\nspec:\n  plan: business-4\n  project: streaming\n" +
		"  projectVpcId: vpc-1\n  projectVPCRef:\n    name: net\n  authSecretRef:\n    name: token\n  disk_space: \"102400\"\n"
	got := newInstance(t).text("validate", src, 0)
	for _, want := range []string{
		`"severity":"error","rule":"conflict","path":"spec.projectVpcId"`,
		`"severity":"error","rule":"required","path":"spec.authSecretRef.key"`,
		`"severity":"warning","rule":"disk-unit","path":"spec.disk_space"`,
		`"newText":"102400GiB"`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("validate result lacks %s\ngot %s", want, got)
		}
	}
}
