package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/mdscheck/mdscheck/core/check"
	"github.com/mdscheck/mdscheck/core/lang"
	"github.com/mdscheck/mdscheck/core/report"
	"github.com/mdscheck/mdscheck/core/text"
	"github.com/mdscheck/mdscheck/internal/filejson"
)

// TestJSONWriterMatchesEncodingJSON checks the module's JSON writer
// against encoding/json on every manifest of the repository and the
// corpus, on completion and hover at many positions, and on strings that
// need escaping.
func TestJSONWriterMatchesEncodingJSON(t *testing.T) {
	t.Parallel()
	var texts []string
	for _, dir := range []string{"../testdata", "../examples", "../../shared/corpus"} {
		files, _ := filepath.Glob(filepath.Join(dir, "*.yaml"))
		for _, f := range files {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			texts = append(texts, string(b))
		}
	}
	if len(texts) < 100 {
		t.Fatalf("only %d texts", len(texts))
	}
	odd := "apiVersion: example.io/v1alpha1\nkind: Kafka\nmetadata:\n  name: \"<a&b>\\u2028\\u2029\\t\\u0001\\\"\\\\\"\nspec:\n  plan: \"\\xff é 😀\"\n  project: \"x\\ny\"\n"
	texts = append(texts, odd, "", "\xff\xfe", "a: [")
	same := func(what string, v any, got []byte) {
		t.Helper()
		want, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != string(want) {
			t.Fatalf("%s differs\n got: %s\nwant: %s", what, got, want)
		}
	}
	for _, src := range texts {
		for _, enc := range []text.Encoding{text.UTF16, text.UTF8} {
			f := report.Validate(src, check.DefaultOptions)
			var w jsonWriter
			w.file(f, enc)
			same("validate", filejson.Of(f, enc), w.b)
		}
		idx := text.NewIndex(src)
		for off := 0; off < len(src); off += 11 {
			pos := idx.Position(off, text.UTF16)
			items := lang.Complete(src, pos, text.UTF16)
			var w jsonWriter
			w.completion(items)
			same("complete", items, w.b)
			h := lang.Hover(src, pos, text.UTF16)
			w = jsonWriter{}
			w.hover(h)
			same("hover", h, w.b)
		}
	}
	for _, s := range []string{"", "plain", "<&>", "\u2028\u2029", "\x00\x1f\x7f", "\xff", "é😀", "\b\f\n\r\t\"\\"} {
		w := jsonWriter{}
		w.str(s)
		same("string", s, w.b)
	}
	same("error", map[string]string{"error": "bad <input>"}, errorJSON("bad <input>"))
}
