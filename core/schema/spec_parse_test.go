package schema_test

// This file reads the specification's markdown (../../../shared/spec) on
// its own terms: tables, their titles, their cells, and the sentences of a
// constraint cell. It knows nothing of the Go schema, so that
// spec_test.go can hold the two against each other.

import (
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/mdscheck/mdscheck/internal/shared"
)

// specDoc is one document of the specification; part is 1, 2 or 3 as the
// documents call themselves.
type specDoc struct {
	part  int
	file  string
	lines []string
}

func loadSpec(t *testing.T) []specDoc {
	t.Helper()
	specDir := shared.Path(t, "spec")
	files, err := filepath.Glob(filepath.Join(specDir, "0*.txt"))
	if err != nil || len(files) != 3 {
		t.Fatalf("want the three documents of the specification in %s, found %v (%v)", specDir, files, err)
	}
	sort.Strings(files)
	docs := make([]specDoc, len(files))
	for i, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		docs[i] = specDoc{part: i + 1, file: filepath.Base(f), lines: strings.Split(string(data), "\n")}
		// The first line names the part; the order of the files must match it.
		if !strings.Contains(docs[i].lines[0], "Part "+strconv.Itoa(i+1)+":") {
			t.Fatalf("%s does not start with Part %d: %q", f, i+1, docs[i].lines[0])
		}
	}
	return docs
}

// specTable is one markdown table: the title it sits under, its header
// cells and its rows (cells keyed by header).
type specTable struct {
	part   int
	file   string
	title  string
	line   int // 1-based line of the header
	header []string
	rows   []specRow
}

type specRow struct {
	line  int
	cells map[string]string
}

// where names a line of the specification for messages.
func (t *specTable) where(line int) string { return t.file + ":" + strconv.Itoa(line) }

// tables finds every table of doc. Its title is the nearest line above it
// that is a heading or starts with a back-quoted name (the migration
// objects and engine sub-objects are introduced that way); paragraphs in
// between are skipped.
func tables(doc specDoc) []*specTable {
	var out []*specTable
	lines := doc.lines
	for i := 0; i < len(lines); i++ {
		if !strings.HasPrefix(lines[i], "|") {
			continue
		}
		tb := &specTable{part: doc.part, file: doc.file, line: i + 1, header: splitCells(lines[i])}
		for j := i - 1; j >= 0; j-- {
			l := lines[j]
			if strings.HasPrefix(l, "#") || strings.HasPrefix(l, "`") {
				tb.title = l
				break
			}
		}
		i++ // the separator line |---|---|
		for i+1 < len(lines) && strings.HasPrefix(lines[i+1], "|") {
			i++
			cells := splitCells(lines[i])
			r := specRow{line: i + 1, cells: map[string]string{}}
			for k, h := range tb.header {
				if k < len(cells) {
					r.cells[h] = cells[k]
				}
			}
			tb.rows = append(tb.rows, r)
		}
		out = append(out, tb)
	}
	return out
}

// splitCells splits a table line into trimmed cells. A | inside back
// quotes belongs to the cell: patterns such as `^(G|UA)-...$` contain one.
func splitCells(line string) []string {
	line = strings.TrimSpace(line)
	line = strings.TrimPrefix(line, "|")
	line = strings.TrimSuffix(line, "|")
	var cells []string
	var b strings.Builder
	quoted := false
	for _, r := range line {
		switch {
		case r == '`':
			quoted = !quoted
			b.WriteRune(r)
		case r == '|' && !quoted:
			cells = append(cells, strings.TrimSpace(b.String()))
			b.Reset()
		default:
			b.WriteRune(r)
		}
	}
	return append(cells, strings.TrimSpace(b.String()))
}

// sentences splits a constraint cell into its statements: at a full stop
// followed by a blank or the end, and at a semicolon, never inside back
// quotes (patterns hold dots) and never inside a number (0.9).
func sentences(cell string) []string {
	var out []string
	var b strings.Builder
	quoted := false
	rs := []rune(cell)
	flush := func() {
		if s := strings.TrimSpace(b.String()); s != "" {
			out = append(out, s)
		}
		b.Reset()
	}
	for i, r := range rs {
		switch {
		case r == '`':
			quoted = !quoted
			b.WriteRune(r)
		case quoted:
			b.WriteRune(r)
		case r == ';':
			flush()
		case r == '.' && (i+1 == len(rs) || rs[i+1] == ' '):
			flush()
		default:
			b.WriteRune(r)
		}
	}
	flush()
	return out
}

// ticked returns the back-quoted words of s, in order, leaving out those
// inside parentheses when top is set (the kinds' prose lists members at
// the top level and says more about each in parentheses).
func ticked(s string, top bool) []string {
	var out []string
	depth := 0
	for {
		i := strings.IndexAny(s, "`()")
		if i < 0 {
			return out
		}
		switch s[i] {
		case '(':
			depth++
			s = s[i+1:]
		case ')':
			depth--
			s = s[i+1:]
		default:
			j := strings.IndexByte(s[i+1:], '`')
			if j < 0 {
				return out
			}
			if !top || depth == 0 {
				out = append(out, s[i+1:i+1+j])
			}
			s = s[i+1+j+1:]
		}
	}
}

// topLevelNames returns the member names of a prose list such as
// "auth_url (string, max 2048), client_id, client_secret": the words
// outside parentheses.
func topLevelNames(s string) []string {
	var b strings.Builder
	depth := 0
	for _, r := range s {
		switch {
		case r == '(':
			depth++
		case r == ')':
			depth--
		case depth == 0:
			b.WriteRune(r)
		}
	}
	return regexp.MustCompile(`[a-z][a-z0-9_]*`).FindAllString(b.String(), -1)
}

// section returns the lines of doc from the heading that starts with
// heading up to the next heading of the same or a higher level.
func section(doc specDoc, heading string) []string {
	level := strings.IndexByte(heading, ' ')
	for i, l := range doc.lines {
		if !strings.HasPrefix(l, heading) {
			continue
		}
		end := len(doc.lines)
		for j := i + 1; j < len(doc.lines); j++ {
			if k := strings.IndexByte(doc.lines[j], ' '); strings.HasPrefix(doc.lines[j], "#") && k <= level {
				end = j
				break
			}
		}
		return doc.lines[i:end]
	}
	return nil
}
