package lsp_test

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
)

// TestWorkspaceCompletionAndHover: hover on a key a workload reads says
// which resource of which file writes it; a secretKeyRef's key completes
// with the keys its Secret's writer writes, while it is typed and the
// document does not parse.
func TestWorkspaceCompletionAndHover(t *testing.T) {
	t.Parallel()
	s, u, src := openWorkloads(t)

	for _, c := range []struct {
		what string
		want []string
	}{
		{"KAFKA_HOST", []string{"**Key `KAFKA_HOST`** of the Secret `logs`", "written by the Kafka `logs` in `services.yaml`",
			"the OpenSearch `logs` in `services.yaml` would write it, but writes no Secret"}},
		{"KAFKA_URI", []string{"not written by the Kafka `logs` in `services.yaml`, which writes `KAFKA_HOST`, `KAFKA_PORT`"}},
		{"events-conn", []string{"**Secret `events-conn`**", "written by the Kafka `events` in `services.yaml`, as its connection Secret: `EV_HOST`"}},
	} {
		h, err := s.hover(u, lineOf(t, src, c.what, 1))
		if err != nil || h == nil {
			t.Fatalf("hover on %s: %v %v", c.what, h, err)
		}
		for _, w := range c.want {
			if !strings.Contains(hoverText(h), w) {
				t.Errorf("hover on %s lacks %q:\n%s", c.what, w, hoverText(h))
			}
		}
	}
	// A Secret from elsewhere: nothing to say.
	if h, err := s.hover(u, lineOf(t, src, "anything", 1)); err != nil || h != nil {
		t.Errorf("hover on a key of a Secret no one writes: %+v %v", h, err)
	}

	// A new variable, typed up to its key, under the first one, and a
	// line that breaks the document after it.
	after := lineOf(t, src, "key: KAFKA_HOST", 1).Line + 1
	typed := "            - name: NEW\n              valueFrom:\n                secretKeyRef:\n                  name: events-conn\n                  key: EV_\n            - name: [\n"
	s.edit(u, replace(after, 0, after, 0, typed))
	at := pos(after+4, uint32(len("                  key: EV_")))
	labels := keyCompletion(t, s, u, at, "EV_", "EV_HOST", "Kafka events (services.yaml)")
	for _, want := range []string{"EV_HOST", "EV_PORT", "EV_USERNAME", "EV_PASSWORD", "EV_REST_HOST"} {
		if !slices.Contains(labels, want) {
			t.Errorf("completion of the key lacks %s: %q", want, labels)
		}
	}
	if slices.Contains(labels, "KAFKA_HOST") || slices.Index(labels, "EV_REST_HOST") < slices.Index(labels, "EV_CA_CERT") {
		t.Errorf("completion of the key: %q; want the keys of the Kafka events, those it writes first", labels)
	}
}

// TestWorkspaceCompletionOfVolumeItems: the key of an item of a Secret
// volume (volumes[].secret.items[].key) completes, over stdio, with the
// keys the resource writing the volume's Secret writes, as a
// secretKeyRef's does, and hover on it names the resource that writes
// it; a volume of a Secret no resource writes offers none of them.
func TestWorkspaceCompletionOfVolumeItems(t *testing.T) {
	t.Parallel()
	s, u, src := openWorkloads(t)

	// Items typed under the volume's secretName, the second one's key
	// half written.
	after := lineOf(t, src, "secretName: logs", 1).Line + 1
	typed := "            items:\n              - key: KAFKA_CA_CERT\n                path: ca.pem\n              - path: key.pem\n                key: KAFKA_AC\n"
	s.edit(u, replace(after, 0, after, 0, typed))
	at := pos(after+4, uint32(len("                key: KAFKA_AC")))
	labels := keyCompletion(t, s, u, at, "KAFKA_AC", "KAFKA_ACCESS_KEY", "Kafka logs (services.yaml)")
	for _, want := range []string{"KAFKA_ACCESS_KEY", "KAFKA_ACCESS_CERT", "KAFKA_CA_CERT", "KAFKA_HOST"} {
		if !slices.Contains(labels, want) {
			t.Errorf("completion of the item's key lacks %s: %q", want, labels)
		}
	}
	// Hover on the first item's key names what writes it.
	h, err := s.hover(u, pos(after+1, uint32(len("              - key: KAFKA"))))
	if err != nil || h == nil || !strings.Contains(hoverText(h), "written by the Kafka `logs` in `services.yaml`") {
		t.Errorf("hover on the item's key: %v %v", h, err)
	}

	// The volume of a Secret that nothing of the workspace writes.
	secretName := lineOf(t, src, "secretName: logs", 1)
	s.edit(u, replace(secretName.Line, secretName.Character, secretName.Line, secretName.Character+len32("secretName: logs"), "secretName: made-by-hand"))
	for _, it := range completionItems(t, s, u, at) {
		if strings.HasPrefix(it.Label, "KAFKA_") {
			t.Errorf("a volume of a Secret no one writes completes with %s", it.Label)
		}
	}
}

