package check

import (
	"fmt"

	"github.com/mdscheck/mdscheck/core/document"
)

func init() { crossRules = append(crossRules, ruleRequires) }

// ruleRequires: members that need another member.
//   - OpenSearch: indices_memory_{min,max}_index_buffer_size need
//     indices_memory_index_buffer_size (the spec says "needs": an error).
//   - Grafana: auth_gitlab's api_url, auth_url and token_url describe one
//     self-hosted provider; one without the others is a warning.
func ruleRequires(c *checker, root *document.Node) {
	uc, ok := c.userConfig(root)
	if !ok {
		return
	}
	switch c.kind.Name {
	case "OpenSearch":
		eng, ok := lookup(uc.value, uc.path, "opensearch")
		if !ok || eng.value.Kind != document.Mapping {
			return
		}
		_, hasBase := lookup(eng.value, eng.path, "indices_memory_index_buffer_size")
		for _, name := range []string{"indices_memory_min_index_buffer_size", "indices_memory_max_index_buffer_size"} {
			if m, ok := lookup(eng.value, eng.path, name); ok && !hasBase {
				c.report(m.finding(Error, "requires", fmt.Sprintf("%s needs indices_memory_index_buffer_size, which is not set", name)))
			}
		}
	case "Grafana":
		gl, ok := lookup(uc.value, uc.path, "auth_gitlab")
		if !ok || gl.value.Kind != document.Mapping {
			return
		}
		urls := []string{"api_url", "auth_url", "token_url"}
		var set, missing []string
		var first member
		for _, u := range urls {
			if m, ok := lookup(gl.value, gl.path, u); ok {
				if len(set) == 0 {
					first = m
				}
				set = append(set, u)
			} else {
				missing = append(missing, u)
			}
		}
		if len(set) > 0 && len(missing) > 0 {
			c.report(first.finding(Warning, "requires", fmt.Sprintf("a self-hosted GitLab needs api_url, auth_url and token_url together; %s missing", joinAnd(missing))))
		}
	}
}

func joinAnd(xs []string) string {
	switch len(xs) {
	case 0:
		return ""
	case 1:
		return xs[0] + " is"
	}
	s := ""
	for i, x := range xs {
		switch {
		case i == 0:
			s = x
		case i == len(xs)-1:
			s += " and " + x
		default:
			s += ", " + x
		}
	}
	return s + " are"
}
