package main

import (
	"sync"

	"github.com/mdscheck/mdscheck/internal/kustomize"
	"github.com/mdscheck/mdscheck/internal/reading"
)

// readings tells how each file is read, reading each directory's
// kustomization once.
type readings struct {
	mu      sync.Mutex
	patches map[string]map[string]bool // directory -> the patch files its kustomization lists
	roots   map[string]bool            // directory -> it is a repository's root
}

// of returns how the file at path is read.
func (rs *readings) of(path string) reading.Mode {
	return reading.Of(path, func(path string) bool {
		return kustomize.IsListed(path, func(dir, abs string) bool { return rs.listed(dir)[abs] }, rs.isRoot)
	})
}

// isRoot is kustomize.IsRoot, asked once per directory: the files of a
// run share their directories, and a stat for each file and level above
// it was a fifth of checking 2,000 files.
func (rs *readings) isRoot(dir string) bool {
	rs.mu.Lock()
	defer rs.mu.Unlock()
	root, ok := rs.roots[dir]
	if !ok {
		if rs.roots == nil {
			rs.roots = map[string]bool{}
		}
		root = kustomize.IsRoot(dir)
		rs.roots[dir] = root
	}
	return root
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
