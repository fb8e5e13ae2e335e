package document

import "strconv"

// ReadScalar reads text as the value of a one-line mapping entry and
// returns the scalar YAML makes of it, or nil when text is no scalar there.
func ReadScalar(text string) *Node {
	s := ParseStream("v: "+text, DefaultLimits)
	if len(s.Docs) != 1 || s.Docs[0].Root == nil {
		return nil
	}
	v := s.Docs[0].Root.Get("v")
	if v == nil || v.Kind != Scalar {
		return nil
	}
	return v
}

// Quote writes s as a YAML value that reads back as the string s: as it is
// where YAML would read it so, double-quoted where it would read a number,
// a boolean, null or something else ("2", "yes", "a: b").
func Quote(s string) string {
	if v := ReadScalar(s); v != nil && v.Type == String && v.Text == s {
		return s
	}
	return strconv.Quote(s)
}
