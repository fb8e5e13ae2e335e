package check

import (
	"strconv"

	"github.com/mdscheck/mdscheck/core/document"
	"github.com/mdscheck/mdscheck/core/field"
)

// Kubernetes clients (sigs.k8s.io/yaml) read a mapping's keys as YAML 1.1
// scalars and turn them into JSON keys: y: and on: become "true", 0x10:
// becomes "16", 1.0: becomes "1", and a null key fails the whole file.
// A key written as a word may so reach the cluster as another word, and
// two keys that look different may be one.

// clusterKey returns the JSON key Kubernetes makes of k, and false for a
// null key, which it cannot make one of.
func clusterKey(k *document.Node) (string, bool) {
	if k.Style != document.Plain || !mayResolve(k.Text) {
		return k.Text, true
	}
	n := document.ReadScalar(k.Text)
	if n == nil {
		return k.Text, true
	}
	switch n.Type {
	case document.Null:
		return "", false
	case document.Bool:
		return strconv.FormatBool(n.Bool), true
	case document.Int:
		if n.Overflow {
			return k.Text, true
		}
		return strconv.FormatInt(n.Int, 10), true
	case document.Float:
		f, err := strconv.ParseFloat(n.Text, 64)
		if err != nil {
			return k.Text, true
		}
		// As sigs.k8s.io/yaml writes a float key: 32-bit shortest form.
		s := strconv.FormatFloat(f, 'g', -1, 32)
		switch s {
		case "+Inf":
			s = ".inf"
		case "-Inf":
			s = "-.inf"
		case "NaN":
			s = ".nan"
		}
		return s, true
	}
	return k.Text, true
}

// mayResolve is a cheap first look: only these texts can be read as
// anything but a string.
func mayResolve(s string) bool {
	if s == "" {
		return true
	}
	if len(s) > 64 {
		return false
	}
	switch c := s[0]; {
	case c >= '0' && c <= '9', c == '+', c == '-', c == '.', c == '~':
		return true
	}
	if len(s) > 5 {
		return false
	}
	for _, w := range resolvingWords {
		if s == w {
			return true
		}
	}
	return false
}

// resolvingWords are the booleans and nulls of YAML 1.1 as Kubernetes
// reads them. A list, not a switch: the switch compiles to more code than
// the WebAssembly module should carry for a first look.
var resolvingWords = [...]string{"y", "Y", "yes", "Yes", "YES", "n", "N", "no", "No", "NO",
	"on", "On", "ON", "off", "Off", "OFF", "true", "True", "TRUE",
	"false", "False", "FALSE", "null", "Null", "NULL"}

// keys reports the keys of mapping n that Kubernetes reads as another key
// (yaml-compat), a null key it cannot read, and keys that are one key for
// Kubernetes though written differently (duplicate-key). Two keys can only
// meet when one of them is read as another, so most mappings cost one
// cheap look at each key; the others read each key once.
func (c *checker) keys(n *document.Node, p *field.Path) {
	var cks []string // the cluster's key of each pair, once one differs from its text
	for _, pr := range n.Pairs {
		k := pr.Key
		if k.Alias || pr.Merged {
			continue
		}
		ck, ok := clusterKey(k)
		if !ok {
			c.report(at(k, p.Key(k.Text), Error, "yaml-compat",
				"Kubernetes cannot read the null key "+clip(k.Text)+" and refuses the file; quote it ("+strconv.Quote(k.Text)+") if it is a name"))
			continue
		}
		if ck == k.Text {
			continue
		}
		d := at(k, p.Key(k.Text), Warning, "yaml-compat",
			"Kubernetes reads the key "+clip(k.Text)+" as "+strconv.Quote(ck)+" (YAML 1.1); quote it ("+strconv.Quote(k.Text)+") to keep it as written")
		d.Fixes = []Fix{c.replaceFix(k, strconv.Quote(k.Text), "Quote the key")}
		c.report(d)
		if cks == nil {
			// Read once, the cluster's key of each pair: "" for an alias,
			// a merged pair or a null key.
			cks = make([]string, len(n.Pairs))
			for j, pr := range n.Pairs {
				if !pr.Key.Alias && !pr.Merged {
					cks[j], _ = clusterKey(pr.Key)
				}
			}
		}
	}
	for i, ck := range cks {
		k := n.Pairs[i].Key
		if ck == "" {
			continue
		}
		// y: then on: are one key "true" for the cluster; on: and "on":
		// are two, "true" and "on", though the reader saw the same text
		// twice.
		met := false
		for j := len(cks) - 1; j >= 0; j-- { // the nearest key above is named
			if j == i || cks[j] != ck {
				continue
			}
			met = true
			if o := n.Pairs[j].Key; j < i && o.Text != k.Text && !c.dups[k] {
				c.report(at(k, p.Key(k.Text), Error, "duplicate-key",
					"the key "+clip(k.Text)+" is "+strconv.Quote(ck)+" for Kubernetes, like the key "+clip(o.Text)+" above; Kubernetes keeps only the last one"))
				break
			}
		}
		if !met {
			delete(c.dups, k)
		}
	}
}
