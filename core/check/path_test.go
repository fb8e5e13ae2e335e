package check

import "testing"

// TestPathNotations holds the one-string path to the two notations a
// finding shows, on the names that need escaping or brackets and on an
// index beside a key that reads like one.
func TestPathNotations(t *testing.T) {
	for _, c := range []struct {
		p              path
		human, pointer string
	}{
		{path{}, "", ""},
		{path{}.key("spec").key("userConfig").key("ip_filter").index(0), "spec.userConfig.ip_filter[0]", "/spec/userConfig/ip_filter/0"},
		{path{}.key("metadata").key("labels").key("0"), "metadata.labels.0", "/metadata/labels/0"},
		{path{}.key("metadata").key("annotations").key("example.io/a~b"), "metadata.annotations[example.io/a~b]", "/metadata/annotations/example.io~1a~0b"},
		{path{}.key("items").index(3).key("spec").key("with space").key(""), "items[3].spec[with space][]", "/items/3/spec/with space/"},
		{path{}.key("a~2").index(12).index(0), "a~2[12][0]", "/a~02/12/0"},
		{path{}.index(1), "[1]", "/1"},
	} {
		if h, ptr := c.p.human(), c.p.pointer(); h != c.human || ptr != c.pointer {
			t.Errorf("%q: human %q, pointer %q; want %q, %q", c.p.at, h, ptr, c.human, c.pointer)
		}
	}
}
