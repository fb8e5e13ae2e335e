package field

import (
	"slices"
	"strings"
	"testing"

	"github.com/mdscheck/mdscheck/core/document"
)

// TestNotations holds both notations of a path on the keys that need
// brackets or escapes, and on an index beside a key that reads like one.
func TestNotations(t *testing.T) {
	var root *Path
	for _, c := range []struct {
		p            *Path
		str, pointer string
	}{
		{root, "", ""},
		{root.Key("spec"), "spec", "/spec"},
		{root.Key("spec").Key("userConfig").Key("ip_filter").Index(0), "spec.userConfig.ip_filter[0]", "/spec/userConfig/ip_filter/0"},
		// The index 0 and the key "0": String tells them apart.
		{root.Key("metadata").Key("labels").Key("0"), "metadata.labels.0", "/metadata/labels/0"},
		{root.Key("items").Index(0), "items[0]", "/items/0"},
		// A key with a dot reads as one step in brackets; slashes and
		// tildes are escaped in the pointer only.
		{root.Key("metadata").Key("annotations").Key("example.io/a~b"), "metadata.annotations[example.io/a~b]", "/metadata/annotations/example.io~1a~0b"},
		{root.Key("opensearch").Key("cluster.routing.allocation").Key("x"), "opensearch[cluster.routing.allocation].x", "/opensearch/cluster.routing.allocation/x"},
		{root.Key("a/b").Key("~"), "a/b.~", "/a~1b/~0"},
		{root.Key("~1"), "~1", "/~01"},
		// Brackets, blanks and the empty key would read as other steps.
		{root.Key("items").Index(3).Key("spec").Key("with space").Key(""), "items[3].spec[with space][]", "/items/3/spec/with space/"},
		{root.Key("a[0]").Key("]"), "[a[0]][]]", "/a[0]/]"},
		{root.Key(""), "[]", "/"},
		{root.Key("").Key(""), "[][]", "//"},
		{root.Key("a~2").Index(12).Index(0), "a~2[12][0]", "/a~02/12/0"},
		{root.Index(1), "[1]", "/1"},
		{root.Index(1).Key("a"), "[1].a", "/1/a"},
		{root.Index(1234567890), "[1234567890]", "/1234567890"},
		// Any item, where no index is meant: a member of a schema.
		{root.Key("spec").Key("ip_filter").Items().Key("network"), "spec.ip_filter[].network", "/spec/ip_filter/-/network"},
		{root.Items(), "[]", "/-"},
	} {
		if s, ptr := c.p.String(), c.p.Pointer(); s != c.str || ptr != c.pointer {
			t.Errorf("String %q, Pointer %q; want %q, %q", s, ptr, c.str, c.pointer)
		}
	}
}

// TestShared: a path is immutable, so places below one parent share it
// and do not see each other.
func TestShared(t *testing.T) {
	spec := (*Path)(nil).Key("spec")
	a, b := spec.Key("a"), spec.Index(2)
	if a.String() != "spec.a" || b.String() != "spec[2]" || spec.String() != "spec" {
		t.Errorf("%s, %s, %s", a, b, spec)
	}
}

// TestDeep writes a path far deeper than a document is allowed to be.
func TestDeep(t *testing.T) {
	var p *Path
	for range 10000 {
		p = p.Key("a")
	}
	if s := p.String(); len(s) != 2*10000-1 || !strings.HasPrefix(s, "a.a.") {
		t.Errorf("String of a deep path: %d bytes", len(s))
	}
	if ptr := p.Pointer(); ptr != strings.Repeat("/a", 10000) {
		t.Errorf("Pointer of a deep path: %d bytes", len(ptr))
	}
}

// TestAllocations: extending a path that does not outlive the call costs
// no allocation, and each notation one, its string's.
func TestAllocations(t *testing.T) {
	p := (*Path)(nil).Key("metadata").Key("annotations").Key("example.io/a~b").Index(3)
	if n := testing.AllocsPerRun(100, func() { _ = p.String() }); n != 1 {
		t.Errorf("String: %v allocations, want 1", n)
	}
	if n := testing.AllocsPerRun(100, func() { _ = p.Pointer() }); n != 1 {
		t.Errorf("Pointer: %v allocations, want 1", n)
	}
	n := testing.AllocsPerRun(100, func() {
		if q := p.Key("x").Index(1).Items(); q.up.up.up != p {
			t.Fatal("not a step of p")
		}
	})
	if n != 0 {
		t.Errorf("extending a path: %v allocations, want 0", n)
	}
}

func TestNegativeIndex(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("Index(-1) did not panic")
		}
	}()
	(*Path)(nil).Index(-1)
}

// BenchmarkWalk extends a path at every member of a tree 5 levels deep,
// each level 4 keys and 4 indexes, as the check does, and writes both
// notations at one leaf in 64, as a finding there would.
func BenchmarkWalk(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		walk(nil, 5, 0)
	}
}

var names = []string{"spec", "userConfig", "opensearch", "cluster.routing"}

func walk(p *Path, depth, leaf int) int {
	if depth == 0 {
		if leaf%64 == 0 {
			return len(p.String()) + len(p.Pointer())
		}
		return 0
	}
	n := 0
	for i, name := range names {
		n += walk(p.Key(name), depth-1, leaf*8+i)
		n += walk(p.Index(i), depth-1, leaf*8+4+i)
	}
	return n
}

// TestOwn: the schema's names and the signs between steps are mdscheck's
// words in both notations; a key the user wrote is not, escaped or not.
func TestOwn(t *testing.T) {
	var root *Path
	p := root.Member("spec").Member("userConfig").Key("plan/x").Index(3).Member("plan")
	for _, c := range []struct {
		pointer bool
		want    string
	}{
		{false, "{spec.userConfig.}plan/x{[3].plan}"},
		{true, "{/spec/userConfig/}plan~1x{/3/plan}"},
	} {
		s, own := p.Own(c.pointer)
		if s != p.text(c.pointer) {
			t.Errorf("Own(%v) writes %s, not %s", c.pointer, s, p.text(c.pointer))
		}
		var b strings.Builder
		last := 0
		for _, o := range own {
			b.WriteString(s[last:o.Start] + "{" + s[o.Start:o.End] + "}")
			last = o.End
		}
		b.WriteString(s[last:])
		if b.String() != c.want {
			t.Errorf("Own(%v) of %s = %s, want %s", c.pointer, s, b.String(), c.want)
		}
	}
	want := []document.Span{{Start: 6, End: 7}}
	if _, got := root.Key("labels").Key("a.b").Own(false); !slices.Equal(got, want) {
		t.Errorf("Own of labels[a.b] = %v, want its opening bracket only, %v", got, want)
	}
}
