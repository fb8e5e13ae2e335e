package check_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/mdscheck/mdscheck/core/check"
	"github.com/mdscheck/mdscheck/core/report"
	"github.com/mdscheck/mdscheck/core/text"
)

func FuzzCheck(f *testing.F) {
	for _, dir := range []string{"../../examples", "../../testdata", "../../../shared/corpus"} {
		files, _ := filepath.Glob(filepath.Join(dir, "*.yaml"))
		for _, p := range files {
			if b, err := os.ReadFile(p); err == nil {
				f.Add(string(b))
			}
		}
	}
	f.Add(manifest("Grafana", "  userConfig:\n    smtp_server:\n      password: \"\\x01secret-value\"\n"))
	// The other resources of a stream, which the check reads for secrets
	// too.
	f.Add("apiVersion: v1\nkind: Secret\nmetadata: {name: s}\ndata: {A: QQ==}\nstringData: {B: b}\n---\n" + manifest("Kafka", "  plan: business-4\n"))
	f.Add("apiVersion: v1\nkind: List\nitems:\n- " + strings.ReplaceAll(manifest("Kafka", "  plan: business-4\n"), "\n", "\n  "))
	f.Fuzz(func(t *testing.T, src string) {
		res := report.Validate(src, check.DefaultOptions)
		idx := text.NewIndex(src)
		last := idx.Position(len(src), text.UTF16)
		hasSecret := strings.Contains(src, `password: "\x01secret-value"`)
		for _, d := range res.Diagnostics {
			if d.Message == "" || d.Rule == "" || check.LookupRule(d.Rule) == nil {
				t.Fatalf("bad diagnostic %+v", d)
			}
			r := idx.Range(d.Start, d.End, text.UTF16)
			for _, p := range []text.Position{r.Start, r.End} {
				if p.Line < 0 || p.Line > last.Line || p.Character < 0 {
					t.Fatalf("range %+v outside the text", r)
				}
			}
			// The seed's password is invalid (a control character); while
			// the input still holds it, no message may show it. (The fuzzer
			// may move the text elsewhere, into an alias name say, where it
			// is no secret.)
			if hasSecret && strings.Contains(d.Message, "secret-value") {
				t.Fatalf("message shows a secret: %s", d.Message)
			}
		}
	})
}

// FuzzSuppressions appends a fuzzed suppression comment to one line of a
// manifest with findings on several lines. Whatever the comment says, it
// may only take findings away, only from its own line (or the next, when
// alone on its line), and never a syntax error or a limit; what it adds
// is about itself (a rule name that is none), on its own line.
func FuzzSuppressions(f *testing.F) {
	base := manifest("Kafka", "  maintenanceWindowDow: funday\n  maintenanceWindowTime: \"25:00:00\"\n  bogus: 1\n  disk_space: 10 GB\n")
	lines := strings.SplitAfter(base, "\n")
	for _, seed := range []string{"", "enum", "enum, format", "unknown-field format", ",,", "yaml-syntax", "limit", "\tenum\t", "# mdscheck:ignore enum"} {
		for line := range lines {
			f.Add(seed, line, false)
			f.Add(seed, line, true)
		}
	}
	key := func(d check.Diagnostic) string { return d.Rule + " " + d.Path + " " + d.Message }
	want := map[string]int{}
	all := report.Validate(base, check.DefaultOptions).Diagnostics
	baseIdx := text.NewIndex(base)
	for _, d := range all {
		want[key(d)] = baseIdx.LineOf(d.Start)
	}
	f.Fuzz(func(t *testing.T, rules string, line int, alone bool) {
		if line < 0 || line >= len(lines) || !commentText(rules) {
			return // text no comment can hold: the document is refused
		}
		comment := "# mdscheck:ignore " + rules
		var src string
		target := line // the line whose findings the comment may silence
		if alone {
			src = strings.Join(lines[:line], "") + comment + "\n" + strings.Join(lines[line:], "")
		} else {
			src = strings.Join(lines[:line], "") + strings.TrimSuffix(lines[line], "\n") + "  " + comment + "\n" + strings.Join(lines[line+1:], "")
		}
		got := report.Validate(src, check.DefaultOptions).Diagnostics
		idx := text.NewIndex(src)
		kept := map[string]bool{}
		for _, d := range got {
			if d.Rule == "suppression" && idx.LineOf(d.Start) == line {
				continue // about the comment itself: a rule name that is none
			}
			if _, ok := want[key(d)]; !ok {
				t.Fatalf("the comment %q made a new finding: %+v", comment, d)
			}
			kept[key(d)] = true
		}
		for _, d := range all {
			if !kept[key(d)] && (baseIdx.LineOf(d.Start) != target || d.Rule == "yaml-syntax" || d.Rule == "limit") {
				t.Fatalf("the comment %q on line %d (alone %v) silenced %+v", comment, line, alone, d)
			}
		}
	})
}

// commentText reports whether s can stand in a comment: UTF-8 without
// control characters (but tabs) or a byte-order mark.
func commentText(s string) bool {
	for _, r := range s {
		if r == utf8.RuneError || r < 0x20 && r != '\t' || r == 0x7f || r == 0xfeff {
			return false
		}
	}
	return true
}
