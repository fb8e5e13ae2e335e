package secret

import "github.com/mdscheck/mdscheck/core/document"

// CleanOwn is Clean of a text mdscheck wrote in part: own are the spans
// of s, in order and apart, that hold mdscheck's own words where it put
// them (the fixed words of a message, the values an enum allows, a
// member's name in a path). A secret's form found wholly inside one of
// them is mdscheck's vocabulary, printed whatever the input, and stays:
// masking it would show nothing of the secret and hide what the message
// says (worse, "monday, tuesday, (secret), thursday" would name the
// secret). Every other place is masked: the user's text a message quotes,
// and a form that runs from it into mdscheck's words. The same word the
// user wrote stays a secret where the user's text is quoted, which is
// why the gate is told where mdscheck's words are rather than which
// words they are.
//
// It returns the cleaned text and own's spans in it; the masks are not
// among them, so that a gate that cleans the text again (a front end's,
// which knows the secrets of more files) masks what it knows there too.
func (g *Gate) CleanOwn(s string, own []document.Span) (string, []document.Span) {
	if len(own) == 0 {
		return g.Clean(s), nil
	}
	if g.Empty() || len(s) < Shortest {
		return s, own
	}
	var masks []document.Span
	k := 0 // the first own span that does not end before the place found
	g.Find(s, func(start, end int) {
		for k < len(own) && own[k].End <= start {
			k++
		}
		if k < len(own) && own[k].Start <= start && end <= own[k].End {
			return // mdscheck's words, where it put them
		}
		masks = append(masks, document.Span{Start: start, End: end})
	})
	if len(masks) == 0 {
		return s, own
	}
	return masked(s, masks), shifted(own, masks)
}

// masked returns s with the spans masks (in order and apart) replaced by
// Masked.
func masked(s string, masks []document.Span) string {
	b := make([]byte, 0, len(s)+len(masks)*len(Masked))
	last := 0
	for _, m := range masks {
		b = append(b, s[last:m.Start]...)
		b = append(b, Masked...)
		last = m.End
	}
	return string(append(b, s[last:]...))
}

// shifted returns the spans own of a text as they are once masks are
// replaced by Masked: without what the masks cover, moved by what the
// masks before them changed in length.
func shifted(own, masks []document.Span) []document.Span {
	out := make([]document.Span, 0, len(own)+len(masks))
	// at maps an offset of the text outside every mask to the cleaned
	// text's; m is the first mask that does not end before it.
	m, delta := 0, 0
	at := func(off int) int {
		for m < len(masks) && masks[m].End <= off {
			delta += len(Masked) - (masks[m].End - masks[m].Start)
			m++
		}
		return off + delta
	}
	for _, o := range own {
		start := o.Start
		for start < o.End {
			end := o.End
			// A mask that starts inside the piece ends it; one that
			// covers its start moves it past the mask.
			for _, mk := range masks[m:] {
				if mk.Start >= end {
					break
				}
				if mk.End <= start {
					continue
				}
				if mk.Start <= start {
					start = mk.End
					continue
				}
				end = mk.Start
				break
			}
			if start >= end {
				break
			}
			out = append(out, document.Span{Start: at(start), End: at(start) + end - start})
			start = end
		}
	}
	return out
}

// Keep registers a text that a front end has cleaned with CleanOwn, with
// own, its spans of mdscheck's words: where the text is the whole of a
// JSON string, JSON cleans it as CleanOwn does, and so leaves those words
// whole while it masks, in the rest, the secrets this gate knows and the
// first did not (another open document's). A text equal to it written by
// the user elsewhere in the same output would be cleaned alike; it is
// cleaned by its own gate first, where it comes from.
func (g *Gate) Keep(text string, own []document.Span) {
	if len(own) == 0 {
		return
	}
	if g.kept == nil {
		g.kept = map[string][]document.Span{}
	}
	g.kept[text] = own
}
