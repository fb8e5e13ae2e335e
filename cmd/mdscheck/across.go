package main

import (
	"fmt"
	"io"
	"path/filepath"
	"slices"

	"github.com/mdscheck/mdscheck/core/check"
	"github.com/mdscheck/mdscheck/core/cross"
	"github.com/mdscheck/mdscheck/core/secret"
)

// acrossResources adds to each input's result what crosses the resources
// of the run (core/cross): two resources that write one connection
// Secret, a workload that reads a key no resource writes, two Secrets
// whose keys collide in one container. It returns the results followed by
// those of the builds, every finding of a build placed in the file it
// comes from (overlayBuild.results). Names that a Helm template action
// writes are known only once the chart is rendered: stderr says how many
// were left out.
//
// Without --kustomize the inputs are one set. Each build is a set of its
// own, with the inputs that no build read: what is deployed is the
// build, so a file it read gives no facts of its own. Else a base named
// as an input too would write each of its Secrets twice, and two overlays
// of one base, deployed apart, would overwrite each other's.
func acrossResources(results []fileResult, builds []*overlayBuild, stderr io.Writer) []fileResult {
	read := readByBuilds(builds)
	var plain []*fileResult // the inputs whose facts join every set
	var set cross.Set
	for i := range results {
		r := &results[i]
		if r.facts != nil && (len(read) == 0 || !read[realPath(r.path)]) {
			plain = append(plain, r)
			set.Put(r.path, r.facts)
		}
	}
	templated := set.Templated()
	found := make([][]check.Diagnostic, len(plain))
	addPlain := func() {
		for i, r := range plain {
			found[i] = appendNew(found[i], set.Findings(r.path))
		}
	}
	if len(builds) == 0 {
		addPlain()
	}
	placed := make([][]check.Diagnostic, len(builds))
	for k, b := range builds {
		parts := b.facts.Split(b.origin)
		names := make([]string, 0, len(parts))
		for name, f := range parts {
			set.Put(name, f)
			names = append(names, name)
		}
		slices.Sort(names)
		addPlain()
		for _, name := range names {
			placed[k] = append(placed[k], set.FindingsPlaced(name)...)
		}
		for _, name := range names {
			set.Remove(name)
		}
	}
	// A message names resources and Secrets of other files, whose names
	// may be secrets of any file of the run: it passes the gate of them
	// all, made only when there is a message, since its cost is that of
	// every secret of the run.
	var g *secret.Gate
	clean := func(ds []check.Diagnostic) {
		if len(ds) > 0 && g == nil {
			g = runSecrets(results, builds)
		}
		for i := range ds {
			ds[i].Message = g.Clean(ds[i].Message)
		}
	}
	for k := range builds {
		clean(placed[k])
	}
	for i, r := range plain {
		if len(found[i]) == 0 {
			continue
		}
		clean(found[i])
		r.file.Diagnostics = append(r.file.Diagnostics, found[i]...)
		check.Sort(r.file.Diagnostics)
	}
	for k, b := range builds {
		results = append(results, b.results(placed[k], stderr)...)
	}
	if templated > 0 {
		fmt.Fprintf(stderr, "mdscheck: %d Secret %s written by Helm template actions left out of the checks across resources; they are known once the chart is rendered\n",
			templated, pluralWord(templated, "name"))
	}
	return results
}

// runSecrets is the gate of the secrets of every input and build of the
// run.
func runSecrets(results []fileResult, builds []*overlayBuild) *secret.Gate {
	g := &secret.Gate{}
	for i := range results {
		results[i].file.Feed(g)
	}
	for _, b := range builds {
		f := b.own()
		f.Feed(g)
	}
	return g
}

// appendNew appends to have the findings of add it does not hold, at
// the same place with the same rule and message: an input meets the set
// of each build, and what it finds with the other inputs, found with
// each, is reported once; so is a finding that a build placed in an
// input (foldBuildPlaces).
func appendNew(have, add []check.Diagnostic) []check.Diagnostic {
	if len(have) == 0 {
		return add
	}
	type key struct {
		start, end    int
		rule, message string
	}
	held := make(map[key]bool, len(have))
	for _, d := range have {
		held[key{d.Start, d.End, d.Rule, d.Message}] = true
	}
	for _, d := range add {
		if k := (key{d.Start, d.End, d.Rule, d.Message}); !held[k] {
			held[k] = true
			have = append(have, d)
		}
	}
	return have
}

// foldBuildPlaces moves the findings that a build placed in a file that
// is an input of the run too into that input's result, but for those it
// holds already, and leaves out the build's copy: shown twice, the file
// would count its findings twice (validate --previous git:HEAD
// --kustomize overlays/prod overlays/prod base). A file that changed
// between the two reads keeps both.
func foldBuildPlaces(results []fileResult) []fileResult {
	var inputs map[string]int // by realPath: the index of the input's result
	for i, r := range results {
		if r.ofBuild {
			if inputs == nil {
				inputs = map[string]int{}
				for j, in := range results {
					if in.facts != nil { // an input's (fileResult.facts)
						inputs[realPath(in.path)] = j
					}
				}
			}
			if j, ok := inputs[realPath(r.path)]; ok && results[j].file.Text == r.file.Text {
				in := &results[j].file
				in.Diagnostics = appendNew(in.Diagnostics, r.file.Diagnostics)
				check.Sort(in.Diagnostics)
				results[i].file.Diagnostics = nil
			}
		}
	}
	return slices.DeleteFunc(results, func(r fileResult) bool { return r.ofBuild && r.file.Diagnostics == nil })
}

// readByBuilds returns the files that the builds read, by realPath.
func readByBuilds(builds []*overlayBuild) map[string]bool {
	read := map[string]bool{}
	for _, b := range builds {
		for _, p := range b.reads.read() {
			read[realPath(p)] = true
		}
	}
	return read
}

// realPath is the absolute path of the file at p, links resolved: what
// tells an input from a file a build read, whichever way each names it.
func realPath(p string) string {
	abs, err := filepath.Abs(p)
	if err != nil {
		return p
	}
	if real, err := filepath.EvalSymlinks(abs); err == nil {
		return real
	}
	return abs
}
