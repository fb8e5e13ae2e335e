package check

import "github.com/mdscheck/mdscheck/core/document"

// syntax reports a document that could not be read: a syntax error, or
// (rule limit) a limit the reader stopped at.
func (c *checker) syntax(e *document.Error) {
	if e.Limit != "" {
		c.limit(e)
		return
	}
	c.report(Diagnostic{Start: e.Start, End: e.End, Severity: Error, Rule: "yaml-syntax", Message: e.Message})
}
