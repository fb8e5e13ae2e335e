package main

import (
	"cmp"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"sigs.k8s.io/kustomize/api/konfig"
	"sigs.k8s.io/kustomize/api/resource"
	"sigs.k8s.io/kustomize/kyaml/filesys"
	"sigs.k8s.io/yaml"

	"github.com/mdscheck/mdscheck/core/check"
	"github.com/mdscheck/mdscheck/core/cross"
	"github.com/mdscheck/mdscheck/core/document"
	"github.com/mdscheck/mdscheck/core/report"
	"github.com/mdscheck/mdscheck/core/schema"
	"github.com/mdscheck/mdscheck/core/secret"
	"github.com/mdscheck/mdscheck/internal/kustomize"
	"github.com/mdscheck/mdscheck/internal/reading"
)

// Kustomize records where each resource of a build comes from in these
// annotations when the kustomization asks for it (buildMetadata).
const (
	originAnnotation    = "config.kubernetes.io/origin"
	transformAnnotation = "alpha.config.kubernetes.io/transformations"
)

// tracingFS is the disk, except that the kustomization being built asks
// for origin and transformer annotations, so that every resource of the
// build names the file it was read from and the patches that changed it.
// When the disk under it is a loggedFS, every file read is logged as it
// is on disk (see readLog).
type tracingFS struct {
	filesys.FileSystem
	root string // the kustomization file of the overlay
}

// ReadFile reads a file of the build, a regular one only: a FIFO or a
// device that a kustomization lists is refused, not waited on.
func (fs tracingFS) ReadFile(path string) ([]byte, error) {
	b, err := reading.ReadFile(path)
	if err == nil {
		fs.logRead(filepath.Clean(path), b)
	}
	if err != nil || filepath.Clean(path) != fs.root {
		return b, err
	}
	var k map[string]any
	if err := yaml.Unmarshal(b, &k); err != nil || k == nil {
		return b, err // kustomize says what is wrong with it
	}
	k["buildMetadata"] = []string{"originAnnotations", "transformerAnnotations"}
	return yaml.Marshal(k)
}

// built is where one resource of a build came from.
type built struct {
	origin string // the file it was read from, relative to the overlay
	// names are its name in the build and the names it had before (a
	// prefix or a suffix of an overlay changes it): a file that writes
	// one of them writes this resource.
	names []string
	// patches are the patch files of the kustomizations that patched it
	// and whose target selects it, in order.
	patches []kustomize.Patch
}

// buildOverlay runs kustomize on the overlay in dir and returns the
// resources as one YAML stream, the build annotations removed, and where
// each resource came from, in the order of the stream.
func buildOverlay(dir string) (string, []built, error) { return buildLogged(dir, nil) }

// buildLogged is buildOverlay that logs in reads (when not nil) every
// file the build read, whether the build succeeds or not.
func buildLogged(dir string, reads *readLog) (string, []built, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", nil, err
	}
	if st, err := os.Stat(abs); err == nil && !st.IsDir() {
		return "", nil, fmt.Errorf("%s: not a directory (%s); --kustomize takes the folder of a kustomization", dir, reading.Kind(st.Mode()))
	}
	root := kustomize.File(abs)
	if root == "" {
		// One that is there but a FIFO or a device says so.
		for _, name := range konfig.RecognizedKustomizationFileNames() {
			if st, err := os.Stat(filepath.Join(dir, name)); err == nil && !st.IsDir() && !st.Mode().IsRegular() {
				return "", nil, reading.Regular(filepath.Join(dir, name), st.Mode())
			}
		}
		return "", nil, fmt.Errorf("%s: no kustomization.yaml, kustomization.yml or Kustomization", dir)
	}
	// Kustomize reads it by its path with links resolved (its loader
	// confirms each directory so): an overlay named through a link would
	// otherwise be built without the annotations that place findings.
	if real, err := filepath.EvalSymlinks(root); err == nil {
		root = real
	}
	res, err := buildResources(tracingFS{loggedFS{filesys.MakeFsOnDisk(), reads}, root}, abs, &kustomizations{root: abs})
	if err != nil {
		return "", nil, fmt.Errorf("kustomize build %s: %w", dir, err)
	}
	var b strings.Builder
	from := make([]built, len(res))
	for i, r := range res {
		if i > 0 {
			b.WriteString("---\n")
		}
		b.Write(r.yaml)
		from[i] = r.from
	}
	return b.String(), from, nil
}

