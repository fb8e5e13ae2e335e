package lsp

import "github.com/mdscheck/mdscheck/core/secret"

// diskSecrets are the secrets of the files the workspace read from disk.
// An open document's gate knows the secrets of its text; a file no one
// opened is known only through these, and its names reach the user in
// the messages of cross findings, hover and completion. The server's gate
// (gateSet) takes them out of every message as it takes out those of the
// open documents.
//
// A secret stays known when its file changes or goes: a message made
// before may still be on its way. What is known is bounded: past
// restartAt secrets more than the files hold now, the gate starts again
// from those.
type diskSecrets struct {
	texts, raw map[string]bool
	gate       *secret.Gate
}

// restartAt is how many secrets of earlier versions of the files the
// gate knows before it starts again from the files as they are.
const restartAt = 10_000

// add learns the secrets of added, files just read, and returns the gate
// when it changed, nil when it did not; files are all the files read.
// A new gate is made each time: the one given out is read by senders
// while this one is made.
func (d *diskSecrets) add(added []*diskFile, files map[string]*diskFile) *secret.Gate {
	if d.texts == nil {
		d.texts, d.raw = map[string]bool{}, map[string]bool{}
	}
	var texts, raw []string
	for _, f := range added {
		for _, t := range f.secrets {
			if !d.texts[t] {
				d.texts[t] = true
				texts = append(texts, t)
			}
		}
		for _, t := range f.raw {
			if !d.raw[t] {
				d.raw[t] = true
				raw = append(raw, t)
			}
		}
	}
	if len(texts)+len(raw) == 0 {
		return nil
	}
	live := 0
	for _, f := range files {
		live += len(f.secrets) + len(f.raw)
	}
	g := &secret.Gate{}
	if len(d.texts)+len(d.raw) > live+restartAt {
		d.texts, d.raw = map[string]bool{}, map[string]bool{}
		for _, f := range append(added, values(files)...) {
			for _, t := range f.secrets {
				d.texts[t] = true
			}
			for _, t := range f.raw {
				d.raw[t] = true
			}
		}
		texts, raw = nil, nil
		for t := range d.texts {
			texts = append(texts, t)
		}
		for t := range d.raw {
			raw = append(raw, t)
		}
	} else {
		g.Merge(d.gate)
	}
	for _, t := range texts {
		g.Add(t)
	}
	for _, t := range raw {
		g.AddRaw(t)
	}
	d.gate = g
	return g
}

// drop forgets the secrets of f, a file an open document now stands for
// whose gate knows every one of them (workspace.checked), when f holds at
// least half of those known: making the gate again from the others costs
// no more than the copy of f's it frees. It reports whether it did, and
// returns the new gate; files are the files read, f that of key. A
// secret of f that another file also holds stays known, as do those of
// the earlier versions of the files.
func (d *diskSecrets) drop(key string, files map[string]*diskFile) (*secret.Gate, bool) {
	f := files[key]
	n := len(f.secrets) + len(f.raw)
	if n == 0 || 2*n < len(d.texts)+len(d.raw) {
		return nil, false
	}
	for _, t := range f.secrets {
		delete(d.texts, t)
	}
	for _, t := range f.raw {
		delete(d.raw, t)
	}
	for k, o := range files {
		if k == key {
			continue
		}
		for _, t := range o.secrets {
			d.texts[t] = true
		}
		for _, t := range o.raw {
			d.raw[t] = true
		}
	}
	g := &secret.Gate{}
	for t := range d.texts {
		g.Add(t)
	}
	for t := range d.raw {
		g.AddRaw(t)
	}
	d.gate = g
	return g, true
}

// values returns the files of a map.
func values(m map[string]*diskFile) []*diskFile {
	out := make([]*diskFile, 0, len(m))
	for _, f := range m {
		out = append(out, f)
	}
	return out
}
