package lsp

import (
	"errors"
	"fmt"
	"hash/maphash"
	"io"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/mdscheck/mdscheck/core/check"
	"github.com/mdscheck/mdscheck/core/cross"
	"github.com/mdscheck/mdscheck/core/document"
	"github.com/mdscheck/mdscheck/core/report"
	"github.com/mdscheck/mdscheck/internal/config"
	"github.com/mdscheck/mdscheck/internal/kustomize"
	"github.com/mdscheck/mdscheck/internal/reading"
	protocol "github.com/tliron/glsp/protocol_3_16"
)

// The files of the workspace are read by one goroutine at a time, in the
// background: at initialized, when the configuration or the folders
// change (a rescan), when a file changes on disk and when an open file is
// closed. It yields to the checks of open documents, so the first
// diagnostics of a file the user opens do not wait for the index, and
// hands what it read to the set in batches.
const (
	// flushEvery is how often what was read joins the set, and the open
	// documents whose cross findings that changes are checked again.
	flushEvery = 250 * time.Millisecond
	// idlePoll is how long the goroutine waits before it looks again
	// whether an open document is being checked.
	idlePoll = 5 * time.Millisecond
	// maxIndexFiles bounds the files read from a workspace: a home
	// directory opened as one is not read whole.
	maxIndexFiles = 100_000
)

// indexer is the work queue of the goroutine that reads files.
type indexer struct {
	mu      sync.Mutex
	running bool
	rescan  bool            // walk the folders again
	paths   map[string]bool // files to read again, or to forget when gone
	// read counts the files read since the server started (stats).
	read int
	// warned holds the notes said once (a file too large, too many files).
	warned map[string]bool
}

// diskRead is what reading one file gave: its facts, or nothing (file
// nil) when it is gone or no longer one of the index's; keep leaves what
// the set holds of it as it is (an open document stands for it).
type diskRead struct {
	key   string
	file  *diskFile
	facts *cross.Facts
	keep  bool
}

// errTooLarge refuses a file over the limit of a stream.
var errTooLarge = errors.New("larger than the server reads")

// errOpened stops the reading of a file the editor opened meanwhile.
var errOpened = errors.New("opened in the editor")

// stopEvery is how many documents of a file readDisk reads between two
// looks at whether to stop: a look takes a lock, a document of a stream
// of Secrets some 10 µs.
const stopEvery = 256

// fileURI is the file: URI of a path.
func fileURI(path string) string {
	return (&url.URL{Scheme: "file", Path: filepath.ToSlash(path)}).String()
}

// isYAML reports whether a file is read as manifests: *.yaml and *.yml in
// any case, as mdscheck validate reads a directory.
func isYAML(path string) bool {
	ext := filepath.Ext(path)
	return strings.EqualFold(ext, ".yaml") || strings.EqualFold(ext, ".yml")
}

// readDisk reads the file at path: its facts, and the secrets of its text
// as a check finds them (for the gate: the file's names reach messages).
// It reads it as mode says, as the editor would (a Helm template with its
// actions masked), and refuses what a check would not read. It gives up
// with errOpened when opened says the editor opened the file meanwhile
// (nil: never): the document's check reads its text instead.
func readDisk(path, uri string, mode reading.Mode, opened func() bool) (*cross.Facts, *diskFile, error) {
	f, st, err := reading.OpenFile(path)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	limit := int64(document.DefaultLimits.StreamBytes)
	if st.Size() > limit {
		return nil, nil, errTooLarge
	}
	b, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, nil, err
	}
	if int64(len(b)) > limit {
		return nil, nil, errTooLarge // it grew since
	}
	src := mode.Text(string(b))
	spans, tooBig := report.Spans(src)
	if tooBig != nil {
		return nil, nil, errTooLarge
	}
	out := &diskFile{uri: uri, path: path, size: st.Size(), mod: st.ModTime(), mode: mode, sum: textSum(src)}
	facts := &cross.Facts{}
	opts := mode.Options(check.DefaultOptions)
	var rd document.Reader
	for i, sp := range spans {
		if opened != nil && i%stopEvery == 0 && opened() {
			return nil, nil, errOpened
		}
		d := rd.Read(src, sp, i, document.DefaultLimits)
		if mode != reading.Patch {
			// A patch a kustomization lists is part of a resource of
			// its base: it writes and reads nothing of its own.
			facts.Add(d)
		}
		info, _ := check.Document(src, d, opts)
		out.secrets = append(out.secrets, info.SecretTexts...)
		out.raw = append(out.raw, info.SecretRaw...)
	}
	return facts, out, nil
}

// textSeed seeds textSum.
var textSeed = maphash.MakeSeed()

