package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mdscheck/mdscheck/core/check"
	"github.com/mdscheck/mdscheck/core/lang"
	"github.com/mdscheck/mdscheck/core/report"
	"github.com/mdscheck/mdscheck/core/text"
	"github.com/mdscheck/mdscheck/internal/filejson"
)

// The module must say exactly what the native core says: the same JSON,
// byte for byte, for every input and position encoding.

var encodings = []struct {
	opts int32
	enc  text.Encoding
}{{0, text.UTF16}, {1, text.UTF8}, {2, text.UTF32}}

// inputs are the repository's manifests: golden inputs, examples and the
// shared corpus of real manifests, keyed by path.
func inputs(t *testing.T) map[string]string {
	t.Helper()
	var paths []string
	for _, pattern := range []string{"../testdata/*", "../examples/*.yaml", "../../shared/corpus/*.yaml"} {
		m, err := filepath.Glob(pattern)
		if err != nil {
			t.Fatal(err)
		}
		paths = append(paths, m...)
	}
	out := map[string]string{}
	for _, p := range paths {
		if st, err := os.Stat(p); err != nil || st.IsDir() {
			continue
		}
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		out[p] = string(b)
	}
	if len(out) < 4 {
		t.Fatalf("found only %d input files; is the test running in wasm/?", len(out))
	}
	return out
}

// edgeInputs are texts that stress the edges of the ABI and of the
// position encodings.
var edgeInputs = map[string]string{
	"empty":         "",
	"invalid utf-8": "apiVersion: example.io/v1alpha1\nkind: Kafka\nmetadata:\n  name: \xff\xfe\nspec: {}\n",
	"astral plane":  "apiVersion: example.io/v1alpha1\nkind: Grafana\nmetadata:\n  name: \"😀x\"\nspec:\n  project: 😀 émoji\n  plan: 𝒫\n",
	"html and nul":  "apiVersion: example.io/v1alpha1\nkind: Kafka\nmetadata: {name: \"<a>&\\u0000\"}\nspec: {plan: \"\\u2028\"}\n",
	"syntax error":  "apiVersion: example.io/v1alpha1\nkind: [Kafka\n---\nkind: OpenSearch\n",
}

func TestValidateMatchesNative(t *testing.T) {
	t.Parallel()
	in := newInstance(t)
	all := inputs(t)
	for name, src := range edgeInputs {
		all[name] = src
	}
	others := 0 // texts compared in UTF-8 and UTF-32 too
	for name, src := range all {
		for _, e := range encodings {
			if e.enc != text.UTF16 && ascii(src) {
				continue // ASCII text: every encoding counts alike
			}
			if e.enc == text.UTF32 {
				others++
			}
			want := marshal(t, filejson.Of(report.Validate(src, check.DefaultOptions), e.enc))
			if got := in.text("validate", src, e.opts); got != want {
				t.Errorf("%s, opts %d:\nwasm:   %s\nnative: %s", name, e.opts, got, want)
			}
		}
	}
	if others < 5 {
		t.Errorf("only %d texts compared in every encoding", others)
	}
}

// TestValidateResultShape pins what a host reads: the documents and the
// diagnostics of examples/broken.yaml, with LSP ranges.
func TestValidateResultShape(t *testing.T) {
	t.Parallel()
	src, err := os.ReadFile("../examples/broken.yaml")
	if err != nil {
		t.Fatal(err)
	}
	got := newInstance(t).text("validate", string(src), 0)
	for _, want := range []string{
		`{"documents":[{"index":0,"apiVersion":"v1","kind":"ConfigMap","name":"unrelated","checked":false},`,
		`"diagnostics":[{"document":1,"severity":"error","rule":"pattern","path":"spec.project","pointer":"/spec/project",`,
		`"range":{"start":{"line":14,"character":11},"end":{"line":14,"character":22}}`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("validate result lacks %s\ngot %s", want, got)
		}
	}
}

// probes are positions spread over src: every 7th byte offset, and a few
// outside the text, which the core clamps.
func probes(src string, enc text.Encoding) []text.Position {
	idx := text.NewIndex(src)
	var ps []text.Position
	for off := 0; off <= len(src); off += 7 {
		ps = append(ps, idx.Position(off, enc))
	}
	return append(ps, text.Position{Line: -1, Character: -1}, text.Position{Line: 0, Character: 1 << 30},
		text.Position{Line: 1 << 30, Character: 0})
}

func TestCompleteAndHoverMatchNative(t *testing.T) {
	t.Parallel()
	in := newInstance(t)
	files := []string{"../examples/broken.yaml", "../examples/kafka.yaml", "../examples/opensearch.yaml",
		"../testdata/crlf-unicode.yaml"}
	texts := map[string]string{"astral plane": edgeInputs["astral plane"], "empty": ""}
	for _, p := range files {
		b, err := os.ReadFile(p)
		if err != nil {
			continue // testdata may not exist yet
		}
		texts[p] = string(b)
	}
	calls := 0
	for name, src := range texts {
		for _, e := range encodings {
			if e.enc != text.UTF16 && !strings.Contains(name, "unicode") && name != "astral plane" {
				continue // ASCII text: every encoding counts alike
			}
			ptr := in.put(src)
			for _, pos := range probes(src, e.enc) {
				args := []int32{ptr, int32(len(src)), int32(pos.Line), int32(pos.Character), e.opts}
				items := lang.Complete(src, pos, e.enc)
				if items == nil {
					items = []lang.CompletionItem{}
				}
				if got, want := in.take(in.must("complete", args...)), marshal(t, items); got != want {
					t.Errorf("complete %s %+v opts %d:\nwasm:   %s\nnative: %s", name, pos, e.opts, got, want)
				}
				if got, want := in.take(in.must("hover", args...)), marshal(t, lang.Hover(src, pos, e.enc)); got != want {
					t.Errorf("hover %s %+v opts %d:\nwasm:   %s\nnative: %s", name, pos, e.opts, got, want)
				}
				calls++
			}
			in.must("free", ptr)
		}
	}
	if calls < 500 {
		t.Errorf("only %d positions probed", calls)
	}
}

// TestCompleteAndHoverShapes pins the JSON a host reads where the text
// offers nothing: an empty array, never null, and a null hover.
func TestCompleteAndHoverShapes(t *testing.T) {
	t.Parallel()
	in := newInstance(t)
	other := "apiVersion: v1\nkind: ConfigMap\n"
	if got := in.text("complete", other, 1, 3, 0); got != "[]" {
		t.Errorf("complete in a ConfigMap = %s, want []", got)
	}
	if got := in.text("hover", other, 1, 3, 0); got != "null" {
		t.Errorf("hover in a ConfigMap = %s, want null", got)
	}
	src := "apiVersion: example.io/v1alpha1\nkind: Kafka\nmetadata:\n  name: k\nspec:\n  pl\n"
	if got := in.text("complete", src, 5, 4, 0); !strings.Contains(got, `"label":"plan"`) {
		t.Errorf("complete under spec lacks plan: %s", got)
	}
	if got := in.text("hover", src, 1, 8, 0); !strings.HasPrefix(got, `{"contents":{"kind":"markdown","value":`) {
		t.Errorf("hover on kind = %s", got)
	}
}