// kustomizations reads the kustomizations that the steps of a build name,
// each once for the build, not once for each resource it changed, and
// the build annotations of its resources, each text once: most resources
// of a build share them, and reading one is a YAML parse. It is safe for
// concurrent use.
type kustomizations struct {
	root    string // the overlay's directory
	mu      sync.Mutex
	read    map[string]kustomize.Kustomization
	origins map[string]string // origin annotation: the path it names
	steps   map[string][]step // transformations annotation: its steps
}

// of returns the kustomization that a step is configured in.
func (ks *kustomizations) of(s step) kustomize.Kustomization {
	dir := filepath.Dir(filepath.Join(ks.root, s.in))
	ks.mu.Lock()
	defer ks.mu.Unlock()
	k, ok := ks.read[dir]
	if !ok {
		if ks.read == nil {
			ks.read = map[string]kustomize.Kustomization{}
		}
		k = kustomize.Read(dir)
		ks.read[dir] = k
	}
	return k
}

// builtResource is a resource of a build as mdscheck keeps it: its text
// in the stream, the build annotations removed, and where it came from.
type builtResource struct {
	yaml []byte
	from built
}

// annotations returns the path that the origin annotation origin names
// and the steps that the transformations annotation steps lists.
func (ks *kustomizations) annotations(origin, steps string) (string, []step) {
	ks.mu.Lock()
	defer ks.mu.Unlock()
	if ks.origins == nil {
		ks.origins, ks.steps = map[string]string{}, map[string][]step{}
	}
	path, ok := ks.origins[origin]
	if !ok {
		var o resource.Origin
		if yaml.Unmarshal([]byte(origin), &o) == nil {
			path = o.Path
		}
		ks.origins[origin] = path
	}
	list, ok := ks.steps[steps]
	if !ok {
		list = transformations(steps)
		ks.steps[steps] = list
	}
	return path, list
}

// keep returns what is kept of r, a resource of a build: its annotations
// are removed on the way.
func (ks *kustomizations) keep(r *resource.Resource) (builtResource, error) {
	var w built
	annos := r.GetAnnotations()
	var steps []step
	w.origin, steps = ks.annotations(annos[originAnnotation], annos[transformAnnotation])
	w.names = namesBefore(r.GetName(), steps, ks.of)
	var patched []step
	for _, t := range steps {
		if strings.HasPrefix(t.kind, "Patch") && !slices.ContainsFunc(patched, func(p step) bool { return p.in == t.in }) {
			patched = append(patched, t)
		}
	}
	for _, t := range patched {
		for _, p := range ks.of(t).Patches {
			if p.Applies(r.GetApiVersion(), r.GetKind(), w.names) {
				w.patches = append(w.patches, p)
			}
		}
	}
	r.RemoveBuildAnnotations()
	annos = r.GetAnnotations()
	delete(annos, originAnnotation)
	delete(annos, transformAnnotation)
	if err := r.SetAnnotations(annos); err != nil {
		return builtResource{}, err
	}
	y, err := r.AsYAML()
	if err != nil {
		return builtResource{}, err
	}
	return builtResource{y, w}, nil
}

// step is one transformer that changed a resource: the kustomization
// file it is configured in (relative to the overlay) and its kind
// (PatchTransformer, PrefixTransformer, ...).
type step struct{ in, kind string }

// transformations returns the transformers that changed a resource, in
// the order they were applied, as its transformer annotation, raw, names
// them.
func transformations(raw string) []step {
	if raw == "" {
		return nil
	}
	var list []struct {
		ConfiguredIn string `json:"configuredIn"`
		ConfiguredBy struct {
			Kind string `json:"kind"`
		} `json:"configuredBy"`
	}
	if yaml.Unmarshal([]byte(raw), &list) != nil {
		return nil
	}
	var out []step
	for _, t := range list {
		if t.ConfiguredIn != "" {
			out = append(out, step{t.ConfiguredIn, t.ConfiguredBy.Kind})
		}
	}
	return out
}

