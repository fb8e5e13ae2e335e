package main

import (
	"fmt"
	"io"

	"github.com/mdscheck/mdscheck/core/check"
	"github.com/mdscheck/mdscheck/core/cross"
	"github.com/mdscheck/mdscheck/core/secret"
)

// acrossResources adds to each input's result what crosses the inputs of
// the run, read as one set of resources (core/cross): two resources that
// write one connection Secret, a workload that reads a key no resource
// writes, two Secrets whose keys collide in one container. Names that a
// Helm template action writes are known only once the chart is rendered:
// stderr says how many were left out.
func acrossResources(results []fileResult, stderr io.Writer) {
	var set cross.Set
	var g secret.Gate
	for _, r := range results {
		if r.facts != nil {
			set.Put(r.path, r.facts)
		}
		r.file.Feed(&g)
	}
	for i := range results {
		r := &results[i]
		if r.facts == nil {
			continue
		}
		found := set.Findings(r.path)
		if len(found) == 0 {
			continue
		}
		// A message names resources and Secrets of other files, whose
		// names may be secrets of any file of the run.
		for j := range found {
			found[j].Message = g.Clean(found[j].Message)
		}
		r.file.Diagnostics = append(r.file.Diagnostics, found...)
		check.Sort(r.file.Diagnostics)
	}
	if n := set.Templated(); n > 0 {
		fmt.Fprintf(stderr, "mdscheck: %d Secret %s written by Helm template actions left out of the checks across resources; they are known once the chart is rendered\n",
			n, pluralWord(n, "name"))
	}
}
