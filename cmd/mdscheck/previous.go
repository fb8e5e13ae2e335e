package main

import (
	"cmp"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/mdscheck/mdscheck/core/change"
	"github.com/mdscheck/mdscheck/core/check"
	"github.com/mdscheck/mdscheck/core/document"
	"github.com/mdscheck/mdscheck/core/report"
	"github.com/mdscheck/mdscheck/internal/helm"
	"github.com/mdscheck/mdscheck/internal/reading"
)

// previousFlags are the flags of validate that compare with a previous
// version.
type previousFlags struct {
	source  string // --previous: git:REF, a file or a directory
	newOnly bool
	// read are the previous files as checked, for their secrets: a
	// change message may quote what the previous version held.
	read []report.File
}

func (f *previousFlags) register(cmd *cobra.Command) {
	cmd.Flags().StringVar(&f.source, "previous", "",
		"compare with the previous version in `SOURCE`: git:REF (the same paths at that commit) or a file or directory")
	cmd.Flags().BoolVar(&f.newOnly, "new-only", false,
		"with --previous, leave out the findings the previous version already had (counted in the summary)")
}

// changeCounts are what validate --previous counts in one file: current
// resources created and changed, previous ones deleted, and findings
// --new-only left out.
type changeCounts struct {
	Created int `json:"created"`
	Changed int `json:"changed"`
	Deleted int `json:"deleted"`
	LeftOut int `json:"leftOut"`
}

// sumChanges adds up the counts of all results, or returns nil when the
// run compared nothing: no --previous, or no file in either version.
func sumChanges(results []fileResult) *changeCounts {
	var sum *changeCounts
	for _, r := range results {
		if r.changes == nil {
			continue
		}
		if sum == nil {
			sum = &changeCounts{}
		}
		sum.Created += r.changes.Created
		sum.Changed += r.changes.Changed
		sum.Deleted += r.changes.Deleted
		sum.LeftOut += r.changes.LeftOut
	}
	return sum
}

// describe says the counts in words, for the text summary.
func (c *changeCounts) describe() string {
	s := fmt.Sprintf("compared with the previous version: %d created, %d changed, %d deleted", c.Created, c.Changed, c.Deleted)
	if c.LeftOut > 0 {
		s += fmt.Sprintf("; %s the previous version already had left out (--new-only)", plural(c.LeftOut, "finding"))
	}
	return s
}

// previousFile is a file of the previous version.
type previousFile struct {
	name string // as findings show it: the file's path, or git:REF:path
	key  string // what pairs it with a current file: see key
	src  string
	// arg is the PATH argument that found the file in git, and inner its
	// path below arg when arg is a directory: where collect would find it
	// today. Both are empty for a previous version read from a directory,
	// whose files are found by their key below every argument (see
	// excludedNow).
	arg, inner string
}

// apply compares with the previous version when --previous is given. A
// source that cannot be read is reported and ends the run with status 2.
//
// skip is collect's: a previous file that collect would leave out today
// (--exclude, a configuration's exclude) is left out too, or it would
// be taken for a deletion.
func (f *previousFlags) apply(paths []string, inputs []input, results []fileResult, opts check.Options, jobs int, skip func(path string, dir, named bool) bool, stderr io.Writer) ([]fileResult, error) {
	if f.source == "" {
		if f.newOnly {
			return nil, errors.New("--new-only needs --previous: the findings of which version to leave out")
		}
		return results, nil
	}
	out, unread, err := f.compare(paths, inputs, results, opts, jobs, skip, stderr)
	if err != nil {
		fmt.Fprintf(stderr, "mdscheck: %v\n", err)
		return nil, exitStatus(2)
	}
	for _, name := range unread {
		fmt.Fprintf(stderr, "mdscheck: %s: the previous version cannot be read as YAML; what it held is not compared (no change or deletion in it is reported)\n", name)
	}
	return out, nil
}