// namesBefore returns name, a resource's name in a build, and the names
// it had before each namePrefix and nameSuffix that steps applied (of
// kustomizationOf each step): the names files of the build write it by.
// Kustomize drops the record of previous names from what it returns, so
// they are undone here, last first.
func namesBefore(name string, steps []step, kustomizationOf func(step) kustomize.Kustomization) []string {
	names := []string{name}
	for i := len(steps) - 1; i >= 0; i-- {
		if !strings.Contains(steps[i].kind, "Prefix") && !strings.Contains(steps[i].kind, "Suffix") {
			continue
		}
		k := kustomizationOf(steps[i])
		if strings.Contains(steps[i].kind, "Prefix") {
			name = strings.TrimPrefix(name, k.NamePrefix)
		}
		if strings.Contains(steps[i].kind, "Suffix") {
			name = strings.TrimSuffix(name, k.NameSuffix)
		}
		if !slices.Contains(names, name) {
			names = append(names, name)
		}
	}
	return names
}

// source is a file a build read, checked as it is written.
type source struct {
	path string // as shown: relative to the working directory
	src  string
	docs []*document.Document
	diag []check.Diagnostic
	// kinds are the kinds of the resources it was asked to place a
	// finding of as a patch: what a JSON patch's paths are read against.
	kinds []string
	// inline are the patches a kustomization file holds inline, each
	// read once for all the findings it is asked to place.
	inline map[kustomize.Inline]*inlinePatch
}

// overlays builds and checks the overlays in dirs; their findings are
// placed in the files they come from once the findings that cross the
// run's resources are known (overlayBuild.results). A build that fails is
// reported and flagged.
func overlays(dirs []string, opts check.Options, stderr io.Writer) ([]*overlayBuild, bool) {
	var out []*overlayBuild
	failed := false
	for _, dir := range dirs {
		reads := &readLog{}
		var b *overlayBuild
		var err error
		// Kustomize writes warnings and logs of its own to the process's
		// stderr, and they may quote what it read: they pass the gate too.
		said := quiet(func() { b, err = validateOverlay(dir, opts, reads) })
		if err != nil {
			g := failedBuildGate(dir, reads, opts)
			kustomizeSaid(stderr, said, g)
			fmt.Fprintf(stderr, "mdscheck: %s\n", foreign(err.Error(), g, "message"))
			failed = true
			continue
		}
		b.said = said
		out = append(out, b)
	}
	return out, failed
}

// kustomizeSaid writes to stderr what Kustomize said while it built an
// overlay, line by line through g, the gate of its files, each line once:
// Kustomize warns of a deprecated field each time it reads the
// kustomization, twice in one build.
func kustomizeSaid(stderr io.Writer, said []byte, g *secret.Gate) {
	if len(said) == 0 {
		return
	}
	seen := map[string]bool{}
	for _, line := range strings.Split(strings.TrimRight(string(said), "\n"), "\n") {
		if !seen[line] {
			seen[line] = true
			fmt.Fprintln(stderr, foreign(line, g, "line"))
		}
	}
}

// foreign is what may be shown of msg, Kustomize's message or line:
// another program may quote what it read (a patch's text, a map of
// values), so it is cut where a secret member's name first appears, and
// what g knows is masked before that (secret.Gate.Foreign).
func foreign(msg string, g *secret.Gate, what string) string {
	msg, cut := g.Foreign(msg)
	if cut {
		msg += " (the rest of Kustomize's " + what + " is left out: it may quote a secret)"
	}
	return msg
}

// failedBuildGate is the gate of a build that failed: the secrets of
// every file it read before it failed (reads: a base's, a generator's)
// and of the overlay's own files.
func failedBuildGate(dir string, reads *readLog, opts check.Options) *secret.Gate {
	texts, raw := reads.secrets(opts)
	read := report.File{SecretTexts: texts, SecretRaw: raw}
	g := read.Gate() // made of the texts once, and the overlay's files merged in
	n := 0
	_ = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || n >= maxOverlayFiles {
			return filepath.SkipDir
		}
		if ext := strings.ToLower(filepath.Ext(p)); !d.IsDir() && (ext == ".yaml" || ext == ".yml") {
			n++
			if b, err := reading.ReadFile(p); err == nil {
				f := report.Validate(string(b), opts)
				f.Feed(g)
			}
		}
		return nil
	})
	return g
}

// maxOverlayFiles bounds the files whose secrets a failed build's message
// is cleaned of.
const maxOverlayFiles = 1000

// overlayBuild is the build of one overlay, checked: the findings and
// the facts of its stream, and where each of its resources comes from.
type overlayBuild struct {
	dir    string // as given
	stream string
	from   []built // of each document of the stream
	file   report.File
	facts  *cross.Facts
	// texts and raw are the secrets of every file the build read
	// (readLog.secrets).
	texts, raw []string
	reads      *readLog
	opts       check.Options
	// said is what Kustomize wrote to stderr while it built.
	said []byte
	// shown maps the origin of a resource to its file as shown (origin).
	shown map[string]string
}

