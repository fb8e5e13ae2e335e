package lsp_test

import (
	"testing"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
)

// parity is a manifest with each finding where mdscheck follows the
// operator: a network id beside its reference, a token Secret without
// key, a disk size without unit.
const parity = manifest + `  projectVpcId: vpc-1
  projectVPCRef:
    name: net
  authSecretRef:
    name: token
  disk_space: "102400"
`

// TestOperatorParityInTheEditor: the editor shows what the operator
// refuses as errors, the unit-less disk size as a warning whose quick
// fix appends GiB.
func TestOperatorParityInTheEditor(t *testing.T) {
	s, _ := start(t)
	u := uri.URI("file:///parity.yaml")
	ds := s.open(u, parity)
	for rule, sev := range map[string]protocol.DiagnosticSeverity{
		"conflict":  protocol.DiagnosticSeverityError,
		"required":  protocol.DiagnosticSeverityError,
		"disk-unit": protocol.DiagnosticSeverityWarning,
	} {
		got := find(ds, rule)
		if len(got) != 1 || got[0].Severity != sev {
			t.Errorf("want one %s finding of severity %d, got:\n%s", rule, sev, summary(ds))
		}
	}
	unit := find(ds, "disk-unit")
	if len(unit) != 1 {
		return
	}
	var fixed bool
	for _, a := range codeActions(t, s, u, unit) {
		if a.Title == "Append GiB" {
			if e, _ := edits(t, a, u); len(e) == 1 && e[0].NewText == "102400GiB" {
				fixed = true
			}
		}
	}
	if !fixed {
		t.Error("no quick fix \"Append GiB\" that writes 102400GiB")
	}
}
