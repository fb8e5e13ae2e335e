package benchrepo

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// Shared is the set of an attack on the checks across resources: Texts
// one-document texts, all of one connection Secret's name, "shared", in
// two namespaces. Most are resources of ours, which all write the
// Secret; every fifth is a Deployment that reads a key none writes; the
// second text is a v1 Secret of the name in the second namespace. Each
// writer meets thousands of others: a check that names every other
// writer, or meets each writer once per writer, grows with the square of
// the set.
type Shared struct{ Texts int }

// File is one text of a generated set and its name.
type File struct{ Name, Text string }

// Files returns the texts of the set, f0.yaml to f<Texts-1>.yaml.
func (s Shared) Files() []File {
	out := make([]File, s.Texts)
	for i := range out {
		var b strings.Builder
		ns := i % 2
		switch {
		case i == 1:
			fmt.Fprintf(&b, "apiVersion: v1\nkind: Secret\nmetadata:\n  name: shared\n  namespace: ns%d\nstringData:\n  KEY: value\n", ns)
		case i%5 == 4:
			fmt.Fprintf(&b, "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: api%d\n  namespace: ns%d\nspec:\n  template:\n    spec:\n      containers:\n      - name: api\n        image: api\n        env:\n        - name: X\n          valueFrom:\n            secretKeyRef:\n              name: shared\n              key: NO_SUCH_KEY\n", i, ns)
		default:
			fmt.Fprintf(&b, "apiVersion: example.io/v1alpha1\nkind: %s\nmetadata:\n  name: shared\n  namespace: ns%d\nspec:\n  plan: p\n  project: q\n  connInfoSecretTarget:\n    name: shared\n",
				kinds[i%len(kinds)].kind, ns)
		}
		out[i] = File{fmt.Sprintf("f%d.yaml", i), b.String()}
	}
	return out
}

// Write writes the texts of the set to dir, each as its file.
func (s Shared) Write(dir string) error {
	for _, f := range s.Files() {
		if err := os.WriteFile(filepath.Join(dir, f.Name), []byte(f.Text), 0o644); err != nil {
			return err
		}
	}
	return nil
}

// Others returns how many writers of the Secret text i meets in its
// namespace that are other resources than its own (another kind: all
// are named "shared"), 0 for a text that writes none: the count a
// conflict's message gives, one of them named and the rest counted.
func (s Shared) Others(i int) int {
	if i == 1 || i%5 == 4 {
		return 0
	}
	n := 0
	for j := i % 2; j < s.Texts; j += 2 {
		if j != 1 && j%5 != 4 && j%len(kinds) != i%len(kinds) {
			n++
		}
	}
	return n
}
