package main

import (
	"bufio"
	"fmt"
	"io"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/mdscheck/mdscheck/core/check"
	"github.com/mdscheck/mdscheck/core/document"
	"github.com/mdscheck/mdscheck/core/text"
)

// textWriter prints `file:line:col: severity: message [rule]`, the source
// line and a caret underline, then a summary.
func textWriter(color bool) func(io.Writer, []fileResult) error {
	paint := func(code, s string) string {
		if !color {
			return s
		}
		return code + s + ansiReset
	}
	return func(w io.Writer, results []fileResult) error {
		bw := bufio.NewWriter(w)
		var files, docs, checked, errs, warns int
		for _, r := range results {
			if r.counted() {
				files++
				docs += len(r.file.Documents)
				for _, d := range r.file.Documents {
					if d.Checked {
						checked++
					}
				}
			}
			errs, warns = errs+r.file.Omitted.Errors, warns+r.file.Omitted.Warnings
			if len(r.file.Diagnostics) == 0 {
				continue
			}
			src := r.file.Text
			idx := text.NewIndex(src)
			sl := shownLine{line: -1}
			for _, d := range r.file.Diagnostics {
				start, end := d.Start, d.End
				pos := idx.Position(start, text.UTF32)
				sev := d.Severity.String()
				switch d.Severity {
				case check.Error:
					errs++
					sev = paint(ansiRed+ansiBold, sev)
				case check.Warning:
					warns++
					sev = paint(ansiYellow+ansiBold, sev)
				default:
					sev = paint(ansiCyan, sev)
				}
				fmt.Fprintf(bw, "%s:%d:%d: %s: %s %s\n", paint(ansiBold, r.path), pos.Line+1, pos.Character+1,
					sev, d.Message, paint(ansiGray, "["+d.Rule+"]"))
				if pos.Line != sl.line {
					sl = prepareLine(r, idx, pos.Line)
				}
				if !sl.ok {
					continue // binary text would garble the terminal
				}
				lineEnd, shown, at := sl.end, sl.shown, sl.at
				if end > lineEnd || end <= start {
					end = max(lineEnd, start+1)
				}
				before := shown[:at(start)]
				if len(before) >= maxShownLine {
					continue // the finding is beyond the part of the line we show
				}
				// The underline stops where the shown line does.
				width := max(utf8.RuneCountInString(shown[at(start):min(at(min(end, lineEnd)), maxShownLine, len(shown))]), 1)
				pad := strings.Map(func(r rune) rune {
					if r == '\t' {
						return '\t'
					}
					return ' '
				}, before)
				fmt.Fprintf(bw, "  %s\n  %s%s\n", clipLine(shown), pad, paint(underlineColor(d.Severity), strings.Repeat("^", width)))
			}
		}
		summary := fmt.Sprintf("%s, %s in %d %s (%d of %d documents checked)",
			plural(errs, "error"), plural(warns, "warning"), files, pluralWord(files, "file"), checked, docs)
		if errs == 0 && warns == 0 {
			summary = fmt.Sprintf("no problems in %d %s (%d of %d documents checked)", files, pluralWord(files, "file"), checked, docs)
		}
		fmt.Fprintln(bw, summary)
		if ch := sumChanges(results); ch != nil {
			fmt.Fprintln(bw, ch.describe())
		}
		return bw.Flush()
	}
}

// shownLine is a source line as the text output shows it under its
// findings, prepared once for all the findings on it: checking and masking
// the line for each finding cost the line's length each time, and many
// findings on one long line cost its length times their number.
type shownLine struct {
	line       int
	ok         bool // the line is shown: not blank, and printable
	start, end int
	shown      string
	at         func(int) int // an offset of the line to one of shown
}

func prepareLine(r fileResult, idx *text.Index, n int) shownLine {
	src := r.file.Text
	sl := shownLine{line: n}
	line := idx.Line(n)
	if strings.TrimSpace(line) == "" || !printable(line) {
		return sl
	}
	sl.ok = true
	sl.start, sl.end = idx.LineStart(n), idx.LineEnd(n)
	// Secret values on the line are masked, and the underline measured on
	// the line as shown.
	sl.shown, sl.at = masked(src, sl.start, sl.end,
		lineSecrets(r.gate, src, sl.start, sl.end, secretSpans(r.file.Secrets, sl.start, sl.end)))
	return sl
}

// secretMask stands for a secret value in a source line: the same three
// characters whatever the value, so that not even its length shows.
const secretMask = "***"

// secretSpans returns the secret spans that touch the line [ls, le),
// clipped to it, in order.
func secretSpans(secrets []document.Span, ls, le int) [][2]int {
	var out [][2]int
	for _, sp := range secrets {
		if sp.End <= ls || sp.Start >= le {
			continue
		}
		out = append(out, [2]int{max(sp.Start, ls), min(sp.End, le)})
	}
	return out
}

// masked returns the line src[ls:le] with each span replaced by
// secretMask, and a function from an offset of the line to the byte
// offset in the shown line where it lands (the start of the mask for an
// offset inside a span).
func masked(src string, ls, le int, spans [][2]int) (string, func(int) int) {
	if len(spans) == 0 {
		return src[ls:le], func(off int) int { return min(max(off, ls), le) - ls }
	}
	var b strings.Builder
	cur := ls
	for _, sp := range spans {
		if sp[0] < cur {
			sp[0] = cur
		}
		if sp[1] <= sp[0] {
			continue
		}
		b.WriteString(src[cur:sp[0]])
		b.WriteString(secretMask)
		cur = sp[1]
	}
	b.WriteString(src[cur:le])
	// The spans as the walk of an offset sees them: each clipped to the
	// end of the one before, with the shift of those before it; the walk
	// stops at the first that clipping empties. An offset finds its span
	// by a binary search, not a walk, for many findings on a line.
	type step struct{ start, end, shift int }
	var steps []step
	shift, prev := 0, ls
	for _, sp := range spans {
		if sp[0] < prev {
			sp[0] = prev
		}
		if sp[1] <= sp[0] {
			break
		}
		steps = append(steps, step{sp[0], sp[1], shift})
		shift += len(secretMask) - (sp[1] - sp[0])
		prev = sp[1]
	}
	return b.String(), func(off int) int {
		off = min(max(off, ls), le)
		k := sort.Search(len(steps), func(i int) bool { return off < steps[i].start }) - 1
		if k < 0 {
			return off - ls
		}
		if sp := steps[k]; off < sp.end {
			return sp.start - ls + sp.shift
		}
		return off - ls + steps[k].shift + len(secretMask) - (steps[k].end - steps[k].start)
	}
}

// underlineColor is the colour of a finding's carets: red for errors, yellow otherwise.
func underlineColor(sev check.Severity) string {
	if sev == check.Error {
		return ansiRed
	}
	return ansiYellow
}

// printable reports whether a source line can be shown as it is: UTF-8
// with no control characters but tabs.
func printable(s string) bool {
	if !utf8.ValidString(s) {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 && c != '\t' || c == 0x7f {
			return false
		}
	}
	return true
}

// maxShownLine is how many bytes of a source line the text output shows.
const maxShownLine = 400

// clipLine keeps very long source lines readable.
func clipLine(s string) string {
	if len(s) > maxShownLine {
		cut := maxShownLine
		for cut > 0 && !utf8.RuneStart(s[cut]) {
			cut-- // never split a character
		}
		return s[:cut] + "..."
	}
	return s
}

func plural(n int, word string) string { return fmt.Sprintf("%d %s", n, pluralWord(n, word)) }

func pluralWord(n int, word string) string {
	if n == 1 {
		return word
	}
	return word + "s"
}
