package main

import (
	"github.com/mdscheck/mdscheck/core/check"
	"github.com/mdscheck/mdscheck/core/document"
	"github.com/mdscheck/mdscheck/core/report"
	"github.com/mdscheck/mdscheck/core/secret"
	"github.com/mdscheck/mdscheck/core/text"
)

// Every result the module returns passes a gate of the secrets of the
// texts it was given (secret.Gate): the last place where a secret that the
// core's own masking missed is taken out, whatever wrote it.

// fileGate returns the gate of the results of a call: what files hold.
// Of one file, it is the gate its check made (report.File.Gate), which
// knows every form of its secrets already; of more, their gates merged:
// neither reads a secret's text again, which in a text of many secrets
// cost more than its check.
func fileGate(files ...*report.File) *secret.Gate {
	if len(files) == 1 {
		g := files[0].Gate()
		keepRuleCodes(g)
		return g
	}
	g := &secret.Gate{}
	for _, f := range files {
		f.Feed(g)
	}
	keepRuleCodes(g)
	return g
}

// keepRuleCodes declares the rule codes safe in g, which they are in every
// result, unless g knows no secret: then it masks nothing, and a map of
// them made for every call would only be garbage.
func keepRuleCodes(g *secret.Gate) {
	if !g.Empty() {
		check.KeepRules(g)
	}
}

// textGate returns the gate of the secrets of every document of src (as
// one call checks it): what a hover or a completion may quote is a value
// of one document, which may be a secret of another. A host calls
// validate on a text before it asks about it, so the gate of the text
// validate saw last is kept and used again.
func textGate(src string) *secret.Gate {
	if last.g != nil && last.src == src {
		return last.g
	}
	c := checkText(src)
	if !c.Complete() {
		return nil // the documents past the budget are not known
	}
	g := &secret.Gate{}
	c.Feed(g)
	keepRuleCodes(g)
	remember(src, g)
	return g
}

// askGate returns the gate of what a hover or a completion at pos in src
// may say: textGate's, or where a call checks only part of src, the gate
// of the document at pos.
func askGate(src string, pos text.Position) *secret.Gate {
	if g := textGate(src); g != nil {
		return g
	}
	return documentGate(src, pos)
}

// last is the gate of the text of the last call that made one.
var last struct {
	src string
	g   *secret.Gate
}

// remember keeps g as the gate of src for the calls that follow.
func remember(src string, g *secret.Gate) {
	last.src, last.g = src, g
}

// documentGate returns the gate of the document of src at pos: what a
// hover or a completion there speaks of.
func documentGate(src string, pos text.Position) *secret.Gate {
	// Documents start at the start of a line: the line's start tells the
	// document, without an index of a text that may be huge.
	at, _ := text.SeekLine(src, pos.Line)
	g := &secret.Gate{}
	for _, sp := range document.SplitN(src, maxDocuments) {
		if at < sp.Start || at > sp.End {
			continue
		}
		r := checker.Check(src, sp, 0, check.DefaultOptions)
		r.Info.Feed(g)
		break
	}
	return g
}
