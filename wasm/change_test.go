package main

import (
	"cmp"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/mdscheck/mdscheck/core/change"
	"github.com/mdscheck/mdscheck/core/check"
	"github.com/mdscheck/mdscheck/core/report"
	"github.com/mdscheck/mdscheck/core/text"
	"github.com/mdscheck/mdscheck/internal/filejson"
	"github.com/tetratelabs/wazero/api"
)

// changeResult is what validate_change returns, as the native core
// computes it: validate's result with the lifecycle findings, the counts,
// and the secrets of the previous text.
type changeResult struct {
	filejson.File
	Created         int          `json:"created"`
	Changed         int          `json:"changed"`
	Deleted         int          `json:"deleted"`
	PreviousSecrets []text.Range `json:"previousSecrets,omitempty"`
}

// nativeChange is the reference for validate_change, built from the
// native core the way docs/embedding.md describes the result: validate of
// the current text, the comparison's findings on the current text, a
// deletion on the first line as a finding of no document, in the order of
// validate (document, then position).
func nativeChange(prev, src string, enc text.Encoding) changeResult {
	f := report.Validate(src, check.DefaultOptions)
	c := change.Streams(prev, src)
	f.Diagnostics = append(f.Diagnostics, c.Current[0].Findings...)
	line := strings.TrimSuffix(text.NewIndex(src).Line(0), "\r")
	for _, d := range c.Previous[0].Findings {
		f.Diagnostics = append(f.Diagnostics, check.Diagnostic{Document: -1, Start: 0, End: len(line), Severity: d.Severity, Rule: d.Rule,
			Message: d.Message})
	}
	slices.SortStableFunc(f.Diagnostics, func(a, b check.Diagnostic) int {
		return cmp.Or(cmp.Compare(a.Document, b.Document), cmp.Compare(a.Start, b.Start), cmp.Compare(a.End, b.End),
			cmp.Compare(a.Rule, b.Rule))
	})
	out := changeResult{File: filejson.Of(f, enc)}
	out.Created, out.Changed, out.Deleted = c.Current[0].Created, c.Current[0].Changed, c.Previous[0].Deleted
	out.PreviousSecrets = filejson.Of(report.Validate(prev, check.DefaultOptions), enc).Secrets
	return out
}

// changePairs are previous and current texts: the golden pairs of
// core/change, each the other way round too, the repository's manifests
// against themselves and against nothing, and edge texts.
func changePairs(t *testing.T) map[string][2]string {
	t.Helper()
	pairs := map[string][2]string{}
	dirs, err := filepath.Glob("../core/change/testdata/*/previous.yaml")
	if err != nil || len(dirs) < 3 {
		t.Fatalf("found %d golden pairs in core/change: %v", len(dirs), err)
	}
	for _, p := range dirs {
		prev, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		cur, err := os.ReadFile(filepath.Join(filepath.Dir(p), "current.yaml"))
		if err != nil {
			t.Fatal(err)
		}
		pairs[p] = [2]string{string(prev), string(cur)}
		pairs[p+" reversed"] = [2]string{string(cur), string(prev)}
	}
	for name, src := range inputs(t) {
		pairs[name+" unchanged"] = [2]string{src, src}
		pairs[name+" deleted"] = [2]string{src, ""}
		pairs[name+" created"] = [2]string{"", src}
	}
	const search = "apiVersion: example.io/v1alpha1\nkind: OpenSearch\nmetadata:\n  name: \"😀\"\nspec:\n  plan: x\n  project: "
	pairs["astral plane"] = [2]string{search + "ålpha\n", "# 😀 é\r\n---\n" + search + "😀 beta\n"}
	pairs["syntax error now"] = [2]string{search + "a\n", search + "[a\n"}
	pairs["syntax error before"] = [2]string{search + "[a\n", search + "b\n"}
	return pairs
}

