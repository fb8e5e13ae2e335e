package document

import textpkg "github.com/mdscheck/mdscheck/core/text"

// Stream is a parsed YAML stream.
type Stream struct {
	Src  string
	Docs []*Document
}

// ParseStream splits src into documents and reads each. A stream over
// lim.StreamBytes yields one document that carries the limit error; past
// lim.Documents documents, the last document carries one for the rest.
func ParseStream(src string, lim Limits) *Stream {
	s := &Stream{Src: src}
	if len(src) > lim.StreamBytes {
		s.Docs = []*Document{{Index: 0, End: len(src), Err: &Error{Start: 0, End: textpkg.LineEnd(src, 0), Limit: "stream size",
			Message: "input is over the limit of " + itoa(lim.StreamBytes) + " bytes; it was not checked"}}}
		return s
	}
	for i, sp := range split(src, -1, lim.Documents) {
		s.Docs = append(s.Docs, Parse(src, sp, i, lim))
	}
	return s
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var b [20]byte
	i := len(b)
	for n > 0 {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
	}
	return string(b[i:])
}
