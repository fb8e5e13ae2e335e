package lsp_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"go.lsp.dev/uri"
)

// TestSampleRepository opens every manifest of the sample repository
// (testdata/repository: a Helm chart, Kustomize patches, a List, an
// ignored resource, an excluded directory, a configuration with an
// override) and holds what the server shows to what validate reports at
// its root (expected.golden): the same findings, at the same places, with
// the same severities; nothing in the excluded directory.
func TestSampleRepository(t *testing.T) {
	t.Parallel()
	root, err := filepath.Abs("../testdata/repository")
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile(filepath.Join(root, "expected.golden"))
	if err != nil {
		t.Fatal(err)
	}
	var wantLines []string
	for _, l := range strings.Split(strings.TrimSpace(string(want)), "\n") {
		if strings.Contains(l, ": error: ") || strings.Contains(l, ": warning: ") {
			wantLines = append(wantLines, l)
		}
	}
	s, _ := start(t)
	severities := []string{"", "error", "warning", "information", "hint"}
	var got []string
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || filepath.Ext(path) != ".yaml" || strings.HasPrefix(d.Name(), ".") {
			return err
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		for _, d := range s.open(uri.File(path), string(b)) {
			got = append(got, rel+":"+strconv.Itoa(int(d.Range.Start.Line)+1)+":"+
				strconv.Itoa(int(d.Range.Start.Character)+1)+": "+severities[d.Severity]+": "+textMessage(message(d))+" ["+code(d)+"]")
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(got)
	if strings.Join(got, "\n") != strings.Join(wantLines, "\n") {
		t.Errorf("the server shows:\n%s\nvalidate reports:\n%s", strings.Join(got, "\n"), strings.Join(wantLines, "\n"))
	}
}

// textMessage is a published message as the text output of validate
// words it beside the source line: without the member named in
// backquotes in front (check.Diagnostic.Standalone, which the oracle
// tests hold word for word).
func textMessage(msg string) string {
	if !strings.HasPrefix(msg, "`") {
		return msg
	}
	i := strings.IndexByte(msg[1:], '`')
	if i < 0 {
		return msg
	}
	rest := msg[i+2:]
	if r, ok := strings.CutPrefix(rest, ": "); ok {
		return r
	}
	return strings.TrimPrefix(rest, " ")
}
