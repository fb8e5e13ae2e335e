package main

import (
	"bytes"
	"cmp"
	"hash/fnv"
	"io"
	"log"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"sigs.k8s.io/kustomize/api/krusty"
	"sigs.k8s.io/kustomize/api/types"
	"sigs.k8s.io/kustomize/kyaml/filesys"
	"sigs.k8s.io/kustomize/kyaml/kio"
	"sigs.k8s.io/yaml"

	"github.com/mdscheck/mdscheck/core/document"
	"github.com/mdscheck/mdscheck/core/schema"
	"github.com/mdscheck/mdscheck/internal/kustomize"
	"github.com/mdscheck/mdscheck/internal/reading"
)

// A build is split into shards when it is large.
//
// Kustomize checks every resource it adds against all it holds (resmap's
// Append looks for the same id in a list, 1 µs a resource), in every
// file and at every level of the overlay: its time grows with the square
// of the resources, 17 s for 4,000 and minutes for 20,000.
// The shards are builds of the same overlay in which each resource file
// shows only part of our resources (OpenSearch, Grafana and Kafka of
// example.io), and everything else whole: each build has few resources,
// so their cost adds up linearly.
//
// The result is the build's own, not a guess:
//   - only kustomizations whose every field acts on each resource alone
//     (prefixes, labels, namespaces, patches, generators) are split; with
//     replacements, components, configurations, sort options and the like,
//     or anything remote, the overlay is built at once;
//   - our resources with the same kind and name go to the same shard, so
//     kustomize still finds a duplicate;
//   - our resources that a patch without a target or replicas names, in
//     any of the names a prefix or suffix gives them, are in every shard,
//     with everything else;
//   - each document a shard reads is the text one build reads, the
//     newline that kustomize adds to all but the last of a file included;
//   - what every shard holds must come out of each the same, in the same
//     order; kustomize keeps the order it reads resources in (mdscheck
//     asks for no sorting), so each of ours goes between the same
//     neighbours as in one build, and among ours by the place of its
//     document in the files, which must agree with every shard's order;
//
// and when anything does not hold, a shard fails or the files are not as
// expected, the overlay is built at once.

// shardSize is how many of our resources a shard holds at least: enough
// that kustomize's cost for each run (1.5 ms) is small beside the
// resources', few enough that its cost for each resource (growing with
// the shard) stays near the least (0.3 ms). A variable for the tests.
var shardSize = 64

// shardable are the kustomization fields whose transformers act on each
// resource by itself, or on the resources that every shard holds whole
// (generated ConfigMaps and Secrets, and what refers to them).
var shardable = map[string]bool{
	"apiVersion": true, "kind": true, "metadata": true,
	"resources": true, "bases": true,
	"namePrefix": true, "nameSuffix": true, "namespace": true,
	"commonLabels": true, "labels": true, "commonAnnotations": true, "images": true,
	"patches": true, "patchesStrategicMerge": true, "patchesJson6902": true, "replicas": true,
	"configMapGenerator": true, "secretGenerator": true, "generatorOptions": true,
	"buildMetadata": true,
}

// shardPlan is how a build is split: the shards, and for each resource
// file (by absolute path, links resolved, as kustomize asks for it) its
// documents and the shard of each.
type shardPlan struct {
	dir    string // the overlay, links resolved
	shards int
	files  map[string]*splitFile
	// places are where the documents of ours that one shard holds are
	// read, by file, kind and name as written, in the order read: the
	// same file may hold one name twice, in two namespaces.
	places map[string][]place
}

// place is where kustomize reads a document: the file, in the order the
// kustomizations list them, and the document in it.
type place struct{ file, doc int }

// splitFile is a resource file cut where kustomize cuts it.
type splitFile struct {
	order  int      // its place among the files the build reads
	values []string // the text between kustomize's separators
	shard  []int    // the shard of each, or -1: in every shard
	// kinds and names of those of ours that a shard may hold alone.
	kinds, names []string
}

// kustomizeSeparator is where kustomize's reader (kio.ByteReader) cuts a
// file into documents, after turning CRLF into LF.
var kustomizeSeparator = regexp.MustCompile(`\n---.*\n`)

// view is the text of the file that shard i reads: the documents of the
// shard and of every shard, joined as kustomize splits them again.
// Kustomize gives each document but the last of a file back the newline
// its separator took: when the last is not there, an empty document
// follows the others, so that they keep theirs.
func (f *splitFile) view(i int) []byte {
	var b bytes.Buffer
	for j, v := range f.values {
		if f.shard[j] != -1 && f.shard[j] != i {
			continue
		}
		if j > 0 {
			b.WriteString("\n---\n")
		}
		b.WriteString(v)
	}
	if last := len(f.values) - 1; f.shard[last] != -1 && f.shard[last] != i {
		b.WriteString("\n---\n")
	}
	return b.Bytes()
}

