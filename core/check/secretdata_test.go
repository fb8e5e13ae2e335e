package check_test

import (
	"strings"
	"testing"

	"github.com/mdscheck/mdscheck/core/check"
	"github.com/mdscheck/mdscheck/core/report"
	"github.com/mdscheck/mdscheck/core/text"
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
		res := report.Validate(src, text.UTF16, check.DefaultOptions)
		for _, d := range res.Diagnostics {
			if strings.Contains(d.Message, s) {
				t.Errorf("%q: a message quotes the Secret's value: %s", doc, d.Message)
			}
		}
		if len(res.Secrets) < 2 {
			t.Errorf("%q: %d secret ranges, want the value and its copy", doc, len(res.Secrets))
		}
	}
	// A ConfigMap's data is no secret.
	res := report.Validate("apiVersion: v1\nkind: ConfigMap\ndata:\n  level: "+s+"\n---\n"+ours, text.UTF16, check.DefaultOptions)
	if len(res.Secrets) != 0 {
		t.Errorf("a ConfigMap's data is masked: %v", res.Secrets)
	}
}
