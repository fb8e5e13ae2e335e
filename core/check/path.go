package check

import (
	"strconv"
	"strings"
)

// path is a place in a document, kept in both notations at once.
type path struct {
	human   string // Kubernetes style: a.b[c.d][0], brackets around a key with dots
	pointer string // RFC 6901
}

func (p path) key(name string) path {
	h := p.human
	switch {
	case strings.ContainsAny(name, ".[] ") || name == "":
		h += "[" + name + "]"
	case h == "":
		h = name
	default:
		h += "." + name
	}
	return path{human: h, pointer: p.pointer + "/" + escapePointer(name)}
}

func (p path) index(i int) path {
	s := strconv.Itoa(i)
	return path{human: p.human + "[" + s + "]", pointer: p.pointer + "/" + s}
}

func escapePointer(s string) string {
	if !strings.ContainsAny(s, "~/") {
		return s
	}
	return strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1")
}
