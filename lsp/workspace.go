package lsp

import (
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/mdscheck/mdscheck/core/check"
	"github.com/mdscheck/mdscheck/core/cross"
	"github.com/mdscheck/mdscheck/core/secret"
	"github.com/mdscheck/mdscheck/core/text"
	"github.com/mdscheck/mdscheck/internal/reading"
)

// workspace is the index of the manifests of the editor's workspace
// folders: the facts that cross resources (core/cross) of every *.yaml and
// *.yml file, read from disk in the background (workspace_files.go), with
// an open document's text in place of its file (crossfindings.go). One
// cross.Set holds them all, keyed by each file's name as messages show it
// (fileKey). It answers an open file's cross findings, definition,
// references, and the keys of a Secret for completion and hover.
//
// Its methods are safe for concurrent use: the read loop, the workers
// that check open documents and the goroutine that reads files all use
// it.
type workspace struct {
	mu    sync.Mutex
	set   cross.Set
	roots []root
	// gen counts the changes of the folders: what was read under older
	// ones is dropped (putDisk), the keys it has being the old ones.
	gen int
	// files are the files read from disk that the set holds, by key;
	// open are the files that an open document stands for, by key.
	files map[string]*diskFile
	open  map[string]*openFacts
	// strings keeps one copy of each string of the facts read from disk
	// (cross.Facts.Own): names, keys and paths repeat across thousands
	// of resources. It has its own lock: the goroutine that reads files
	// keeps their strings before it takes w.mu.
	stringsMu sync.Mutex
	strings   map[string]string
	secrets   diskSecrets
	// onGate is given the gate of the secrets of the files read from
	// disk whenever it changes, before the set holds any fact of theirs.
	onGate func(*secret.Gate)

	// scan is the state of the goroutine that reads files (indexer).
	scan indexer
	// cut says that the last walk of the folders found more than
	// maxIndexFiles files and read only those: the checks across files
	// of every open file in the folders say so (cutFinding).
	cut bool
}

// root is a workspace folder: its path and the label of its files'
// keys when there are several folders.
type root struct{ path, label string }

// diskFile is a file of the workspace as it was last read from disk.
type diskFile struct {
	uri, path string
	size      int64
	mod       time.Time
	// secrets are the secrets of its text, as a check finds them: what
	// the gate of the workspace knows of the file.
	secrets []string
	raw     []string
	// mode is how it was read, and sum the textSum of its text so read.
	mode reading.Mode
	sum  uint64
}

// openFacts is the state of a file that an open document stands for.
type openFacts struct {
	doc *openDoc
	// src is the text the set's facts of the file were read from: where
	// a location in it is; put says the set has them.
	src string
	put bool
	// onDisk says that src, read as the document is, is the text of the
	// file the index read: the document's check of src finds every
	// secret the index found in the file (checked).
	onDisk bool
	// last are the file's cross findings as the document's last check
	// found them: another file's change republishes the document only
	// when they change.
	last []check.Diagnostic
	// docs reads the facts of each document of the text once.
	docs streamFacts
	// own is the set of a file outside the workspace folders (or no
	// file at all): its resources meet only each other, as those of one
	// file mdscheck validate is given alone.
	own *cross.Set
}

func newWorkspace() *workspace {
	return &workspace{files: map[string]*diskFile{}, open: map[string]*openFacts{}, strings: map[string]string{}}
}

// setRoots sets the workspace folders, given as file URIs, and forgets
// what was read: keys name files relative to the folders. It returns the
// open documents, whose facts must be put again.
func (w *workspace) setRoots(uris []string) []*openDoc {
	var roots []root
	labels := map[string]int{}
	for _, u := range uris {
		p, ok := uriPath(u)
		p = filepath.Clean(p)
		if !ok || slices.ContainsFunc(roots, func(r root) bool { return r.path == p }) {
			continue
		}
		r := root{path: p, label: filepath.Base(p)}
		labels[r.label]++
		roots = append(roots, r)
	}
	for i := range roots {
		if labels[roots[i].label] > 1 {
			// Two folders of one name: their files are named in full.
			roots[i].label = ""
		}
	}
	// The most specific folder names a file of nested ones.
	slices.SortStableFunc(roots, func(a, b root) int { return len(b.path) - len(a.path) })

	w.mu.Lock()
	defer w.mu.Unlock()
	w.gen++
	w.roots = roots
	w.set = cross.Set{}
	w.files = map[string]*diskFile{}
	var docs []*openDoc
	old := w.open
	w.open = map[string]*openFacts{}
	for _, o := range old {
		docs = append(docs, o.doc)
		// Still open, under its new name: the rescan that follows does
		// not read the file from disk (opening).
		w.openingLocked(o.doc)
	}
	return docs
}