// validateOverlay builds the overlay in dir and checks the build, its
// findings and its facts for the checks across resources.
//
// The build's result (own) carries the secrets of the build and of every
// file the build read (reads), so that the run's gate knows a secret that the
// build overwrote or moved (a base's password that an overlay replaced, a
// JSON patch's move of one to a name) wherever its text comes out.
func validateOverlay(dir string, opts check.Options, reads *readLog) (*overlayBuild, error) {
	stream, from, err := buildLogged(dir, reads)
	if err != nil {
		return nil, err
	}
	s := report.NewStream(stream, report.Options{Check: opts})
	c := report.Checker{Facts: true}
	for i := range s.Len() {
		s.Check(&c, i)
	}
	b := &overlayBuild{dir: dir, stream: stream, from: from, file: s.File(), facts: s.Facts(), reads: reads, opts: opts}
	b.texts, b.raw = reads.secrets(opts)
	return b, nil
}

// own is the build itself as a file: its stream, and the secrets of the
// build and of what it was built from.
func (b *overlayBuild) own() report.File {
	f := b.file
	return report.File{Text: f.Text, Documents: f.Documents, Secrets: f.Secrets,
		SecretTexts: slices.Concat(f.SecretTexts, b.texts), SecretRaw: slices.Concat(f.SecretRaw, b.raw)}
}

// origin returns the file that the resource of the build's document
// comes from, as shown (relative to where mdscheck runs, like a finding
// placed in it), or the overlay's folder when kustomize names none (a
// generator's).
func (b *overlayBuild) origin(document int) string {
	if document < 0 || document >= len(b.from) || b.from[document].origin == "" {
		return b.dir
	}
	o := b.from[document].origin
	// Many resources come from one file: its name is made once.
	if p, ok := b.shown[o]; ok {
		return p
	}
	if b.shown == nil {
		b.shown = map[string]string{}
	}
	p := shownPath(filepath.Join(b.dir, o))
	b.shown[o] = p
	return p
}

// shownPath is p as the user would name it: relative to where mdscheck
// runs when p is absolute.
func shownPath(p string) string {
	if !filepath.IsAbs(p) {
		return p
	}
	wd, _ := os.Getwd()
	if rel, err := filepath.Rel(wd, p); err == nil {
		return rel
	}
	return p
}

// results places every finding of the build, its own and cross (what
// crosses the run's resources at them), in the file it comes from: at
// the member in that file when the file holds it (the last patch that
// sets it, else the resource's own file), else at the resource, with the
// file named in the message. Those that no file holds stay with the
// build itself, its last result. What Kustomize said while it built is
// written to stderr through the gate of these results.
func (b *overlayBuild) results(cross []check.Diagnostic, stderr io.Writer) []fileResult {
	out := b.place(slices.Concat(b.file.Diagnostics, cross))
	if len(b.said) > 0 {
		// The build's results carry the secrets of every file it read.
		g := &secret.Gate{}
		for i := range out {
			out[i].file.Feed(g)
		}
		kustomizeSaid(stderr, b.said, g)
	}
	return out
}

