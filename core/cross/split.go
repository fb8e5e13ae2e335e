package cross

// Split returns the facts of f by file, as file names the file of each
// document of f's stream. A front end that reads one stream made of many
// files (a Kustomize build: each resource comes from a base or an
// overlay) puts each file's share in a Set under that file's name, so
// that a message names the file a resource comes from; the places stay
// those of the stream. Containers keep their numbers: no two files share
// one.
func (f *Facts) Split(file func(document int) string) map[string]*Facts {
	out := map[string]*Facts{}
	of := func(document int) *Facts {
		name := file(document)
		g := out[name]
		if g == nil {
			g = &Facts{}
			out[name] = g
		}
		return g
	}
	share(f.Writers, func(w *Writer) int { return w.At.Document }, func(g *Facts) *[]Writer { return &g.Writers }, of)
	share(f.Secrets, func(m *SecretManifest) int { return m.At.Document }, func(g *Facts) *[]SecretManifest { return &g.Secrets }, of)
	share(f.Reads, func(r *Read) int { return r.At.Document }, func(g *Facts) *[]Read { return &g.Reads }, of)
	share(f.EnvFroms, func(e *EnvFrom) int { return e.At.Document }, func(g *Facts) *[]EnvFrom { return &g.EnvFroms }, of)
	return out
}

// share appends each of items to list of the facts of its document.
func share[T any](items []T, document func(*T) int, list func(*Facts) *[]T, of func(document int) *Facts) {
	for i := range items {
		l := list(of(document(&items[i])))
		*l = append(*l, items[i])
	}
}
