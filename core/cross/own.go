package cross

// Own replaces every string of f by keep(s). The facts of a document hold
// parts of the text they were read from; a front end that keeps the facts
// of many files and not their texts (the language server's workspace)
// passes strings.Clone, or a table that keeps one copy of each string,
// so that the facts do not keep every file's text alive.
func (f *Facts) Own(keep func(string) string) {
	place := func(p *Place) { p.Path, p.Pointer = keep(p.Path), keep(p.Pointer) }
	read := func(r *Read) {
		r.Namespace, r.Workload, r.Secret, r.Key = keep(r.Namespace), keep(r.Workload), keep(r.Secret), keep(r.Key)
		place(&r.At)
		place(&r.NameAt)
	}
	for i := range f.Writers {
		w := &f.Writers[i]
		w.Kind, w.Name, w.Namespace, w.Secret = keep(w.Kind), keep(w.Name), keep(w.Namespace), keep(w.Secret)
		w.Prefix, w.Auth = keep(w.Prefix), keep(w.Auth)
		place(&w.At)
		place(&w.NameAt)
		place(&w.AuthAt)
		if w.Keys != nil {
			keys := make([]string, len(w.Keys))
			for j, k := range w.Keys {
				keys[j] = keep(k)
			}
			w.Keys = keys
		}
		if w.Unwritten != nil {
			un := make(map[string]string, len(w.Unwritten))
			for k, comp := range w.Unwritten {
				un[keep(k)] = keep(comp)
			}
			w.Unwritten = un
		}
	}
	for i := range f.Secrets {
		m := &f.Secrets[i]
		m.Name, m.Namespace = keep(m.Name), keep(m.Namespace)
		place(&m.At)
	}
	for i := range f.Reads {
		read(&f.Reads[i])
	}
	for i := range f.EnvFroms {
		e := &f.EnvFroms[i]
		read(&e.Read)
		e.Prefix = keep(e.Prefix)
	}
}