// compare adds to the results of the current inputs what the comparison
// with the previous version finds: the lifecycle findings in current
// files, the previous files that hold a deletion (marked previous), and
// the counts. With --new-only it leaves out the findings the previous
// version already had.
//
// unread names the previous files that could not be read; the files a
// previous directory holds that are not read are noted on stderr.
func (f *previousFlags) compare(paths []string, inputs []input, results []fileResult, opts check.Options, jobs int, skip func(path string, dir, named bool) bool, stderr io.Writer) (out []fileResult, unread []string, err error) {
	var prev []previousFile
	var keys []string
	if ref, ok := strings.CutPrefix(f.source, "git:"); ok {
		prev, keys, err = readGitPrevious(ref, paths, inputs)
	} else {
		prev, keys, err = readPreviousFiles(f.source, paths, inputs, stderr)
	}
	var odd *reading.NotRegularError
	if errors.As(err, &odd) && odd.Path == f.source {
		return nil, nil, fmt.Errorf("%s; --previous takes a file, a directory or git:REF", odd)
	}
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) && !strings.HasPrefix(f.source, "git:") {
			// HEAD~1 or origin/main without the prefix, most likely.
			return nil, nil, fmt.Errorf("--previous %s: %w; for a git revision, write git:%s", f.source, err, f.source)
		}
		return nil, nil, fmt.Errorf("--previous %s: %w", f.source, err)
	}
	prev = slices.DeleteFunc(prev, func(p previousFile) bool { return excludedNow(p, paths, skip) })
	before := make([]change.File, len(prev))
	for i, p := range prev {
		before[i] = change.File{Path: p.key, Text: p.src}
	}
	now := make([]change.File, len(inputs))
	for i, in := range inputs {
		now[i] = change.File{Path: keys[i], Text: in.src}
	}
	cmp := change.Compare(before, now)
	asInputs := make([]input, len(prev))
	for i, p := range prev {
		asInputs[i] = input{path: p.name, src: p.src}
	}
	for _, r := range checkAll(asInputs, opts, jobs, 0, nil) {
		f.read = append(f.read, r.file)
	}
	// The results start with those of the inputs, in order; what follows
	// (a Kustomize overlay's) has no previous version here.
	if f.newOnly {
		leaveOutKnown(cmp, prev, results[:len(inputs)], opts, jobs)
	}
	for i := range inputs {
		ch := cmp.Current[i]
		if results[i].changes == nil {
			results[i].changes = &changeCounts{}
		}
		results[i].changes.Created, results[i].changes.Changed = ch.Created, ch.Changed
		addFindings(&results[i], ch.Findings)
	}
	for i, p := range prev {
		ch := cmp.Previous[i]
		// A Helm template is no YAML until its actions are masked; that
		// it cannot be read says nothing.
		if ch.Unread && !helm.IsTemplate(p.onDisk()) {
			unread = append(unread, p.name)
		}
		if len(ch.Findings) == 0 {
			continue
		}
		results = append(results, previousResult(p, ch, opts))
	}
	return results, unread, nil
}

// onDisk returns where the file is, or would be, in the work tree: what
// tells whether it is a chart's template.
func (p previousFile) onDisk() string {
	if root, path, ok := strings.Cut(p.key, "\x00"); ok {
		return filepath.Join(root, filepath.FromSlash(path))
	}
	return p.name
}

// leaveOutKnown removes from the results the findings that the previous
// version already had at the same resource, pointer and rule, and counts
// them.
func leaveOutKnown(cmp *change.Comparison, prev []previousFile, results []fileResult, opts check.Options, jobs int) {
	ins := make([]input, len(prev))
	for i, p := range prev {
		ins[i] = input{path: p.name, src: p.src}
	}
	known := map[string]bool{}
	for i, r := range checkAll(ins, opts, jobs, 0, nil) {
		for _, d := range r.file.Diagnostics {
			known[cmp.Key(true, i, d.Document, d.Pointer, d.Rule)] = true
		}
	}
	for i := range results {
		r := &results[i]
		r.changes = &changeCounts{}
		kept := r.file.Diagnostics[:0]
		for _, d := range r.file.Diagnostics {
			if known[cmp.Key(false, i, d.Document, d.Pointer, d.Rule)] {
				r.changes.LeftOut++
				continue
			}
			kept = append(kept, d)
		}
		r.file.Diagnostics = kept
	}
}

