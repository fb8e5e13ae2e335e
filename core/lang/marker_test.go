package lang

// Marker tests: hover and completion expectations written in the
// manifests they are about, as gopls writes its tests, so that a reviewer
// reads them in a diff. testdata/markers/README.md says the same with
// more examples. Each file of testdata/markers is YAML: documents (---)
// with comment lines that point at a place in the line above and say what
// an editor shows there:
//
//	spec:
//	  plan: business-4
//	#   ^ @hover
//	#= highlights "plan"
//	#| **spec.plan**: string, required
//	#|
//	#| Subscription plan, for example `startup-4` or `business-8`.
//	#|
//	#| - at most 128 characters
//
// A marker line is a comment with a caret and a verb:
//
//	#   ^ @VERB ARGS   the cursor is at the caret's column
//	#<    @VERB ARGS   the cursor is at column 0, where no caret fits
//
// in the nearest line above that is not a marker or a result line, so
// that markers stack to ask several questions of one line. Columns count
// characters. A caret past the end of its line puts the cursor there, the
// line padded with spaces up to it: write no trailing spaces, which
// editors strip.
//
// The verbs, and what their result lines hold:
//
//	@hover                "#= highlights" and the text of the range the
//	                      editor highlights, "#|" lines the Markdown,
//	                      "#= connectionSecret" the Secret the hover
//	                      carries as data (no such line: it carries none)
//	@complete             the labels, one a line, in the order an editor
//	                      sorts them (sortText, else the label), before it
//	                      filters them by what is typed; ~~label~~ is an
//	                      item tagged deprecated
//	@complete detail      the same, each label followed by its detail
//	@complete doc LABEL   the documentation of the item labelled LABEL
//	@complete pick LABEL  the lines as they read after the user picks the
//	                      item LABEL: its edit applied, a snippet as written
//
// "(none)" stands for no hover, no item or no documentation, "(not
// offered)" for a LABEL that is not in the list, "(no edit)" for an item
// without one. Spaces that end a line of a result show as "␠", and the
// final line end of a Markdown text is left out.
//
// The result lines under a marker ("#|" what a user reads, "#=" what else
// the result carries) are compared exactly with the answer, except that a
// line "#| ..." stands for any run of "#|" lines: an excerpt of a long
// text. Hover and Complete see the text without the marker and result
// lines; other comments stay. Every completion item is also held to what
// LSP asks of its edit, whatever the marker shows: one line, around the
// cursor.
//
// go test ./core/lang -run TestMarkers -update rewrites each result block
// that differs (an excerpt that still matches stays as written) and writes
// the block of a marker that has none: write a marker, run -update, and
// review the diff as you would review code.

import (
	"cmp"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/mdscheck/mdscheck/core/text"
	"github.com/mdscheck/mdscheck/internal/golden"
)

// markerRE reads a marker line: the caret (or "<"), the verb, the
// arguments.
var markerRE = regexp.MustCompile(`^\s*#(\s*\^|<)\s+@(\w+)(.*)$`)

// elision is the result line that stands for any run of "#|" lines.
const elision = "#| ..."

// marker is one question a marker file asks.
type marker struct {
	line     int    // the marker line's index in the file
	verb     string // "hover" or "complete"
	args     []string
	col      int // the cursor's column, in characters of the target line
	target   int // the target line's index among the kept lines
	from, to int // the result block's lines in the file, [from, to)
}

// markerFile is a marker file read: its lines, which of them the
// functions see, and its markers.
type markerFile struct {
	lines   []string // the file's lines, without their line ends
	kept    []int    // the file's indices of the lines Hover and Complete see
	final   bool     // the file ends with a line end
	markers []*marker
}

func isResult(l string) bool { return strings.HasPrefix(l, "#|") || strings.HasPrefix(l, "#=") }

