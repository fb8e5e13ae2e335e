package check

import (
	"strconv"

	"github.com/mdscheck/mdscheck/core/document"
)

// duplicate reports a key that appears twice in its mapping.
func (c *checker) duplicate(k *document.Node, p path) {
	delete(c.dups, k)
	c.report(Diagnostic{Start: k.Start, End: k.End, Severity: Error, Rule: "duplicate-key", Path: p.human(), Pointer: p.pointer(),
		Message: "duplicate key " + strconv.Quote(clip(k.Text)) + "; Kubernetes keeps only the last one"})
}
