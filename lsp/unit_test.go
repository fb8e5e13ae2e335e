package lsp

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"log"
	"math/rand/v2"
	"os"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/mdscheck/mdscheck/core/check"
	"github.com/mdscheck/mdscheck/core/document"
	"github.com/mdscheck/mdscheck/core/lang"
	"github.com/mdscheck/mdscheck/core/report"
	"github.com/mdscheck/mdscheck/core/secret"
	"github.com/mdscheck/mdscheck/core/text"
	"github.com/mdscheck/mdscheck/internal/filejson"
	"github.com/sourcegraph/jsonrpc2"
	"github.com/tliron/glsp"
)

func TestApplyChanges(t *testing.T) {
	src := "a: é😀x\r\nb: 2\nc"
	cases := []struct {
		name string
		enc  text.Encoding
		c    change
		want string
	}{
		{"utf-16 after a surrogate pair", text.UTF16, change{start: text.Position{Line: 0, Character: 6}, end: text.Position{Line: 0, Character: 7}, text: "y"}, "a: é😀y\r\nb: 2\nc"},
		{"utf-8 bytes", text.UTF8, change{start: text.Position{Line: 0, Character: 9}, end: text.Position{Line: 0, Character: 10}, text: "y"}, "a: é😀y\r\nb: 2\nc"},
		{"utf-32 code points", text.UTF32, change{start: text.Position{Line: 0, Character: 5}, end: text.Position{Line: 0, Character: 6}, text: "y"}, "a: é😀y\r\nb: 2\nc"},
		{"past the end of a CRLF line clamps before the break", text.UTF16, change{start: text.Position{Line: 0, Character: 99}, end: text.Position{Line: 0, Character: 99}, text: "!"}, "a: é😀x!\r\nb: 2\nc"},
		{"a line break removed", text.UTF16, change{start: text.Position{Line: 1, Character: 4}, end: text.Position{Line: 2, Character: 0}, text: " "}, "a: é😀x\r\nb: 2 c"},
		{"past the last line appends", text.UTF16, change{start: text.Position{Line: 9, Character: 0}, end: text.Position{Line: 9, Character: 0}, text: "\nd"}, "a: é😀x\r\nb: 2\nc\nd"},
		{"an end before the start inserts", text.UTF16, change{start: text.Position{Line: 1, Character: 3}, end: text.Position{Line: 1, Character: 0}, text: "-"}, "a: é😀x\r\nb: -2\nc"},
		{"whole text", text.UTF16, change{whole: true, text: "new"}, "new"},
	}
	for _, c := range cases {
		if got := applyChanges(src, []change{c.c}, c.enc); got != c.want {
			t.Errorf("%s: got %q, want %q", c.name, got, c.want)
		}
	}
	// A lone CR ends a line, as LSP counts them; CRLF is one break.
	cr := "a\rb\r\nc\rd"
	for _, c := range []struct {
		c    change
		want string
	}{
		{change{start: text.Position{Line: 1, Character: 0}, end: text.Position{Line: 1, Character: 1}, text: "B"}, "a\rB\r\nc\rd"},
		{change{start: text.Position{Line: 3, Character: 0}, end: text.Position{Line: 3, Character: 0}, text: "-"}, "a\rb\r\nc\r-d"},
		{change{start: text.Position{Line: 0, Character: 9}, end: text.Position{Line: 1, Character: 0}, text: "\n"}, "a\nb\r\nc\rd"},
		{change{start: text.Position{Line: 2, Character: 5}, end: text.Position{Line: 2, Character: 5}, text: "!"}, "a\rb\r\nc!\rd"},
	} {
		if got := applyChanges(cr, []change{c.c}, text.UTF16); got != c.want {
			t.Errorf("%+v on %q: got %q, want %q", c.c, cr, got, c.want)
		}
	}
	// Changes of one notification apply in order, each to the text the
	// previous one left.
	got := applyChanges("abc", []change{
		{start: text.Position{Character: 1}, end: text.Position{Character: 2}, text: "XY"},
		{start: text.Position{Character: 3}, end: text.Position{Character: 4}, text: ""},
	}, text.UTF16)
	if got != "aXY" {
		t.Errorf("sequential changes: got %q, want aXY", got)
	}
}