// planner walks the kustomizations of an overlay.
type planner struct {
	seen     map[string]bool // kustomization directories walked
	files    map[string]*splitFile
	named    []string // names that patches without a target and replicas give
	affixes  []string // every namePrefix and nameSuffix
	ours     int      // our documents that may be split
	everyone int      // documents in every shard
}

// planShards returns how to split the build of the overlay in dir (an
// absolute path), or nil to build it at once: it is small, or a
// kustomization does more than act on each resource.
func planShards(dir string) *shardPlan {
	if real, err := filepath.EvalSymlinks(dir); err == nil {
		dir = real // as kustomize reads it
	}
	p := &planner{seen: map[string]bool{}, files: map[string]*splitFile{}}
	if !p.walk(dir) {
		return nil
	}
	plan := &shardPlan{dir: dir, files: p.files, places: map[string][]place{}}
	// Cut names down to those files write: a patch may name a resource
	// by the name a prefix or suffix gave it.
	named := map[string]bool{}
	for _, n := range p.named {
		for todo := []string{n}; len(todo) > 0; {
			n, todo = todo[len(todo)-1], todo[:len(todo)-1]
			if named[n] {
				continue
			}
			named[n] = true
			for _, a := range p.affixes {
				if s, ok := strings.CutPrefix(n, a); ok {
					todo = append(todo, s)
				}
				if s, ok := strings.CutSuffix(n, a); ok {
					todo = append(todo, s)
				}
			}
		}
	}
	// A shard holds what every shard holds and at least as many of ours:
	// no shard costs more than a build of twice what it must hold.
	size := max(shardSize, p.everyone)
	plan.shards = (p.ours + size - 1) / size
	if plan.shards < 2 {
		return nil
	}
	for path, f := range p.files {
		for j := range f.values {
			if f.shard[j] == -1 {
				continue
			}
			if named[f.names[j]] {
				f.shard[j] = -1
				continue
			}
			h := fnv.New32a()
			io.WriteString(h, f.kinds[j]+"\x00"+f.names[j])
			f.shard[j] = int(h.Sum32() % uint32(plan.shards))
			k := placeKey(path, f.kinds[j], f.names[j])
			plan.places[k] = append(plan.places[k], place{f.order, j})
		}
	}
	return plan
}

// placeKey is what finds the place of one of ours that a shard built.
func placeKey(file, kind, name string) string { return file + "\x00" + kind + "\x00" + name }

