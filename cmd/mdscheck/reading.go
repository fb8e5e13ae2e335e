package main

import (
	"path/filepath"
	"sync"

	"github.com/mdscheck/mdscheck/core/check"
	"github.com/mdscheck/mdscheck/internal/helm"
	"github.com/mdscheck/mdscheck/internal/kustomize"
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
	for _, f := range kustomize.Patches(dir) {
		p[f] = true
	}
	rs.patches[dir] = p
	return p
}
