package check

import (
	"strconv"
	"strings"
)

// path is a place in a document, in one string from which a finding's two
// notations are made (human and pointer), as only a finding needs them:
// RFC 6901 with each array index marked "~2", a sequence no escaped key
// holds, so that index 0 and the key "0" differ.
type path struct {
	at string
}

const indexMark = "~2"

func (p path) key(name string) path {
	return path{at: p.at + "/" + escapePointer(name)}
}

func (p path) index(i int) path {
	return path{at: p.at + "/" + indexMark + strconv.Itoa(i)}
}

// pointer is the place as an RFC 6901 JSON pointer.
func (p path) pointer() string {
	if !strings.Contains(p.at, indexMark) {
		return p.at
	}
	return strings.ReplaceAll(p.at, "/"+indexMark, "/")
}

// human is the place in Kubernetes style: a.b[c.d][0].
func (p path) human() string {
	human := ""
	for rest := p.at; rest != ""; {
		rest = rest[1:] // the slash
		step := rest
		if i := strings.IndexByte(rest, '/'); i >= 0 {
			step, rest = rest[:i], rest[i:]
		} else {
			rest = ""
		}
		if strings.HasPrefix(step, indexMark) {
			human += "[" + step[len(indexMark):] + "]"
			continue
		}
		human = humanStep(human, unescapePointer(step))
	}
	return human
}

// KeyStep extends a place in a document, written in both notations of a
// finding (human, Kubernetes style: a.b[c.d][0]; pointer, RFC 6901), by
// the member called name. A name that would read as more than one step
// goes in brackets. Packages that report findings of their own (core/change)
// name places the same way.
func KeyStep(human, pointer, name string) (string, string) {
	return humanStep(human, name), pointer + "/" + escapePointer(name)
}

// humanStep extends a place in Kubernetes style by the member called name.
func humanStep(human, name string) string {
	switch {
	case strings.ContainsAny(name, ".[] ") || name == "":
		return human + "[" + name + "]"
	case human == "":
		return name
	}
	return human + "." + name
}

func escapePointer(s string) string {
	if !strings.ContainsAny(s, "~/") {
		return s
	}
	return strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1")
}

func unescapePointer(s string) string {
	if !strings.Contains(s, "~") {
		return s
	}
	return strings.ReplaceAll(strings.ReplaceAll(s, "~1", "/"), "~0", "~")
}