// addFindings adds lifecycle findings to a file's, in the order of the
// report: by document, then position.
func addFindings(r *fileResult, ds []check.Diagnostic) {
	if len(ds) == 0 {
		return
	}
	r.file.Diagnostics = append(r.file.Diagnostics, ds...)
	slices.SortStableFunc(r.file.Diagnostics, func(a, b check.Diagnostic) int {
		return cmp.Or(cmp.Compare(a.Document, b.Document), cmp.Compare(a.Start, b.Start))
	})
}

// previousResult is the entry of a previous file that holds deletions:
// its documents and secrets as a check reads them, and the deletions.
func previousResult(p previousFile, ch change.Changes, opts check.Options) fileResult {
	f := report.Validate(p.src, opts)
	// The previous version's own findings are not news; its deletions go
	// with their documents, and lose the file's secrets as its own would.
	f.Diagnostics = f.Diagnostics[:0]
	for _, d := range ch.Findings {
		if d.Document >= 0 && d.Document < len(f.Documents) {
			f.Diagnostics = append(f.Diagnostics, d)
		}
	}
	slices.SortStableFunc(f.Diagnostics, func(a, b check.Diagnostic) int { return cmp.Compare(a.Document, b.Document) })
	f.Clean(f.Gate())
	return fileResult{path: p.name, previous: true, changes: &changeCounts{Deleted: ch.Deleted}, file: f}
}

// readGitPrevious reads the previous version of the paths at ref, in the
// git repository that holds each, and returns with it the key of each
// current input: its path from the top of its work tree, as the previous
// files have theirs.
func readGitPrevious(ref string, paths []string, inputs []input) ([]previousFile, []string, error) {
	if ref == "" {
		return nil, nil, errors.New("name a revision: git:HEAD, git:origin/main, git:v1.2.0")
	}
	repos := map[string]*gitRepo{}
	open := func(path string) (*gitRepo, error) {
		dir := path
		if st, err := os.Stat(path); err != nil || !st.IsDir() {
			dir = filepath.Dir(path)
		}
		abs, err := filepath.Abs(dir)
		if err != nil {
			return nil, err
		}
		if g := repos[abs]; g != nil {
			return g, nil
		}
		g, err := openGit(abs, ref)
		if err != nil {
			return nil, err
		}
		repos[abs] = g
		return g, nil
	}
	var prev []previousFile
	for _, p := range paths {
		if p == "-" {
			continue // standard input has no previous version in git
		}
		st, err := os.Stat(p)
		if err != nil || !st.IsDir() && !st.Mode().IsRegular() {
			// Reading the current version has said why it failed, or
			// refused a FIFO or device: no previous version to compare.
			continue
		}
		g, err := open(p)
		if err != nil {
			return nil, nil, err
		}
		rel, ok := g.rel(p)
		if !ok {
			return nil, nil, fmt.Errorf("%s is outside the work tree of %s", p, g.root)
		}
		blobs, err := g.list(rel)
		if err != nil {
			return nil, nil, err
		}
		if st.IsDir() {
			// The files a directory holds, as validate finds them now.
			kept := blobs[:0]
			for _, b := range blobs {
				inner := strings.TrimPrefix(b.path, rel+"/")
				if rel == "." {
					inner = b.path
				}
				if isYAML(b.path) && !hiddenDir(inner) {
					kept = append(kept, b)
				}
			}
			blobs = kept
		}
		texts, err := g.read(blobs, int64(document.DefaultLimits.StreamBytes))
		if err != nil {
			return nil, nil, err
		}
		for i, b := range blobs {
			inner := ""
			if st.IsDir() {
				inner = strings.TrimPrefix(b.path, rel+"/")
				if rel == "." {
					inner = b.path
				}
			}
			prev = append(prev, previousFile{name: "git:" + ref + ":" + b.path, key: g.root + "\x00" + b.path, src: texts[i], arg: p, inner: inner})
		}
	}
	keys := make([]string, len(inputs))
	for i, in := range inputs {
		keys[i] = in.path
		if g, err := open(in.path); err == nil {
			if rel, ok := g.rel(in.path); ok {
				keys[i] = g.root + "\x00" + rel
			}
		}
	}
	return prev, keys, nil
}

