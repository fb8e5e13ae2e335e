// Package kustomize tells which files a kustomization lists as patches:
// partial documents, which hold only the members they change.
package kustomize

import (
	"os"
	"path/filepath"
	"slices"

	"sigs.k8s.io/kustomize/api/konfig"
	"sigs.k8s.io/kustomize/api/types"
	"sigs.k8s.io/kustomize/kyaml/resid"
	"sigs.k8s.io/yaml"

	"github.com/mdscheck/mdscheck/internal/reading"
)

// IsPatch reports whether a kustomization lists the file at path as a
// patch: the one in its directory or in a directory above.
func IsPatch(path string) bool {
	return IsListed(path, func(dir, abs string) bool { return slices.Contains(Patches(dir), abs) }, nil)
}

// IsListed is IsPatch with listed saying whether the kustomization in
// dir lists the file at abs as a patch, for a caller that keeps what
// each directory lists. The directories asked are the file's own and
// those above it, up to the root of its repository (the first that holds
// .git) or of the file system: kustomize loads no file from outside a
// kustomization's directory unless told to (its load restrictor), so a
// patch in overlays/prod/patches/ is listed by overlays/prod or above,
// never by a sibling.
//
// isRoot reports whether dir is the root of a repository; nil asks the
// disk each time (a caller that asks for many files keeps the answers).
func IsListed(path string, listed func(dir, abs string) bool, isRoot func(dir string) bool) bool {
	abs, err := filepath.Abs(path)
	if err != nil {
		return false
	}
	if isRoot == nil {
		isRoot = IsRoot
	}
	for dir := filepath.Dir(abs); ; {
		if listed(dir, abs) {
			return true
		}
		if isRoot(dir) {
			return false
		}
		up := filepath.Dir(dir)
		if up == dir {
			return false
		}
		dir = up
	}
}

// IsRoot reports whether dir is the root of a repository: it holds .git.
func IsRoot(dir string) bool {
	_, err := os.Stat(filepath.Join(dir, ".git"))
	return err == nil
}

// Patches returns the patch files the kustomization in dir lists, in the
// order kustomize applies them, joined to dir: patchesStrategicMerge,
// patches, then patchesJson6902 (a build runs its JSON 6902 patches
// after the name and namespace transformers that follow the others).
func Patches(dir string) []string {
	var out []string
	for _, p := range Read(dir).Patches {
		if p.Inline == nil {
			out = append(out, p.Path)
		}
	}
	return out
}

// Patch is a patch a kustomization lists: a file, or a patch written
// inline in the kustomization.
type Patch struct {
	// Path is the patch file, joined to the kustomization's directory;
	// for a patch written inline, the kustomization file itself.
	Path string
	// Inline is where in the kustomization file a patch written inline
	// is; nil for a patch file.
	Inline *Inline
	// Target selects the resources it applies to; nil for a strategic
	// merge patch that names its resource itself.
	Target *types.Selector
	// selector is Target compiled, once for all the resources of a build
	// it is asked about (its regular expressions took a third of the
	// time Applies took); nil when it does not compile.
	selector *types.SelectorRegex
}

// Applies reports whether the patch may apply to the resource of
// apiVersion and kind named one of names (its name in the build and those
// it had before a prefix or suffix): always when it has no target, else as
// kustomize matches its target.
func (p Patch) Applies(apiVersion, kind string, names []string) bool {
	if p.Target == nil {
		return true
	}
	sel := p.selector
	if sel == nil {
		var err error
		if sel, err = types.NewSelectorRegex(p.Target); err != nil {
			return false
		}
	}
	group, version := resid.ParseGroupVersion(apiVersion)
	return sel.MatchGvk(resid.Gvk{Group: group, Version: version, Kind: kind}) && slices.ContainsFunc(names, sel.MatchName)
}

// Inline is the place of a patch written inline in its kustomization:
// the list that holds it and its index there. Of patchesStrategicMerge
// the item is the patch's text; of patches and patchesJson6902 its
// member patch is.
type Inline struct {
	List  string // patches, patchesStrategicMerge or patchesJson6902
	Index int
}

// Kustomization is what mdscheck reads of a kustomization: its patch
// files, in the order kustomize applies them (patchesStrategicMerge,
// patches, then patchesJson6902), and the affixes it gives names.
type Kustomization struct {
	Patches                []Patch
	NamePrefix, NameSuffix string
}

// Read reads the kustomization in dir; the zero Kustomization when dir
// has none that parses.
func Read(dir string) Kustomization {
	k, ok := read(dir)
	if !ok {
		return Kustomization{}
	}
	out := Kustomization{NamePrefix: k.NamePrefix, NameSuffix: k.NameSuffix}
	add := func(rel string, target *types.Selector, inline *Inline) {
		p := Patch{Target: target, Inline: inline}
		switch {
		case inline != nil:
			p.Path = File(dir)
		case rel != "" && !filepath.IsAbs(rel):
			p.Path = filepath.Join(dir, rel)
		default:
			return
		}
		if target != nil {
			p.selector, _ = types.NewSelectorRegex(target)
		}
		out.Patches = append(out.Patches, p)
	}
	for i, x := range k.PatchesStrategicMerge {
		// An entry is a file name or a patch written inline; only a file
		// that exists is a file.
		if st, err := os.Stat(filepath.Join(dir, string(x))); err == nil && st.Mode().IsRegular() {
			add(string(x), nil, nil)
		} else {
			add("", nil, &Inline{"patchesStrategicMerge", i})
		}
	}
	for _, list := range []struct {
		name    string
		patches []types.Patch
	}{{"patches", k.Patches}, {"patchesJson6902", k.PatchesJson6902}} {
		for i, x := range list.patches {
			if x.Path == "" && x.Patch != "" {
				add("", x.Target, &Inline{list.name, i})
				continue
			}
			add(x.Path, x.Target, nil)
		}
	}
	return out
}

// File returns the kustomization file of dir, or "".
func File(dir string) string {
	for _, name := range konfig.RecognizedKustomizationFileNames() {
		p := filepath.Join(dir, name)
		if st, err := os.Stat(p); err == nil && st.Mode().IsRegular() {
			return p
		}
	}
	return ""
}

// read reads the kustomization of dir, if it has one that parses.
func read(dir string) (*types.Kustomization, bool) {
	f := File(dir)
	if f == "" {
		return nil, false
	}
	b, err := reading.ReadFile(f) // a FIFO put in its place is not waited on
	if err != nil {
		return nil, false
	}
	var k types.Kustomization
	if err := yaml.Unmarshal(b, &k); err != nil {
		return nil, false
	}
	return &k, true
}
