package document

import (
	"fmt"
	"strings"
	"testing"
)

func dump(src string, n *Node, ind string, b *strings.Builder) {
	if n == nil {
		fmt.Fprintf(b, "%s<nil>\n", ind)
		return
	}
	switch n.Kind {
	case Mapping:
		fmt.Fprintf(b, "%smap [%d,%d)\n", ind, n.Start, n.End)
		for _, p := range n.Pairs {
			fmt.Fprintf(b, "%s  key %q %q\n", ind, p.Key.Text, src[p.Key.Start:p.Key.End])
			dump(src, p.Value, ind+"    ", b)
		}
	case Sequence:
		fmt.Fprintf(b, "%sseq [%d,%d)\n", ind, n.Start, n.End)
		for _, it := range n.Items {
			dump(src, it, ind+"  ", b)
		}
	default:
		fmt.Fprintf(b, "%s%s %q src=%q tag=%s y12=%q\n", ind, n.Type, n.Text, src[n.Start:n.End], n.Tag, n.YAML12)
	}
}

func TestDebugDump(t *testing.T) {
	src := "a: 1 # c\nb:   \n  c: \"x y\"   \n  d: |\n    l1\n    l2\n  # cm\n  e: [1, 2, {f: g}]\n  h: !!str 2\n  i: 1e3\n  j: yes\n  k: &x {p: 1}\n  l: *x\n  m:\n    <<: *x\n    q: 2\n  n:\n  o: 'it''s'\n---\n---\nz: 9223372036854775808\n"
	s := ParseStream(src, DefaultLimits)
	var b strings.Builder
	for _, d := range s.Docs {
		fmt.Fprintf(&b, "doc %d [%d,%d) err=%v dups=%d\n", d.Index, d.Start, d.End, d.Err, len(d.Duplicates))
		dump(src, d.Root, "  ", &b)
	}
	t.Log("\n" + b.String())
}