// place is results without stderr: the files of the build that hold
// some of ds, then the build itself.
func (b *overlayBuild) place(ds []check.Diagnostic) []fileResult {
	dir, f, from, stream, opts := b.dir, b.file, b.from, b.stream, b.opts
	files := map[string]*source{}
	var order []string
	open := func(p string) *source {
		if s, ok := files[p]; ok {
			return s
		}
		files[p] = nil
		text, err := reading.ReadFile(p)
		if err != nil {
			return nil
		}
		s := &source{path: shownPath(p), src: string(text)}
		s.docs = document.ParseStream(s.src, document.DefaultLimits).Docs
		files[p] = s
		order = append(order, p)
		return s
	}
	var unplaced []check.Diagnostic
	for _, d := range ds {
		if d.Document < 0 || d.Document >= len(from) || d.Document >= len(f.Documents) {
			unplaced = append(unplaced, d)
			continue
		}
		res := f.Documents[d.Document]
		w := from[d.Document]
		d.Fixes = nil // they edit the build, not the file
		var base *source
		if w.origin != "" {
			base = open(filepath.Join(dir, w.origin))
		}
		placed := false
		for i := len(w.patches) - 1; i >= 0 && !placed; i-- {
			p := w.patches[i]
			if s := open(p.Path); s != nil {
				if !slices.Contains(s.kinds, res.Kind) {
					s.kinds = append(s.kinds, res.Kind)
				}
				if p.Inline != nil {
					placed = s.placeInline(d, res, w.names, *p.Inline, base)
				} else {
					placed = s.place(d, res, w.names, true, base)
				}
			}
		}
		if !placed && base != nil {
			placed = base.place(d, res, w.names, false, nil)
		}
		if !placed {
			unplaced = append(unplaced, d)
		}
	}
	// The texts of the build's secrets, which the files it was built from
	// hold somewhere: a JSON patch's value, a strategic merge patch.
	var secrets []string
	for _, sp := range f.Secrets {
		if t := stream[sp.Start:sp.End]; len(t) >= secret.Shortest {
			secrets = append(secrets, t)
		}
	}
	var out []fileResult
	slices.Sort(order)
	for _, p := range order {
		s := files[p]
		if len(s.diag) == 0 {
			continue
		}
		// The file's own secrets, so that the lines shown under findings
		// are masked where they hold one.
		own := report.Validate(s.src, reading.Patch.Options(opts))
		own.Secrets = append(own.Secrets, s.secrets(secrets)...)
		slices.SortStableFunc(s.diag, func(a, b check.Diagnostic) int { return cmp.Compare(a.Start, b.Start) })
		out = append(out, fileResult{path: s.path, ofBuild: true,
			file: report.File{Text: s.src, Documents: own.Documents, Diagnostics: s.diag, Secrets: own.Secrets,
				SecretTexts: own.SecretTexts, SecretRaw: own.SecretRaw}})
	}
	// The build itself, counted in the summary, with what no file holds.
	self := b.own()
	self.Diagnostics = append([]check.Diagnostic{}, unplaced...)
	check.Sort(self.Diagnostics)
	return append(out, fileResult{path: dir, file: self})
}

// secrets returns what s holds of the build's secrets, beyond what its
// own check finds: the value of every operation of a JSON patch whose path
// is or holds a secret member of a kind it patched, and every place it
// writes one of texts, the build's secret values.
func (s *source) secrets(texts []string) []document.Span {
	var out []document.Span
	for _, doc := range s.docs {
		if doc.Root == nil || doc.Root.Kind != document.Sequence {
			continue
		}
		for _, op := range doc.Root.Items {
			v := op.Get("value")
			if v == nil || !s.holdsSecret(op.Get("path").String()) {
				continue
			}
			out = append(out, document.Span{Start: v.Start, End: v.End})
		}
	}
	for _, t := range texts {
		for at := 0; ; {
			i := strings.Index(s.src[at:], t)
			if i < 0 {
				break
			}
			out = append(out, document.Span{Start: at + i, End: at + i + len(t)})
			at += i + len(t)
		}
	}
	return out
}

// holdsSecret reports whether the JSON pointer names a secret member, or
// a member that holds one, of a kind s patched.
func (s *source) holdsSecret(pointer string) bool {
	var path strings.Builder
	for _, tok := range pointerTokens(pointer) {
		if tok == "-" || tok != "" && strings.Trim(tok, "0123456789") == "" {
			path.WriteString("[]")
			continue
		}
		path.WriteString("[" + tok + "]")
	}
	for _, kind := range s.kinds {
		if k := schema.Lookup(kind); k != nil {
			if m, err := schema.Resolve(k.Manifest, path.String()); err == nil && m.HoldsSecret() {
				return true
			}
		}
	}
	return false
}

