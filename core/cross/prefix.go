package cross

import (
	"strconv"
	"strings"

	"github.com/mdscheck/mdscheck/core/check"
)

// prefixes finds the envFrom entries of one container that take two
// connection Secrets whose keys, as environment variables, collide: one
// of them silently wins.
func (s *Set) prefixes(es []EnvFrom) []check.Diagnostic {
	var out []check.Diagnostic
	for j := range es {
		b := &es[j]
		bw := s.enabledWriter(b.Namespace, b.Secret)
		if bw == nil {
			continue
		}
		for i := 0; i < j; i++ {
			a := &es[i]
			if a.Container != b.Container {
				continue
			}
			aw := s.enabledWriter(a.Namespace, a.Secret)
			if aw == nil || aw == bw {
				continue
			}
			if both := overlap(a.Prefix, aw.Keys, b.Prefix, bw.Keys); len(both) > 0 {
				shown := both
				if len(shown) > 3 {
					shown = append(shown[:3:3], "...")
				}
				out = append(out, finding(b.At, check.Warning, "secret-prefix",
					"this container takes the keys of the Secret "+strconv.Quote(b.Secret)+" and of the Secret "+
						strconv.Quote(a.Secret)+" above as the same environment variables ("+strings.Join(shown, ", ")+
						"): one silently wins; give one of the two envFrom entries a prefix, or one resource spec.connInfoSecretTarget.prefix"))
				break
			}
		}
	}
	return out
}

// enabledWriter returns the resource that writes the Secret name in
// namespace, or nil when none does or a v1 Secret of the set does too
// (its keys are unknown).
func (s *Set) enabledWriter(namespace, name string) *Writer {
	k := ref{namespace, name}
	if len(s.secrets[k]) > 0 {
		return nil
	}
	if w := s.writing(k).first; w != nil {
		return w.Fact
	}
	return nil
}

// overlap returns the environment variables that two envFrom entries
// both set, in the order of the second.
func overlap(pa string, ka []string, pb string, kb []string) []string {
	set := make(map[string]bool, len(ka))
	for _, k := range ka {
		set[pa+k] = true
	}
	var out []string
	for _, k := range kb {
		if set[pb+k] {
			out = append(out, pb+k)
		}
	}
	return out
}
