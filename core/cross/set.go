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
// workspace and replaces a file as it changes.
type Set struct {
	files   map[string]*Facts
	writers map[ref][]at[Writer]
	secrets map[ref][]at[SecretManifest]
}

// ref names a Secret: its namespace and name.
type ref struct{ namespace, name string }

// at is a fact and the file it is in.
type at[T any] struct {
	file string
	fact *T
}

// Put sets the facts of a file, replacing those it had.
func (s *Set) Put(file string, f *Facts) {
	s.Remove(file)
	if s.files == nil {
		s.files = map[string]*Facts{}
		s.writers = map[ref][]at[Writer]{}
		s.secrets = map[ref][]at[SecretManifest]{}
	}
	s.files[file] = f
	for i := range f.Writers {
		w := &f.Writers[i]
		k := ref{w.Namespace, w.Secret}
		s.writers[k] = append(s.writers[k], at[Writer]{file, w})
	}
	for i := range f.Secrets {
		m := &f.Secrets[i]
		k := ref{m.Namespace, m.Name}
		s.secrets[k] = append(s.secrets[k], at[SecretManifest]{file, m})
	}
}

// Remove forgets a file.
func (s *Set) Remove(file string) {
	old, ok := s.files[file]
	if !ok {
		return
	}
	delete(s.files, file)
	for _, w := range old.Writers {
		drop(s.writers, ref{w.Namespace, w.Secret}, file)
	}
	for _, m := range old.Secrets {
		drop(s.secrets, ref{m.Namespace, m.Name}, file)
	}
}

// drop removes the entries of file under k.
func drop[T any](index map[ref][]at[T], k ref, file string) {
	list := index[k][:0]
	for _, e := range index[k] {
		if e.file != file {
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
func (s *Set) Findings(file string) []check.Diagnostic {
	f := s.files[file]
	if f == nil {
		return nil
	}
	var out []check.Diagnostic
	for i := range f.Writers {
		out = append(out, s.conflicts(file, &f.Writers[i])...)
	}
	for i := range f.Reads {
		if d, ok := s.key(file, &f.Reads[i]); ok {
			out = append(out, d)
		}
	}
	for i := range f.EnvFroms {
		if d, ok := s.key(file, &f.EnvFroms[i].Read); ok {
			out = append(out, d)
		}
	}
	out = append(out, s.prefixes(file, f.EnvFroms)...)
	check.Sort(out)
	return out
}

// WriterOf returns the resource that writes the Secret name in namespace
// and its file: the first of them when several do.
func (s *Set) WriterOf(namespace, name string) (*Writer, string) {
	for _, w := range s.writers[ref{namespace, name}] {
		return w.fact, w.file
	}
	return nil, ""
}

// finding is a diagnostic at p.
func finding(p Place, sev check.Severity, rule, msg string) check.Diagnostic {
	return check.Diagnostic{Document: p.Document, Start: p.Start, End: p.End, Severity: sev, Rule: rule,
		Path: p.Path, Pointer: p.Pointer, Message: msg}
}

// where names a file for a message about a fact of another one.
func where(file, other string) string {
	if file == other {
		return "in this file"
	}
	return "in " + other
}