// excludedNow reports whether collect would leave out the previous file
// p if it were in the current tree: the file, or a directory it is in
// below the PATH argument, is excluded.
func excludedNow(p previousFile, paths []string, skip func(path string, dir, named bool) bool) bool {
	switch {
	case p.arg != "" && p.inner == "":
		return skip(p.arg, false, false)
	case p.arg != "":
		return excludedBelow(p.arg, filepath.FromSlash(p.inner), skip)
	}
	// Read from a directory: its key is the path below any argument.
	for _, arg := range paths {
		if st, err := os.Stat(arg); err == nil && st.IsDir() && excludedBelow(arg, filepath.FromSlash(p.key), skip) {
			return true
		}
	}
	return false
}

// excludedBelow reports whether the file at inner below the directory
// root, or a directory on the way to it, is left out by skip, as the walk
// of collect leaves them out.
func excludedBelow(root, inner string, skip func(path string, dir, named bool) bool) bool {
	parts := strings.Split(inner, string(filepath.Separator))
	path := root
	for i, part := range parts {
		path = filepath.Join(path, part)
		if skip(path, i < len(parts)-1, false) {
			return true
		}
	}
	return false
}

// treePath returns the path in its repository of a previous file named
// git:REF:path (a revision has no colon), or the name as it is.
func treePath(name string) string {
	if rest, ok := strings.CutPrefix(name, "git:"); ok {
		if _, p, ok := strings.Cut(rest, ":"); ok {
			return p
		}
	}
	return name
}

// hiddenDir reports whether a path below a directory passes through a
// hidden directory, which validate does not search.
func hiddenDir(path string) bool {
	dirs := strings.Split(path, "/")
	for _, d := range dirs[:len(dirs)-1] {
		if strings.HasPrefix(d, ".") {
			return true
		}
	}
	return false
}

// readPreviousFiles reads the previous version from a file or directory,
// and returns with it the key of each current input: its path relative to
// the PATH argument that found it, as the previous files have theirs
// relative to source (a file's key is its name). A FIFO, socket or device
// in a directory is skipped with a note on stderr, as collect skips one;
// named as source it is refused.
func readPreviousFiles(source string, paths []string, inputs []input, stderr io.Writer) ([]previousFile, []string, error) {
	st, err := os.Stat(source)
	if err != nil {
		return nil, nil, err
	}
	names := []string{source}
	if st.IsDir() {
		names = names[:0]
		err := filepath.WalkDir(source, func(path string, d fs.DirEntry, err error) error {
			switch {
			case err != nil:
				return err
			case d.IsDir() && path != source && strings.HasPrefix(d.Name(), "."):
				return filepath.SkipDir
			case d.IsDir() || !isYAML(path):
				return nil
			}
			// Links to files are read, as collect reads them in the
			// current version; a link that leads nowhere has nothing to
			// compare.
			switch mode := entryMode(path, d); {
			case mode.IsRegular():
				names = append(names, path)
			case mode&fs.ModeSymlink == 0:
				noteSkipped(stderr, path, mode)
			}
			return nil
		})
		if err != nil {
			return nil, nil, err
		}
	}
	prev := make([]previousFile, len(names))
	for i, name := range names {
		b, err := readFile(name)
		if err != nil {
			return nil, nil, err
		}
		prev[i] = previousFile{name: name, key: relKey(source, st.IsDir(), name), src: b}
	}
	keys := make([]string, len(inputs))
	for i, in := range inputs {
		keys[i] = in.path
		for _, p := range paths {
			if p == "-" {
				continue
			}
			if st, err := os.Stat(p); err == nil && (p == in.path || st.IsDir()) {
				if k := relKey(p, st.IsDir(), in.path); k != "" {
					keys[i] = k
					break
				}
			}
		}
	}
	return prev, keys, nil
}

// relKey is the key of path, found from root: its path below root with
// slashes, or its name when root is the file itself; "" when path is not
// below root.
func relKey(root string, dir bool, path string) string {
	if !dir {
		if root == path {
			return filepath.Base(path)
		}
		return ""
	}
	rel, err := filepath.Rel(root, path)
	if err != nil || strings.HasPrefix(rel, "..") {
		return ""
	}
	return filepath.ToSlash(rel)
}
