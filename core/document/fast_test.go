package document

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/goccy/go-yaml/token"

	textpkg "github.com/mdscheck/mdscheck/core/text"
)

// The fast path (fast.go) must tokenize every document it takes exactly
// as goccy/go-yaml's scanner and locate do: these tests hold it to that on
// every document of the YAML Test Suite, the repository's YAML, the
// corpus of real manifests and (with MDSCHECK_CORPUS) the benchmark
// corpus, on every line of them cut and joined, and by fuzzing.

// viaGoccy returns the tokens and comments of text by goccy's path, and
// its error.
func viaGoccy(text string) ([]tok, []Span, int, *Error) {
	r := &reader{src: text, doc: &Document{}, header: -1}
	err := r.locate(0, text, tokenize(text, nil))
	return r.toks, r.comments, r.header, err
}

// sameAsGoccy checks the fast path against goccy's on text, one document,
// and reports whether the fast path took it.
func sameAsGoccy(t *testing.T, name, text string) bool {
	t.Helper()
	if badByte(text) >= 0 {
		return false // refused before it is read
	}
	r := &reader{src: text, doc: &Document{}, header: -1}
	if !r.fast(0, text) {
		if len(r.toks) != 0 || len(r.comments) != 0 || r.header != -1 {
			t.Fatalf("%s: the fast path refused %q but left %d tokens, %d comments, header %d", name, text, len(r.toks), len(r.comments), r.header)
		}
		return false
	}
	want, comments, header, err := viaGoccy(text)
	if err != nil {
		t.Fatalf("%s: the fast path took %q, which goccy's path refuses: %s", name, text, err.Message)
	}
	fastToks, _ := blockTexts(t, text, r.toks, nil)
	want, comments = blockTexts(t, text, want, comments)
	got := fmt.Sprint(header, plainTypes(fastToks), r.comments)
	if w := fmt.Sprint(header, plainTypes(want), comments); got != w {
		t.Fatalf("%s: %q\nfast:  %s\ngoccy: %s", name, text, got, w)
	}
	return true
}

// blockTexts returns toks and comments, tokens of text, as the reader
// sees those of a block scalar's text: it reads the text from the source
// (blockScalar), passes over the tokens of its lines, whose value and end
// it does not use, and drops the comments goccy finds in them ("a #1").
// A token of goccy's that reaches past the block's lines makes the
// reader refuse the document, which fast must leave to goccy.
func blockTexts(t *testing.T, text string, toks []tok, comments []Span) ([]tok, []Span) {
	t.Helper()
	toks = slices.Clone(toks)
	for k, h := range toks {
		if h.typ != token.LiteralType && h.typ != token.FoldedType {
			continue
		}
		parent := -1
		switch {
		case k >= 2 && toks[k-1].typ == token.MappingValueType:
			parent = toks[k-2].col
		case k >= 1 && toks[k-1].typ == token.SequenceEntryType:
			parent = toks[k-1].col
		}
		_, _, consumed, _, _ := blockScalar(text, h.start, len(text), parent)
		from := textpkg.LineEnd(text, h.start)
		comments = slices.DeleteFunc(comments, func(c Span) bool { return c.Start >= from && c.Start < consumed })
		if k+1 < len(toks) && toks[k+1].typ == token.StringType && toks[k+1].start >= from && toks[k+1].start < consumed {
			if toks[k+1].end > consumed {
				t.Fatalf("%q: goccy's token of a block scalar's text reaches past its lines", text)
			}
			toks[k+1].val, toks[k+1].end, toks[k+1].endLine = "", 0, 0
		}
	}
	return toks, comments
}

// plainTypes returns toks with the type of every plain scalar StringType
// (MergeKeyType stays): goccy tells numbers, booleans and nulls apart,
// which the reader does itself from the text (resolvePlain).
func plainTypes(toks []tok) []tok {
	out := make([]tok, len(toks))
	for i, t := range toks {
		if isScalar(t.typ) && t.typ != token.SingleQuoteType && t.typ != token.DoubleQuoteType && t.typ != token.MergeKeyType {
			t.typ = token.StringType
		}
		out[i] = t
	}
	return out
}

