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
)

// IsPatch reports whether a kustomization lists the file at path as a
// patch: the one in its directory or in a directory above (see Listing).
func IsPatch(path string) bool {
	abs, err := filepath.Abs(path)
	if err != nil {
		return false
	}
	for _, dir := range Listing(abs) {
		if slices.Contains(Patches(dir), abs) {
			return true
		}
	}
	return false
}

// Listing returns the directories whose kustomization may list the file
// at abs, an absolute path: its own and those above it, up to the root of
// its repository (the first that holds .git) or of the file system.
// Kustomize loads no file from outside a kustomization's directory unless
// told to (its load restrictor), so a patch in overlays/prod/patches/ is
// listed by overlays/prod or above, never by a sibling.
func Listing(abs string) []string {
	var dirs []string
	for dir := filepath.Dir(abs); ; {
		dirs = append(dirs, dir)
		if _, err := os.Stat(filepath.Join(dir, ".git")); err == nil {
			return dirs
		}
		up := filepath.Dir(dir)
		if up == dir {
			return dirs
		}
		dir = up
	}
}

// Patches returns the patch files the kustomization in dir lists, in the
// order kustomize applies them, joined to dir: patchesStrategicMerge,
// patchesJson6902, then patches.
func Patches(dir string) []string {
	var out []string
	for _, p := range PatchFiles(dir) {
		out = append(out, p.Path)
	}
	return out
}

// Patch is a patch file a kustomization lists.
type Patch struct {
	Path string // joined to the kustomization's directory
	// Target selects the resources it applies to; nil for a strategic
	// merge patch that names its resource itself.
	Target *types.Selector
}

// Applies reports whether the patch may apply to the resource of
// apiVersion and kind named one of names (its name in the build and those
// it had before a prefix or suffix): always when it has no target, else as
// kustomize matches its target.
func (p Patch) Applies(apiVersion, kind string, names []string) bool {
	if p.Target == nil {
		return true
	}
	sel, err := types.NewSelectorRegex(p.Target)
	if err != nil {
		return false
	}
	group, version := resid.ParseGroupVersion(apiVersion)
	return sel.MatchGvk(resid.Gvk{Group: group, Version: version, Kind: kind}) && slices.ContainsFunc(names, sel.MatchName)
}

// PatchFiles is Patches with the target of each.
func PatchFiles(dir string) []Patch {
	k, ok := read(dir)
	if !ok {
		return nil
	}
	var out []Patch
	add := func(rel string, target *types.Selector) {
		if rel != "" && !filepath.IsAbs(rel) {
			out = append(out, Patch{Path: filepath.Join(dir, rel), Target: target})
		}
	}
	for _, x := range k.PatchesStrategicMerge {
		// An entry is a file name or a patch written inline; only a file
		// that exists is a file.
		if st, err := os.Stat(filepath.Join(dir, string(x))); err == nil && st.Mode().IsRegular() {
			add(string(x), nil)
		}
	}
	for _, x := range k.PatchesJson6902 {
		add(x.Path, x.Target)
	}
	for _, x := range k.Patches {
		add(x.Path, x.Target)
	}
	return out
}

// Affixes returns the namePrefix and nameSuffix of the kustomization in
// dir.
func Affixes(dir string) (prefix, suffix string) {
	k, ok := read(dir)
	if !ok {
		return "", ""
	}
	return k.NamePrefix, k.NameSuffix
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
	b, err := os.ReadFile(f)
	if err != nil {
		return nil, false
	}
	var k types.Kustomization
	if err := yaml.Unmarshal(b, &k); err != nil {
		return nil, false
	}
	return &k, true
}