// sample is a stream with the shapes the document splitter and the checks
// care about: markers, an end marker, comments between documents, an
// empty document, a syntax error, anchors, multi-byte text, fixes,
// suppression comments.
const sample = `# leading comment
apiVersion: example.io/v1alpha1
kind: Kafka
metadata:
  name: a
  labels: {x: "é😀", y: 1}
spec:
  plan: business-4
  project: Bad Project
  maintenanceWindowDow: funday
...
# between documents
---
---
apiVersion: example.io/v1beta1
kind: Grafana
---
base: &b {plan: startup-4}
apiVersion: example.io/v1alpha1
kind: OpenSearch
metadata: {name: o}
spec:
  <<: *b
  project: p
  # mdscheck:ignore yaml-compat
  terminationProtectoin: yes
  maintenanceWindowDow: funday # mdscheck:ignore
---
apiVersion: example.io/v1alpha1
kind: Kafka
metadata:
  name: [unclosed
spec:
---
apiVersion: example.io/v1alpha1
kind: kafka
spec:
  userConfig:
    additional_backup_regions: [eu]
`

func TestIncrementalMatchesValidate(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	pieces := []string{"", "x", "---\n", "\n", "...\n", "  plan: 3\n", "é😀", "kind: Grafana\n", ": ", "&a ", "*a"}
	for _, crlf := range []bool{false, true} {
		src := sample
		if crlf {
			src = strings.ReplaceAll(src, "\n", "\r\n")
		}
		var c streamChecker
		for step := range 300 {
			opts := check.DefaultOptions
			if step%50 == 49 {
				opts = check.Options{UnknownFields: check.Warning}
			}
			got, _ := c.run(src, opts)
			want := report.Validate(src, opts)
			// The server shows no source, so it keeps no ranges of secrets;
			// their texts it keeps for its gate.
			want.Secrets = nil
			if a, b := mustJSON(t, got), mustJSON(t, want); a != b {
				t.Fatalf("step %d (crlf %t): the incremental check differs from report.Validate\ntext:\n%s\ngot:  %s\nwant: %s", step, crlf, src, a, b)
			}
			// A random edit at a character boundary.
			at := boundary(src, rng.IntN(len(src)+1))
			end := boundary(src, min(len(src), at+rng.IntN(12)))
			src = src[:at] + pieces[rng.IntN(len(pieces))] + src[end:]
		}
	}
}