// readMarkers reads a marker file; an error names the file's line.
func readMarkers(content string) (*markerFile, error) {
	f := &markerFile{final: strings.HasSuffix(content, "\n")}
	f.lines = strings.Split(strings.TrimSuffix(content, "\n"), "\n")
	var last *marker
	for i, l := range f.lines {
		if strings.HasSuffix(l, "\r") {
			return nil, fmt.Errorf("line %d: a CR line end; marker files use LF", i+1)
		}
		if isResult(l) {
			if last == nil || last.to != i {
				return nil, fmt.Errorf("line %d: a result line under no marker: %q", i+1, l)
			}
			last.to++
			continue
		}
		m := markerRE.FindStringSubmatch(l)
		if m == nil {
			f.kept = append(f.kept, i)
			last = nil
			continue
		}
		if len(f.kept) == 0 {
			return nil, fmt.Errorf("line %d: a marker with no line above it to point at", i+1)
		}
		mk := &marker{line: i, verb: m[2], args: markerArgs(m[3]), target: len(f.kept) - 1, from: i + 1, to: i + 1}
		if m[1] != "<" {
			mk.col = utf8.RuneCountInString(l[:strings.IndexByte(l, '^')])
		}
		if err := mk.valid(); err != nil {
			return nil, fmt.Errorf("line %d: %v", i+1, err)
		}
		f.markers = append(f.markers, mk)
		last = mk
	}
	return f, nil
}

// markerArgs splits a marker's arguments: a word, then the label, which
// may hold spaces ("kind: Kafka").
func markerArgs(s string) []string {
	s = strings.TrimSpace(s)
	if s == "" {
		return nil
	}
	word, label, ok := strings.Cut(s, " ")
	if !ok {
		return []string{word}
	}
	return []string{word, strings.TrimSpace(label)}
}

// valid says whether the marker's verb and arguments are known.
func (m *marker) valid() error {
	switch {
	case m.verb == "hover" && len(m.args) == 0:
	case m.verb == "complete" && len(m.args) == 0:
	case m.verb == "complete" && len(m.args) == 1 && m.args[0] == "detail":
	case m.verb == "complete" && len(m.args) == 2 && (m.args[0] == "doc" || m.args[0] == "pick"):
	default:
		return fmt.Errorf("unknown marker @%s %s (see marker_test.go)", m.verb, strings.Join(m.args, " "))
	}
	return nil
}

// source returns the text the functions see for m, the marker lines and
// result lines taken out and the target line padded up to the caret, and
// the cursor's position in it.
func (f *markerFile) source(m *marker) (string, text.Position) {
	lines := make([]string, len(f.kept))
	for i, k := range f.kept {
		lines[i] = f.lines[k]
	}
	t := lines[m.target]
	if n := utf8.RuneCountInString(t); n < m.col {
		t += strings.Repeat(" ", m.col-n)
		lines[m.target] = t
	}
	src := strings.Join(lines, "\n")
	if f.final {
		src += "\n"
	}
	idx := text.NewIndex(src)
	off := idx.LineStart(m.target)
	for range m.col {
		_, size := utf8.DecodeRuneInString(src[off:])
		off += size
	}
	return src, idx.Position(off, text.UTF16)
}

// where shows the marker's target line with a caret under the cursor, for
// failure messages.
func (f *markerFile) where(m *marker) string {
	t := f.lines[f.kept[m.target]]
	return fmt.Sprintf("%5d | %s\n      | %s^\n", f.kept[m.target]+1, t, strings.Repeat(" ", m.col))
}

// resultLines writes text as result lines with prefix "#|", its final
// line end left out and the spaces that end a line shown as "␠", which
// editors would strip.
func resultLines(s string) []string {
	var out []string
	for _, l := range strings.Split(strings.TrimSuffix(s, "\n"), "\n") {
		body := strings.TrimRight(l, " ")
		l = body + strings.Repeat("␠", len(l)-len(body))
		if l == "" {
			out = append(out, "#|")
		} else {
			out = append(out, "#| "+l)
		}
	}
	return out
}

// rangeText returns the text a range of src covers.
func rangeText(src string, r text.Range) string {
	idx := text.NewIndex(src)
	return src[idx.Offset(r.Start, text.UTF16):idx.Offset(r.End, text.UTF16)]
}

