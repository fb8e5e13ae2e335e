package cross

import (
	"strconv"
	"strings"

	"github.com/mdscheck/mdscheck/core/check"
	"github.com/mdscheck/mdscheck/core/schema"
	"github.com/mdscheck/mdscheck/core/spelling"
)

// key finds a read, whose findings are shown in here (where), that no
// resource answers: a key that the resource writing the Secret does not
// write, or any read of the Secret of a resource that writes none. A Secret that no resource of the set
// writes may come from elsewhere, and one that a v1 Secret of the set
// also writes has keys this check cannot know: neither is a finding.
func (s *Set) key(here string, r *Read) (check.Diagnostic, bool) {
	k := ref{r.Namespace, r.Secret}
	ws := s.writers[k]
	if len(ws) == 0 || len(s.secrets[k]) > 0 {
		return check.Diagnostic{}, false
	}
	sev := check.Error
	if r.Optional {
		sev = check.Warning
	}
	sum := s.writing(k)
	w := sum.first // the first resource that writes the Secret
	if w == nil {
		d := ws[0]
		what := "reads the Secret " + strconv.Quote(r.Secret)
		if r.Key != "" {
			what = "reads the key " + strconv.Quote(r.Key) + " of the Secret " + strconv.Quote(r.Secret)
		}
		return finding(r.At, sev, "secret-key", "the "+r.Workload+" "+what+", which the "+d.Fact.Kind+" "+
			strconv.Quote(d.Fact.Name)+" "+where(here, d.File)+" does not write: it sets connInfoSecretTargetDisabled: true"), true
	}
	if r.Key == "" {
		return check.Diagnostic{}, false
	}
	// Two resources that write one Secret are a conflict of their own;
	// the key is read if either writes it.
	if sum.writes(r.Key) {
		return check.Diagnostic{}, false
	}
	wf := w.Fact
	msg := "the " + wf.Kind + " " + strconv.Quote(wf.Name) + " " + where(here, w.File) + " writes no key " +
		strconv.Quote(r.Key) + " in its Secret " + strconv.Quote(r.Secret)
	if comp, ok := wf.Unwritten[r.Key]; ok {
		msg = "the " + wf.Kind + " " + strconv.Quote(wf.Name) + " " + where(here, w.File) + " writes the key " +
			strconv.Quote(r.Key) + " only when spec.userConfig." + comp + " is true"
	} else {
		if len(wf.Keys) > 0 {
			msg += "; it writes " + strings.Join(wf.Keys, ", ")
		}
		if near := nearest(r.Key, wf); near != "" {
			msg += " (did you mean " + near + "?)"
		}
	}
	return finding(r.At, sev, "secret-key", msg), true
}

// nearest is the key of w that key most likely meant: the same key with
// the kind's default prefix where w has another one (KAFKA_HOST for
// EV_HOST), else the closest spelling.
func nearest(key string, w *Writer) string {
	if def := schema.DefaultSecretPrefix(w.Kind); def != w.Prefix && strings.HasPrefix(key, def) {
		moved := w.Prefix + strings.TrimPrefix(key, def)
		for _, k := range w.Keys {
			if k == moved {
				return moved + ", with the prefix " + strconv.Quote(w.Prefix) + " this resource sets"
			}
		}
	}
	best, bestDist := "", -1
	for _, k := range w.Keys {
		if d, ok := spelling.Closeness(key, k); ok && (bestDist < 0 || d < bestDist) {
			best, bestDist = k, d
		}
	}
	return best
}
