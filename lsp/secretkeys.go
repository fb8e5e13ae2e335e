package lsp

import (
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/mdscheck/mdscheck/core/cross"
	"github.com/mdscheck/mdscheck/core/lang"
	"github.com/mdscheck/mdscheck/core/text"
)

// secretSources are what the workspace knows of one Secret: the
// resources that write it and the files of the v1 Secrets of its name.
type secretSources struct {
	writers []cross.In[cross.Writer]
	secrets []string
}

// sources returns what writes the Secret name in namespace, in the set of
// the open document d that asks (setFor). The writers
// are copies: the set may replace its facts once the lock is let go.
func (w *workspace) sources(d *openDoc, namespace, name string) secretSources {
	w.mu.Lock()
	defer w.mu.Unlock()
	set := w.setFor(d)
	var out secretSources
	for _, in := range set.Writers(namespace, name) {
		c := *in.Fact
		out.writers = append(out.writers, cross.In[cross.Writer]{File: in.File, Fact: &c})
	}
	for _, in := range set.Secrets(namespace, name) {
		out.secrets = append(out.secrets, in.File)
	}
	return out
}

// completeSecretKey offers, where the key of a secretKeyRef or of a
// Secret volume's item is written, the keys that the resources of the
// workspace writing its Secret write (lang.SecretKeyAt reads the cursor's
// context, also in text that does not parse): the keys they write first,
// then those a component they leave off would write.
func (s *server) completeSecretKey(d *openDoc, src string, pos text.Position, enc text.Encoding) []lang.CompletionItem {
	k, ok := lang.SecretKeyAt(src, pos, enc)
	if !ok || k.Secret == "" {
		return nil
	}
	var out []lang.CompletionItem
	seen := map[string]bool{}
	add := func(key, detail, doc string, rank int) {
		if seen[key] {
			return
		}
		seen[key] = true
		out = append(out, lang.CompletionItem{Label: key, Kind: lang.KindValue, Detail: detail,
			Documentation: &lang.Markup{Kind: "markdown", Value: doc}, SortText: strconv.Itoa(rank*10000 + len(out)),
			TextEdit: &lang.TextEdit{Range: k.Range, NewText: key}})
	}
	for _, in := range s.ws.sources(d, k.Namespace, k.Secret).writers {
		w := in.Fact
		if w.Disabled {
			continue
		}
		by := w.Kind + " " + w.Name + " (" + in.File + ")"
		for _, key := range w.Keys {
			add(key, by, "Written by the "+w.Kind+" `"+w.Name+"` of `"+in.File+"` in its connection Secret `"+w.Secret+"`.", 1)
		}
		for _, key := range sortedKeys(w.Unwritten) {
			add(key, "only with spec.userConfig."+w.Unwritten[key],
				"Written by the "+w.Kind+" `"+w.Name+"` of `"+in.File+"` only when `spec.userConfig."+w.Unwritten[key]+"` is true.", 2)
		}
	}
	return out
}

// sortedKeys returns the keys of m, sorted.
func sortedKeys(m map[string]string) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// hoverSecret describes, on the name of a Secret that a workload reads or
// a resource takes its API token from, or on a key a workload reads,
// what of the workspace writes it: each resource, its kind and file, and
// whether it writes the key. It returns nil elsewhere, and where nothing
// of the workspace writes the Secret.
func (s *server) hoverSecret(d *openDoc, pos text.Position, enc text.Encoding) *lang.HoverResult {
	m, rng, ok := mentionAt(d, pos, enc)
	if !ok || m.Role == cross.Writes || m.Role == cross.Defines {
		return nil // a resource's own names: lang.Hover describes them
	}
	src := s.ws.sources(d, m.Namespace, m.Secret)
	if len(src.writers)+len(src.secrets) == 0 {
		return nil
	}
	var b strings.Builder
	if m.Role == cross.ReadsKey {
		b.WriteString("**Key " + code(m.Key) + "** of the Secret " + code(m.Secret) + "\n")
	} else {
		b.WriteString("**Secret " + code(m.Secret) + "**\n")
	}
	for _, in := range src.writers {
		w := in.Fact
		what := "the " + w.Kind + " " + code(w.Name) + " in " + code(in.File)
		b.WriteString("\n- ")
		switch comp, later := w.Unwritten[m.Key]; {
		case w.Disabled:
			b.WriteString(what + " would write it, but writes no Secret: it sets `connInfoSecretTargetDisabled: true`")
		case m.Role != cross.ReadsKey:
			b.WriteString("written by " + what + ", as its connection Secret: " + codes(w.Keys))
		case slices.Contains(w.Keys, m.Key):
			b.WriteString("written by " + what)
		case later:
			b.WriteString("written by " + what + " only when `spec.userConfig." + comp + "` is true")
		default:
			b.WriteString("not written by " + what + ", which writes " + codes(w.Keys))
		}
	}
	for _, file := range src.secrets {
		b.WriteString("\n- a v1 Secret of this name in " + code(file))
	}
	return &lang.HoverResult{Contents: lang.Markup{Kind: "markdown", Value: b.String()}, Range: &rng}
}

// code is s as inline code.
func code(s string) string {
	if strings.Contains(s, "`") {
		return strconv.Quote(s)
	}
	return "`" + s + "`"
}

// codes lists keys as inline code.
func codes(keys []string) string {
	out := make([]string, len(keys))
	for i, k := range keys {
		out[i] = code(k)
	}
	return strings.Join(out, ", ")
}
