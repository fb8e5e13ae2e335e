package secret

import "github.com/mdscheck/mdscheck/core/document"

// CleanOwn is Clean of *s, a text mdscheck wrote in part: *own are the
// spans of it, in order and apart, that hold mdscheck's own words where
// it put them (the fixed words of a message, the values an enum allows, a
// member's name in a path). A secret's form found wholly inside them is
// mdscheck's vocabulary, printed whatever the input, and stays: masking it
// would show nothing of the secret and hide what the message says (worse,
// "monday, tuesday, (secret), thursday" names the secret). Every other
// place is masked: the user's text a message quotes, and a form that runs
// from it into mdscheck's words. The same word the user wrote stays a
// secret where the user's text is quoted, which is why the gate is told
// where mdscheck's words are rather than which words they are.
//
// It sets *s to the cleaned text and *own to the spans of mdscheck's words
// in it, which the masks are not among: a gate that cleans the text again
// (a front end's, which knows the secrets of more files) masks what it
// knows there too. It reports whether a form stays in mdscheck's words:
// the text to Keep.
func (g *Gate) CleanOwn(s *string, own *[]document.Span) (kept bool) {
	t, spans := *s, *own
	var masks []document.Span
	g.Find(t, func(start, end int) {
		// Inside spans that follow one another, the form is mdscheck's.
		at := start
		for _, o := range spans {
			if o.Start <= at && at < o.End {
				at = o.End
			}
		}
		if at < end {
			masks = append(masks, document.Span{Start: start, End: end})
		} else {
			kept = true
		}
	})
	if masks == nil {
		return kept
	}
	b := make([]byte, 0, len(t)+len(masks)*len(Masked))
	var ours []document.Span
	last := 0
	for i := 0; i <= len(masks); i++ {
		to := len(t)
		if i < len(masks) {
			to = masks[i].Start
		}
		ours = Clip(ours, spans, last, to, len(b))
		b = append(b, t[last:to]...)
		if i < len(masks) {
			b = append(b, Masked...)
			last = masks[i].End
		}
	}
	*s, *own = string(b), ours
	return kept
}

// Clip appends to dst the parts of spans, spans of a text in order, that
// lie in its bytes [from, to), moved as if from were at: the spans of
// that piece of the text where another text takes it in at at.
func Clip(dst, spans []document.Span, from, to, at int) []document.Span {
	for _, o := range spans {
		if start, end := max(o.Start, from), min(o.End, to); start < end {
			dst = append(dst, document.Span{Start: at + start - from, End: at + end - from})
		}
	}
	return dst
}

// Keep registers a text that a front end has cleaned with CleanOwn, and
// that holds a form in mdscheck's words (CleanOwn's answer), with own,
// its spans of those words: where the text is the whole of a
// JSON string, JSON cleans it as CleanOwn does, and so leaves those words
// whole while it masks, in the rest, the secrets this gate knows and the
// first did not (another open document's). The text is the one mdscheck
// wrote in that output: one the user wrote that equals it would show
// nothing the output does not show already.
//
// Any other text g's JSON leaves as it is anyway, and a run of many
// findings would keep them all. (The language server keeps a document's
// texts with the document's gate: where mdscheck's words hold a secret
// of another open document only, they are masked, which hides a word and
// shows none.)
func (g *Gate) Keep(text string, own []document.Span) {
	if len(own) > 0 {
		g.keep(text, own)
	}
}

// keep registers text as safe (own nil) or kept with own; a text Safe
// declares stays safe whole.
func (g *Gate) keep(text string, own []document.Span) {
	if g.safe == nil {
		g.safe = map[string][]document.Span{}
	}
	if was, ok := g.safe[text]; !ok || was != nil {
		g.safe[text] = own
	}
}
