package jsonschema

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/goccy/go-yaml"
	validator "github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/mdscheck/mdscheck/core/check"
	"github.com/mdscheck/mdscheck/core/schema"
)

// formats are the named shapes of the data, each with the first member
// that has it.
func formats(t *testing.T) map[schema.Format]member {
	out := map[schema.Format]member{}
	for _, k := range schema.Names() {
		for _, m := range members(k) {
			if f := m.p.Format; f != schema.FormatNone {
				if _, ok := out[f]; !ok {
					out[f] = m
				}
			}
		}
	}
	if len(out) == 0 {
		t.Fatal("no member has a named shape")
	}
	return out
}

// shapeCandidates are strings near the shape f: the seeds, and each of
// those that fit mutated by a character added before, after or in the
// middle, one character dropped, or the last doubled.
func shapeCandidates(f schema.Format) []string {
	re := shapes[f]
	more := []string{"00:00:00", "23:59:59", "19:09:10", "fe80::/10", "::1/128", "1:2:3:4:5:6:1.2.3.4/96", "2001:db8::1:0/64", "1:2:3:4:5:6:7:8/128", "::ffff:10.0.0.1/128"}
	out := []string{""}
	marks := []string{" ", "\n", "\r", "\t", "\v", "\x07", "\u00a0", "\u2028", "é", "/", "0", "9", ".", ":", "::", "@", "x", "G", "s", "ms", "<"}
	for _, s := range append(slices.Clone(seeds), more...) {
		out = append(out, s)
		if !re.MatchString(s) {
			continue
		}
		for _, m := range marks {
			mid := len(s) / 2
			out = append(out, m+s, s+m, s[:mid]+m+s[mid:], m)
		}
		for i := range len(s) {
			out = append(out, s[:i]+s[i+1:])
		}
		out = append(out, s+s[len(s)-1:])
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// flagsShape reports whether mdscheck finds v outside the shape of m.
func flagsShape(t *testing.T, m member, v string) bool {
	ptr := pointer(m.segs)
	return slices.ContainsFunc(findings(t, manifest(m.kind, m.segs, v)), func(d check.Diagnostic) bool {
		return d.Rule == "format" && d.Pointer == ptr
	})
}

// TestShapePatternsAgreeWithTheChecker: the pattern exported for each
// named shape matches exactly the strings that mdscheck takes as of that
// shape, on strings made near each shape's valid values.
func TestShapePatternsAgreeWithTheChecker(t *testing.T) {
	for f, m := range formats(t) {
		t.Run(string(f), func(t *testing.T) {
			re := shapes[f]
			if re == nil {
				t.Fatalf("no pattern for the shape %q", f)
			}
			valid := 0
			for _, v := range shapeCandidates(f) {
				matches, flagged := re.MatchString(v), flagsShape(t, m, v)
				if matches == flagged {
					t.Errorf("%q: pattern matches %v, mdscheck flags %v", v, matches, flagged)
				}
				if matches {
					valid++
				}
			}
			if valid == 0 {
				t.Errorf("no candidate is of the shape: the test proves nothing")
			}
			t.Logf("%d strings, %d of the shape", len(shapeCandidates(f)), valid)
		})
	}
}

// badShapes gives, for each named shape, a value that mdscheck finds
// outside it.
func badShapes(t *testing.T) func(schema.Format) string {
	bad := map[schema.Format]string{}
	for f, m := range formats(t) {
		for _, v := range shapeCandidates(f) {
			if flagsShape(t, m, v) {
				bad[f] = v
				break
			}
		}
	}
	return func(f schema.Format) string {
		if v, ok := bad[f]; ok {
			return v
		}
		t.Fatalf("no value outside the shape %q", f)
		return ""
	}
}

// schemas are the exported schemas that check a manifest of kind: its
// own and the stream's.
func schemas(t *testing.T) map[string]map[string]any {
	out := map[string]map[string]any{"stream": Stream()}
	for _, k := range schema.Names() {
		out[k] = Kind(schema.Lookup(k))
	}
	return out
}

// TestEveryConstraintIsFlagged runs the exported schemas through a real
// validator on manifests made from the schema data, each breaking one
// keyword of one member, and asserts that the validator flags that
// keyword at that member, with the kind's schema and with the stream's,
// and that mdscheck flags the member too (so the violation is real).
func TestEveryConstraintIsFlagged(t *testing.T) {
	bad := badShapes(t)
	compiled := map[string]*validator.Schema{}
	for name, s := range schemas(t) {
		compiled[name] = compile(t, s)
	}
	counts := map[string]int{}
	for _, k := range schema.Names() {
		for _, m := range members(k) {
			ptr := pointer(m.segs)
			if ptr == "/apiVersion" || ptr == "/kind" {
				continue // TestStreamDispatch: they choose the schema
			}
			for _, v := range violations(m.p.Schema, bad) {
				at := ptr + v.at
				doc := manifest(k, m.segs, v.value)
				flagged := func(f failure) bool {
					// A value outside an enum may be flagged for that alone.
					return f.pointer == at && (f.keyword == v.keyword || f.keyword == "enum" && len(m.p.Enum) > 0)
				}
				for _, name := range []string{k, "stream"} {
					if fs := failures(t, compiled[name], doc); !slices.ContainsFunc(fs, flagged) {
						t.Errorf("%s %s %s: the %s schema does not flag %s at %s; it says %v", k, ptr, v.name, name, v.keyword, at, fs)
					}
				}
				if !slices.ContainsFunc(findings(t, doc), func(d check.Diagnostic) bool { return strings.HasPrefix(d.Pointer, ptr) }) {
					t.Errorf("%s %s %s: mdscheck flags nothing: the violation is not one", k, ptr, v.name)
				}
				counts[v.keyword]++
			}
		}
	}
	var kws []string
	for kw, n := range counts {
		kws = append(kws, fmt.Sprintf("%s %d", kw, n))
	}
	sort.Strings(kws)
	t.Logf("violations flagged, by keyword: %s", strings.Join(kws, ", "))
	for _, kw := range []string{"type", "enum", "pattern", "minLength", "maxLength", "minimum", "maximum", "maxItems", "required",
		"additionalProperties", "dependentRequired", "oneOf", "not"} {
		if counts[kw] == 0 {
			t.Errorf("no violation of %s was made", kw)
		}
	}
}

// TestValidManifestsPass: the samples of every member, placed in the
// smallest manifest, and the bundled examples, in which mdscheck finds no
// mistake, pass the exported schemas: the schemas flag nothing that
// mdscheck accepts.
func TestValidManifestsPass(t *testing.T) {
	compiled := map[string]*validator.Schema{}
	for name, s := range schemas(t) {
		compiled[name] = compile(t, s)
	}
	try := func(where, k string, doc any) {
		t.Helper()
		for _, d := range findings(t, doc) {
			t.Errorf("%s: mdscheck finds a mistake in the sample: %s %s %s", where, d.Rule, d.Pointer, d.Message)
			return
		}
		for _, name := range []string{k, "stream"} {
			if fs := failures(t, compiled[name], doc); len(fs) > 0 {
				t.Errorf("%s: the %s schema flags a valid manifest: %v", where, name, fs)
			}
		}
	}
	for _, k := range schema.Names() {
		for _, m := range members(k) {
			try(k+" "+pointer(m.segs), k, manifest(k, m.segs, sample(m.p.Schema)))
		}
		src, err := os.ReadFile(filepath.Join("..", "..", "examples", strings.ToLower(k)+".yaml"))
		if err != nil {
			t.Fatal(err)
		}
		js, err := yaml.YAMLToJSON(src)
		if err != nil {
			t.Fatal(err)
		}
		doc, err := validator.UnmarshalJSON(bytes.NewReader(js))
		if err != nil {
			t.Fatal(err)
		}
		try("examples/"+strings.ToLower(k)+".yaml", k, doc)
	}
}

// TestStreamDispatch: the stream's schema checks a document against its
// kind's schema exactly where mdscheck checks it as that kind, and flags
// the envelope where mdscheck does. Each document carries an unknown
// member in spec, so that whether a kind's schema applied shows.
func TestStreamDispatch(t *testing.T) {
	sch := compile(t, Stream())
	apiVersions := []any{schema.APIVersion, nil, schema.Group + "/v2", "v1", "other.example.com/v1", json.Number("42")}
	for _, k := range schema.Names() {
		for _, kindName := range []any{k, nil, "Nope", strings.ToLower(k), json.Number("7")} {
			for _, av := range apiVersions {
				doc := sample(schema.Lookup(k).Manifest).(map[string]any)
				doc["spec"].(map[string]any)["zzNotAMember"] = "x"
				delete(doc, "apiVersion")
				delete(doc, "kind")
				if av != nil {
					doc["apiVersion"] = av
				}
				if kindName != nil {
					doc["kind"] = kindName
				}
				fs := failures(t, sch, doc)
				ds := findings(t, doc)
				checked := slices.ContainsFunc(ds, func(d check.Diagnostic) bool { return d.Pointer == "/spec/zzNotAMember" })
				applied := slices.ContainsFunc(fs, func(f failure) bool { return f.pointer == "/spec" && f.keyword == "additionalProperties" })
				if checked != applied || (len(ds) > 0) != (len(fs) > 0) {
					t.Errorf("apiVersion %v, kind %v: mdscheck checks spec %v and says %d things; the schema checks spec %v and says %v",
						av, kindName, checked, len(ds), applied, fs)
				}
			}
		}
	}
}

// exported is the exported schema of the member at segs of a kind.
func exported(k string, segs []string) map[string]any {
	m := Kind(schema.Lookup(k))
	for _, seg := range segs {
		if seg == "0" {
			m = m["items"].(map[string]any)
			continue
		}
		m = m["properties"].(map[string]any)[seg].(map[string]any)
	}
	return m
}

// TestComparisonsAreSaid: the rules that compare two members, which no
// JSON Schema keyword states, are said in the description and the hover
// Markdown of the object that holds them, marked as not stated by the
// keywords, and given to Kubernetes as CEL.
func TestComparisonsAreSaid(t *testing.T) {
	n := 0
	for _, k := range schema.Names() {
		for _, m := range members(k) {
			if m.p.Type != schema.Object {
				continue
			}
			obj := exported(k, m.segs)
			for _, p := range m.p.Properties {
				for _, r := range p.Rules {
					if r.Kind != schema.NotAbove && r.Kind != schema.AtMost {
						continue
					}
					n++
					where := k + " " + pointer(m.segs) + " " + p.Name
					for _, key := range []string{"description", "markdownDescription"} {
						text, _ := obj[key].(string)
						if !strings.Contains(text, "`"+p.Name+"` ") || !strings.Contains(text, "`"+r.Names[0]+"`") ||
							!strings.Contains(text, "not stated by this schema's keywords") {
							t.Errorf("%s: the %s does not say the rule %s: %q", where, key, r.Kind, text)
						}
					}
					cel, _ := obj["x-kubernetes-validations"].([]any)
					if !slices.ContainsFunc(cel, func(v any) bool {
						rule, _ := v.(map[string]any)["rule"].(string)
						return strings.Contains(rule, "self."+p.Name+" <= self."+r.Names[0])
					}) {
						t.Errorf("%s: no CEL rule compares it with %s: %v", where, r.Names[0], cel)
					}
				}
			}
		}
	}
	if n == 0 {
		t.Fatal("the data has no comparison between members: the test proves nothing")
	}
}

// TestNullAsMdscheckReadsIt: null in place of each member or item is
// flagged by the schemas exactly where mdscheck flags it: an optional
// member that is null is unset, a required one is missing, an item or a
// map's value is of the wrong type.
func TestNullAsMdscheckReadsIt(t *testing.T) {
	compiled := map[string]*validator.Schema{}
	for name, s := range schemas(t) {
		compiled[name] = compile(t, s)
	}
	nullable := 0
	for _, k := range schema.Names() {
		for _, m := range members(k) {
			ptr := pointer(m.segs)
			doc := manifest(k, m.segs, nil)
			mdscheck := slices.ContainsFunc(findings(t, doc), func(d check.Diagnostic) bool { return d.Pointer == ptr })
			if !mdscheck {
				nullable++
			}
			for _, name := range []string{k, "stream"} {
				flagged := slices.ContainsFunc(failures(t, compiled[name], doc), func(f failure) bool { return f.pointer == ptr })
				if flagged != mdscheck && !(name == "stream" && (ptr == "/apiVersion" || ptr == "/kind")) {
					t.Errorf("%s %s: null is flagged by mdscheck %v, by the %s schema %v", k, ptr, mdscheck, name, flagged)
				}
			}
		}
	}
	if nullable == 0 {
		t.Error("no member may be null: the test proves nothing")
	}
}

// TestTransitionsAreSaid: what a change of a member between two versions
// means, which no keyword can state, is said in its description and its
// hover Markdown.
func TestTransitionsAreSaid(t *testing.T) {
	n := 0
	for _, k := range schema.Names() {
		for _, m := range members(k) {
			for _, tr := range m.p.Transitions() {
				n++
				obj := exported(k, m.segs)
				for _, key := range []string{"description", "markdownDescription"} {
					if text, _ := obj[key].(string); !strings.Contains(text, tr.Words) {
						t.Errorf("%s %s: the %s does not say %q: %q", k, pointer(m.segs), key, tr.Words, text)
					}
				}
			}
		}
	}
	if n == 0 {
		t.Fatal("the data has no transition: the test proves nothing")
	}
}