// answer asks the functions m's question and writes what they say as
// result lines; a problem is a broken promise that is no question of
// expectations (an edit away from the cursor).
func answer(src string, pos text.Position, m *marker) (got []string, problem string) {
	if m.verb == "hover" {
		h := Hover(src, pos, text.UTF16)
		if h == nil {
			return []string{"#| (none)"}, ""
		}
		if h.Range != nil {
			got = append(got, "#= highlights "+strconv.Quote(rangeText(src, *h.Range)))
		}
		got = append(got, resultLines(h.Contents.Value)...)
		if h.Secret != nil {
			b, err := json.Marshal(h.Secret)
			if err != nil {
				return nil, err.Error()
			}
			got = append(got, "#= connectionSecret "+string(b))
		}
		return got, ""
	}
	items := Complete(src, pos, text.UTF16)
	problem = itemProblems(items, pos)
	sortKey := func(it CompletionItem) string { return cmp.Or(it.SortText, it.Label) }
	slices.SortStableFunc(items, func(a, b CompletionItem) int { return strings.Compare(sortKey(a), sortKey(b)) })
	if len(m.args) == 2 {
		i := slices.IndexFunc(items, func(it CompletionItem) bool { return it.Label == m.args[1] })
		switch {
		case i < 0:
			return []string{"#| (not offered)"}, problem
		case m.args[0] == "doc" && items[i].Documentation == nil:
			return []string{"#| (none)"}, problem
		case m.args[0] == "doc":
			return resultLines(items[i].Documentation.Value), problem
		case items[i].TextEdit == nil:
			return []string{"#| (no edit)"}, problem
		}
		return resultLines(picked(src, items[i].TextEdit)), problem
	}
	if len(items) == 0 {
		return []string{"#| (none)"}, problem
	}
	names := make([]string, len(items))
	width := 0
	for i, it := range items {
		names[i] = it.Label
		if slices.Contains(it.Tags, 1) {
			names[i] = "~~" + it.Label + "~~"
		}
		width = max(width, utf8.RuneCountInString(names[i]))
	}
	for i, it := range items {
		if len(m.args) == 1 && it.Detail != "" { // detail
			names[i] += strings.Repeat(" ", width-utf8.RuneCountInString(names[i])) + "  " + it.Detail
		}
		got = append(got, "#| "+names[i])
	}
	return got, problem
}

// itemProblems says which items break what LSP asks of a completion
// item: a label, and an edit on the cursor's line that holds the cursor.
func itemProblems(items []CompletionItem, pos text.Position) string {
	var problem string
	for _, it := range items {
		if it.Label == "" {
			problem += fmt.Sprintf("an item without a label: %+v\n", it)
		}
		if e := it.TextEdit; e != nil && (e.Range.Start.Line != pos.Line || e.Range.End.Line != pos.Line ||
			e.Range.Start.Character > pos.Character || e.Range.End.Character < pos.Character) {
			problem += fmt.Sprintf("the edit of %q, %v, is not on the cursor's line around the cursor %v\n", it.Label, e.Range, pos)
		}
	}
	return problem
}

// picked applies an edit to src and returns the lines it wrote: from the
// start of the line where it starts to the end of the line where the new
// text ends.
func picked(src string, e *TextEdit) string {
	idx := text.NewIndex(src)
	start, end := idx.Offset(e.Range.Start, text.UTF16), idx.Offset(e.Range.End, text.UTF16)
	out := src[:start] + e.NewText + src[end:]
	from := strings.LastIndexByte(out[:start], '\n') + 1
	return out[from:text.LineEnd(out, start+len(e.NewText))]
}

// matches reports whether the result lines got match want, where a line
// "#| ..." of want stands for any run (maybe empty) of "#|" lines of got.
func matches(want, got []string) bool {
	if len(want) == 0 {
		return len(got) == 0
	}
	if want[0] == elision {
		for i := 0; ; i++ {
			if matches(want[1:], got[i:]) {
				return true
			}
			if i == len(got) || !strings.HasPrefix(got[i], "#|") {
				return false
			}
		}
	}
	return len(got) > 0 && want[0] == got[0] && matches(want[1:], got[1:])
}

