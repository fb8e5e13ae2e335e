package check

import (
	"fmt"
	"strings"

	"github.com/mdscheck/mdscheck/core/document"
	"github.com/mdscheck/mdscheck/core/schema"
)

// unknown reports a member the schema does not have, with the nearest
// known name and, at the top of userConfig, the kinds that do have it.
func (c *checker) unknown(key *document.Node, s *schema.Schema, p path) {
	if c.opts.UnknownFields == 0 {
		return
	}
	name := key.Text
	q := p.key(name)
	d := at(key, q, c.opts.UnknownFields, "unknown-field", fmt.Sprintf("unknown field %q", clip(name)))
	if q.pointer == "/spec/userConfig/"+escapePointer(name) {
		var others []string
		for _, k := range schema.OwnersOf(name) {
			if k != c.kind.Name {
				others = append(others, k)
			}
		}
		if len(others) > 0 {
			d.Message += fmt.Sprintf(" in %s; it belongs to %s", c.kind.Name, strings.Join(others, " and "))
		}
	}
	if p.pointer == "/spec" && name == "karapace" {
		d.Message += fmt.Sprintf(" in %s; it belongs to Kafka", c.kind.Name)
	}
	dotted := ""
	for _, pr := range s.Properties {
		if strings.HasPrefix(pr.Name, name+".") {
			dotted = pr.Name
			break
		}
	}
	if nested := nestedPath(name, s); nested != "" {
		// node_duress.cpu_threshold: where nested objects are meant.
		d.Message += "; these are nested members, not one key with dots: write " + nested
	} else if dotted != "" {
		// search: {insights: {top_queries: ...}} where one dotted key is meant.
		d.Message += fmt.Sprintf("; %q is a single key with dots in it: write %s: on one line", dotted, dotted)
	} else if best := nearest(name, s); best != "" {
		d.Message += fmt.Sprintf("; did you mean %q?", best)
		if !key.Alias {
			d.Fixes = []Fix{{Title: "Rename to " + best, Edits: []Edit{{Start: key.Start, End: key.End, NewText: best}}}}
		}
	} else if len(s.Properties) <= 8 {
		names := make([]string, len(s.Properties))
		for i, pr := range s.Properties {
			names[i] = pr.Name
		}
		d.Message += "; known fields: " + strings.Join(names, ", ")
	}
	c.report(d)
}

// nestedPath returns how to write a dotted name as the nested members it
// names in s ("node_duress:, then cpu_threshold: under it"), or "".
func nestedPath(name string, s *schema.Schema) string {
	parts := strings.Split(name, ".")
	if len(parts) < 2 {
		return ""
	}
	cur := s
	for i, part := range parts {
		p := cur.Property(part)
		if p == nil || i < len(parts)-1 && p.Type != schema.Object {
			return ""
		}
		cur = p.Schema
	}
	out := parts[0] + ":"
	for _, part := range parts[1:] {
		out += ", then " + part + ": under it"
	}
	return out
}

// nearest returns the member of s closest to name, when close enough to be
// a likely typo: same name in another case or spelling, or an edit
// distance of at most a third of the name.
func nearest(name string, s *schema.Schema) string {
	best, bestDist := "", 1<<30
	nn := normName(name)
	for _, pr := range s.Properties {
		if normName(pr.Name) == nn {
			return pr.Name
		}
		d := distance(strings.ToLower(name), strings.ToLower(pr.Name))
		if d < bestDist {
			best, bestDist = pr.Name, d
		}
	}
	limit := len(name) / 3
	if limit < 1 {
		limit = 1
	}
	if limit > 4 {
		limit = 4
	}
	if bestDist <= limit {
		return best
	}
	return ""
}

// normName folds case and drops the separators people mix up (_ - .), so
// that maintenance_window_dow finds maintenanceWindowDow.
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
// so that a swap of two letters counts as one edit.
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
