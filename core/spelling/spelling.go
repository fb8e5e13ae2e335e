// Package spelling tells how close a typed name is to a known one, for
// "did you mean" and for the names of secret members typed otherwise.
package spelling

// Closeness says how far typed is from name, for "did you mean": 0 when
// they differ only in case or in the separators people mix up (_ - .),
// else the edit distance ignoring case. ok is false when that is too far
// for a typo: more than a third of the length typed, and never more than
// 4. validate's unknown fields and explain's arguments both use it, so
// that they suggest alike.
func Closeness(typed, name string) (dist int, ok bool) {
	if sameName(typed, name) {
		return 0, true
	}
	limit := min(max(len(typed)/3, 1), 4)
	if d := len(typed) - len(name); d > limit || -d > limit {
		return limit + 1, false // no typo of that many letters; the common case, so no distance
	}
	d := Distance(typed, name)
	return d, d <= limit
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

// Distance is the Damerau-Levenshtein (optimal string alignment) distance,
// ignoring ASCII case, so that a swap of two letters counts as one edit;
// long names are never close.
func Distance(a, b string) int {
	if len(a) > 64 || len(b) > 64 {
		return 1 << 30
	}
	var rows [3][65]int // on the stack: no allocation per pair
	prev2, prev, cur := rows[0][:len(b)+1], rows[1][:len(b)+1], rows[2][:len(b)+1]
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if lower(a[i-1]) == lower(b[j-1]) {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && lower(a[i-1]) == lower(b[j-2]) && lower(a[i-2]) == lower(b[j-1]) {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(b)]
}