// len32 is the length of s as a position counts it, in a line of ASCII.
func len32(s string) uint32 { return uint32(len(s)) }

// openWorkloads starts a server on the workspace repository, waits for
// its index and opens workloads.yaml: the session, the file and its text.
func openWorkloads(t *testing.T) (*session, uri.URI, string) {
	t.Helper()
	dir := workspaceRepo(t, nil)
	s := startIn(t, dir)
	s.indexed(indexedFiles)
	src := workspaceFiles["workloads.yaml"]
	u := uri.File(filepath.Join(dir, "workloads.yaml"))
	s.open(u, src)
	return s, u, src
}

// keyCompletion returns the labels of the completion at at, where typed
// is written before the cursor, and checks that the item label replaces
// typed and has detail: the resource and file that write the key.
func keyCompletion(t *testing.T, s *session, u uri.URI, at protocol.Position, typed, label, detail string) []string {
	t.Helper()
	var labels []string
	for _, it := range completionItems(t, s, u, at) {
		labels = append(labels, it.Label)
		if it.Label != label {
			continue
		}
		te, ok := it.TextEdit.(*protocol.TextEdit)
		if !ok || te.Range != rng(at.Line, at.Character-len32(typed), at.Line, at.Character) || te.NewText != label {
			t.Errorf("%s replaces %+v", label, it.TextEdit)
		}
		if d, _ := it.Detail.Get(); d != detail {
			t.Errorf("%s's detail %q, want %q", label, d, detail)
		}
	}
	return labels
}

// TestWorkspaceGate: a name of a file no one opened that is also a
// secret of that file (a Kafka named like a password beside it) reaches
// no message: the server's gate knows the secrets of the files it read.
func TestWorkspaceGate(t *testing.T) {
	t.Parallel()
	const secretText = "s3cr3t-kafka-name"
	dir := repo(t, map[string]string{
		"vault.yaml": "apiVersion: v1\nkind: Secret\nmetadata:\n  name: vault\nstringData:\n  password: " + secretText + "\n---\n" +
			"apiVersion: example.io/v1alpha1\nkind: Kafka\nmetadata:\n  name: " + secretText + "\nspec:\n  project: p\n  plan: business-4\n",
	})
	s := startIn(t, dir)
	s.indexed(1)
	src := "apiVersion: v1\nkind: Pod\nmetadata:\n  name: reader\nspec:\n  containers:\n    - name: c\n      env:\n        - name: X\n" +
		"          valueFrom:\n            secretKeyRef:\n              name: " + secretText + "\n              key: NOPE\n" +
		"        - name: Y\n          valueFrom:\n            secretKeyRef:\n              name: " + secretText + "\n              key: \n"
	u := uri.File(filepath.Join(dir, "reader.yaml"))
	s.openAsync(u, src)
	ds := s.waitCross(u, fmt.Sprintf("%d secret-key 1: the Kafka \"(secret)\" in vault.yaml writes no key \"NOPE\"", lineOf(t, src, "NOPE", 1).Line))
	var out strings.Builder
	for _, d := range ds {
		out.WriteString(message(d) + "\n")
	}
	h, err := s.hover(u, lineOf(t, src, "NOPE", 1))
	if err != nil || h == nil {
		t.Fatalf("hover on the key: %v %v", h, err)
	}
	out.WriteString(hoverText(h) + "\n")
	end := lineOf(t, src, "key: ", 2)
	items := completionItems(t, s, u, pos(end.Line, end.Character+5))
	if len(items) == 0 {
		t.Fatalf("no completion of the key")
	}
	for _, it := range items {
		d, _ := it.Detail.Get()
		doc := ""
		if mc, ok := it.Documentation.(*protocol.MarkupContent); ok {
			doc = mc.Value
		}
		out.WriteString(it.Label + " " + d + " " + doc + "\n")
	}
	if strings.Contains(out.String(), secretText) {
		t.Errorf("the secret of vault.yaml was sent:\n%s", out.String())
	}
	if !strings.Contains(out.String(), "(secret)") {
		t.Errorf("nothing says where the secret was:\n%s", out.String())
	}
}
