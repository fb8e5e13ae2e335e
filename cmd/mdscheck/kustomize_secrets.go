package main

import (
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"sigs.k8s.io/kustomize/api/konfig"
	"sigs.k8s.io/kustomize/api/types"
	"sigs.k8s.io/kustomize/kyaml/filesys"
	"sigs.k8s.io/yaml"

	"github.com/mdscheck/mdscheck/core/check"
	"github.com/mdscheck/mdscheck/core/document"
	"github.com/mdscheck/mdscheck/core/report"
	"github.com/mdscheck/mdscheck/core/secret"
	"github.com/mdscheck/mdscheck/internal/reading"
)

// A build's output holds only what the build kept of its files: a secret
// that an overlay overwrote (a base's password replaced, its text still
// written as the project), moved (a JSON patch's move of a password to a
// name) or that a failed build never got to (a patch named by a base's
// secret) is not a secret of the build, yet its text comes out in
// findings and in Kustomize's messages. So the gate learns the secrets of
// every file the build read, as it is on disk, before any transformation:
// a readLog keeps them, and secrets reads them.

// readLog is every file a build read, as it is on disk: by path as
// kustomize asked for it, each once. It is safe for concurrent use (the
// shards of a build read at once).
type readLog struct {
	mu    sync.Mutex
	files map[string]string
	order []string // the paths, in the order first read
	size  int
	// full is set once a file would take the log past maxReadLog: from
	// then on nothing is logged, and the gate knows the secrets of the
	// files logged before and of the build's own resources only.
	full bool
	// seen holds every path read, the log full or not: the files whose
	// resources are the build's (acrossResources).
	seen map[string]bool
}

// maxReadLog bounds the bytes a readLog keeps, so that the copies of a
// huge overlay's files do not double what a run holds. Kustomize holds
// every file it reads in memory anyway; past this, a build is rare and
// its overwritten secrets rarer.
const maxReadLog = 64 << 20