// walk reads the kustomization in dir and those it builds on, and reports
// whether they may be split.
func (p *planner) walk(dir string) bool {
	if p.seen[dir] {
		// Read twice (two overlays of one base, say), its resources would
		// be twice in the build, and a place no longer says which.
		return false
	}
	p.seen[dir] = true
	file := kustomize.File(dir)
	if file == "" {
		return false
	}
	b, err := reading.ReadFile(file)
	if err != nil {
		return false
	}
	var fields map[string]any
	var k types.Kustomization
	if yaml.Unmarshal(b, &fields) != nil || yaml.Unmarshal(b, &k) != nil {
		return false
	}
	for f := range fields {
		if !shardable[f] {
			return false
		}
	}
	if k.Kind != "" && k.Kind != types.KustomizationKind {
		return false // a Component
	}
	for _, a := range []string{k.NamePrefix, k.NameSuffix} {
		if a != "" {
			p.affixes = append(p.affixes, a)
		}
	}
	for _, r := range k.Replicas {
		p.named = append(p.named, r.Name)
	}
	for _, x := range k.PatchesStrategicMerge {
		p.patchNames(dir, string(x), string(x))
	}
	for _, x := range slices.Concat(k.Patches, k.PatchesJson6902) {
		if x.Options != nil {
			return false // a patch that may change names and kinds
		}
		if x.Target == nil {
			p.patchNames(dir, x.Path, x.Patch)
		}
	}
	for _, r := range slices.Concat(k.Resources, k.Bases) {
		path, err := filepath.EvalSymlinks(filepath.Join(dir, r))
		if err != nil {
			return false // remote, or missing: kustomize says which
		}
		st, err := os.Stat(path)
		switch {
		case err != nil:
			return false
		case st.IsDir():
			if !p.walk(path) {
				return false
			}
		case st.Mode().IsRegular():
			if !p.split(path) {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// patchNames adds the names of the resources that a patch without a
// target names: the file at path in dir, else the text inline.
func (p *planner) patchNames(dir, path, inline string) {
	src := []byte(inline)
	if path != "" {
		if b, err := reading.ReadFile(filepath.Join(dir, path)); err == nil {
			src = b
		}
	}
	nodes, _ := kio.FromBytes(src)
	for _, n := range nodes {
		p.named = append(p.named, n.GetName())
	}
}

// split cuts a resource file into its documents, as kustomize does, and
// marks those of ours that may go to one shard.
func (p *planner) split(path string) bool {
	if _, ok := p.files[path]; ok {
		return false // listed twice: see walk
	}
	b, err := reading.ReadFile(path)
	if err != nil {
		return false
	}
	src := strings.ReplaceAll(string(b), "\r\n", "\n")
	f := &splitFile{order: len(p.files)}
	at := 0
	for _, loc := range kustomizeSeparator.FindAllStringIndex(src, -1) {
		// Kustomize refuses a separator followed by more than a comment;
		// a shard, which writes its own, must not hide it.
		if after := strings.TrimSpace(src[loc[0]+4 : loc[1]]); after != "" && after[0] != '#' {
			return false
		}
		f.values = append(f.values, src[at:loc[0]])
		at = loc[1]
	}
	f.values = append(f.values, src[at:])
	f.shard = make([]int, len(f.values))
	f.kinds, f.names = make([]string, len(f.values)), make([]string, len(f.values))
	for j, v := range f.values {
		f.shard[j] = -1
		kind, name, ok := identity(v)
		if kind == "List" || kind == "ResourceList" {
			// A file of one List is read as its items, of more as Lists:
			// a shard must not make one of the other.
			return false
		}
		if ok {
			f.shard[j] = 0 // its shard is chosen once all are counted
			f.kinds[j], f.names[j] = kind, name
			p.ours++
		} else {
			p.everyone++
		}
	}
	p.files[path] = f
	return true
}

// identity returns the kind and name of the document v, and whether it is
// one of ours that a shard may hold alone: one document, read without a
// mistake, of our group and kinds, with a name.
func identity(v string) (kind, name string, ok bool) {
	spans := document.Split(v)
	if len(spans) != 1 {
		return "", "", false
	}
	doc := document.Parse(v, spans[0], 0, document.DefaultLimits)
	if doc.Err != nil || doc.Root == nil || doc.Root.Kind != document.Mapping {
		return "", "", false
	}
	kind = doc.Root.Get("kind").String()
	name = doc.Root.Get("metadata").Get("name").String()
	group, version, _ := strings.Cut(doc.Root.Get("apiVersion").String(), "/")
	return kind, name, group == schema.Group && version != "" && !strings.Contains(version, "/") &&
		schema.Lookup(kind) != nil && name != ""
}

// shardFS is the disk as a shard reads it: the resource files of the plan
// show the shard's documents.
type shardFS struct {
	tracingFS
	plan  *shardPlan
	shard int
}

// ReadFile reads a file as shard fs.shard sees it. A resource file of
// the plan is logged whole, once, not as the part one shard sees: the
// build read all of it, the secrets a shard does not see included.
func (fs shardFS) ReadFile(path string) ([]byte, error) {
	f, ok := fs.plan.files[filepath.Clean(path)]
	if !ok {
		if real, err := filepath.EvalSymlinks(path); err == nil {
			f, ok = fs.plan.files[real]
		}
	}
	if !ok {
		return fs.tracingFS.ReadFile(path)
	}
	fs.log().saw(filepath.Clean(path))
	if l := fs.log(); l != nil && !l.has(filepath.Clean(path)) {
		l.record(filepath.Clean(path), []byte(strings.Join(f.values, "\n---\n")))
	}
	return f.view(fs.shard), nil
}

// shardResource is a resource that a shard built, as it is kept.
type shardResource struct {
	builtResource
	key  string // its file and id, the same in every shard that builds it
	kind string
}

// build runs kustomize on every shard and returns the resources of the
// overlay in the order one build gives them; false when the shards do not
// add up to one build (see above), which is then run.
//
// The first shard runs alone, and what kustomize says on os.Stderr while
// it runs is said once the shards are known to be what is used; the
// others run on every core, and what they say is the same and is dropped.
func (plan *shardPlan) build(fsys tracingFS, ks *kustomizations) ([]builtResource, bool) {
	outs := make([][]shardResource, plan.shards)
	var err error
	warnings := quiet(func() { outs[0], err = plan.run(0, fsys, ks) })
	if err != nil {
		return nil, false
	}
	var failed atomic.Bool
	var next atomic.Int64
	next.Store(1)
	quiet(func() {
		var wg sync.WaitGroup
		for range min(runtime.GOMAXPROCS(0), plan.shards-1) {
			wg.Go(func() {
				for !failed.Load() {
					i := int(next.Add(1)) - 1
					if i >= plan.shards {
						return
					}
					var err error
					if outs[i], err = plan.run(i, fsys, ks); err != nil {
						failed.Store(true)
					}
				}
			})
		}
		wg.Wait()
	})
	if failed.Load() {
		return nil, false
	}
	res, ok := plan.merge(outs)
	if ok {
		os.Stderr.Write(warnings)
	}
	return res, ok
}

// run builds shard i and keeps its resources.
func (plan *shardPlan) run(i int, fsys tracingFS, ks *kustomizations) ([]shardResource, error) {
	m, err := krusty.MakeKustomizer(krusty.MakeDefaultOptions()).Run(shardFS{fsys, plan, i}, plan.dir)
	if err != nil {
		return nil, err
	}
	out := make([]shardResource, m.Size())
	for j, r := range m.Resources() {
		out[j].key = r.GetAnnotations()[originAnnotation] + "\x00" + r.CurId().String()
		out[j].kind = r.GetKind()
		if out[j].builtResource, err = ks.keep(r); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// quiet runs f and returns what it wrote to os.Stderr (and through the
// log package) instead. Kustomize
// writes its warnings there (a deprecated field, for each kustomization
// that has one), and a build in shards says them once, as one build
// does, or not at all when one build follows. Nothing else writes to
// os.Stderr meanwhile: the command writes to the stderr it was given.
func quiet(f func()) []byte {
	r, w, err := os.Pipe()
	if err != nil {
		f()
		return nil
	}
	said := make(chan []byte)
	go func() {
		b, _ := io.ReadAll(r)
		r.Close()
		said <- b
	}()
	stderr, logs := os.Stderr, log.Writer()
	os.Stderr = w
	log.SetOutput(w) // the log package holds the stderr it started with
	defer func() { os.Stderr = stderr; log.SetOutput(logs) }()
	f()
	os.Stderr = stderr
	log.SetOutput(logs)
	w.Close()
	return <-said
}

// merge puts the resources of the shards together in the order of one
// build, or reports that they do not add up to one (see above).
func (plan *shardPlan) merge(outs [][]shardResource) ([]builtResource, bool) {
	// What every shard holds, and the shard that holds each of the rest.
	count := map[string]int{}
	for _, out := range outs {
		for _, r := range out {
			count[r.key]++
		}
	}
	// Shard 0's resources held by all, in order, and ours among them:
	// gaps[g] are those between the g-th and the next.
	var every []builtResource
	var everyKeys []string
	for _, r := range outs[0] {
		if count[r.key] == len(outs) {
			every = append(every, r.builtResource)
			everyKeys = append(everyKeys, r.key)
		}
	}
	type owned struct {
		r  builtResource
		at place
	}
	gaps := make([][]owned, len(every)+1)
	used := map[string]int{} // of each key of places, how many were found
	for _, out := range outs {
		g := 0
		last := place{-1, -1}
		for _, r := range out {
			switch count[r.key] {
			case len(outs):
				// The same resource, in the same place, with the same text.
				if g >= len(every) || r.key != everyKeys[g] || !bytes.Equal(r.yaml, every[g].yaml) {
					return nil, false
				}
				g++
				last = place{-1, -1}
				continue
			case 1:
			default:
				return nil, false // in some shards only
			}
			if r.from.origin == "" || len(r.from.names) == 0 {
				return nil, false
			}
			// The name as written is the last, with every prefix and
			// suffix undone.
			k := placeKey(filepath.Join(plan.dir, r.from.origin), r.kind, r.from.names[len(r.from.names)-1])
			if used[k] >= len(plan.places[k]) {
				return nil, false
			}
			at := plan.places[k][used[k]]
			used[k]++
			if at.file < last.file || at.file == last.file && at.doc <= last.doc {
				return nil, false // not in the order read
			}
			gaps[g] = append(gaps[g], owned{r.builtResource, at})
			last = at
		}
		if g != len(every) {
			return nil, false
		}
	}
	res := make([]builtResource, 0, len(count))
	for g, gap := range gaps {
		slices.SortFunc(gap, func(a, b owned) int {
			return cmp.Or(cmp.Compare(a.at.file, b.at.file), cmp.Compare(a.at.doc, b.at.doc))
		})
		for _, o := range gap {
			res = append(res, o.r)
		}
		if g < len(every) {
			res = append(res, every[g])
		}
	}
	return res, true
}

// buildResources runs kustomize on the overlay in dir, in shards when it
// is large and may be split, else at once, and keeps its resources.
func buildResources(fsys tracingFS, dir string, ks *kustomizations) ([]builtResource, error) {
	if plan := planShards(dir); plan != nil {
		if res, ok := plan.build(fsys, ks); ok {
			return res, nil
		}
	}
	m, err := krusty.MakeKustomizer(krusty.MakeDefaultOptions()).Run(fsys, dir)
	if err != nil {
		return nil, err
	}
	res := make([]builtResource, m.Size())
	for i, r := range m.Resources() {
		if res[i], err = ks.keep(r); err != nil {
			return nil, err
		}
	}
	return res, nil
}

var _ filesys.FileSystem = shardFS{}
