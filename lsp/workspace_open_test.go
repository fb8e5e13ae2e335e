package lsp_test

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
)

// kafkaBeside is a Secret whose password is value and a Kafka named
// value beside it: the Kafka's connection Secret, which other files read,
// bears the name, and every message that names it must mask it.
func kafkaBeside(name, value string) string {
	return "apiVersion: v1\nkind: Secret\nmetadata:\n  name: " + name + "\nstringData:\n  password: " + value + "\n---\n" +
		"apiVersion: example.io/v1alpha1\nkind: Kafka\nmetadata:\n  name: " + value + "\nspec:\n  project: p\n  plan: business-4\n"
}

// podReading is a Pod that reads the key NOPE of each of the Secrets
// names, which none of them writes.
func podReading(names ...string) string {
	var b strings.Builder
	b.WriteString("apiVersion: v1\nkind: Pod\nmetadata:\n  name: reader\nspec:\n  containers:\n    - name: c\n      env:\n")
	for i, n := range names {
		fmt.Fprintf(&b, "        - name: X%d\n          valueFrom:\n            secretKeyRef:\n              name: %s\n              key: NOPE\n", i, n)
	}
	return b.String()
}

// TestWorkspaceOpenFileSecretsStayMasked: the index leaves a workspace
// file the editor opens to the document (it neither reads it nor gates
// its secrets a second time, and forgets them if it read the file
// before), and nothing is lost by it. The secret of the open file and
// that of a file no one opened are masked in the cross findings that
// name them, in the hover on the key and in the open file's outline;
// once the file is closed, the index knows its secrets from disk again,
// and the findings that name it still mask them.
func TestWorkspaceOpenFileSecretsStayMasked(t *testing.T) {
	t.Parallel()
	// As an editor that opens a folder and a file in it: didOpen right
	// after initialized, while the index reads the folder; or the file
	// opened once the index has read it (diskSecrets.drop).
	for _, when := range []string{"at-start", "after-index"} {
		t.Run(when, func(t *testing.T) {
			t.Parallel()
			testOpenFileSecrets(t, when == "after-index")
		})
	}
}

func testOpenFileSecrets(t *testing.T, afterIndex bool) {
	const shut, opened = "s3cr3t-shut-kafka", "s3cr3t-open-kafka"
	openText := kafkaBeside("mine", opened) + "---\n" + podReading(shut)
	dir := repo(t, map[string]string{
		"vault.yaml": kafkaBeside("vault", shut),
		"open.yaml":  openText,
	})
	s := startIn(t, dir)
	if afterIndex {
		s.indexed(2)
	}
	ou := uri.File(filepath.Join(dir, "open.yaml"))
	s.openAsync(ou, openText)
	ru := uri.File(filepath.Join(dir, "reader.yaml"))
	reader := podReading(shut, opened)
	s.openAsync(ru, reader)

	var out strings.Builder
	record := func(v any) {
		js, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		out.Write(js)
		out.WriteByte('\n')
	}
	nope := func(n int) protocol.Position { return lineOf(t, reader, "NOPE", n) }
	wantReader := []string{
		fmt.Sprintf("%d secret-key 1: the Kafka \"(secret)\" in vault.yaml writes no key \"NOPE\"", nope(1).Line),
		fmt.Sprintf("%d secret-key 1: the Kafka \"(secret)\" in open.yaml writes no key \"NOPE\"", nope(2).Line),
	}
	// What would show the secrets: the findings of both open files, the
	// hover on each key and the open file's outline (the Kafka's name).
	look := func(when string) {
		t.Helper()
		record(s.waitCross(ru, wantReader...))
		record(s.waitCross(ou, fmt.Sprintf("%d secret-key 1: the Kafka \"(secret)\" in vault.yaml writes no key \"NOPE\"", lineOf(t, openText, "NOPE", 1).Line)))
		for n := 1; n <= 2; n++ {
			h, err := s.hover(ru, nope(n))
			if err != nil || h == nil {
				t.Fatalf("%s: hover on key %d: %v %v", when, n, h, err)
			}
			record(h)
		}
		syms, err := s.symbols(ou)
		if err != nil {
			t.Fatalf("%s: outline: %v", when, err)
		}
		record(syms)
		for _, v := range []string{shut, opened} {
			if strings.Contains(out.String(), v) {
				t.Fatalf("%s: the server sent the secret %q:\n%s", when, v, out.String())
			}
		}
		if !strings.Contains(out.String(), "(secret)") {
			t.Errorf("%s: nothing says where the secrets were:\n%s", when, out.String())
		}
	}
	look("open")

	// Closed, open.yaml is read from disk again, and what it says of the
	// Kafka comes from there: the gate of the workspace knows its secret
	// before the set names its Kafka.
	read := s.workspaceStats().Workspace.Read
	if err := s.srv.DidClose(s.ctx, &protocol.DidCloseTextDocumentParams{TextDocument: docID(ou)}); err != nil {
		t.Fatal(err)
	}
	s.indexed(read + 1)
	// A reader opened anew: the gate of the one open all along took in
	// the closed file's secrets when the gates were joined (gateSet.union),
	// a new one's holds only its own.
	if err := s.srv.DidClose(s.ctx, &protocol.DidCloseTextDocumentParams{TextDocument: docID(ru)}); err != nil {
		t.Fatal(err)
	}
	ru = uri.File(filepath.Join(dir, "reader2.yaml"))
	s.openAsync(ru, reader)
	out.Reset()
	record(s.waitCross(ru, wantReader...))
	for n := 1; n <= 2; n++ {
		h, err := s.hover(ru, nope(n))
		if err != nil || h == nil {
			t.Fatalf("closed: hover on key %d: %v %v", n, h, err)
		}
		record(h)
	}
	// Opened again, it is the document's once more.
	s.openAsync(ou, openText)
	out2 := out.String()
	out.Reset()
	look("opened again")
	for _, v := range []string{shut, opened} {
		if strings.Contains(out2, v) {
			t.Errorf("closed: the server sent the secret %q:\n%s", v, out2)
		}
	}
}
