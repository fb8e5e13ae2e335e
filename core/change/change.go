// Package change compares manifests with their previous version and
// reports what the specification's lifecycle rules say about the change:
// an immutable member changed, a resource deleted, disk space reduced, a
// change that restarts every instance, a transition that the prose of a
// kind forbids or explains. None of these shows in one version alone.
//
// The package is pure: the caller reads both versions (from git, from
// files, from an editor's buffer) and passes their texts, several files a
// version. Resources pair by kind, metadata.namespace and metadata.name,
// in the file of the same path first, so a manifest moved to another file
// is the same resource, and one written in a folder per environment is
// one resource per folder; a resource with no previous version is a
// create.
package change

import (
	"strconv"

	"github.com/mdscheck/mdscheck/core/check"
	"github.com/mdscheck/mdscheck/core/document"
)

// File is one text of manifests of a version.
type File struct {
	// Path names the file. Only a document that names no resource (a
	// syntax error, a missing name) is known by it: see Comparison.Key.
	Path string
	Text string
}

// Changes is what a comparison found in one file of a version.
type Changes struct {
	// Findings are sorted by position; their Document indexes the
	// documents of the file's stream. A deletion is reported on the
	// previous document that is gone, the other findings on the current
	// version.
	Findings []check.Diagnostic
	// Created and Changed count the resources of a current file that have
	// no previous version, and the paired ones whose manifest differs;
	// Deleted counts the resources of a previous file that have no
	// current version.
	Created, Changed, Deleted int
	// Unread is set when a document of the file could not be read: what
	// it held was not compared, neither changed nor deleted.
	Unread bool
}

// Comparison is what Compare found, file by file, in the order of the
// files given.
type Comparison struct {
	Current, Previous []Changes

	prev, cur []stream
}

// Compare compares the current version of a set of manifests with the
// previous one.
//
// A resource pairs with the previous resource of its identity in the file
// of the same path; failing that, with the one of another file when the
// identity is unique in both versions (a manifest moved to another file).
// Documents of one identity in several files (a folder per environment,
// each applied to its own cluster) are separate resources: dev/kafka.yaml
// pairs with its own previous version, never with prod/kafka.yaml's. What
// cannot be told apart (the same identity in several files, all renamed)
// is not compared, and not reported as created or deleted.
func Compare(previous, current []File) *Comparison {
	c := &Comparison{prev: index(previous), cur: index(current)}
	c.Previous = make([]Changes, len(previous))
	c.Current = make([]Changes, len(current))
	for i := range c.prev {
		c.Previous[i].Unread = c.prev[i].unread
	}
	for i := range c.cur {
		c.Current[i].Unread = c.cur[i].unread
	}
	before := map[string][]*resource{} // by identity, in order
	for i := range c.prev {
		for j := range c.prev[i].res {
			r := &c.prev[i].res[j]
			before[r.id] = append(before[r.id], r)
		}
	}
	left := map[string]int{} // current resources of an identity not yet paired
	for i := range c.cur {
		for _, r := range c.cur[i].res {
			left[r.id]++
		}
	}
	for i := range c.cur {
		for j := range c.cur[i].res {
			r := &c.cur[i].res[j]
			old := c.pair(r, before[r.id], left[r.id])
			if old == nil {
				if len(before[r.id]) == 0 {
					c.Current[i].Created++
				}
				continue
			}
			old.paired = true
			left[r.id]--
			if !same(old.root, r.root) {
				c.Current[i].Changed++
				c.Current[i].Findings = append(c.Current[i].Findings, compare(old, r)...)
			}
		}
	}
	for i := range c.prev {
		for j := range c.prev[i].res {
			r := &c.prev[i].res[j]
			// Left unpaired while a current resource of its identity is
			// too: which of them is which cannot be told.
			if r.paired || left[r.id] > 0 || c.unsure(r) {
				continue
			}
			c.Previous[i].Deleted++
			c.Previous[i].Findings = append(c.Previous[i].Findings, deletion(r))
		}
	}
	for i := range c.Current {
		check.Sort(c.Current[i].Findings)
	}
	for i := range c.Previous {
		check.Sort(c.Previous[i].Findings)
	}
	return c
}

// pair returns the previous version of r among olds, the previous
// resources of its identity, or nil; left is how many current resources
// of the identity are not paired yet, r included.
func (c *Comparison) pair(r *resource, olds []*resource, left int) *resource {
	path := c.cur[r.file].path
	for _, o := range olds {
		if !o.paired && c.prev[o.file].path == path {
			return o
		}
	}
	if len(olds) == 1 && left == 1 && !olds[0].paired {
		return olds[0]
	}
	return nil
}

// Streams compares two single texts: an editor's buffer with its version
// at a commit, a playground's two panes.
func Streams(previous, current string) *Comparison {
	return Compare([]File{{Text: previous}}, []File{{Text: current}})
}

// unsure reports whether a previous resource may still be there unseen:
// a current file of the same path has a document that could not be read.
// Reporting a deletion then would only add noise to the syntax error.
func (c *Comparison) unsure(r *resource) bool {
	path := c.prev[r.file].path
	for _, s := range c.cur {
		if s.unread && s.path == path {
			return true
		}
	}
	return false
}

// Key returns what identifies a finding across the two versions: the
// resource it is on, its place in that resource (pointer, relative to the
// resource) and its rule. The finding is in document doc of the given
// file of the previous version when previous is set, of the current one
// otherwise. A finding with the same key in both versions is one the
// previous version already had, which validate --new-only leaves out. A
// document that names no resource is known by its file's path and index.
func (c *Comparison) Key(previous bool, file, doc int, pointer, rule string) string {
	streams := c.cur
	if previous {
		streams = c.prev
	}
	if file < 0 || file >= len(streams) {
		return ""
	}
	s := &streams[file]
	for i := range s.res {
		r := &s.res[i]
		if r.doc != doc {
			continue
		}
		if rest, ok := cutPointer(pointer, r.base.Pointer()); ok {
			return r.id + "\x00" + rest + "\x00" + rule
		}
	}
	return "\x01" + s.path + "\x00" + strconv.Itoa(doc) + "\x00" + pointer + "\x00" + rule
}

// cutPointer returns pointer relative to base, the pointer of a resource,
// when it is at or below base.
func cutPointer(pointer, base string) (string, bool) {
	if base == "" {
		return pointer, true
	}
	if pointer == base {
		return "", true
	}
	if len(pointer) > len(base) && pointer[:len(base)] == base && pointer[len(base)] == '/' {
		return pointer[len(base):], true
	}
	return "", false
}

// stream is one file of a version, read.
type stream struct {
	path   string
	src    string
	res    []resource
	unread bool // a document could not be read
}

func index(files []File) []stream {
	out := make([]stream, len(files))
	for i, f := range files {
		s := document.ParseStream(f.Text, document.DefaultLimits)
		out[i] = stream{path: f.Path, src: f.Text}
		for _, d := range s.Docs {
			if d.Err != nil {
				out[i].unread = true
				continue
			}
			out[i].res = appendResources(out[i].res, d, i)
		}
	}
	return out
}
