package main

import (
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/mdscheck/mdscheck/core/document"
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
func collect(paths []string, stdin io.Reader, stdinName string, stderr io.Writer, skip func(path string, dir, named bool) bool) ([]input, bool) {
	var out []input
	failed := false
	fail := func(err error) {
		fmt.Fprintf(stderr, "mdscheck: %v\n", err)
		failed = true
	}
	var how readings
	read := func(path string, r io.Reader) {
		src, err := readText(r)
		if err != nil {
			fail(fmt.Errorf("%s: %w", path, err))
			return
		}
		out = append(out, input{path: path, src: src, as: how.of(path)})
	}
	for _, p := range paths {
		if p == "-" {
			read(stdinName, stdin)
			continue
		}
		st, err := os.Stat(p)
		if err != nil {
			fail(err)
			continue
		}
		if skip(p, st.IsDir(), true) {
			continue
		}
		if !st.IsDir() {
			readFile(p, read, fail)
			continue
		}
		var files []string
		err = filepath.WalkDir(p, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				fail(err)
				return nil
			}
			if d.IsDir() {
				if path != p && (strings.HasPrefix(d.Name(), ".") || skip(path, true, false)) {
					return filepath.SkipDir
				}
				return nil
			}
			if !isYAML(path) || skip(path, false, false) {
				return nil
			}
			// A FIFO, socket or device would block the walk or never end;
			// only regular files (or links to them) are read.
			if st, err := os.Stat(path); err == nil && !st.Mode().IsRegular() {
				fmt.Fprintf(stderr, "mdscheck: %s: skipped, not a regular file\n", path)
				return nil
			}
			files = append(files, path)
			return nil
		})
		if err != nil {
			fail(err)
		}
		sort.Strings(files)
		for _, f := range files {
			readFile(f, read, fail)
		}
	}
	return out, failed
}

// isYAML reports whether a file found in a directory is read: *.yaml and
// *.yml in any case, since Windows tools and some generators write
// NAME.YAML.
func isYAML(path string) bool {
	ext := filepath.Ext(path)
	return strings.EqualFold(ext, ".yaml") || strings.EqualFold(ext, ".yml")
}

// readText reads r up to one byte over the largest stream the core reads
// at all, which the check then reports as too large.
func readText(r io.Reader) (string, error) {
	b, err := io.ReadAll(io.LimitReader(r, int64(document.DefaultLimits.StreamBytes)+1))
	return string(b), err
}

func readFile(path string, read func(string, io.Reader), fail func(error)) {
	f, err := os.Open(path)
	if err != nil {
		fail(err)
		return
	}
	defer f.Close()
	read(path, f)
}
