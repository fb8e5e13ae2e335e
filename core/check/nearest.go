package check

import "strings"

// Closeness says how far typed is from name, for "did you mean": 0 when
// they differ only in case or in the separators people mix up (_ - .),
// else the edit distance ignoring case. ok is false when that is too far
// for a typo: more than a third of the length typed, and never more than
// 4. validate's unknown fields and explain's arguments both use it, so
// that they suggest alike.
func Closeness(typed, name string) (dist int, ok bool) {
	if normName(typed) == normName(name) {
		return 0, true
	}
	d := distance(strings.ToLower(typed), strings.ToLower(name))
	return d, d <= min(max(len(typed)/3, 1), 4)
}

// normName folds case and drops the separators people mix up (_ - .), so
// that some_member_name finds someMemberName.
func normName(x string) string {
	b := make([]byte, 0, len(x))
	for i := 0; i < len(x); i++ {
		c := x[i]
		switch {
		case c == '_' || c == '-' || c == '.':
			continue
		case c >= 'A' && c <= 'Z':
			c += 'a' - 'A'
		}
		b = append(b, c)
	}
	return string(b)
}

// distance is the Damerau-Levenshtein (optimal string alignment) distance,
// so that a swap of two letters counts as one edit; long names are never
// close.
func distance(a, b string) int {
	if len(a) > 64 || len(b) > 64 {
		return 1 << 30
	}
	prev2 := make([]int, len(b)+1)
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(b)]
}