// markerResult is what a marker's question got.
type markerResult struct {
	m       *marker
	problem string // "" when the answer is as expected
}

// checkMarkers asks every question of a marker file and compares the
// answers with the result lines. With update it also returns the file
// with every result block that differs rewritten.
func checkMarkers(content string, update bool) (string, []markerResult, error) {
	f, err := readMarkers(content)
	if err != nil {
		return "", nil, err
	}
	var results []markerResult
	var out []string
	next := 0
	for _, m := range f.markers {
		src, pos := f.source(m)
		got, problem := answer(src, pos, m)
		want := f.lines[m.from:m.to]
		out = append(out, f.lines[next:m.from]...)
		next = m.to
		switch {
		case matches(want, got):
			out = append(out, want...)
		case update:
			out = append(out, got...)
		case len(want) == 0:
			problem += "no result lines under the marker; it gets:\n" + strings.Join(got, "\n") + "\n"
			out = append(out, want...)
		default:
			problem += "the result differs (-want +got; lines of the result block, its first is line " +
				strconv.Itoa(m.from+1) + "):\n" + golden.Diff(strings.Join(want, "\n"), strings.Join(got, "\n"))
			out = append(out, want...)
		}
		if problem != "" {
			problem = fmt.Sprintf("@%s at line %d, column %d:\n%s%s", strings.TrimSpace(m.verb+" "+strings.Join(m.args, " ")),
				f.kept[m.target]+1, m.col, f.where(m), problem)
		}
		results = append(results, markerResult{m, problem})
	}
	out = append(out, f.lines[next:]...)
	rewritten := strings.Join(out, "\n")
	if f.final {
		rewritten += "\n"
	}
	return rewritten, results, nil
}