// opening records d, a document the editor just opened, as the file it
// stands for before its first check puts its facts (putOpen): from now
// on the index neither reads that file from disk nor puts, or lets into
// its gate, what it read of it. The document's text is the truth for the
// file while it is open, and its own gate knows that text's secrets: a
// second check of the file and a second gate of its secrets, which on a
// stream of 100,000 Secrets cost more CPU than the document's own check,
// would guard nothing that reaches a message.
func (w *workspace) opening(d *openDoc) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.openingLocked(d)
}

// openingLocked is opening with w.mu held.
func (w *workspace) openingLocked(d *openDoc) {
	key, path := w.fileKey(d.uri)
	if o := w.open[key]; o != nil && o.doc == d {
		return
	}
	o := &openFacts{doc: d}
	if !w.inFolders(path) {
		o.own = &cross.Set{}
	}
	w.open[key] = o
}

// isOpen reports whether an open document stands for the file of key.
func (w *workspace) isOpen(key string) bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	_, open := w.open[key]
	return open
}

// rootsNow returns the workspace folders and their generation.
func (w *workspace) rootsNow() ([]root, int) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.roots, w.gen
}

// fileKey returns the name of the file of uri in the set and in messages:
// its path relative to the workspace folder that holds it (behind the
// folder's name when there are several), else its whole path; the URI
// itself for a document that is no file (an untitled buffer). path is
// the file's path, "" for a document that is no file. w.mu is held.
func (w *workspace) fileKey(uri string) (key, path string) {
	p, ok := uriPath(uri)
	if !ok {
		return uri, ""
	}
	p = filepath.Clean(p)
	for _, r := range w.roots {
		rel, ok := within(r.path, p)
		if !ok {
			continue
		}
		rel = filepath.ToSlash(rel)
		switch {
		case len(w.roots) == 1:
			return rel, p
		case r.label != "":
			return r.label + "/" + rel, p
		}
		break
	}
	return filepath.ToSlash(p), p
}

// within returns the path of a file relative to dir, and whether the
// file is in dir at all.
func within(dir, path string) (string, bool) {
	rel, err := filepath.Rel(dir, path)
	if err != nil || rel == "." || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return "", false
	}
	return rel, true
}

// sameFindings reports whether two lists of cross findings say the same.
func sameFindings(a, b []check.Diagnostic) bool {
	return slices.EqualFunc(a, b, func(x, y check.Diagnostic) bool {
		return x.Document == y.Document && x.Start == y.Start && x.End == y.End && x.Severity == y.Severity &&
			x.Rule == y.Rule && x.Message == y.Message && x.Path == y.Path && x.Pointer == y.Pointer
	})
}

// staleLocked returns the open documents but except whose cross findings
// differ from those their last check published. w.mu is held.
func (w *workspace) staleLocked(except *openDoc) []*openDoc {
	var out []*openDoc
	for key, o := range w.open {
		// One not checked yet (opening) has published nothing: its
		// first check, on its way, finds what the set says.
		if o.doc != except && o.own == nil && o.put && !sameFindings(w.set.Findings(key), o.last) {
			out = append(out, o.doc)
		}
	}
	return out
}

// keep returns the one copy of s the index keeps (cross.Facts.Own).
// w.stringsMu is held.
func (w *workspace) keep(s string) string {
	if k, ok := w.strings[s]; ok {
		return k
	}
	// A table that only grows would keep every name ever typed; past
	// this size it starts again, and the facts keep what they hold.
	if len(w.strings) > 1<<20 {
		w.strings = map[string]string{}
	}
	k := strings.Clone(s)
	w.strings[k] = k
	return k
}

