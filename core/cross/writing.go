package cross

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
	// nothing of its own.
	enabled int
	same    map[resource]int
	// keys are the keys any enabled writer writes.
	keys map[string]bool
}

// resource is a kind and a name: one resource to Kubernetes within a
// namespace.
type resource struct{ kind, name string }

func (w *Writer) resource() resource { return resource{w.Kind, w.Name} }

// writing returns the summary of the writers of the Secret k.
func (s *Set) writing(k ref) *writing {
	if sum, ok := s.summaries[k]; ok {
		return sum
	}
	sum := &writing{same: map[resource]int{}, keys: map[string]bool{}}
	ws := s.writers[k]
	for i := range ws {
		w := ws[i].Fact
		if w.Disabled {
			continue
		}
		switch {
		case sum.first == nil:
			sum.first = &ws[i]
		case sum.second == nil && w.resource() != sum.first.Fact.resource():
			sum.second = &ws[i]
		}
		sum.enabled++
		sum.same[w.resource()]++
		for _, key := range w.Keys {
			sum.keys[key] = true
		}
	}
	if s.summaries == nil {
		s.summaries = map[ref]*writing{}
	}
	s.summaries[k] = sum
	return sum
}

// other returns the first enabled writer that is another resource than
// w, and how many such writers there are.
func (sum *writing) other(w *Writer) (*In[Writer], int) {
	n := sum.enabled - sum.same[w.resource()]
	switch {
	case n == 0:
		return nil, 0
	case sum.first.Fact.resource() != w.resource():
		return sum.first, n
	default:
		return sum.second, n
	}
}
