package main

import (
	"os"
	"path/filepath"
	"sync"

	"sigs.k8s.io/kustomize/api/konfig"
	"sigs.k8s.io/kustomize/api/types"
	"sigs.k8s.io/yaml"

	"github.com/mdscheck/mdscheck/core/check"
	"github.com/mdscheck/mdscheck/internal/helm"
)

// reading is how a file's text is checked.
type reading int

const (
	whole    reading = iota // a manifest
	patch                   // a patch a kustomization lists: members it leaves out are not missing
	template                // a Helm chart's template: its actions are masked
)

// text returns what is checked of src: src itself, or a template's text
// with its actions masked (as long as src, so positions agree).
func (r reading) text(src string) string {
	if r == template {
		return helm.Mask(src)
	}
	return src
}

// options returns opts for a text read this way.
func (r reading) options(opts check.Options) check.Options {
	opts.Partial = r == patch
	opts.Template = r == template
	return opts
}

// readings tells how each file is read, reading each directory's
// kustomization once.
type readings struct {
	mu      sync.Mutex
	patches map[string]map[string]bool // directory -> the patch files its kustomization lists
}

// of returns how the file at path is read.
func (rs *readings) of(path string) reading {
	if helm.IsTemplate(path) {
		return template
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return whole
	}
	if rs.listed(filepath.Dir(abs))[abs] {
		return patch
	}
	return whole
}

// listed returns the patch files that the kustomization in dir lists, by
// absolute path.
func (rs *readings) listed(dir string) map[string]bool {
	rs.mu.Lock()
	defer rs.mu.Unlock()
	if p, ok := rs.patches[dir]; ok {
		return p
	}
	if rs.patches == nil {
		rs.patches = map[string]map[string]bool{}
	}
	p := map[string]bool{}
	rs.patches[dir] = p
	for _, f := range patchFiles(dir) {
		p[f] = true
	}
	return p
}

// patchFiles returns the patch files the kustomization in dir lists, in
// the order kustomize applies them, joined to dir.
func patchFiles(dir string) []string {
	k, ok := readKustomization(dir)
	if !ok {
		return nil
	}
	var out []string
	add := func(rel string) {
		if rel != "" && !filepath.IsAbs(rel) {
			out = append(out, filepath.Join(dir, rel))
		}
	}
	for _, x := range k.PatchesStrategicMerge {
		// An entry is a file name or a patch written inline; only a file
		// that exists is a file.
		if st, err := os.Stat(filepath.Join(dir, string(x))); err == nil && st.Mode().IsRegular() {
			add(string(x))
		}
	}
	for _, x := range k.PatchesJson6902 {
		add(x.Path)
	}
	for _, x := range k.Patches {
		add(x.Path)
	}
	return out
}

// readKustomization reads the kustomization of dir, if it has one.
func readKustomization(dir string) (*types.Kustomization, bool) {
	for _, name := range konfig.RecognizedKustomizationFileNames() {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			continue
		}
		var k types.Kustomization
		if err := yaml.Unmarshal(b, &k); err != nil {
			return nil, false
		}
		return &k, true
	}
	return nil, false
}