// putDisk gives the set what the goroutine that reads files read under
// the folders of generation gen: each file's facts, or its removal. A
// file an open document stands for keeps the document's facts. It
// returns the open documents whose cross findings changed.
func (w *workspace) putDisk(batch []diskRead, gen int) []*openDoc {
	w.mu.Lock()
	defer w.mu.Unlock()
	if gen != w.gen {
		return nil // the folders changed: a rescan reads them again
	}
	// A file opened since it was read keeps the document's facts, and
	// its gate the document's secrets: what was read of it is dropped.
	var added []*diskFile
	for _, r := range batch {
		if _, open := w.open[r.key]; r.file != nil && !open && !r.keep {
			added = append(added, r.file)
		}
	}
	// The gate first: no name of a file is in the set, and so in a
	// message, before its secrets are in the gate.
	if g := w.secrets.add(added, w.files); g != nil && w.onGate != nil {
		w.onGate(g)
	}
	for _, r := range batch {
		if _, open := w.open[r.key]; open || r.keep {
			continue
		}
		if r.file == nil {
			delete(w.files, r.key)
			w.set.Remove(r.key)
			continue
		}
		w.files[r.key] = r.file
		if empty(r.facts) {
			w.set.Remove(r.key) // most YAML files hold nothing that crosses
		} else {
			w.set.Put(r.key, r.facts)
		}
	}
	return w.staleLocked(nil)
}

// empty reports whether facts hold nothing for the set.
func empty(f *cross.Facts) bool {
	return len(f.Writers)+len(f.Secrets)+len(f.Reads)+len(f.EnvFroms) == 0
}

