package main

import (
	"cmp"
	"path/filepath"
	"slices"
	"strings"

	"github.com/mdscheck/mdscheck/core/check"
	"github.com/mdscheck/mdscheck/core/document"
	"github.com/mdscheck/mdscheck/core/report"
	"github.com/mdscheck/mdscheck/core/secret"
	"github.com/mdscheck/mdscheck/internal/helm"
)

// runGate returns the gate of a run: every secret of every file checked,
// of a build and of the previous version's files (previous), so that a secret of one file
// written again in another (a name, a label, a message about a deleted
// resource) is masked there too. It takes those secrets out of every
// result at once; the writers pass what they show of the source, and the
// JSON they write, through it again.
//
// The paths of the files, which the user named, and the words of
// mdscheck's own vocabulary are safe: they stay whole where they are the
// whole of a JSON string, even when a secret's text is one of them.
//
// A run of one file uses the gate the file's check made (report.File.Gate):
// building it again from the file's secrets cost as much as the check of a
// file of many secrets. A run of more merges the files' gates.
func runGate(results []fileResult, previous []report.File) *secret.Gate {
	var g *secret.Gate
	if len(results) == 1 && len(previous) == 0 {
		g = results[0].file.Gate()
	} else {
		g = &secret.Gate{}
		for i := range results {
			results[i].file.Feed(g)
		}
		for i := range previous {
			previous[i].Feed(g)
		}
	}
	for i := range results {
		results[i].file.Clean(g)
		// A secret of another file written here again, in any spelling
		// (escaped, over lines), is masked where the file is shown.
		results[i].file.MaskAlso(g)
		results[i].gate = g
		p := results[i].path
		for _, safe := range []string{p, filepath.ToSlash(p), sarifURI(strings.TrimPrefix(filepath.ToSlash(p), "./")), sarifURI(filepath.ToSlash(treePath(p)))} {
			g.Safe(safe)
		}
	}
	check.KeepRules(g)
	for _, s := range []string{"error", "warning", "note", "info", "none", sarifSchema, sarifVersion, sarifToolName, sarifToolSource, version} {
		g.Safe(s)
	}
	return g
}

// lineSecrets adds to spans, the secret spans of the line [ls, le) of src
// in order, every place of the line where the gate finds a secret's form.
func lineSecrets(g *secret.Gate, src string, ls, le int, spans [][2]int) [][2]int {
	if g.Empty() {
		return spans
	}
	g.Find(src[ls:le], func(s, e int) { spans = append(spans, [2]int{ls + s, ls + e}) })
	// Few spans on a line: an insertion sort by start, then merged.
	for i := 1; i < len(spans); i++ {
		for j := i; j > 0 && spans[j][0] < spans[j-1][0]; j-- {
			spans[j], spans[j-1] = spans[j-1], spans[j]
		}
	}
	out := spans[:0]
	for _, sp := range spans {
		if k := len(out) - 1; k >= 0 && sp[0] <= out[k][1] {
			out[k][1] = max(out[k][1], sp[1])
			continue
		}
		out = append(out, sp)
	}
	return out
}

// templateSecrets adds to f, the result of a Helm chart's template,
// what the masking of its actions hid beyond them (helm.Hidden): a check
// of the masked text cannot tell whether it is a secret, so it is one, in
// the lines shown and for the run's gate.
func templateSecrets(f *report.File, masked string) {
	hidden := helm.Hidden(f.Text, masked)
	if len(hidden) == 0 {
		return
	}
	for _, sp := range hidden {
		f.AddRaw(sp)
	}
	slices.SortFunc(f.Secrets, func(a, b document.Span) int { return cmp.Compare(a.Start, b.Start) })
}
