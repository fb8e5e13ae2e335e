package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/mdscheck/mdscheck/core/document"
	"github.com/mdscheck/mdscheck/internal/kustomize"
	"github.com/mdscheck/mdscheck/internal/reading"
)

// input is one text to check.
type input struct {
	path string
	src  string
	as   reading.Mode // how src is checked
}

// collect reads the inputs in a stable order: arguments as given,
// directories sorted. Read failures are reported and flagged. skip says
// which files and directories to leave out (named: the user named it).
//
// The files are found first, then read by several goroutines at once (a
// directory of 2,000 manifests is mostly opening and reading, which one
// core did alone while the other waited), then taken in order, so the
// inputs and the messages come out as a sequential read gives them.
func collect(paths []string, stdin io.Reader, stdinName string, stderr io.Writer, skip func(path string, dir, named bool) bool) ([]input, bool) {
	// found is one place the inputs come from, in order: a file to read,
	// standard input, or a failure to report.
	type found struct {
		path   string
		stdin  bool
		walked bool  // found in a directory, not named
		listed bool  // the directory's listing says it is a regular file
		err    error // found failing, before any read
		// Filled by the readers:
		src     string
		readErr error
	}
	var all []found
	for _, p := range paths {
		if p == "-" {
			all = append(all, found{path: stdinName, stdin: true})
			continue
		}
		st, err := os.Stat(p)
		if err != nil {
			all = append(all, found{err: err})
			continue
		}
		if skip(p, st.IsDir(), true) {
			continue
		}
		if !st.IsDir() {
			// A FIFO, socket or device named here is refused before it is
			// opened: opening a FIFO waits for a writer, forever.
			all = append(all, found{path: p, err: reading.Regular(p, st.Mode())})
			continue
		}
		// What the walk has to say comes first, in the walk's order; the
		// files follow, sorted.
		var notes, files []found
		// A link to a directory is walked through: WalkDir looks at its
		// root without following it, and would find a link, not a folder.
		root := p
		if lst, err := os.Lstat(p); err == nil && lst.Mode()&fs.ModeSymlink != 0 && !strings.HasSuffix(p, string(filepath.Separator)) {
			root = p + string(filepath.Separator)
		}
		err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				notes = append(notes, found{err: err})
				return nil
			}
			if d.IsDir() {
				if path != root && (strings.HasPrefix(d.Name(), ".") || skip(path, true, false)) {
					return filepath.SkipDir
				}
				return nil
			}
			if !isYAML(path) || skip(path, false, false) {
				return nil
			}
			// A FIFO, socket or device would block the walk or never end:
			// it is skipped with a note. A link that leads nowhere is read,
			// and the read says why it fails.
			mode := entryMode(path, d)
			if !mode.IsRegular() && mode&fs.ModeSymlink == 0 {
				notes = append(notes, found{path: path, walked: true, err: reading.Regular(path, mode)})
				return nil
			}
			files = append(files, found{path: path, listed: mode.IsRegular()})
			return nil
		})
		if err != nil {
			notes = append(notes, found{err: err})
		}
		sort.Slice(files, func(i, j int) bool { return files[i].path < files[j].path })
		all = append(append(all, notes...), files...)
	}

	// Read the files, several at a time; standard input is read below,
	// in its place.
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(2*runtime.GOMAXPROCS(0), 8, len(all)) {
		wg.Go(func() {
			for {
				i := int(next.Add(1)) - 1
				if i >= len(all) {
					return
				}
				if f := &all[i]; f.err == nil && !f.stdin {
					open := reading.OpenFile
					if f.listed {
						open = reading.OpenListed
					}
					f.src, f.readErr = readWith(f.path, open)
				}
			}
		})
	}
	wg.Wait()

	var out []input
	failed := false
	var how kustomize.Readings
	for _, f := range all {
		var odd *reading.NotRegularError
		switch {
		case errors.As(f.err, &odd) && f.walked:
			noteSkipped(stderr, f.path, odd.Mode)
			continue
		case errors.As(f.err, &odd):
			fmt.Fprintf(stderr, "mdscheck: %v; name a file or a directory, or - for standard input\n", odd)
			failed = true
			continue
		case f.err != nil:
			fmt.Fprintf(stderr, "mdscheck: %v\n", f.err)
			failed = true
			continue
		case f.stdin:
			f.src, f.readErr = readText(stdin, -1)
			if f.readErr != nil {
				f.readErr = fmt.Errorf("%s: %w", f.path, f.readErr)
			}
		}
		if f.readErr != nil {
			fmt.Fprintf(stderr, "mdscheck: %v\n", f.readErr)
			failed = true
			continue
		}
		out = append(out, input{path: f.path, src: f.src, as: how.Of(f.path)})
	}
	return out, failed
}

// noteSkipped says that a directory walk skipped the FIFO, socket or
// device at path.
func noteSkipped(w io.Writer, path string, mode fs.FileMode) {
	fmt.Fprintf(w, "mdscheck: %s: skipped, not a regular file (%s)\n", path, reading.Kind(mode))
}

// entryMode returns the type of the file a directory walk found at path:
// the entry's own, or for a link the type of what it leads to (ModeSymlink
// when it leads nowhere). The walk knows the type of all but links
// without a stat.
func entryMode(path string, d fs.DirEntry) fs.FileMode {
	mode := d.Type()
	if mode&fs.ModeSymlink != 0 {
		if st, err := os.Stat(path); err == nil {
			mode = st.Mode().Type()
		}
	}
	return mode
}

// isYAML reports whether a file found in a directory is read: *.yaml and
// *.yml in any case, since Windows tools and some generators write
// NAME.YAML.
func isYAML(path string) bool {
	ext := filepath.Ext(path)
	return strings.EqualFold(ext, ".yaml") || strings.EqualFold(ext, ".yml")
}

// readText reads r up to one byte over the largest stream the core reads
// at all, which the check then reports as too large. size is what r is
// expected to hold, or -1: the buffer starts at that size instead of
// growing from 512 bytes as io.ReadAll's does.
func readText(r io.Reader, size int64) (string, error) {
	lr := io.LimitedReader{R: r, N: int64(document.DefaultLimits.StreamBytes) + 1}
	b := make([]byte, 0, min(max(size, 511), lr.N-1)+1) // +1: EOF is seen without growing
	for {
		n, err := lr.Read(b[len(b):cap(b)])
		b = b[:len(b)+n]
		if err == io.EOF {
			return string(b), nil
		}
		if err != nil {
			return string(b), err
		}
		if len(b) == cap(b) {
			b = append(b, 0)[:len(b)]
		}
	}
}

// readFile reads the regular file at path (see readText and
// reading.OpenFile); an error names the path.
func readFile(path string) (string, error) { return readWith(path, reading.OpenFile) }

// readWith is readFile with the function that opens the file.
func readWith(path string, open func(string) (*os.File, fs.FileInfo, error)) (string, error) {
	f, st, err := open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	src, err := readText(f, st.Size())
	if err != nil {
		return "", fmt.Errorf("%s: %w", path, err)
	}
	return src, nil
}
