package config

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sync"

	"github.com/mdscheck/mdscheck/core/document"
)

// Find returns the path of the configuration file that applies to the
// files of dir: the first found walking up from dir, stopping at the root
// of the repository (the directory that holds .git) or of the file
// system; "" when there is none.
func Find(dir string) string {
	dir, err := filepath.Abs(dir)
	if err != nil {
		return ""
	}
	for {
		for _, n := range Names {
			p := filepath.Join(dir, n)
			if st, err := os.Stat(p); err == nil && !st.IsDir() {
				return p
			}
		}
		if _, err := os.Lstat(filepath.Join(dir, ".git")); err == nil {
			return "" // a .git file too: a worktree or a submodule
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		dir = parent
	}
}

// Load reads and parses the configuration file at path. Only a failure to
// read it is an error; mistakes in it are the Config's Problems.
func Load(path string) (*Config, error) {
	// Asked before opening: opening a FIFO waits for a writer, forever.
	if st, err := os.Stat(path); err == nil && !st.Mode().IsRegular() {
		return nil, &fs.PathError{Op: "read", Path: path, Err: errors.New("not a regular file")}
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, &fs.PathError{Op: "read", Path: path, Err: errors.New("not a regular file")}
	}
	limit := int64(document.DefaultLimits.StreamBytes)
	b, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, err
	}
	return Parse(path, string(b)), nil // the parser reports a text over the limit
}

// Finder finds and loads the configuration of many files, each directory
// and file once. It is safe for concurrent use.
type Finder struct {
	// Read, when set, is asked for the text of a configuration file
	// first: the language server gives the text of an open editor.
	Read func(path string) (string, bool)

	mu     sync.Mutex
	dirs   map[string]string // directory: the configuration that applies
	loaded map[string]loaded // configuration path: what it holds
}

type loaded struct {
	c   *Config
	err error
}

// For returns the configuration that applies to the file at path, or nil
// when none does; the error says why one could not be read.
func (f *Finder) For(path string) (*Config, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, err
	}
	return f.In(filepath.Dir(abs))
}

// In returns the configuration that applies to the files in the
// directory dir, or nil when none does.
func (f *Finder) In(dir string) (*Config, error) {
	dir, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	f.mu.Lock()
	found, ok := f.dirs[dir]
	f.mu.Unlock()
	if !ok {
		found = Find(dir)
		f.mu.Lock()
		if f.dirs == nil {
			f.dirs = map[string]string{}
		}
		f.dirs[dir] = found
		f.mu.Unlock()
	}
	if found == "" {
		return nil, nil
	}
	return f.Load(found)
}

// Load returns the configuration file at path, read once.
func (f *Finder) Load(path string) (*Config, error) {
	f.mu.Lock()
	l, ok := f.loaded[path]
	f.mu.Unlock()
	if ok {
		return l.c, l.err
	}
	if f.Read != nil {
		if src, ok := f.Read(path); ok {
			l.c = Parse(path, src)
		}
	}
	if l.c == nil {
		l.c, l.err = Load(path)
	}
	f.mu.Lock()
	if f.loaded == nil {
		f.loaded = map[string]loaded{}
	}
	if prev, ok := f.loaded[path]; ok {
		l = prev // another goroutine was first: one Config per file
	}
	f.loaded[path] = l
	f.mu.Unlock()
	return l.c, l.err
}

// Loaded returns the configurations loaded so far, in no set order.
func (f *Finder) Loaded() []*Config {
	f.mu.Lock()
	defer f.mu.Unlock()
	out := make([]*Config, 0, len(f.loaded))
	for _, l := range f.loaded {
		if l.c != nil {
			out = append(out, l.c)
		}
	}
	return out
}

// Cached returns the configuration file at path as it was last read, if
// it was.
func (f *Finder) Cached(path string) (*Config, bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	l, ok := f.loaded[path]
	return l.c, ok && l.c != nil
}
