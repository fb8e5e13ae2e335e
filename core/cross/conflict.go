package cross

import (
	"strconv"

	"github.com/mdscheck/mdscheck/core/check"
)

// conflicts finds what overwrites the connection Secret of w, a resource
// whose findings are shown in here (where): another resource of the set
// that writes the same Secret, a v1 Secret of the set of that name, or
// the resource's own token Secret.
func (s *Set) conflicts(here string, w *Writer) []check.Diagnostic {
	if w.Disabled {
		return nil
	}
	var out []check.Diagnostic
	name := strconv.Quote(w.Secret)
	k := ref{w.Namespace, w.Secret}
	// Another resource of one kind and name in one namespace is one
	// resource to Kubernetes, written twice (a copy per environment, a
	// file and its previous version): it overwrites nothing of another.
	// The message names the first other writer and counts the rest, so
	// that the findings of a Secret stay linear in its writers.
	if o, n := s.writing(k).other(w); o != nil {
		msg := "the connection Secret " + name + " is also written by the " + o.Fact.Kind + " " +
			strconv.Quote(o.Fact.Name) + " " + where(here, o.File)
		if n > 1 {
			msg += " (and " + strconv.Itoa(n-1) + " more)"
		}
		msg += ": each service overwrites the credentials of the other; give one of them spec.connInfoSecretTarget.name"
		out = append(out, finding(w.At, check.Error, "secret-conflict", msg))
	}
	if ms := s.secrets[k]; len(ms) > 0 {
		out = append(out, finding(w.At, check.Error, "secret-conflict",
			"the connection Secret "+name+" has the name of a Secret of this set "+where(here, ms[0].File)+
				": the service overwrites it; give the connection Secret another name with spec.connInfoSecretTarget.name"))
	}
	if w.Auth == w.Secret {
		out = append(out, finding(w.At, check.Error, "secret-conflict",
			"the connection Secret "+name+" is the Secret that holds this resource's API token (spec.authSecretRef.name): "+
				"the service overwrites the token; give the connection Secret another name with spec.connInfoSecretTarget.name"))
	}
	return out
}
