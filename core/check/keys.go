package check

import (
	"fmt"
	"strconv"

	"github.com/mdscheck/mdscheck/core/document"
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
	if s == "" || len(s) > 64 {
		return s == ""
	}
	switch c := s[0]; {
	case c >= '0' && c <= '9', c == '+', c == '-', c == '.', c == '~':
		return true
	}
	switch s {
	case "y", "Y", "yes", "Yes", "YES", "n", "N", "no", "No", "NO",
		"on", "On", "ON", "off", "Off", "OFF", "true", "True", "TRUE",
		"false", "False", "FALSE", "null", "Null", "NULL":
		return true
	}
	return false
}

// keys reports the keys of mapping n that Kubernetes reads as another key
// (yaml-compat), a null key it cannot read, and keys that are one key for
// Kubernetes though written differently (duplicate-key). Two keys can only
// meet when one of them is read as another, so most mappings cost one
// cheap look at each key.
func (c *checker) keys(n *document.Node, p path) {
	changed := false
	for _, pr := range n.Pairs {
		k := pr.Key
		if k.Alias || pr.Merged {
			continue
		}
		ck, ok := clusterKey(k)
		switch {
		case !ok:
			c.report(at(k, p.key(k.Text), Error, "yaml-compat",
				fmt.Sprintf("Kubernetes cannot read the null key %s and refuses the file; quote it (%q) if it is a name", clip(k.Text), k.Text)))
		case ck != k.Text:
			changed = true
			d := at(k, p.key(k.Text), Warning, "yaml-compat",
				fmt.Sprintf("Kubernetes reads the key %s as %q (YAML 1.1); quote it (%q) to keep it as written", clip(k.Text), ck, k.Text))
			d.Fixes = []Fix{c.replaceFix(k, strconv.Quote(k.Text), "Quote the key")}
			c.report(d)
		}
	}
	if !changed {
		return
	}
	seen := make(map[string]*document.Node, len(n.Pairs))
	count := make(map[string]int, len(n.Pairs))
	for _, pr := range n.Pairs {
		k := pr.Key
		ck, ok := clusterKey(k)
		if !ok || k.Alias || pr.Merged {
			continue
		}
		count[ck]++
		if prev := seen[ck]; prev != nil && prev.Text != k.Text && !c.dups[k] {
			c.report(at(k, p.key(k.Text), Error, "duplicate-key",
				fmt.Sprintf("the key %s is %q for Kubernetes, like the key %s above; Kubernetes keeps only the last one", clip(k.Text), ck, clip(prev.Text))))
		}
		seen[ck] = k
	}
	// The same text is not always the same key: on and "on" are "true"
	// and "on" for Kubernetes.
	for _, pr := range n.Pairs {
		if ck, ok := clusterKey(pr.Key); ok && c.dups[pr.Key] && count[ck] == 1 {
			delete(c.dups, pr.Key)
		}
	}
}
