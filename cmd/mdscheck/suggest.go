package main

import (
	"fmt"
	"github.com/mdscheck/mdscheck/core/spelling"
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
		d, ok := spelling.Closeness(typed, p.Name)
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
		if d, ok := spelling.Closeness(typed, c); ok && (best == "" || d < bestDist) {
			best, bestDist = c, d
		}
	}
	return best
}
