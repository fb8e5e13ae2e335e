package main

import (
	"fmt"
	"strings"

	"github.com/mdscheck/mdscheck/core/check"
	"github.com/mdscheck/mdscheck/core/schema"
)

// didYouMean returns `; did you mean "X"?` for what explain was given, X
// being arg with the rule code or kind and each member name replaced by
// the nearest known one; or "" when a part has no near match.
func didYouMean(arg string) string {
	head, rest, dotted := strings.Cut(arg, ".")
	candidates := schema.Names()
	if !dotted {
		for _, r := range check.Rules {
			candidates = append(candidates, r.Code)
		}
	}
	if schema.Lookup(head) == nil {
		head = nearest(head, candidates)
	}
	fixed := head
	if k := schema.Lookup(head); dotted && k != nil {
		path, ok := correctPath(k.Manifest, rest)
		if !ok {
			return ""
		}
		fixed += "." + path
	}
	if fixed == arg {
		return ""
	}
	return meant(fixed)
}

// meant words a suggestion at the end of an error, or nothing for none.
func meant(suggestion string) string {
	if suggestion == "" {
		return ""
	}
	return fmt.Sprintf("; did you mean %q?", suggestion)
}

// correctPath returns path with each member name that s does not know
// replaced by the nearest one it does, as schema.ResolveMember reads a
// path: names with dots in them whole, a list's items in place of the
// list, [] or [N] for an item. It reports false when a name has no near
// match.
func correctPath(s *schema.Schema, path string) (string, bool) {
	var b strings.Builder
	rest := path
	for rest != "" {
		rest = strings.TrimPrefix(rest, ".")
		if s != nil && s.Type == schema.Array {
			s = s.Items
			if strings.HasPrefix(rest, "[") {
				end := strings.IndexByte(rest, ']')
				if end < 0 {
					return "", false
				}
				b.WriteString(rest[:end+1])
				rest = rest[end+1:]
				continue
			}
		}
		if s == nil {
			return "", false
		}
		p, typed := nearestMember(s, rest)
		if p == nil {
			return "", false
		}
		if b.Len() > 0 {
			b.WriteByte('.')
		}
		b.WriteString(p.Name)
		rest = rest[len(typed):]
		s = p.Schema
	}
	return b.String(), true
}

// nearestMember returns the member of s that the start of rest names or
// misspells, and that start. A member whose name has n dots is compared
// with the first n+1 steps of rest; a name given exactly wins.
func nearestMember(s *schema.Schema, rest string) (*schema.Property, string) {
	var best *schema.Property
	bestTyped, bestDist := "", 0
	for _, p := range s.Properties {
		typed := steps(rest, strings.Count(p.Name, ".")+1)
		d, ok := closeness(typed, p.Name)
		if typed == p.Name {
			d = -1 // exact beats a difference of case alone
		}
		if ok && (best == nil || d < bestDist || d == bestDist && len(p.Name) > len(best.Name)) {
			best, bestTyped, bestDist = p, typed, d
		}
	}
	return best, bestTyped
}

// steps returns the first n dot-separated steps of a path, stopping at [.
func steps(path string, n int) string {
	end := len(path)
	if i := strings.IndexByte(path, '['); i >= 0 {
		end = i
	}
	dots := 0
	for i := 0; i < end; i++ {
		if path[i] == '.' {
			if dots++; dots == n {
				return path[:i]
			}
		}
	}
	return path[:end]
}

// nearest returns the candidate that typed most likely misspells, or ""
// when none is close enough.
func nearest(typed string, candidates []string) string {
	best, bestDist := "", 0
	for _, c := range candidates {
		if d, ok := closeness(typed, c); ok && (best == "" || d < bestDist) {
			best, bestDist = c, d
		}
	}
	return best
}

// closeness says how far typed is from name: 0 when they differ only in
// case or in the separators people mix up (_ - .), else the edit
// distance ignoring case. ok is false when that is too far for a typo:
// more than a third of the length typed, and never more than 4. These
// are the thresholds of validate's "did you mean" for unknown fields, so
// that explain suggests what validate would.
func closeness(typed, name string) (dist int, ok bool) {
	if normName(typed) == normName(name) {
		return 0, true
	}
	d := distance(strings.ToLower(typed), strings.ToLower(name))
	return d, d <= min(max(len(typed)/3, 1), 4)
}

// normName folds ASCII case and drops _ - and ., so that
// maintenance_window_dow finds maintenanceWindowDow.
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

// distance is the optimal string alignment distance (Levenshtein with a
// swap of two neighbours as one edit) between two short names; long ones
// are never close.
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