// TestMarkers runs the marker files of testdata/markers.
func TestMarkers(t *testing.T) {
	t.Parallel()
	files, err := filepath.Glob(filepath.Join("testdata", "markers", "*.yaml"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no marker files: %v", err)
	}
	for _, path := range files {
		t.Run(filepath.Base(path), func(t *testing.T) {
			t.Parallel()
			b, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			rewritten, results, err := checkMarkers(string(b), golden.Update())
			if err != nil {
				t.Fatalf("%s: %v", path, err)
			}
			for _, r := range results {
				t.Run("line"+strconv.Itoa(r.m.line+1), func(t *testing.T) {
					if r.problem != "" {
						t.Errorf("%s:%d: %s(if the change is meant, run go test ./core/lang -run TestMarkers -update and review the diff)",
							path, r.m.line+1, r.problem)
					}
				})
			}
			if golden.Update() && rewritten != string(b) {
				if err := os.WriteFile(path, []byte(rewritten), 0o644); err != nil {
					t.Fatal(err)
				}
			}
		})
	}
}

// TestMarkerRunner holds the runner to failing: a wrong, missing or
// partial expectation is reported, -update fixes what it can and keeps
// an excerpt that matches, and a malformed file is refused.
func TestMarkerRunner(t *testing.T) {
	t.Parallel()
	const doc = "apiVersion: example.io/v1alpha1\nkind: Kafka\nmetadata:\n  name: ev\nspec:\n  plan: b\n#   ^ @hover\n"
	const right = "#= highlights \"plan\"\n#| **spec.plan**: string, required\n#|\n" +
		"#| Subscription plan, for example `startup-4` or `business-8`.\n#|\n#| - at most 128 characters\n"
	for _, c := range []struct {
		name, results string
		fails         bool   // the check reports a problem
		updated       string // the results after -update
	}{
		{"right", right, false, right},
		{"a line differs", strings.Replace(right, "128", "64", 1), true, right},
		{"a line too many", right + "#| - immutable\n", true, right},
		{"the range differs", strings.Replace(right, `"plan"`, `"pla"`, 1), true, right},
		{"no results", "", true, right},
		{"an excerpt", "#= highlights \"plan\"\n#| **spec.plan**: string, required\n#| ...\n", false,
			"#= highlights \"plan\"\n#| **spec.plan**: string, required\n#| ...\n"},
		{"an excerpt of the end", "#= highlights \"plan\"\n#| ...\n#| - at most 128 characters\n", false,
			"#= highlights \"plan\"\n#| ...\n#| - at most 128 characters\n"},
		{"an excerpt that does not match", "#= highlights \"plan\"\n#| ...\n#| - at most 64 characters\n", true, right},
		{"an excerpt does not stand for #= lines", "#| ...\n#| - at most 128 characters\n", true, right},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, results, err := checkMarkers(doc+c.results, false)
			if err != nil {
				t.Fatal(err)
			}
			if len(results) != 1 || (results[0].problem != "") != c.fails {
				t.Errorf("fails: %v, want %v: %+v", results[0].problem != "", c.fails, results)
			}
			if c.fails && !strings.Contains(results[0].problem, "  plan: b\n      |     ^\n") {
				t.Errorf("the problem does not show the cursor:\n%s", results[0].problem)
			}
			updated, _, err := checkMarkers(doc+c.results, true)
			if err != nil {
				t.Fatal(err)
			}
			if updated != doc+c.updated {
				t.Errorf("-update writes\n%s\nwant\n%s", updated, doc+c.updated)
			}
		})
	}
	pos := text.Position{Line: 3, Character: 4}
	edit := func(line, start, end int) *TextEdit {
		return &TextEdit{Range: text.Range{Start: text.Position{Line: line, Character: start}, End: text.Position{Line: line, Character: end}}}
	}
	for _, it := range []CompletionItem{
		{Label: "", TextEdit: edit(3, 2, 6)},
		{Label: "after", TextEdit: edit(3, 5, 6)},
		{Label: "before", TextEdit: edit(3, 1, 3)},
		{Label: "above", TextEdit: edit(2, 2, 6)},
		{Label: "two lines", TextEdit: &TextEdit{Range: text.Range{Start: pos, End: text.Position{Line: 4}}}},
	} {
		if itemProblems([]CompletionItem{it}, pos) == "" {
			t.Errorf("the item %+v is let through", it)
		}
	}
	if p := itemProblems([]CompletionItem{{Label: "ok", TextEdit: edit(3, 2, 6)}, {Label: "at", TextEdit: edit(3, 4, 4)}}, pos); p != "" {
		t.Errorf("good items refused: %s", p)
	}
	for _, c := range []struct{ name, text string }{
		{"a result line under no marker", doc + right + "spec2: x\n#| x\n"},
		{"a marker with no line above", "#  ^ @hover\nkind: Kafka\n"},
		{"an unknown verb", doc[:len(doc)-len("#   ^ @hover\n")] + "#   ^ @hovers\n"},
		{"an unknown argument", doc[:len(doc)-len("#   ^ @hover\n")] + "#   ^ @complete details\n"},
		{"a CR line end", "kind: Kafka\r\n#  ^ @hover\r\n"},
	} {
		if _, _, err := checkMarkers(c.text, false); err == nil {
			t.Errorf("%s: the file is not refused", c.name)
		}
	}
}

// TestMarkerCursor: the caret's column counts characters of the line
// above the markers, "#<" is column 0, and a caret past the end pads the
// line with spaces.
func TestMarkerCursor(t *testing.T) {
	t.Parallel()
	f, err := readMarkers("a: é b\n#    ^ @hover\n#< @hover\n#| x\n\n# ^ @complete\n")
	if err != nil {
		t.Fatal(err)
	}
	for i, want := range []struct {
		src string
		pos text.Position
	}{
		{"a: é b\n\n", text.Position{Line: 0, Character: 5}},
		{"a: é b\n\n", text.Position{Line: 0, Character: 0}},
		{"a: é b\n  \n", text.Position{Line: 1, Character: 2}},
	} {
		if src, pos := f.source(f.markers[i]); src != want.src || pos != want.pos {
			t.Errorf("marker %d: %q at %v, want %q at %v", i, src, pos, want.src, want.pos)
		}
	}
}