// putOpen puts the facts of text, a version of the open document d
// (masked as it is read), in place of its file's, and returns the file's
// cross findings and the other open documents whose findings that
// changed. src is the version as the editor has it, where locations are.
// A document closed meanwhile puts nothing.
func (w *workspace) putOpen(d *openDoc, text, src string) (found []check.Diagnostic, stale []*openDoc) {
	w.mu.Lock()
	key, path := w.fileKey(d.uri)
	o := w.open[key]
	if o == nil || o.doc != d {
		if d.isClosed() {
			w.mu.Unlock()
			return nil, nil
		}
		o = &openFacts{doc: d}
		if !w.inFolders(path) {
			o.own = &cross.Set{}
		}
		w.open[key] = o
	}
	same := o.put && o.src == src
	w.mu.Unlock()

	facts := &cross.Facts{}
	switch {
	case same:
	case d.checker.as == reading.Patch:
		// A patch a kustomization lists is part of a resource of its
		// base: it writes and reads nothing of its own.
	default:
		// Read outside the lock: the other documents' checks go on.
		facts = o.docs.of(text)
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.open[key] != o {
		return nil, nil // closed, or the folders changed, meanwhile
	}
	set := o.set(&w.set)
	if !same {
		set.Put(key, facts)
		o.src, o.put = src, true
		o.onDisk = false
		if f := w.files[key]; f != nil && o.own == nil && f.mode == d.checker.as {
			o.onDisk = f.sum == textSum(text)
		}
		if o.own == nil {
			stale = w.staleLocked(d)
		}
	}
	found = set.Findings(key)
	o.last = found
	if o.own == nil && w.cut {
		found = append(slices.Clip(found), cutFinding(src))
	}
	return found, stale
}

// checked tells the index that the gate of the check of src, a version
// of the open document d, is installed. When src is the text of d's file
// as the index read it (onDisk), that gate knows every secret the index
// found in the file, and the index forgets them (diskSecrets.drop): a
// file read before the editor opened it would otherwise be gated twice
// while it is open, which on a stream of 100,000 Secrets is a second
// gate of 600,000 values, and the collector's work on it pushed the
// session past its bounds. Closed, the file is read and gated again
// (closeDoc) before the set names anything of it. The check calls it
// with d.mu held: w.mu is taken under d.mu, never d.mu under w.mu
// (isClosed).
func (w *workspace) checked(d *openDoc, src string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	key, _ := w.fileKey(d.uri)
	o := w.open[key]
	f := w.files[key]
	if o == nil || o.doc != d || !o.put || !o.onDisk || o.src != src || f == nil {
		return
	}
	g, dropped := w.secrets.drop(key, w.files)
	if !dropped {
		return
	}
	// The document stands for the file; a rescan reads it again only
	// once it is closed.
	delete(w.files, key)
	if w.onGate != nil {
		w.onGate(g)
	}
}

// cutFinding is the limit finding of an open file in a workspace whose
// index was cut at maxIndexFiles, on its first line: a Secret written or
// read in a file left out is unknown to its checks across files, and
// the user should know why they miss it.
func cutFinding(src string) check.Diagnostic {
	return check.Diagnostic{Document: -1, End: text.LineEnd(src, 0), Severity: check.Information, Rule: "limit",
		Message: "the workspace has more than " + strconv.Itoa(maxIndexFiles) + " YAML files and the server indexes " +
			strconv.Itoa(maxIndexFiles) + " of them: the checks across files (secret-conflict, secret-key, secret-prefix) " +
			"saw only those; open a smaller folder, or exclude files in .mdscheck.yaml"}
}

// inFolders reports whether the file at path is in a workspace folder;
// w.mu is held.
func (w *workspace) inFolders(path string) bool {
	return path != "" && slices.ContainsFunc(w.roots, func(r root) bool { _, ok := within(r.path, path); return ok })
}

// set returns the set the file of o belongs to: its own when it is
// outside the workspace folders, else the workspace's, ws.
func (o *openFacts) set(ws *cross.Set) *cross.Set {
	if o.own != nil {
		return o.own
	}
	return ws
}

// setFor returns the set an answer about the open document d looks in;
// w.mu is held.
func (w *workspace) setFor(d *openDoc) *cross.Set {
	key, path := w.fileKey(d.uri)
	if o := w.open[key]; o != nil && o.doc == d {
		return o.set(&w.set)
	}
	if !w.inFolders(path) {
		return &cross.Set{} // not checked yet: it meets nothing
	}
	return &w.set
}

// closeDoc takes the facts of d, a document the editor closed, out of the
// set: what it held unsaved is said no more once its gate is gone. It
// returns the open documents whose cross findings that changed, and the
// file's path when the file is read from disk again.
func (w *workspace) closeDoc(d *openDoc) (stale []*openDoc, reread string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	key, path := w.fileKey(d.uri)
	o := w.open[key]
	if o == nil || o.doc != d {
		return nil, ""
	}
	delete(w.open, key)
	if o.own != nil {
		return nil, "" // it met nothing of the workspace
	}
	w.set.Remove(key)
	if w.inFolders(path) {
		reread = path
	}
	return w.staleLocked(nil), reread
}

// forgetOpen takes the files of keys, which open documents stand for, out
// of the set, and returns the open documents whose findings changed.
func (w *workspace) forgetOpen(keys []string) []*openDoc {
	if len(keys) == 0 {
		return nil
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	for _, key := range keys {
		if o := w.open[key]; o != nil && o.own == nil {
			w.set.Remove(key)
		}
		delete(w.open, key)
	}
	return w.staleLocked(nil)
}

// WorkspaceStat is what mdscheck/stats says of the workspace's index.
type WorkspaceStat struct {
	Folders int `json:"folders"`
	// Files are the files the set holds facts of, open ones included;
	// Read counts the files read from disk since the server started.
	Files int `json:"files"`
	Read  int `json:"read"`
	// Indexing is set while files are read or wait to be.
	Indexing bool `json:"indexing"`
}

func (w *workspace) stats() WorkspaceStat {
	w.mu.Lock()
	st := WorkspaceStat{Folders: len(w.roots), Files: len(w.set.Files())}
	w.mu.Unlock()
	w.scan.mu.Lock()
	st.Read, st.Indexing = w.scan.read, w.scan.running
	w.scan.mu.Unlock()
	return st
}
