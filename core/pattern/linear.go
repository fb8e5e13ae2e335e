package pattern

import "errors"

// Matching backtracks, which is fast only when there is little to undo.
// linear refuses the expressions that could make it slow, so that no
// pattern, today's or a future one, can turn a long value into a denial
// of service:
//
//   - a quantifier applies to one character or class, never to a group:
//     (a+)+ or (a|aa)* take time exponential in the input;
//   - two repetitions of variable length in one sequence must not be able
//     to take the same character unless a required character that the
//     first cannot take stands between them: a*a*a* takes polynomial time
//     of a degree that grows with the pattern;
//   - every alternative starts with ^: an unanchored pattern is tried at
//     every start, quadratic in the input.
//
// What is left backtracks at most once per character and alternative.
func linear(root *node) error {
	alts := []node{*root}
	if root.kind == kAlt {
		alts = root.sub
	}
	for i := range alts {
		if first := firstItem(&alts[i]); first == nil || first.kind != kStart {
			return errors.New("every alternative must start with ^, so that matching is linear")
		}
	}
	return walkLinear(root)
}

// firstItem is the first node a match of n meets.
func firstItem(n *node) *node {
	for n.kind == kSeq {
		if len(n.sub) == 0 {
			return nil
		}
		n = &n.sub[0]
	}
	return n
}

var (
	errNestedRepeat = errors.New("a quantifier may repeat only one character or class: repeating a group can take exponential time")
	errAmbiguous    = errors.New("two repetitions can take the same characters with nothing required between them, which can take polynomial time")
)

func walkLinear(n *node) error {
	switch n.kind {
	case kRep:
		if s := n.sub[0].kind; s != kLit && s != kClass {
			return errNestedRepeat
		}
	case kAlt:
		for i := range n.sub {
			if err := walkLinear(&n.sub[i]); err != nil {
				return err
			}
		}
	case kSeq:
		for i := range n.sub {
			if err := walkLinear(&n.sub[i]); err != nil {
				return err
			}
			if variable(&n.sub[i]) {
				if err := unambiguousAfter(n.sub[i].sub[0], n.sub[i+1:]); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// variable reports whether n is a repetition of variable length.
func variable(n *node) bool { return n.kind == kRep && n.min != n.max }

// unambiguousAfter checks the items after a variable repetition of c, up
// to the first required item that c cannot take.
func unambiguousAfter(c node, rest []node) error {
	for i := range rest {
		it := &rest[i]
		switch it.kind {
		case kStart, kEnd:
			return nil
		case kLit, kClass:
			if !overlap(c, *it) {
				return nil // required, and not c's: c stops before it
			}
		case kRep:
			if overlap(c, it.sub[0]) {
				if variable(it) {
					return errAmbiguous
				}
			} else if it.min > 0 {
				return nil
			}
		default:
			// A group: refuse when it may hold c's characters at all.
			if groupOverlaps(c, it) {
				return errAmbiguous
			}
			return nil
		}
	}
	return nil
}

func groupOverlaps(c node, n *node) bool {
	switch n.kind {
	case kLit, kClass:
		return overlap(c, *n)
	case kRep:
		return overlap(c, n.sub[0])
	}
	for i := range n.sub {
		if groupOverlaps(c, &n.sub[i]) {
			return true
		}
	}
	return false
}

// overlap reports whether a character matches both a and b (a literal or
// a class); a negated class overlaps unless it excludes the other whole.
func overlap(a, b node) bool {
	ra, rb := charRanges(a), charRanges(b)
	switch {
	case a.negate && b.negate:
		return true
	case a.negate:
		return !covers(ra, rb)
	case b.negate:
		return !covers(rb, ra)
	}
	for i := 0; i+1 < len(ra); i += 2 {
		for j := 0; j+1 < len(rb); j += 2 {
			if ra[i] <= rb[j+1] && rb[j] <= ra[i+1] {
				return true
			}
		}
	}
	return false
}

// covers reports whether every range of inner lies in a range of outer.
func covers(outer, inner []rune) bool {
	for j := 0; j+1 < len(inner); j += 2 {
		in := false
		for i := 0; i+1 < len(outer); i += 2 {
			if outer[i] <= inner[j] && inner[j+1] <= outer[i+1] {
				in = true
			}
		}
		if !in {
			return false
		}
	}
	return true
}

func charRanges(n node) []rune {
	if n.kind == kLit {
		return []rune{n.r, n.r}
	}
	return n.ranges
}