// textSum is the hash by which an open document's text is known to be
// the text of its file as the index read it (workspace.checked); 2 ms
// for a text of 19 MB.
func textSum(text string) uint64 { return maphash.String(textSeed, text) }

// own makes what readDisk read keep none of the file's text.
func (w *workspace) own(facts *cross.Facts, f *diskFile) {
	w.stringsMu.Lock()
	defer w.stringsMu.Unlock()
	facts.Own(w.keep)
	for i, t := range f.secrets {
		f.secrets[i] = w.keep(t)
	}
	for i, t := range f.raw {
		f.raw[i] = w.keep(t)
	}
}

// queueIndex asks the goroutine that reads files for a rescan of the
// folders and for paths, and starts it if it is not running. What the
// server says is held back until they are read (holdback.go).
func (s *server) queueIndex(rescan bool, paths ...string) {
	s.held.hold()
	ix := &s.ws.scan
	ix.mu.Lock()
	ix.rescan = ix.rescan || rescan
	for _, p := range paths {
		if ix.paths == nil {
			ix.paths = map[string]bool{}
		}
		ix.paths[p] = true
	}
	start := !ix.running
	ix.running = true
	ix.mu.Unlock()
	if start {
		go s.runIndexer()
	}
}

// runIndexer does the queued work until there is none.
func (s *server) runIndexer() {
	ix := &s.ws.scan
	for {
		ix.mu.Lock()
		rescan, paths := ix.rescan, ix.paths
		ix.rescan, ix.paths = false, nil
		if (!rescan && len(paths) == 0) || s.shutDown() {
			ix.running = false
			ix.mu.Unlock()
			s.releaseHeld(false)
			return
		}
		ix.mu.Unlock()
		s.safely("indexing the workspace", func() { s.index(rescan, paths) })
	}
}

// shutDown reports whether the client asked the server to shut down.
func (s *server) shutDown() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.state == stateShutdown
}

// index reads the files a rescan finds new or changed, and paths; a file
// that is gone or excluded is forgotten.
func (s *server) index(rescan bool, paths map[string]bool) {
	w := s.ws
	roots, gen := w.rootsNow()
	todo := map[string]bool{}
	var gone []string
	if rescan {
		found, cut := s.walk(roots)
		open := map[string]string{} // key: the path of an open file
		w.mu.Lock()
		var recheck []*openDoc
		if cut != w.cut {
			// Every open file in the folders gains or loses the limit
			// finding of the index (cutFinding).
			w.cut = cut
			for _, o := range w.open {
				if o.own == nil {
					recheck = append(recheck, o.doc)
				}
			}
		}
		for key, f := range w.files {
			if st, ok := found[f.path]; !ok {
				gone = append(gone, key)
			} else if st.size == f.size && st.mod.Equal(f.mod) {
				delete(found, f.path) // read already, unchanged
			}
		}
		for key, o := range w.open {
			if p, ok := uriPath(o.doc.uri); ok {
				open[key] = p
			}
		}
		w.mu.Unlock()
		for _, d := range recheck {
			s.schedule(d, debounce)
		}
		for p := range found {
			todo[p] = true
		}
		// An open file the configuration now excludes leaves the set;
		// its checks put nothing (run stops before addCross).
		var excluded []string
		for key, p := range open {
			if s.excluded(p) {
				excluded = append(excluded, key)
			}
		}
		for _, d := range w.forgetOpen(excluded) {
			s.schedule(d, debounce)
		}
	}
	for p := range paths {
		todo[p] = true
	}

	batch := make([]diskRead, 0, len(gone))
	for _, key := range gone {
		batch = append(batch, diskRead{key: key})
	}
	var how kustomize.Readings // each kustomization read once
	last := time.Now()
	for p := range todo {
		if s.shutDown() {
			return
		}
		s.yield()
		batch = append(batch, s.readOne(p, &how))
		if time.Since(last) >= flushEvery {
			s.flush(batch, gen)
			batch, last = batch[:0], time.Now()
		}
	}
	s.flush(batch, gen)
}

