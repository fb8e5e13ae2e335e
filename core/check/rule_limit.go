package check

import "github.com/mdscheck/mdscheck/core/document"

// limit reports a document the reader stopped reading at one of its
// limits (core/document enforces them; docs/rules.md lists them).
func (c *checker) limit(e *document.Error) {
	c.report(Diagnostic{Start: e.Start, End: e.End, Severity: Error, Rule: "limit", Message: e.Message})
}
