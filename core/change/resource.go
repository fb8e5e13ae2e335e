package change

import (
	"strings"

	"github.com/mdscheck/mdscheck/core/document"
	"github.com/mdscheck/mdscheck/core/field"
	"github.com/mdscheck/mdscheck/core/schema"
	"github.com/mdscheck/mdscheck/core/secret"
)

// resource is one manifest of ours in a version: a document, or an item
// of a List document.
type resource struct {
	id      string // kind, namespace and name: what pairs the versions
	kind    *schema.Kind
	root    *document.Node
	base    *field.Path // where the resource is in its document: the root, or items[i]
	file    int
	doc     int
	secrets *secret.Values // of the whole document, which a List's items share
	paired  bool           // a previous resource that has a current version
	_       [0]func()      // not comparable: no equality function in the module
}

// appendResources adds the resources of d, a document of file, to rs.
func appendResources(rs []resource, d *document.Document, file int) []resource {
	root := d.Root
	var top *field.Path // the document's root
	roots, bases := []*document.Node{root}, []*field.Path{top}
	if items := root.Get("items"); items != nil && items.Kind == document.Sequence &&
		root.Get("kind").String() == "List" && root.Get("apiVersion").String() == "v1" {
		roots, bases = items.Items, nil
		for i := range roots {
			bases = append(bases, top.Key("items").Index(i))
		}
	}
	var secrets *secret.Values
	for i, r := range roots {
		k, id := identify(r)
		if k == nil {
			continue
		}
		if secrets == nil {
			v := secret.New(d)
			secrets = &v
			for _, r := range roots {
				secrets.Walk(schema.Lookup(r.Get("kind").String()), r)
			}
		}
		rs = append(rs, resource{id: id, kind: k, root: r, base: bases[i], file: file, doc: d.Index, secrets: secrets})
	}
	return rs
}

// identify returns the kind of a resource of ours and its identity, or
// nil when r is not ours or names no resource. A manifest without
// apiVersion is ours when its kind is: the check reports the missing
// member, and the resource is still the same one.
func identify(r *document.Node) (*schema.Kind, string) {
	k := schema.Lookup(r.Get("kind").String())
	if k == nil {
		return nil, ""
	}
	if av := r.Get("apiVersion"); !av.IsNull() && !strings.HasPrefix(av.String(), schema.Group+"/") {
		return nil, ""
	}
	md := r.Get("metadata")
	name := md.Get("name").String()
	if name == "" {
		return nil, ""
	}
	return k, k.Name + "\x00" + md.Get("namespace").String() + "\x00" + name
}
