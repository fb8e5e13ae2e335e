// Package secret derives the connection Secret that the service writes for
// a manifest: its name and the names of its keys.
package secret

import (
	"github.com/mdscheck/mdscheck/core/document"
	"github.com/mdscheck/mdscheck/core/schema"
)

// Secret is the connection Secret of one resource.
type Secret struct {
	Name     string   // spec.connInfoSecretTarget.name, else metadata.name
	Prefix   string   // spec.connInfoSecretTarget.prefix, else KIND_
	Keys     []string // prefixed key names, in the specification's order
	Disabled bool     // spec.connInfoSecretTargetDisabled is true: no Secret is created
	// NameHidden is set when the name is also the value of a secret
	// member (through an anchor); Name is empty then.
	NameHidden bool
}

// Hidden stands for a text that is also the value of a secret member
// (through an anchor) where the text's place is shown: a prefix in the
// key names of the connection Secret, a key in an outline.
const Hidden = "(secret)"

// Of returns the connection Secret of d, a document of kind k. Members
// with the wrong type count as unset (they are reported elsewhere).
func Of(k *schema.Kind, d *document.Document) Secret {
	root := d.Root
	spec := root.Get("spec")
	s := Secret{Prefix: schema.DefaultSecretPrefix(k.Name)}
	secrets := Find(k, d)
	var name *document.Node
	if md := root.Get("metadata"); md != nil {
		name = md.Get("name")
	}
	if t := spec.Get("connInfoSecretTarget"); t != nil {
		if n := t.Get("name"); n.String() != "" {
			name = n
		}
		// The prefix is used as written, even when empty.
		if p := t.Get("prefix"); p != nil && p.Kind == document.Scalar && p.Type == document.String {
			s.Prefix = p.Text
			if secrets.Has(p) {
				s.Prefix = Hidden
			}
		}
	}
	if secrets.Has(name) {
		s.NameHidden = true
	} else {
		s.Name = name.String()
	}
	if d := spec.Get("connInfoSecretTargetDisabled"); d != nil && d.Type == document.Bool && d.Bool {
		s.Disabled = true
	}
	uc := spec.Get("userConfig")
	optional := map[string]bool{}
	for comp, keys := range k.ComponentKeys {
		enabled := false
		if v := uc.Get(comp); v != nil && v.Kind == document.Scalar && v.Type == document.Bool {
			enabled = v.Bool
		}
		for _, key := range keys {
			optional[key] = !enabled
		}
	}
	for _, key := range k.SecretKeys {
		if !optional[key] {
			s.Keys = append(s.Keys, s.Prefix+key)
		}
	}
	return s
}
