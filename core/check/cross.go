package check

import "github.com/mdscheck/mdscheck/core/document"

// crossRule checks a rule between members, stated in the specification's
// prose. Each lives in a file of its own (rule_*.go) and registers here.
type crossRule func(c *checker, root *document.Node)

var crossRules []crossRule