// documentsOf returns the texts of the documents of the YAML files that
// the tests share, and of the YAML Test Suite.
func documentsOf(t *testing.T) map[string][]string {
	t.Helper()
	sets := map[string][]string{}
	for _, c := range loadSuite(t) {
		sets["suite"] = append(sets["suite"], spans(c.yaml)...)
	}
	globs := map[string][]string{
		"repository": {"../../examples/*.yaml", "../../testdata/*.yaml", "../../testdata/*/*.yaml", "testdata/*.yaml"},
		"corpus":     {"../../../shared/corpus/*.yaml"},
	}
	if dir := os.Getenv("MDSCHECK_CORPUS"); dir != "" {
		globs["benchmark"] = []string{filepath.Join(dir, "*", "*.yaml")}
	}
	for set, gs := range globs {
		for _, g := range gs {
			files, _ := filepath.Glob(g)
			for _, f := range files {
				b, err := os.ReadFile(f)
				if err != nil {
					t.Fatal(err)
				}
				sets[set] = append(sets[set], spans(string(b))...)
			}
		}
	}
	return sets
}

func spans(src string) []string {
	var out []string
	for _, sp := range Split(src) {
		out = append(out, src[sp.Start:sp.End])
	}
	return out
}

func TestFastAsGoccy(t *testing.T) {
	sets := documentsOf(t)
	if len(sets["corpus"]) < 40 {
		t.Fatalf("found %d documents of ../shared/corpus; is it beside the repository?", len(sets["corpus"]))
	}
	for set, docs := range sets {
		taken := 0
		for i, d := range docs {
			if sameAsGoccy(t, fmt.Sprintf("%s %d", set, i), d) {
				taken++
			}
			if set == "benchmark" {
				continue // thousands of documents much like the corpus's
			}
			// Every line alone, and the document cut after some of
			// its lines: broken documents and odd starts, from real
			// text.
			lines := strings.SplitAfter(d, "\n")
			for k := range lines {
				sameAsGoccy(t, fmt.Sprintf("%s %d, line %d", set, i, k), lines[k])
				if k%7 == 3 {
					sameAsGoccy(t, fmt.Sprintf("%s %d, lines to %d", set, i, k), strings.Join(lines[:k], ""))
				}
			}
		}
		t.Logf("%s: the fast path took %d of %d documents", set, taken, len(docs))
	}
}

// The fast path is there for manifests as people write them: it takes
// every valid manifest of the corpus of real ones but those that use
// what it leaves to goccy (block scalars, flow collections, anchors...).
func TestFastTakesPlainManifests(t *testing.T) {
	for _, doc := range []string{
		"apiVersion: example.io/v1alpha1\nkind: Kafka\nmetadata:\n  name: events # the name\n  labels:\n    app: 'x'\nspec:\n  plan: \"business-4\"\n  userConfig:\n    kafka_version: \"3.7\"\n    ip_filter:\n      - network: 10.0.0.0/8\n        description: office\n      - 192.168.0.1\n",
		"---\n# comment\nkind: Grafana\n\nspec:\n  - - a\n    - b: c\n  -\n    d: \"a \\\"quoted\\\" word\"\n",
		"'it''s': \"a\\\\b\"\nurl: http://h:80/p#frag\nkey : value\n",
		// A Secret's data in block scalars, as it is often written.
		"apiVersion: v1\nkind: Secret\nstringData:\n  env: |\n    k=Ab1cd;k=Xy2zw\n    p=a1\n\n      deeper\n  pem: >- # folded\n    MIIB\n    CgKC\n\n  list:\n  - |+\n    item\n\n  - a: |\n      b\n",
	} {
		if !sameAsGoccy(t, "manifest", doc) {
			t.Errorf("the fast path refused\n%s", doc)
		}
	}
}

func FuzzFastAsGoccy(f *testing.F) {
	seeds(f)
	for _, doc := range []string{"a: b\n", "- a\n- b: c\n  d: e\n", "---\nk: 'v' # c\n", "k: \"a\\nb\"\n"} {
		f.Add(doc)
	}
	f.Fuzz(func(t *testing.T, src string) {
		for _, sp := range Split(src) {
			sameAsGoccy(t, "fuzz", src[sp.Start:sp.End])
		}
	})
}