func boundary(s string, i int) int {
	for i > 0 && i < len(s) && s[i]&0xC0 == 0x80 {
		i--
	}
	return i
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestIncrementalReusesUnchangedDocuments(t *testing.T) {
	var c streamChecker
	spans := document.Split(sample)
	n := len(spans)
	_, checked := c.run(sample, check.DefaultOptions)
	if len(checked) != n {
		t.Fatalf("first run checked %d documents, want all %d", len(checked), n)
	}
	edited := strings.Replace(sample, "project: p", "project: q", 1)
	if _, checked = c.run(edited, check.DefaultOptions); len(checked) != 1 {
		t.Errorf("an edit in one document checked %d", len(checked))
	}
	if _, checked = c.run(edited, check.Options{UnknownFields: 0}); len(checked) != n {
		t.Errorf("new options checked %d documents, want all %d", len(checked), n)
	}
}

func TestSymbolsMatchWholeText(t *testing.T) {
	for _, src := range []string{sample, strings.ReplaceAll(sample, "\n", "\r\n"), "---\n---\nkind: Kafka\n"} {
		v := newView(src)
		var c symbolCache
		var got []lang.Symbol
		for i := range v.spans {
			sub, line := v.text(i)
			for _, s := range c.get(sub, text.UTF16) {
				got = append(got, placeSymbol(s, i, line, 99))
			}
		}
		if want := lang.Symbols(src, text.UTF16); !reflect.DeepEqual(got, want) {
			t.Errorf("symbols differ for\n%s\ngot  %+v\nwant %+v", src, got, want)
		}
	}
}

func TestOutlineLevels(t *testing.T) {
	leaf := lang.Symbol{Name: "leaf"}
	mid := lang.Symbol{Name: "mid", Children: []lang.Symbol{leaf, leaf}}
	doc := lang.Symbol{Name: "doc", Children: []lang.Symbol{mid, leaf}}
	trees := [][]lang.Symbol{{doc}, {doc}, {doc}} // levels of 3, 6, 6 symbols
	cases := []struct{ max, levels, shown int }{
		{1, 0, 3}, // documents are always listed
		{8, 0, 3},
		{9, 1, 9},
		{14, 1, 9},
		{15, 2, 15},
		{5000, 2, 15},
	}
	for _, c := range cases {
		levels, shown, total := outlineLevels(trees, c.max)
		if levels != c.levels || shown != c.shown || total != 15 {
			t.Errorf("max %d: levels %d, shown %d of %d; want %d, %d of 15", c.max, levels, shown, total, c.levels, c.shown)
		}
	}
	if got := placeSymbol(doc, 0, 10, 0); got.Children != nil || got.Range.Start.Line != 10 {
		t.Errorf("placeSymbol with no levels: %+v", got)
	}
	if doc.Children[0].Children == nil {
		t.Errorf("placeSymbol changed the cached outline")
	}
}

func TestPlainSnippet(t *testing.T) {
	cases := map[string]string{
		"plan: $1":    "plan: ",
		"name:\n  $0": "name:\n  ",
		"maintenanceWindowDow: ${1|monday,tuesday|}": "maintenanceWindowDow: monday",
		"x: ${2:startup-4}":                          "x: startup-4",
		"a: ${1:b ${2:c}} d":                         "a: b c d",
		`v: ${1|\,a,b|}`:                             "v: ,a",
		`cost: \$5 ${1:x\}y}`:                        "cost: $5 x}y",
		"${10:ten}$11":                               "ten",
		"broken ${1:":                                "broken ",
		"trailing $":                                 "trailing $",
	}
	for in, want := range cases {
		if got := plainSnippet(in); got != want {
			t.Errorf("plainSnippet(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestSettingsMerge(t *testing.T) {
	cases := []struct {
		raw      string
		want     Settings
		found    bool
		problems int
	}{
		{`{"mdscheck": {"unknownFields": "warning"}}`, Settings{Enable: true, UnknownFields: "warning", Previous: "HEAD"}, true, 0},
		{`{"unknownFields": "off", "enable": false}`, Settings{Enable: false, UnknownFields: "off", Previous: "HEAD"}, true, 0},
		{`{"mdscheck": {"previous": "origin/main"}}`, func() Settings { s := DefaultSettings; s.Previous = "origin/main"; return s }(), true, 0},
		{`{"mdscheck.previous": "off"}`, func() Settings { s := DefaultSettings; s.Previous = "off"; return s }(), true, 0},
		{`{"mdscheck": {"previous": "--output=x"}}`, DefaultSettings, true, 1},
		{`{"mdscheck": {"previous": "a b"}}`, DefaultSettings, true, 1},
		// "" and null are unset: VS Code sends them for settings nobody set.
		{`{"mdscheck": {"previous": ""}}`, DefaultSettings, true, 0},
		{`{"mdscheck": {"enable": true, "unknownFields": "", "previous": "HEAD", "server": {"path": ""}, "trace": {"server": "off"}}}`, DefaultSettings, true, 0},
		{`{"mdscheck": {"enable": null, "unknownFields": null, "previous": null}}`, DefaultSettings, true, 0},
		{`{"mdscheck.unknownFields": ""}`, DefaultSettings, true, 0},
		{`{"mdscheck": {"unknownFields": " "}}`, DefaultSettings, true, 1},
		{`{"mdscheck.enable": false}`, func() Settings { s := DefaultSettings; s.Enable = false; return s }(), true, 0},
		{`{"mdscheck": {}}`, DefaultSettings, true, 0},
		{`{"yaml": {"validate": true}}`, DefaultSettings, false, 0},
		{`null`, DefaultSettings, false, 0},
		{`{"mdscheck": {"unknownFields": 3, "enable": "yes"}}`, DefaultSettings, true, 2},
	}
	for _, c := range cases {
		var raw any
		if err := json.Unmarshal([]byte(c.raw), &raw); err != nil {
			t.Fatal(err)
		}
		got, found, problems := DefaultSettings.merge(raw)
		if got != c.want || found != c.found || len(problems) != c.problems {
			t.Errorf("merge(%s) = %+v, %t, %v; want %+v, %t, %d problems", c.raw, got, found, problems, c.want, c.found, c.problems)
		}
	}
}

// A setting cleared in the editor ("" or null) goes back to the default,
// not to what the initializationOptions (the base) said at start.
func TestSettingsMergeUnsetIsTheDefault(t *testing.T) {
	base := Settings{Enable: false, UnknownFields: "off", Previous: "main"}
	for _, raw := range []string{
		`{"mdscheck": {"enable": "", "unknownFields": "", "previous": ""}}`,
		`{"enable": null, "unknownFields": null, "previous": null}`,
	} {
		var v any
		if err := json.Unmarshal([]byte(raw), &v); err != nil {
			t.Fatal(err)
		}
		got, found, problems := base.merge(v)
		if got != DefaultSettings || !found || len(problems) != 0 {
			t.Errorf("%+v.merge(%s) = %+v, %t, %v; want %+v, true, no problems", base, raw, got, found, problems, DefaultSettings)
		}
	}
}

// panicky panics on one method.
type panicky struct{}

func (panicky) Handle(ctx *glsp.Context) (any, bool, bool, error) {
	if ctx.Method == "boom" {
		var m map[string]int
		m["x"] = 1 // a nil map write: a real panic
	}
	return "fine", true, true, nil
}

func TestAdapterRecoversFromPanics(t *testing.T) {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	var logs strings.Builder
	logger := log.New(&logs, "", 0)
	params := &heldParams{}
	a := &adapter{handler: panicky{}, params: params, log: logger, onExit: func() {}}
	conn := jsonrpc2.NewConn(t.Context(), newStream(inR, outW, logger, params), a)
	defer conn.Close()
	send := func(id int, method string) {
		body := fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":%q}`, id, method)
		fmt.Fprintf(inW, "Content-Length: %d\r\n\r\n%s", len(body), body)
	}
	r := bufio.NewReader(outR)
	read := func() map[string]any {
		var n int
		for {
			line, err := r.ReadString('\n')
			if err != nil {
				t.Fatal(err)
			}
			if line == "\r\n" {
				break
			}
			if v, ok := strings.CutPrefix(strings.TrimSpace(line), "Content-Length: "); ok {
				n, _ = strconv.Atoi(v)
			}
		}
		body := make([]byte, n)
		io.ReadFull(r, body)
		var m map[string]any
		json.Unmarshal(body, &m)
		return m
	}
	go send(1, "boom")
	m := read()
	if e, ok := m["error"].(map[string]any); !ok || e["code"] != float64(codeInternalError) {
		t.Errorf("a panicking handler answered %v, want an internal error", m)
	}
	go send(2, "calm")
	if m := read(); m["result"] != "fine" {
		t.Errorf("after a panic the next request got %v", m)
	}
	if !strings.Contains(logs.String(), "panic in boom") {
		t.Errorf("the panic was not logged: %q", logs.String())
	}
}

func TestWorkerPanicIsLogged(t *testing.T) {
	var logs strings.Builder
	s := newServer(log.New(&logs, "", 0), Options{})
	s.safely("testing", func() { panic("boom") })
	if !strings.Contains(logs.String(), "panic while testing: boom") {
		t.Errorf("log: %q", logs.String())
	}
}

func TestMostSevere(t *testing.T) {
	var ds []check.Diagnostic
	for i, sev := range []check.Severity{check.Hint, check.Error, check.Warning, check.Information, check.Warning, check.Error, check.Warning} {
		ds = append(ds, check.Diagnostic{Severity: sev, Message: strconv.Itoa(i)})
	}
	for n, want := range map[int]string{1: "1", 2: "1 5", 3: "1 2 5", 4: "1 2 4 5", 6: "1 2 3 4 5 6"} {
		var got []string
		for _, d := range mostSevere(ds, n) {
			got = append(got, d.Message)
		}
		if strings.Join(got, " ") != want {
			t.Errorf("mostSevere of %d: %v, want %s", n, got, want)
		}
	}
}

// TestPositionsAsFileJSON: the server converts a result's offsets as the
// CLI's JSON and the module do (internal/filejson, with a text.Index),
// though it counts lines as it goes: the findings and their fixes' edits,
// in UTF-16 and UTF-8, on CRLF lines with characters of two to four bytes
// before them.
func TestPositionsAsFileJSON(t *testing.T) {
	for _, path := range []string{"../testdata/crlf-unicode.yaml", "../cmd/mdscheck/testdata/output/astral.yaml", "../testdata/grafana-smtp-server.yaml"} {
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		f := report.Validate(string(b), check.DefaultOptions)
		if len(f.Diagnostics) == 0 {
			t.Fatalf("%s: no finding to convert", path)
		}
		for _, enc := range []text.Encoding{text.UTF16, text.UTF8} {
			want := filejson.Of(f, enc)
			at := newPositions(f.Text, enc)
			for i, d := range f.Diagnostics {
				w := want.Diagnostics[i]
				if got := toProtocol(d, at).Range; got != toRange(w.Range) {
					t.Errorf("%s, encoding %d, %s: range %v, want %v", path, enc, d.Rule, got, w.Range)
				}
				for j, fx := range d.Fixes {
					edits := workspaceEdit("file:///x.yaml", 1, fx.Edits, at, false).Changes["file:///x.yaml"]
					for k, e := range edits {
						if e.Range != toRange(w.Fixes[j].Edits[k].Range) {
							t.Errorf("%s, encoding %d, %s: edit %v, want %v", path, enc, d.Rule, e.Range, w.Fixes[j].Edits[k].Range)
						}
					}
				}
			}
		}
	}
}

// TestNoLiveGateForTheCheckedText: a request on the very text the last
// check read is answered through that check's gate, and looks for no
// secret itself; on a text no check has read yet, the read loop adds the
// secrets of the documents the last check did not read to the document's
// gate, and only those.
func TestNoLiveGateForTheCheckedText(t *testing.T) {
	s := newServer(log.New(io.Discard, "", 0), Options{})
	src := "apiVersion: v1\nkind: Secret\nmetadata:\n  name: s\nstringData:\n  password: Zq7xK2pLm9\n"
	d := &openDoc{uri: "file:///s.yaml", text: src}
	d.last = &checkResult{text: src}
	s.refreshGate(d)
	if s.gates.of[d.uri] != nil {
		t.Errorf("the read loop looked for the secrets of the text the last check read")
	}
	d.text = src + "---\napiVersion: v1\nkind: Secret\nmetadata:\n  name: t\nstringData:\n  token: Hq8wL3mNp0\n"
	s.refreshGate(d)
	if s.clean("Hq8wL3mNp0") != secret.Masked {
		t.Errorf("the gates do not know the new text's secret")
	}
	if s.clean("Zq7xK2pLm9") == secret.Masked {
		t.Errorf("the read loop looked for the secrets of a document the last check read")
	}
}

// TestContentRequestWaitsForTheCheckOfItsText: a hover while the first
// check of a file runs waits for that check, whose gate knows the text's
// secrets, instead of checking the text again in the read loop; when the
// check ends without a result for that text, the request finds the
// secrets itself.
func TestContentRequestWaitsForTheCheckOfItsText(t *testing.T) {
	s := newServer(log.New(io.Discard, "", 0), Options{})
	src := "apiVersion: v1\nkind: Secret\nmetadata:\n  name: s\nstringData:\n  password: Zq7xK2pLm9\n"
	waiting := make(chan struct{})
	testHookCheckWait = func() { waiting <- struct{}{} }
	defer func() { testHookCheckWait = func() {} }()
	for _, stored := range []bool{true, false} {
		d := &openDoc{uri: "file:///s.yaml", text: src, running: true, checking: src, ran: make(chan struct{})}
		go func() {
			<-waiting // the check ends once the request waits for it
			d.mu.Lock()
			defer d.mu.Unlock()
			if stored {
				d.last = &checkResult{text: src}
			}
			close(d.ran)
		}()
		s.refreshGate(d)
		if found := s.gates.of[d.uri] != nil; found == stored {
			t.Errorf("check's result stored %v: the read loop looked for secrets %v", stored, found)
		}
		s.forgetGates(d.uri)
	}
}
