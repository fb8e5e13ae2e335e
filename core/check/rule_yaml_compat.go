package check

import (
	"strings"

	"github.com/mdscheck/mdscheck/core/document"
	"github.com/mdscheck/mdscheck/core/field"
	"github.com/mdscheck/mdscheck/core/schema"
	"github.com/mdscheck/mdscheck/core/text"
)

// compat warns about a scalar that Kubernetes (YAML 1.1) reads as value, a
// what ("the boolean", "the number"), where YAML 1.2 tools read
// n.YAML12. The keys that Kubernetes reads as other keys are in keys.go.
func (c *checker) compat(n *document.Node, s *schema.Schema, p *field.Path, value, what string) {
	d := at(n, p, Warning, "yaml-compat", c.written(n, s)+" is "+what+" "+value+" for Kubernetes, but YAML 1.2 tools read "+n.YAML12+"; write "+value)
	if !n.Alias && !c.hidden(n, s) {
		d.Fixes = []Fix{c.replaceFix(n, value, "Write "+value)}
	}
	c.report(d)
}

// directive reports a %YAML directive of another version than 1.1 at
// the start of the document: go-yaml v2, which kubectl reads manifests
// with, refuses the document.
func (c *checker) directive() {
	doc := c.src[c.doc.Start:c.doc.End]
	if !strings.HasPrefix(doc, "%YAML ") || strings.HasPrefix(doc, "%YAML 1.1") {
		return
	}
	end := text.LineBreak(c.src, c.doc.Start)
	c.report(Diagnostic{Start: c.doc.Start, End: end, Severity: Error, Rule: "yaml-compat",
		Message: "kubectl refuses a document marked as another version than %YAML 1.1; remove the directive"})
}
