package cross

import (
	"sort"

	"github.com/mdscheck/mdscheck/core/check"
)

// Set holds the facts of a set of files, indexed by the Secrets they name,
// and finds what crosses them. Resources meet as Kubernetes sees them: in
// one namespace, where a resource without metadata.namespace meets only
// the others without one. Replacing one file's facts costs the size of
// that file's facts, not the set's: the language server keeps a Set of its
// workspace and replaces a file as it changes. A Set is not safe for
// concurrent use, its findings included: they keep the summaries of the
// Secrets they meet.
type Set struct {
	files   map[string]*Facts
	writers map[ref][]In[Writer]
	secrets map[ref][]In[SecretManifest]
	reads   map[ref][]In[Read]
	// summaries are the summaries of the writers of the Secrets the
	// checks met since the last change to their writers.
	summaries map[ref]writing
}

// ref names a Secret: its namespace and name.
type ref struct{ namespace, name string }

// In is a fact and the file it is in.
type In[T any] struct {
	File string
	Fact *T
}

// Put sets the facts of a file, replacing those it had.
func (s *Set) Put(file string, f *Facts) {
	s.Remove(file)
	if s.files == nil {
		s.files = map[string]*Facts{}
		s.writers = map[ref][]In[Writer]{}
		s.secrets = map[ref][]In[SecretManifest]{}
		s.reads = map[ref][]In[Read]{}
	}
	s.files[file] = f
	for i := range f.Writers {
		w := &f.Writers[i]
		k := ref{w.Namespace, w.Secret}
		s.writers[k] = append(s.writers[k], In[Writer]{file, w})
		delete(s.summaries, k)
	}
	for i := range f.Secrets {
		m := &f.Secrets[i]
		k := ref{m.Namespace, m.Name}
		s.secrets[k] = append(s.secrets[k], In[SecretManifest]{file, m})
	}
	f.eachRead(func(r *Read) {
		k := ref{r.Namespace, r.Secret}
		s.reads[k] = append(s.reads[k], In[Read]{file, r})
	})
}

// Remove forgets a file.
func (s *Set) Remove(file string) {
	old, ok := s.files[file]
	if !ok {
		return
	}
	delete(s.files, file)
	for _, w := range old.Writers {
		k := ref{w.Namespace, w.Secret}
		drop(s.writers, k, file)
		delete(s.summaries, k)
	}
	for _, m := range old.Secrets {
		drop(s.secrets, ref{m.Namespace, m.Name}, file)
	}
	old.eachRead(func(r *Read) { drop(s.reads, ref{r.Namespace, r.Secret}, file) })
}

// drop removes the entries of file under k.
func drop[T any](index map[ref][]In[T], k ref, file string) {
	list := index[k][:0]
	for _, e := range index[k] {
		if e.File != file {
			list = append(list, e)
		}
	}
	if len(list) == 0 {
		delete(index, k)
		return
	}
	index[k] = list
}

// Files returns the names of the files of the set, sorted.
func (s *Set) Files() []string {
	out := make([]string, 0, len(s.files))
	for f := range s.files {
		out = append(out, f)
	}
	sort.Strings(out)
	return out
}

// Facts returns the facts of a file, nil when the set has none.
func (s *Set) Facts(file string) *Facts { return s.files[file] }

// Templated counts the names of the whole set left out because a Helm
// template action writes them.
func (s *Set) Templated() int {
	n := 0
	for _, f := range s.files {
		n += f.Templated
	}
	return n
}

// Findings returns what crosses the set at file, in the order of the
// file's text.
func (s *Set) Findings(file string) []check.Diagnostic { return s.findings(file, file) }

// FindingsPlaced is Findings for a front end that shows them elsewhere
// than in file: a Kustomize build's, each placed in the base or the
// patch that holds its member. A message names every other resource with
// its file, one of file too, never as "this file": the finding may be
// shown in another one.
func (s *Set) FindingsPlaced(file string) []check.Diagnostic { return s.findings(file, "") }

// findings is Findings; a message names a resource of here as "in this
// file".
func (s *Set) findings(file, here string) []check.Diagnostic {
	f := s.files[file]
	if f == nil {
		return nil
	}
	var out []check.Diagnostic
	for i := range f.Writers {
		out = append(out, s.conflicts(here, &f.Writers[i])...)
	}
	for i := range f.Reads {
		if d, ok := s.key(here, &f.Reads[i]); ok {
			out = append(out, d)
		}
	}
	for i := range f.EnvFroms {
		if d, ok := s.key(here, &f.EnvFroms[i].Read); ok {
			out = append(out, d)
		}
	}
	out = append(out, s.prefixes(f.EnvFroms)...)
	check.Sort(out)
	return out
}

// Writers returns the resources that write the Secret name in namespace,
// disabled ones included.
func (s *Set) Writers(namespace, name string) []In[Writer] { return s.writers[ref{namespace, name}] }

// Secrets returns the v1 Secrets of the set called name in namespace.
func (s *Set) Secrets(namespace, name string) []In[SecretManifest] {
	return s.secrets[ref{namespace, name}]
}

// Reads returns every read of the Secret name in namespace: keys, whole
// volumes and envFrom entries.
func (s *Set) Reads(namespace, name string) []In[Read] { return s.reads[ref{namespace, name}] }

// finding is a diagnostic at p.
func finding(p Place, sev check.Severity, rule, msg string) check.Diagnostic {
	return check.Diagnostic{Document: p.Document, Start: p.Start, End: p.End, Severity: sev, Rule: rule,
		Path: p.Path, Pointer: p.Pointer, Message: msg}
}

// where names other, the file of a fact, for a message shown in here.
func where(here, other string) string {
	if here == other {
		return "in this file"
	}
	return "in " + other
}
