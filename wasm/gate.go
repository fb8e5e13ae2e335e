package main

import (
	"strings"

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
func fileGate(files ...*report.File) *secret.Gate {
	g := &secret.Gate{}
	for _, f := range files {
		f.Feed(g)
	}
	for _, r := range check.Rules {
		g.Safe(r.Code)
	}
	return g
}

// documentGate returns the gate of the document of src at pos: what a
// hover or a completion there speaks of.
func documentGate(src string, pos text.Position) *secret.Gate {
	// Documents start at the start of a line: the line's start tells the
	// document, without an index of a text that may be huge.
	at := 0
	for line := 0; line < pos.Line; line++ {
		i := strings.IndexByte(src[at:], '\n')
		if i < 0 {
			break
		}
		at += i + 1
	}
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
