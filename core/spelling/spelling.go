// Package spelling tells how close a typed name is to a known one, for
// "did you mean" and for the names of secret members typed otherwise.
package spelling

import "math/bits"

// Closeness says how far typed is from name, for "did you mean": 0 when
// they differ only in case or in the separators people mix up (_ - .),
// else the edit distance ignoring case. ok is false when that is too far
// for a typo: more than a third of the length typed, and never more than
// 4. validate's unknown fields and explain's arguments both use it, so
// that they suggest alike.
//
// A broken document asks it for every key against every name it knows,
// so a pair too far apart costs a few steps, not a distance: the letters
// of one missing from the other, then the distance only as far as the
// limit (Within).
func Closeness(typed, name string) (dist int, ok bool) {
	if sameName(typed, name) {
		return 0, true
	}
	limit := min(max(len(typed)/3, 1), 4)
	if d, ok := Within(typed, name, limit); ok {
		return d, true
	}
	return limit + 1, false
}

// sameName reports whether a and b are the same name but for case and the
// separators people mix up (_ - .), so that some_member_name finds
// someMemberName. It compares in place: it runs for every unknown key
// against every member.
func sameName(a, b string) bool {
	i, j := 0, 0
	for {
		for i < len(a) && isSeparator(a[i]) {
			i++
		}
		for j < len(b) && isSeparator(b[j]) {
			j++
		}
		if i == len(a) || j == len(b) {
			return i == len(a) && j == len(b)
		}
		if lower(a[i]) != lower(b[j]) {
			return false
		}
		i++
		j++
	}
}

func isSeparator(c byte) bool { return c == '_' || c == '-' || c == '.' }

func lower(c byte) byte {
	if c >= 'A' && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// maxLen is the length of the longest names compared: longer ones are
// never close, and the rows of a distance fit on the stack.
const maxLen = 64

// Distance is the Damerau-Levenshtein (optimal string alignment) distance,
// ignoring ASCII case, so that a swap of two letters counts as one edit;
// long names are never close.
func Distance(a, b string) int {
	if d, ok := Within(a, b, maxLen); ok {
		return d
	}
	return 1 << 30
}

// Within returns Distance(a, b) and true when it is at most limit, and
// false otherwise. It costs what the limit allows, not the product of the
// lengths: names whose lengths differ by more than limit, or one of which
// has more than limit letters the other lacks, are not compared at all;
// the others only near the diagonal, up to the first rows that are all
// over the limit. Callers that look for the nearest name pass the best
// distance found so far less one.
func Within(a, b string, limit int) (int, bool) {
	if len(a) > maxLen || len(b) > maxLen || limit < 0 {
		return 0, false
	}
	if d := len(a) - len(b); d > limit || -d > limit {
		return 0, false // each insertion or deletion changes the length by one
	}
	if missing(a, b) > limit || missing(b, a) > limit {
		return 0, false
	}
	return within(a, b, limit)
}

// missing counts the kinds of letter of a (ignoring case) that b lacks, at
// most: letters that share a bit count once. Each edit brings at most one
// kind into a, so the distance is at least that count; two bitmasks and a
// popcount tell most pairs of unrelated names apart at once.
func missing(a, b string) int {
	return bits.OnesCount64(letters(a) &^ letters(b))
}

// letters is the set of a's letters, one bit for each of a-z and 0-9 and
// the rest sharing the others.
func letters(s string) uint64 {
	var m uint64
	for i := 0; i < len(s); i++ {
		m |= 1 << bit(lower(s[i]))
	}
	return m
}

func bit(c byte) uint {
	switch {
	case c >= 'a' && c <= 'z':
		return uint(c - 'a')
	case c >= '0' && c <= '9':
		return 26 + uint(c-'0')
	}
	return 36 + uint(c)%28
}

// within is the distance of optimal string alignment, computed only in
// the band of cells within limit of the diagonal (a cell outside it is
// over the limit: it takes that many insertions or deletions), and
// stopped once two rows in a row are all over the limit: no later cell can
// come back under it, a cell being at least one of its three neighbours
// of the row above, or the cell two rows up plus one.
func within(a, b string, limit int) (int, bool) {
	over := limit + 1
	var rows [3][maxLen + 2]int // on the stack: no allocation per pair
	prev2, prev, cur := rows[0][:len(b)+2], rows[1][:len(b)+2], rows[2][:len(b)+2]
	for j := range prev {
		prev[j] = min(j, over)
	}
	prevLow := 0 // the least cell of prev
	for i := 1; i <= len(a); i++ {
		lo, hi := max(1, i-limit), min(len(b), i+limit)
		// The cells just outside the band are read by this row and the
		// next: over the limit, as every cell out there is.
		cur[lo-1], cur[hi+1] = over, over
		if lo == 1 {
			cur[0] = min(i, over)
		}
		low := cur[lo-1]
		ca := lower(a[i-1])
		for j := lo; j <= hi; j++ {
			cb := lower(b[j-1])
			cost := 1
			if ca == cb {
				cost = 0
			}
			c := min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && ca == lower(b[j-2]) && lower(a[i-2]) == cb {
				c = min(c, prev2[j-2]+1)
			}
			c = min(c, over)
			cur[j] = c
			low = min(low, c)
		}
		if low > limit && prevLow > limit {
			return 0, false
		}
		prevLow = low
		prev2, prev, cur = prev, cur, prev2
	}
	d := prev[len(b)]
	return d, d <= limit
}
