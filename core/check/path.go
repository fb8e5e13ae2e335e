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
	h, ptr := KeyStep(p.human, p.pointer, name)
	return path{human: h, pointer: ptr}
}

// KeyStep extends a place in a document, written in both notations of a
// finding (human, Kubernetes style: a.b[c.d][0]; pointer, RFC 6901), by
// the member called name. A name that would read as more than one step
// goes in brackets. Packages that report findings of their own (core/change)
// name places the same way.
func KeyStep(human, pointer, name string) (string, string) {
	switch {
	case strings.ContainsAny(name, ".[] ") || name == "":
		human += "[" + name + "]"
	case human == "":
		human = name
	default:
		human += "." + name
	}
	return human, pointer + "/" + escapePointer(name)
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
