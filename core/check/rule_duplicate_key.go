package check

import (
	"strconv"

	"github.com/mdscheck/mdscheck/core/document"
	"github.com/mdscheck/mdscheck/core/field"
)

// duplicate reports a key that appears twice in its mapping.
func (c *checker) duplicate(k *document.Node, p *field.Path) {
	delete(c.dups, k)
	c.report(Diagnostic{Start: k.Start, End: k.End, Severity: Error, Rule: "duplicate-key", Path: p.String(), Pointer: p.Pointer(),
		Message: "duplicate key " + strconv.Quote(clip(k.Text)) + "; Kubernetes keeps only the last one"})
}
