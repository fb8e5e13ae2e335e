package cross

import "slices"

// writing sums up the resources that write one Secret. A check meets a
// Secret once per writer (secret-conflict) or per read (secret-key), and
// a Secret may have thousands of writers: asking the summary, found once
// per Secret and kept until a file that names it changes, keeps those
// checks linear in the set rather than in the square of its writers.
type writing struct {
	// first is the first enabled writer, in the set's order; nil when
	// every writer sets connInfoSecretTargetDisabled: true. second is the
	// first after it that is not the same resource (another kind or
	// name), nil when none is.
	first, second *In[Writer]
	// enabled counts the enabled writers; same counts them by resource
	// (kind and name), since one resource written twice overwrites
	// nothing of its own; keys are the keys they write. Both are nil
	// while one resource alone writes the Secret, the usual case, which
	// first answers.
	enabled int
	same    map[resource]int
	keys    map[string]bool
}

// resource is a kind and a name: one resource to Kubernetes within a
// namespace.
type resource struct{ kind, name string }

func (w *Writer) resource() resource { return resource{w.Kind, w.Name} }

// writing returns the summary of the writers of the Secret k.
func (s *Set) writing(k ref) writing {
	if sum, ok := s.summaries[k]; ok {
		return sum
	}
	var sum writing
	ws := s.writers[k]
	for i := range ws {
		w := ws[i].Fact
		if w.Disabled {
			continue
		}
		sum.enabled++
		switch {
		case sum.first == nil:
			sum.first = &ws[i]
			continue
		case sum.second == nil && w.resource() != sum.first.Fact.resource():
			sum.second = &ws[i]
		}
		if sum.same == nil {
			f := sum.first.Fact
			sum.same = map[resource]int{f.resource(): 1}
			sum.keys = make(map[string]bool, len(f.Keys))
			for _, key := range f.Keys {
				sum.keys[key] = true
			}
		}
		sum.same[w.resource()]++
		for _, key := range w.Keys {
			sum.keys[key] = true
		}
	}
	if s.summaries == nil {
		s.summaries = map[ref]writing{}
	}
	s.summaries[k] = sum
	return sum
}

// writes reports whether an enabled writer writes key.
func (sum writing) writes(key string) bool {
	if sum.keys == nil {
		return sum.first != nil && slices.Contains(sum.first.Fact.Keys, key)
	}
	return sum.keys[key]
}

// other returns the first enabled writer that is another resource than
// w, and how many such writers there are.
func (sum writing) other(w *Writer) (*In[Writer], int) {
	own := sum.same[w.resource()]
	if sum.same == nil && sum.first != nil && sum.first.Fact.resource() == w.resource() {
		own = sum.enabled
	}
	n := sum.enabled - own
	switch {
	case n == 0:
		return nil, 0
	case sum.first.Fact.resource() != w.resource():
		return sum.first, n
	default:
		return sum.second, n
	}
}
