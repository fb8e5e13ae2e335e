package cross

// Append adds doc, the facts of one document read alone (from its own
// text, as document 0 at offset 0), to f as document index of a stream,
// where the document starts at offset. A front end that reads again only
// the documents an edit changed (the language server) keeps the facts of
// each document's text and appends them in the stream's order: the
// result is what Add finds reading the stream's documents in place.
func (f *Facts) Append(doc *Facts, offset, index int) {
	move := func(p Place) Place {
		// A zero span is where no node was: it stays one.
		if p.Span != (Span{}) {
			p.Start += offset
			p.End += offset
		}
		p.Document = index
		return p
	}
	for _, w := range doc.Writers {
		w.At, w.NameAt, w.AuthAt = move(w.At), move(w.NameAt), move(w.AuthAt)
		f.Writers = append(f.Writers, w)
	}
	for _, m := range doc.Secrets {
		m.At = move(m.At)
		f.Secrets = append(f.Secrets, m)
	}
	for _, r := range doc.Reads {
		r.At, r.NameAt = move(r.At), move(r.NameAt)
		f.Reads = append(f.Reads, r)
	}
	for _, e := range doc.EnvFroms {
		e.At, e.NameAt = move(e.At), move(e.NameAt)
		// Containers are numbered through the stream.
		e.Container += f.containers
		f.EnvFroms = append(f.EnvFroms, e)
	}
	f.containers += doc.containers
	f.Templated += doc.Templated
}