func TestValidateChangeMatchesNative(t *testing.T) {
	t.Parallel()
	in := newInstance(t)
	lifecycle := 0
	others := 0 // pairs compared in UTF-8 and UTF-32 too
	for name, pair := range changePairs(t) {
		for _, e := range encodings {
			if e.enc != text.UTF16 && ascii(pair[0]) && ascii(pair[1]) {
				continue // ASCII texts: every encoding counts alike
			}
			if e.enc == text.UTF32 {
				others++
			}
			want := nativeChange(pair[0], pair[1], e.enc)
			if got := in.change(pair[0], pair[1], e.opts); got != marshal(t, want) {
				t.Errorf("%s, opts %d:\nwasm:   %s\nnative: %s", name, e.opts, got, marshal(t, want))
			}
			for _, d := range want.Diagnostics {
				switch d.Rule {
				case "immutable", "deletion", "restart", "disk-space", "transition":
					lifecycle++
				}
			}
		}
	}
	t.Logf("%d lifecycle findings compared, %d pairs in every encoding", lifecycle, others)
	if lifecycle < 30 || others < 3 {
		t.Errorf("only %d lifecycle findings compared, %d pairs in every encoding: the pairs test too little", lifecycle, others)
	}
}

// ascii reports whether s is ASCII only, where a position is the same in
// every encoding.
func ascii(s string) bool {
	for i := range len(s) {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// TestValidateChangeShape pins what a host reads: the counts, a deletion
// on the first line, an immutable change on its value, and the previous
// text's secrets.
func TestValidateChangeShape(t *testing.T) {
	t.Parallel()
	kafka := func(name, project, password string) string {
		return "apiVersion: example.io/v1alpha1\nkind: Kafka\nmetadata: {name: " + name + "}\nspec:\n  plan: business-4\n  project: " +
			project + "\n  userConfig:\n    kafka_connect_secret_providers:\n    - name: v\n      vault: {auth_method: token, address: a, token: " + password + "}\n"
	}
	prev := kafka("a", "alpha", "0ld-s3cret") + "---\n" + kafka("gone", "p", "s")
	cur := kafka("a", "beta", "n3w-s3cret") + "---\n" + kafka("new", "p", "s")
	var got changeResult
	if err := json.Unmarshal([]byte(newInstance(t).change(prev, cur, 0)), &got); err != nil {
		t.Fatal(err)
	}
	if got.Created != 1 || got.Changed != 1 || got.Deleted != 1 {
		t.Errorf("counts: created %d, changed %d, deleted %d; want 1 each", got.Created, got.Changed, got.Deleted)
	}
	var del, imm *filejson.Diagnostic
	for i, d := range got.Diagnostics {
		switch d.Rule {
		case "deletion":
			del = &got.Diagnostics[i]
		case "immutable":
			imm = &got.Diagnostics[i]
		}
	}
	if del == nil || del.Document != -1 || del.Range.Start.Line != 0 || !strings.Contains(del.Message, `"gone"`) {
		t.Errorf("deletion: %+v, want a finding of no document on line 0 naming gone", del)
	}
	if imm == nil || imm.Document != 0 || imm.Range.Start.Line != 5 || imm.Range.Start.Character != 11 {
		t.Errorf("immutable: %+v, want document 0 on line 5 at beta", imm)
	}
	idx := text.NewIndex(prev)
	var masked []string
	for _, r := range got.PreviousSecrets {
		masked = append(masked, prev[idx.Offset(r.Start, text.UTF16):idx.Offset(r.End, text.UTF16)])
	}
	if !slices.Equal(masked, []string{"0ld-s3cret", "s"}) {
		t.Errorf("previousSecrets cover %q, want the two tokens of the previous text", masked)
	}
	for _, d := range got.Diagnostics {
		if strings.Contains(d.Message, "s3cret") {
			t.Errorf("a finding shows a secret: %s", d.Message)
		}
	}
}

// TestValidateChangeErrors: a bad buffer for either text is an error
// object, the signature is the ABI's, and a previous text over the call's
// budget is said, not compared.
func TestValidateChangeErrors(t *testing.T) {
	t.Parallel()
	f := compiled.ExportedFunctions()["validate_change"]
	i32 := api.ValueTypeI32
	if f == nil || !slices.Equal(f.ParamTypes(), []api.ValueType{i32, i32, i32, i32, i32}) ||
		!slices.Equal(f.ResultTypes(), []api.ValueType{api.ValueTypeI64}) {
		t.Fatalf("validate_change is not exported as (i32, i32, i32, i32, i32) -> i64: %v", f)
	}
	in := newInstance(t)
	ptr := in.put("kind: Kafka\n")
	defer in.must("free", ptr)
	for _, tc := range []struct {
		name string
		args []int32
		want string
	}{
		{"previous outside any buffer", []int32{1 << 30, 4, ptr, 12, 0}, `{"error":"previous text: ptr 1073741824 len 4 is not inside a live buffer from alloc"}`},
		{"current length negative", []int32{ptr, 12, ptr, -1, 0}, `{"error":"len -1 is negative"}`},
		{"reserved opts bits", []int32{ptr, 12, ptr, 12, 8}, `{"error":"opts 8: only bits 0-1 (the position encoding) may be set"}`},
	} {
		if got := in.take(in.must("validate_change", tc.args...)); got != tc.want {
			t.Errorf("%s: %s, want %s", tc.name, got, tc.want)
		}
	}
	big := strings.Repeat("---\n", maxDocuments+1)
	var got changeResult
	if err := json.Unmarshal([]byte(in.change(big, "# now\nkind: Kafka\n", 0)), &got); err != nil {
		t.Fatal(err)
	}
	if len(got.Diagnostics) == 0 || got.Diagnostics[0].Rule != "limit" || got.Diagnostics[0].Range.End.Character != 5 ||
		!strings.Contains(got.Diagnostics[0].Message, "the previous version is larger than one call checks") {
		t.Errorf("a previous text over the budget: %+v", got.Diagnostics)
	}
}

// change runs validate_change on two fresh buffers.
func (in *instance) change(prev, src string, opts int32) string {
	in.t.Helper()
	p, c := in.put(prev), in.put(src)
	defer in.must("free", p)
	defer in.must("free", c)
	return in.take(in.must("validate_change", p, int32(len(prev)), c, int32(len(src)), opts))
}

// TestValidateChangeMasksEachVersionWithTheOther: a text that is a secret
// in one version and a plain value in the other is a secret range of
// both, so that a link to either holds it nowhere.
func TestValidateChangeMasksEachVersionWithTheOther(t *testing.T) {
	t.Parallel()
	grafana := func(project, password string) string {
		return "apiVersion: example.io/v1alpha1\nkind: Grafana\nmetadata: {name: g}\nspec:\n  plan: startup-1\n  project: " + project +
			"\n  userConfig:\n    smtp_server: {host: h, port: 25, from_address: a@b.c, password: " + password + "}\n"
	}
	const secret = "PREVLINKSECRET"
	for name, texts := range map[string][2]string{
		"secret now, a value before": {grafana(secret, "x"), grafana("p", secret)},
		"secret before, a value now": {grafana("p", secret), grafana(secret, "x")},
	} {
		prev, cur := texts[0], texts[1]
		var got changeResult
		if err := json.Unmarshal([]byte(newInstance(t).change(prev, cur, 0)), &got); err != nil {
			t.Fatal(err)
		}
		for _, side := range []struct {
			src    string
			ranges []text.Range
		}{{cur, got.Secrets}, {prev, got.PreviousSecrets}} {
			if kept := redact(side.src, side.ranges); strings.Contains(kept, secret) {
				t.Errorf("%s: a text redacted by its ranges keeps the secret:\n%s", name, kept)
			}
		}
	}
}

// redact returns src with its ranges (UTF-16) taken out.
func redact(src string, ranges []text.Range) string {
	idx := text.NewIndex(src)
	var b strings.Builder
	at := 0
	for _, r := range ranges {
		start, end := idx.Offset(r.Start, text.UTF16), idx.Offset(r.End, text.UTF16)
		b.WriteString(src[at:start])
		at = end
	}
	return b.String() + src[at:]
}

// TestHoverMasksSecretsOfOtherDocuments: hover on a manifest whose
// connection Secret is named like a secret of another document of the
// text says nothing of that name.
func TestHoverMasksSecretsOfOtherDocuments(t *testing.T) {
	t.Parallel()
	const secret = "HOVERSECRETY"
	src := "apiVersion: example.io/v1alpha1\nkind: Grafana\nmetadata: {name: g}\nspec:\n  plan: startup-1\n  project: p\n" +
		"  userConfig:\n    smtp_server: {host: h, port: 25, from_address: a@b.c, password: " + secret + "}\n---\n" +
		"apiVersion: example.io/v1alpha1\nkind: Kafka\nmetadata: {name: k}\nspec:\n  plan: business-4\n  project: p\n" +
		"  connInfoSecretTarget: {name: " + secret + "-b}\n"
	in := newInstance(t)
	ptr := in.put(src)
	for line := int32(9); line < 16; line++ {
		for col := int32(0); col < 12; col += 3 {
			if got := in.take(in.must("hover", ptr, int32(len(src)), line, col, 0)); strings.Contains(got, secret) {
				t.Fatalf("hover at %d:%d quotes the secret of the other document: %s", line, col, got)
			}
		}
	}
}
