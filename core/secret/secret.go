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

// Of returns the connection Secret of d, a document of kind k, as shown
// to people: a name or prefix that is also the value of a secret member
// is hidden. Members with the wrong type count as unset (they are
// reported elsewhere).
func Of(k *schema.Kind, d *document.Document) Secret {
	s, name, prefix := written(k, d)
	secrets := Find(k, d)
	if secrets.Has(prefix) {
		s.Prefix = Hidden
		s.Keys = prefixed(k, d, Hidden)
	}
	if secrets.Has(name) {
		s.Name, s.NameHidden = "", true
	}
	return s
}

// Written returns the connection Secret of d, a document of kind k, as
// the service writes it: nothing hidden, for comparing names and keys
// across resources (package cross), never for showing them.
func Written(k *schema.Kind, d *document.Document) Secret {
	s, _, _ := written(k, d)
	return s
}

// written is Written, with the nodes of the name and of the prefix (nil
// when unset).
func written(k *schema.Kind, d *document.Document) (s Secret, name, prefix *document.Node) {
	root := d.Root
	spec := root.Get("spec")
	s.Prefix = schema.DefaultSecretPrefix(k.Name)
	if md := root.Get("metadata"); md != nil {
		name = md.Get("name")
	}
	if t := spec.Get("connInfoSecretTarget"); t != nil {
		if n := t.Get("name"); n.String() != "" {
			name = n
		}
		// The prefix is used as written, even when empty.
		if p := t.Get("prefix"); p != nil && p.Kind == document.Scalar && p.Type == document.String {
			s.Prefix, prefix = p.Text, p
		}
	}
	s.Name = name.String()
	if d := spec.Get("connInfoSecretTargetDisabled"); d != nil && d.Type == document.Bool && d.Bool {
		s.Disabled = true
	}
	s.Keys = prefixed(k, d, s.Prefix)
	return s, name, prefix
}

// prefixed returns the keys of the connection Secret of d with prefix:
// those of components enabled in spec.userConfig only.
func prefixed(k *schema.Kind, d *document.Document, prefix string) []string {
	uc := d.Root.Get("spec").Get("userConfig")
	var keys []string
	for _, key := range k.SecretKeys {
		if comp := Component(k, key); comp != "" {
			if v := uc.Get(comp); v == nil || v.Kind != document.Scalar || v.Type != document.Bool || !v.Bool {
				continue
			}
		}
		keys = append(keys, prefix+key)
	}
	return keys
}

// Component returns the userConfig boolean of k that must be true for the
// connection Secret to hold key (unprefixed), "" when it always does.
func Component(k *schema.Kind, key string) string {
	for comp, keys := range k.ComponentKeys {
		for _, ck := range keys {
			if ck == key {
				return comp
			}
		}
	}
	return ""
}