// place puts d, a finding on resource res of the build, in s when s
// holds res (a document of its kind that writes one of its names, or a
// JSON patch, which only a patch whose target selects res is asked): at
// d's member when s has it, else (unless onlyMember) at the resource's
// kind, with the member named in the message. A member missing from an
// object that s, a patch, adds (base, the resource's own file, lacks it)
// is placed at that object's key: the patch wrote the object without it.
func (s *source) place(d check.Diagnostic, res report.Document, names []string, onlyMember bool, base *source) bool {
	for _, doc := range s.docs {
		root := doc.Root
		if root != nil && root.Kind == document.Sequence {
			if n := opAt(root, d.Pointer, d.Rule); n != nil {
				d.Document = doc.Index
				d.Start, d.End = n.Start, n.End
				s.diag = append(s.diag, d)
				return true
			}
			continue
		}
		root = s.resource(doc, res.Kind, names)
		if root == nil {
			continue
		}
		n := at(root, d.Pointer, onKey[d.Rule])
		if n == nil && onlyMember && d.Rule == "required" {
			n = added(root, d.Pointer, base, res.Kind, names)
		}
		if n == nil {
			if onlyMember {
				continue
			}
			n = root.GetPair("kind").Key
			d.Message = fmt.Sprintf("%s (at %s of the build)", d.Message, d.Path)
		}
		d.Document = doc.Index
		d.Start, d.End = n.Start, n.End
		s.diag = append(s.diag, d)
		return true
	}
	return false
}

// resource returns the root of doc when it is a resource of kind that
// writes one of names, else nil.
func (s *source) resource(doc *document.Document, kind string, names []string) *document.Node {
	root := doc.Root
	if root == nil || root.Kind != document.Mapping || root.Get("kind").String() != kind {
		return nil
	}
	if name := root.Get("metadata").Get("name").String(); name == "" || !slices.Contains(names, name) {
		return nil
	}
	return root
}

// added returns the key, in root (a patch's resource), of the object
// that holds the member pointer names when the patch writes that object
// and base, the resource's own file, does not: the patch added it
// without the member. Else nil.
func added(root *document.Node, pointer string, base *source, kind string, names []string) *document.Node {
	parent := pointer[:max(strings.LastIndexByte(pointer, '/'), 0)]
	k := at(root, parent, true)
	if k == nil {
		return nil
	}
	if base != nil {
		for _, doc := range base.docs {
			if r := base.resource(doc, kind, names); r != nil && at(r, parent, true) != nil {
				return nil
			}
		}
	}
	return k
}

// opAt returns the node of a JSON patch (a list of operations) that
// sets what pointer names: the value of the last add, replace, copy or
// move of it or of a member above it, or nil: the key of a member the
// operation's value holds when the finding of rule is on keys (onKey),
// and when the member is missing (rule required) the key of the object
// the operation writes without it.
func opAt(ops *document.Node, pointer, rule string) *document.Node {
	for i := len(ops.Items) - 1; i >= 0; i-- {
		op := ops.Items[i]
		if op.Kind != document.Mapping {
			continue
		}
		path := op.Get("path").String()
		if path == "" || pointer != path && !strings.HasPrefix(pointer, path+"/") {
			continue
		}
		v := op.Get("value")
		if v == nil {
			return op.Get("path")
		}
		rest := strings.TrimPrefix(pointer, path)
		if rest == "" {
			return v
		}
		if n := at(v, rest, onKey[rule]); n != nil {
			return n
		}
		if rule != "required" {
			return v
		}
		// The object that misses the member: its key in the value, or
		// the operation's path when the value is that object.
		if parent := rest[:strings.LastIndexByte(rest, '/')]; parent != "" {
			if n := at(v, parent, true); n != nil {
				return n
			}
			return v
		}
		return op.Get("path")
	}
	return nil
}

// onKey are the rules whose findings underline a member's key, not its
// value.
var onKey = map[string]bool{"unknown-field": true, "deprecated": true, "duplicate-key": true, "required": true}

// at returns the node a JSON pointer names in root, or nil: the value of
// a member, or its key when key is set or the value is not a scalar.
func at(root *document.Node, pointer string, key bool) *document.Node {
	if pointer == "" {
		return nil
	}
	n, k := root, (*document.Node)(nil)
	for _, tok := range pointerTokens(pointer) {
		switch n.Kind {
		case document.Mapping:
			p := n.GetPair(tok)
			if p == nil {
				return nil
			}
			k, n = p.Key, p.Value
		case document.Sequence:
			var i int
			if _, err := fmt.Sscanf(tok, "%d", &i); err != nil || i < 0 || i >= len(n.Items) {
				return nil
			}
			k, n = nil, n.Items[i]
		default:
			return nil
		}
	}
	if k != nil && (key || n.Kind != document.Scalar) {
		return k
	}
	return n
}

// pointerTokens returns the reference tokens of a JSON pointer, unescaped.
func pointerTokens(pointer string) []string {
	toks := strings.Split(strings.TrimPrefix(pointer, "/"), "/")
	for i, tok := range toks {
		toks[i] = strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
	}
	return toks
}
