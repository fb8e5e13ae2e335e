package kustomize

import (
	"sync"

	"github.com/mdscheck/mdscheck/internal/reading"
)

// Readings tells how each of many files is read (reading.Of), reading
// each directory's kustomization once: mdscheck validate asks it of every
// file it checks, the language server of every file of its workspace.
// The zero Readings is ready; it is safe for concurrent use.
type Readings struct {
	mu      sync.Mutex
	patches map[string]map[string]bool // directory -> the patch files its kustomization lists
	roots   map[string]bool            // directory -> it is a repository's root
}

// Of returns how the file at path is read.
func (rs *Readings) Of(path string) reading.Mode {
	return reading.Of(path, func(path string) bool {
		return IsListed(path, func(dir, abs string) bool { return rs.listed(dir)[abs] }, rs.isRoot)
	})
}

// isRoot is IsRoot, asked once per directory: the files of a run share
// their directories, and a stat for each file and level above it was a
// fifth of checking 2,000 files.
func (rs *Readings) isRoot(dir string) bool {
	rs.mu.Lock()
	defer rs.mu.Unlock()
	root, ok := rs.roots[dir]
	if !ok {
		if rs.roots == nil {
			rs.roots = map[string]bool{}
		}
		root = IsRoot(dir)
		rs.roots[dir] = root
	}
	return root
}

// listed returns the patch files that the kustomization in dir lists, by
// absolute path.
func (rs *Readings) listed(dir string) map[string]bool {
	rs.mu.Lock()
	defer rs.mu.Unlock()
	if p, ok := rs.patches[dir]; ok {
		return p
	}
	if rs.patches == nil {
		rs.patches = map[string]map[string]bool{}
	}
	p := map[string]bool{}
	for _, f := range Patches(dir) {
		p[f] = true
	}
	rs.patches[dir] = p
	return p
}