// readOne reads the file at path for the index; a file that is gone,
// excluded or unreadable is forgotten, and one open in the editor is not
// read (its text stands for it), nor read on once the editor opens it.
// how says how files are read.
func (s *server) readOne(path string, how *kustomize.Readings) diskRead {
	w := s.ws
	uri := fileURI(path)
	w.mu.Lock()
	key, _ := w.fileKey(uri)
	_, open := w.open[key]
	w.mu.Unlock()
	if !s.indexable(path) {
		return diskRead{key: key}
	}
	if open {
		return diskRead{key: key, keep: true}
	}
	// An editor that opens a folder and a file in it sends didOpen just
	// after initialized, which starts the index: the file is being read
	// from disk when the document comes.
	opened := func() bool { return w.isOpen(key) }
	facts, f, err := readDisk(path, uri, how.Of(path), opened)
	switch {
	case errors.Is(err, errOpened):
		return diskRead{key: key, keep: true}
	case errors.Is(err, errTooLarge):
		s.noteOnce(path+" too large", fmt.Sprintf("workspace: %s is larger than %d MiB; its resources are not indexed", path, document.DefaultLimits.StreamBytes>>20))
		return diskRead{key: key}
	case err != nil:
		if !errors.Is(err, fs.ErrNotExist) {
			s.log.Printf("workspace: %v", err)
		}
		return diskRead{key: key}
	}
	w.own(facts, f)
	s.ws.scan.mu.Lock()
	s.ws.scan.read++
	s.ws.scan.mu.Unlock()
	return diskRead{key: key, file: f, facts: facts}
}

// flush gives a batch to the set and checks again the open documents
// whose cross findings it changes.
func (s *server) flush(batch []diskRead, gen int) {
	if len(batch) == 0 {
		return
	}
	for _, d := range s.ws.putDisk(batch, gen) {
		s.schedule(d, debounce)
	}
}

// yield waits while an open document is being checked.
func (s *server) yield() {
	for s.checking() && !s.shutDown() {
		time.Sleep(idlePoll)
	}
}

// checking reports whether an open document is being checked or waits
// for a check.
func (s *server) checking() bool {
	for _, d := range s.openDocuments() {
		d.mu.Lock()
		busy := d.pending || d.running
		d.mu.Unlock()
		if busy {
			return true
		}
	}
	return false
}

// stamp is what tells a file changed without reading it.
type stamp struct {
	size int64
	mod  time.Time
}

// walk returns the files of the folders that the index reads, as
// mdscheck validate finds them in a directory: *.yaml and *.yml, not in a
// hidden directory, not excluded by the configuration that applies to
// them, regular files (or links to one) within the size limit; cut when
// there were more than maxIndexFiles of them, of which it returns the
// first found.
func (s *server) walk(roots []root) (found map[string]stamp, cut bool) {
	found = map[string]stamp{}
	for _, r := range roots {
		err := filepath.WalkDir(r.path, func(p string, d fs.DirEntry, err error) error {
			switch {
			case err != nil:
				return nil // an unreadable directory: the rest is read
			case d.IsDir():
				if p != r.path && (strings.HasPrefix(d.Name(), ".") || s.excluded(p)) {
					return filepath.SkipDir
				}
				return nil
			case !isYAML(p) || config.IsName(p) || s.excluded(p):
				return nil
			}
			st, err := os.Stat(p) // a link is read as what it leads to
			if err != nil || !st.Mode().IsRegular() {
				return nil
			}
			if st.Size() > int64(document.DefaultLimits.StreamBytes) {
				s.noteOnce(p+" too large", fmt.Sprintf("workspace: %s is larger than %d MiB; its resources are not indexed", p, document.DefaultLimits.StreamBytes>>20))
				return nil
			}
			if len(found) >= maxIndexFiles {
				s.noteOnce("too many files", fmt.Sprintf("workspace: more than %d YAML files; the rest are not indexed", maxIndexFiles))
				cut = true
				return filepath.SkipAll
			}
			found[p] = stamp{st.Size(), st.ModTime()}
			return nil
		})
		if err != nil {
			s.log.Printf("workspace: reading %s: %v", r.path, err)
		}
	}
	return found, cut
}

// indexable reports whether the file at path is one the index reads,
// as walk would find it.
func (s *server) indexable(path string) bool {
	if !isYAML(path) || config.IsName(path) || s.excluded(path) {
		return false
	}
	roots, _ := s.ws.rootsNow()
	for _, r := range roots {
		if rel, ok := within(r.path, path); ok {
			for _, part := range strings.Split(filepath.Dir(rel), string(filepath.Separator)) {
				if strings.HasPrefix(part, ".") && part != "." {
					return false // in a hidden directory
				}
			}
			return true
		}
	}
	return false
}

// excluded reports whether the configuration that applies to path
// excludes it.
func (s *server) excluded(path string) bool {
	c, err := s.configs().For(path)
	if err != nil {
		s.configError(err)
	}
	return c.Excluded(path)
}

// noteOnce logs a note about the workspace once in the session: in the
// server's log and the client's.
func (s *server) noteOnce(key, msg string) {
	ix := &s.ws.scan
	ix.mu.Lock()
	if ix.warned == nil {
		ix.warned = map[string]bool{}
	}
	first := !ix.warned[key]
	ix.warned[key] = true
	ix.mu.Unlock()
	if first {
		s.logMessage(protocol.MessageTypeInfo, msg)
	}
}
