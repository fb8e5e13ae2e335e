package change

import (
	"strconv"

	"github.com/mdscheck/mdscheck/core/check"
	"github.com/mdscheck/mdscheck/core/document"
	"github.com/mdscheck/mdscheck/core/schema"
)

// deletion reports a previous resource that has no current version, on
// its name in the previous document: deleted, renamed or moved to another
// namespace, it is a service the cluster will delete with its data, or
// refuse to delete while terminationProtection is true.
func deletion(r *resource) check.Diagnostic {
	at := r.base.Key("metadata").Key("name")
	n := r.root.Get("metadata").Get("name") // never nil: the name identifies r
	what := r.kind.Name + " " + r.shown(n)
	if ns := r.root.Get("metadata").Get("namespace"); !ns.IsNull() {
		what += " in namespace " + r.shown(ns)
	}
	d := check.Diagnostic{Document: r.doc, Start: n.Start, End: n.End, Severity: check.Warning, Rule: "deletion",
		Path: at.String(), Pointer: at.Pointer(),
		Message: what + " is gone (deleted, renamed or moved to another namespace): applying the change deletes the service and its data"}
	if guard := protection(r.kind.Manifest, r.root); guard != "" {
		d.Severity = check.Error
		d.Message = what + " is gone, but its previous version has " + guard + ": true, so the service cannot be deleted; " +
			"to delete it, first set " + guard + " to false in a change of its own"
	}
	return d
}

// protection returns the name of a member of n, a value of schema s,
// that is marked prevents-deletion and is true, or "".
func protection(s *schema.Schema, n *document.Node) string {
	for _, p := range s.Properties {
		v := n.Get(p.Name)
		switch {
		case v == nil:
		case p.Lifecycle&schema.PreventsDeletion != 0 && isTrue(v):
			return p.Name
		case p.Type == schema.Object:
			if name := protection(p.Schema, v); name != "" {
				return name
			}
		}
	}
	return ""
}

// shown quotes a name for a message, unless it is a secret's value.
func (r *resource) shown(n *document.Node) string {
	if r.secrets.Has(n) {
		return "(a secret value)"
	}
	return strconv.Quote(n.String())
}
