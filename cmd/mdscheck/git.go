package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/mdscheck/mdscheck/internal/gitexec"
)

// gitRepo reads the files of one commit of a git repository with the git
// program (internal/gitexec).
type gitRepo struct {
	root   string // the top of the work tree, links resolved
	commit string // the commit REF names, as a full object name
}

// errNoGit says why git:REF cannot work at all.
var errNoGit = errors.New(gitexec.ErrNotFound.Error() + "; --previous git:REF needs it")

// git runs git in dir and returns its standard output, or an error with
// the first line git wrote to standard error.
func git(dir string, stdin io.Reader, args ...string) ([]byte, error) {
	out, err := gitexec.Output(context.Background(), dir, stdin, -1, args...)
	if errors.Is(err, gitexec.ErrNotFound) {
		return nil, errNoGit
	}
	return out, err
}

// openGit finds the repository that holds dir and the commit ref names in
// it.
func openGit(dir, ref string) (*gitRepo, error) {
	top, err := git(dir, nil, "rev-parse", "--show-toplevel")
	if err != nil {
		switch {
		case err == errNoGit:
			return nil, err
		case strings.Contains(err.Error(), "not a git repository"):
			return nil, fmt.Errorf("%s is not in a git repository", dir)
		}
		// Another refusal, such as a repository of another owner (git's
		// safe.directory): git's own words say what to do.
		return nil, fmt.Errorf("git in %s: %v", dir, err)
	}
	g := &gitRepo{root: strings.TrimSpace(string(top))}
	if r, err := filepath.EvalSymlinks(g.root); err == nil {
		g.root = r
	}
	if !gitexec.ValidRevision(ref) {
		return nil, fmt.Errorf("%q is not a revision", ref)
	}
	id, err := git(g.root, nil, "rev-parse", "--verify", "--quiet", ref+"^{commit}")
	if err != nil || len(bytes.TrimSpace(id)) == 0 {
		return nil, fmt.Errorf("unknown revision %q in the repository %s (in CI, fetch it: actions/checkout with fetch-depth: 0)", ref, g.root)
	}
	g.commit = string(bytes.TrimSpace(id))
	return g, nil
}

// rel returns path (a file or directory of the work tree) relative to
// the top of the work tree, with slashes, as git names it; ok is false
// when path is outside.
func (g *gitRepo) rel(path string) (string, bool) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return "", false
	}
	if r, err := filepath.EvalSymlinks(abs); err == nil {
		abs = r
	}
	rel, err := filepath.Rel(g.root, abs)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return "", false
	}
	return filepath.ToSlash(rel), true
}

// blob is a file of the commit.
type blob struct {
	path string // relative to the top of the work tree
	id   string
}

// list returns the files of the commit at rel (a file) or below it (a
// directory; "." is the whole tree), in git's order, which is sorted.
func (g *gitRepo) list(rel string) ([]blob, error) {
	out, err := git(g.root, nil, "ls-tree", "-r", "-z", g.commit, "--", rel)
	if err != nil {
		return nil, err
	}
	var blobs []blob
	for _, entry := range bytes.Split(out, []byte{0}) {
		// <mode> SP <type> SP <object> TAB <path>
		meta, path, ok := bytes.Cut(entry, []byte{'\t'})
		f := strings.Fields(string(meta))
		if !ok || len(f) != 3 || f[1] != "blob" {
			continue // a submodule's commit, or the empty end
		}
		blobs = append(blobs, blob{path: string(path), id: f[2]})
	}
	return blobs, nil
}

// read returns the content of each blob, in order, through one git
// process. A blob over limit bytes is cut to limit+1, which the check
// reports as too large.
func (g *gitRepo) read(blobs []blob, limit int64) ([]string, error) {
	if len(blobs) == 0 {
		return nil, nil
	}
	var in strings.Builder
	for _, b := range blobs {
		in.WriteString(b.id + "\n")
	}
	run, err := gitexec.Start(context.Background(), g.root, strings.NewReader(in.String()), "cat-file", "--batch")
	if err != nil {
		if errors.Is(err, gitexec.ErrNotFound) {
			return nil, errNoGit
		}
		return nil, err
	}
	r := bufio.NewReader(run.Stdout)
	texts := make([]string, 0, len(blobs))
	for range blobs {
		text, err := readBatchEntry(r, limit)
		if err != nil {
			run.Stop()
			return nil, fmt.Errorf("git cat-file: %v %v", err, run.Wait())
		}
		texts = append(texts, text)
	}
	if err := run.Wait(); err != nil {
		return nil, fmt.Errorf("git cat-file: %v", err)
	}
	return texts, nil
}

// readBatchEntry reads one answer of git cat-file --batch: a header
// "<object> <type> <size>", the content and a line end.
func readBatchEntry(r *bufio.Reader, limit int64) (string, error) {
	header, err := r.ReadString('\n')
	if err != nil {
		return "", err
	}
	f := strings.Fields(header)
	if len(f) != 3 {
		return "", fmt.Errorf("unexpected answer %q", strings.TrimSpace(header))
	}
	size, err := strconv.ParseInt(f[2], 10, 64)
	if err != nil || size < 0 {
		return "", fmt.Errorf("unexpected answer %q", strings.TrimSpace(header))
	}
	keep := min(size, limit+1)
	buf := make([]byte, keep)
	if _, err := io.ReadFull(r, buf); err != nil {
		return "", err
	}
	if _, err := io.CopyN(io.Discard, r, size-keep+1); err != nil { // the rest, and the line end
		return "", err
	}
	return string(buf), nil
}
