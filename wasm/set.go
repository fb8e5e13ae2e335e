package main

import (
	"strconv"

	"github.com/mdscheck/mdscheck/core/check"
	"github.com/mdscheck/mdscheck/core/cross"
	"github.com/mdscheck/mdscheck/core/report"
	"github.com/mdscheck/mdscheck/core/secret"
	"github.com/mdscheck/mdscheck/core/text"
)

// validateSetJSON is the result of validate_set: {"files": [...]}, one
// entry per text of the set, in its order, each the result validate gives
// for the text alone plus its name and what crosses the set (the rules of
// core/cross: secret-conflict, secret-key, secret-prefix), as
// mdscheck validate finds them across the files of a run.
//
// The set shares one call's budget: each text is checked within what the
// texts before it left, and a text the budget leaves nothing for is not
// checked (its limit finding says so). The checks across the set need
// every text whole: a Secret written in a document left out would make a
// read of it look unanswered. So when a text is cut short, nothing is
// checked across the set, and each cut text's limit finding says so.
//
// Every answer passes the gate of the whole set: a secret of one text is
// masked in every other text's answer too, and its secret spans cover
// where it writes a secret of another text.
func validateSetJSON(src string, enc text.Encoding) ([]byte, error) {
	set, rest, err := parseSet(src)
	if err != nil {
		return nil, err
	}
	checker.Facts = true // the facts come from the tree each check reads anyway
	defer func() { checker.Facts = false }()
	files := make([]report.File, len(set))
	facts := make([]*cross.Facts, len(set))
	whole := rest.texts == 0
	left := setBudget
	// The gate of the set learns each text's secrets as soon as it is
	// checked, and the text's own gate goes (report.File.Pass): kept
	// for every text until the end, they outgrew the module's memory
	// limit in a set of 30,000 small Secrets.
	g := &secret.Gate{}
	for i, t := range set {
		var ok bool
		files[i], facts[i], ok = checkWithin(t.text, &left)
		files[i].Pass(g)
		whole = whole && ok
	}
	if rest.texts > 0 {
		// The first text left out stands for them all, as the first
		// document left out does in a stream: its limit finding says
		// which limit and what was checked.
		set = append(set, rest.first)
		gone, _, _ := checkWithin(rest.first.text, &report.Budget{Message: textsMessage(rest.texts)})
		gone.Pass(g)
		files = append(files, gone)
	}
	if whole {
		var across cross.Set
		for i, t := range set {
			across.Put(t.name, facts[i])
		}
		for i, t := range set {
			if found := across.Findings(t.name); len(found) > 0 {
				files[i].Diagnostics = append(files[i].Diagnostics, found...)
				check.Sort(files[i].Diagnostics)
			}
		}
	}
	keepRuleCodes(g)
	if !whole {
		for i := range files {
			files[i].HideQuoted()
		}
	}
	for i, t := range set {
		files[i].Clean(g)
		files[i].MaskAlso(g)
		g.Safe(t.name) // the host's own names stay whole, as the CLI's paths do
	}
	w := jsonWriter{b: []byte(`{"files":[`)}
	var one jsonWriter
	for i, t := range set {
		if i > 0 {
			w.raw(",")
		}
		w.raw(`{"name":`)
		w.str(t.name)
		one.b = one.b[:0]
		one.file(files[i], enc)
		w.raw(",")
		w.b = append(w.b, one.b[1:]...) // the fields of validate's object
	}
	w.raw("]}")
	return g.JSON(w.b), nil
}

// setBudget is the budget of one validate_set call, shared by its texts;
// its message also says that the set was not checked across.
var setBudget = report.Budget{Bytes: maxBytes, Documents: maxDocuments, Findings: maxFindings,
	Message: budget.Message + "; nothing was checked across the texts of the set"}

// maxTexts is the most texts of a set one validate_set call checks. Each
// text has its entry in the result, even an empty one, whose document
// counts for no budget: without it a set of millions of empty texts
// would be millions of results.
const maxTexts = maxDocuments

// textsMessage is the limit finding of the first text past maxTexts, of n
// texts left out in all.
func textsMessage(n int) string {
	others := "this text"
	if n > 1 {
		others += " and the " + strconv.Itoa(n-1) + " after it"
	}
	return "one call checks at most " + strconv.Itoa(maxTexts) + " texts of a set; the first " + strconv.Itoa(maxTexts) +
		" were checked, " + others + " not, and nothing was checked across the texts of the set"
}

// checkWithin checks src within what is left of a set's budget, takes
// what it spent from left, and reports whether src was checked whole.
func checkWithin(src string, left *report.Budget) (report.File, *cross.Facts, bool) {
	if left.Bytes <= 0 || left.Documents <= 0 || left.Findings <= 0 {
		// Nothing left, not even the first document, which a stream
		// always checks: the limit finding alone, on the first line.
		end := text.LineEnd(src, 0)
		return report.File{Text: src[:end], Documents: []report.Document{}, Diagnostics: []check.Diagnostic{{
			Document: -1, End: end, Severity: check.Error, Rule: "limit", Message: left.Message}}}, nil, false
	}
	s := report.NewStream(src, report.Options{Check: check.DefaultOptions, Budget: *left})
	for i := range s.Len() {
		if !s.Check(&checker, i) {
			break
		}
		finishCollection()
	}
	f := s.File()
	if !s.Complete() {
		left.Bytes, left.Documents, left.Findings = 0, 0, 0
		return f, s.Facts(), false
	}
	left.Bytes -= len(src)
	left.Documents -= len(f.Documents)
	left.Findings -= len(f.Diagnostics)
	return f, s.Facts(), true
}