// record logs b, the text of the file at path, unless it is logged
// already or the log is full. A nil log logs nothing.
func (l *readLog) record(path string, b []byte) {
	if l == nil {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	l.sawLocked(path)
	if _, ok := l.files[path]; ok || l.full {
		return
	}
	if l.size+len(b) > maxReadLog {
		l.full = true
		return
	}
	if l.files == nil {
		l.files = map[string]string{}
	}
	// A copy: kustomize owns b from here and may change it.
	l.files[path] = string(b)
	l.order = append(l.order, path)
	l.size += len(b)
}

// saw notes that the build read the file at path, whether it is logged
// or not. A nil log notes nothing.
func (l *readLog) saw(path string) {
	if l == nil {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	l.sawLocked(path)
}

// sawLocked is saw with l.mu held.
func (l *readLog) sawLocked(path string) {
	if l.seen == nil {
		l.seen = map[string]bool{}
	}
	l.seen[path] = true
}

// read returns the paths of every file the build read, in no order.
func (l *readLog) read() []string {
	if l == nil {
		return nil
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	out := make([]string, 0, len(l.seen))
	for p := range l.seen {
		out = append(out, p)
	}
	return out
}

// has reports whether the file at path is logged (or the log is full),
// so that a caller may spare making its text again.
func (l *readLog) has(path string) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	_, ok := l.files[path]
	return ok || l.full
}

// loggedFS is the disk under a tracingFS with the log of what the build
// reads: carried by the file system, every wrapper of tracingFS (a
// shard's) logs to the same one.
type loggedFS struct {
	filesys.FileSystem
	reads *readLog
}

// log returns the log of what fs reads, nil when it keeps none.
func (fs tracingFS) log() *readLog {
	if l, ok := fs.FileSystem.(loggedFS); ok {
		return l.reads
	}
	return nil
}

// logRead logs b, the text of the file at path as read from the disk.
func (fs tracingFS) logRead(path string, b []byte) { fs.log().record(path, b) }

// secrets returns the secrets of every file l logged, as a report.File
// gives them (SecretTexts, read; SecretRaw, as written): those of each
// manifest and patch; in a kustomization, those of its inline patches and
// its secretGenerator's literals; every line of a file a secretGenerator
// reads. A nil log has none.
func (l *readLog) secrets(opts check.Options) (texts, raw []string) {
	if l == nil {
		return nil, nil
	}
	l.mu.Lock()
	order, files := slices.Clone(l.order), make(map[string]string, len(l.files))
	for p, src := range l.files {
		files[p] = src
	}
	l.mu.Unlock()
	var s readSecrets
	s.opts = reading.Patch.Options(opts)
	// The kustomizations first: they say which files are a generator's
	// and which are patches, whatever order kustomize read them in.
	for _, p := range order {
		if isKustomizationFile(p) {
			s.kustomization(p, files[p])
		}
	}
	for _, p := range order {
		switch ext := strings.ToLower(filepath.Ext(p)); {
		case isKustomizationFile(p):
		case s.generated(p):
			s.generator(files[p])
		case ext == ".yaml" || ext == ".yml" || ext == ".json" || slices.Contains(s.patches, p):
			s.manifest(files[p])
		}
	}
	return s.texts, s.raw
}

// isKustomizationFile reports whether the file at path is read as a
// kustomization: its name is one kustomize looks for.
func isKustomizationFile(path string) bool {
	return slices.Contains(konfig.RecognizedKustomizationFileNames(), filepath.Base(path))
}

// readSecrets collects the secrets of a build's files.
type readSecrets struct {
	opts       check.Options // as a patch is read: partial documents
	texts, raw []string
	// sources are the files and folders that a secretGenerator reads,
	// patches the patch files a kustomization names, joined to its
	// folder.
	sources, patches []string
}

// generated reports whether the file at path is one a secretGenerator
// reads, or in a folder one reads.
func (s *readSecrets) generated(path string) bool {
	return slices.ContainsFunc(s.sources, func(src string) bool {
		return path == src || strings.HasPrefix(path, src+string(filepath.Separator))
	})
}

// kustomization collects the secrets of the kustomization file at path,
// src: its text as a manifest, its inline patches, its secretGenerator's
// literals; and notes the files its generators and patches read.
func (s *readSecrets) kustomization(path, src string) {
	s.manifest(src)
	var k types.Kustomization
	if yaml.Unmarshal([]byte(src), &k) != nil {
		// Kustomize refuses it, but its message may quote a part: every
		// text under secretGenerator is a secret's, whatever its shape.
		var fields map[string]any
		if yaml.Unmarshal([]byte(src), &fields) == nil {
			s.every(fields["secretGenerator"])
		}
		return
	}
	dir := filepath.Dir(path)
	join := func(p string) string {
		if filepath.IsAbs(p) {
			return filepath.Clean(p)
		}
		return filepath.Join(dir, p)
	}
	for _, p := range slices.Concat(k.Patches, k.PatchesJson6902) {
		s.manifest(p.Patch)
		if p.Path != "" {
			s.patches = append(s.patches, join(p.Path))
		}
	}
	// An entry is a file's name or a patch written inline.
	for _, p := range k.PatchesStrategicMerge {
		s.manifest(string(p))
		s.patches = append(s.patches, join(string(p)))
	}
	for _, g := range k.SecretGenerator {
		for _, lit := range g.LiteralSources {
			// KEY=VALUE, the value perhaps quoted; without '=' kustomize
			// refuses it and says it whole.
			if _, v, ok := strings.Cut(lit, "="); ok {
				s.texts = append(s.texts, v, strings.Trim(v, `"'`))
			}
			s.raw = append(s.raw, lit)
		}
		for _, f := range g.FileSources {
			// [KEY=]PATH
			if _, p, ok := strings.Cut(f, "="); ok {
				f = p
			}
			s.sources = append(s.sources, join(f))
		}
		for _, e := range append(g.EnvSources, g.EnvSource) {
			if e != "" {
				s.sources = append(s.sources, join(e))
			}
		}
	}
}

// every collects every scalar of v, a parsed YAML value, as a secret.
func (s *readSecrets) every(v any) {
	switch v := v.(type) {
	case map[string]any:
		for _, x := range v {
			s.every(x)
		}
	case []any:
		for _, x := range v {
			s.every(x)
		}
	case nil:
	default:
		b, _ := yaml.Marshal(v)
		s.raw = append(s.raw, string(b))
	}
}

// generator collects the secrets of src, a file a secretGenerator reads:
// all of it is a value (a key of files), and each line of an env file
// is a KEY=VALUE pair whose value is one.
func (s *readSecrets) generator(src string) {
	s.texts = append(s.texts, src)
	for line := range strings.Lines(src) {
		line = strings.TrimSpace(line)
		if line == "" || line[0] == '#' {
			continue // a comment is part of the whole text, not a value
		}
		s.raw = append(s.raw, line)
		if _, v, ok := strings.Cut(line, "="); ok {
			s.texts = append(s.texts, strings.TrimSpace(v))
		}
	}
}

// manifest collects the secrets of src, a manifest, a strategic merge
// patch or a JSON patch: what a check of it as a patch finds, and the
// values of a JSON patch's operations on a secret member.
func (s *readSecrets) manifest(src string) {
	if strings.TrimSpace(src) == "" {
		return
	}
	f := report.Validate(src, s.opts)
	s.texts = append(s.texts, f.SecretTexts...)
	s.raw = append(s.raw, f.SecretRaw...)
	s.operations(src)
}

// operations collects the values of the operations of every JSON patch in
// src (a document that is a list, in YAML or JSON) whose path or from
// names a secret member or a member inside one, and in the value of any
// operation, what a secret member's name holds. A patch names the member
// by its place alone, which no schema is asked about here: the name is
// enough, as for the gate's reading of a message.
func (s *readSecrets) operations(src string) {
	for _, doc := range document.ParseStream(src, document.DefaultLimits).Docs {
		if doc.Root == nil || doc.Root.Kind != document.Sequence {
			continue
		}
		for _, op := range doc.Root.Items {
			if op.Kind != document.Mapping {
				continue
			}
			hidden := namesSecret(op.Get("path").String()) || namesSecret(op.Get("from").String())
			if v := op.Get("value"); v != nil {
				s.value(src, v, hidden)
			}
		}
	}
}

// namesSecret reports whether a JSON pointer goes through a member that
// a secret member's name names.
func namesSecret(pointer string) bool {
	return pointer != "" && slices.ContainsFunc(pointerTokens(pointer), secret.IsName)
}

// value collects the secrets of n, a value in src: all of it when hidden,
// else what is under a member named as a secret one. A string is a
// secret's text; another scalar (a number) also as written.
func (s *readSecrets) value(src string, n *document.Node, hidden bool) {
	switch n.Kind {
	case document.Scalar:
		if !hidden || n.IsNull() {
			return
		}
		s.texts = append(s.texts, n.Text)
		if n.Type != document.String && !n.Alias && n.Start < n.End && n.End <= len(src) {
			s.raw = append(s.raw, src[n.Start:n.End])
		}
	case document.Mapping:
		for _, p := range n.Pairs {
			s.value(src, p.Value, hidden || p.Key != nil && secret.IsName(p.Key.Text))
		}
	case document.Sequence:
		for _, it := range n.Items {
			s.value(src, it, hidden)
		}
	}
}
