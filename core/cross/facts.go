// Package cross checks what crosses resources: the connection Secrets that
// the services of a set of manifests write and the workloads of the set
// read. Each document gives its Facts (Of), found once when it is read; a
// Set holds the facts of every file and finds, for one file at a time, the
// findings that only the whole set shows: two resources that write one
// Secret (secret-conflict), a workload that reads a key no resource writes
// (secret-key), two connection Secrets whose keys collide in one
// container's environment (secret-prefix).
package cross

import (
	"slices"
	"strconv"
	"strings"

	"github.com/mdscheck/mdscheck/core/check"
	"github.com/mdscheck/mdscheck/core/document"
	"github.com/mdscheck/mdscheck/core/schema"
	"github.com/mdscheck/mdscheck/core/secret"
)

// Span is a place in the text of a file: byte offsets.
type Span struct{ Start, End int }

// Place is where a fact was written: its span, the index of its document
// in the file's stream, and its field path in both notations of a finding.
type Place struct {
	Span
	Document      int
	Path, Pointer string
}

// Writer is one of our resources and the connection Secret it writes.
type Writer struct {
	Kind, Name, Namespace string
	// Secret is the name of the Secret it writes (connInfoSecretTarget.name,
	// else metadata.name); At is where that name is written.
	Secret string
	At     Place
	// NameAt is where metadata.name is written: At too, unless
	// connInfoSecretTarget.name names the Secret.
	NameAt Place
	// Disabled is set by connInfoSecretTargetDisabled: true; the resource
	// writes no Secret, and Keys is empty.
	Disabled bool
	// Keys are the keys of the Secret, prefixed; Unwritten those the kind
	// writes only with a component that is off, mapped to that component
	// (nil when there are none).
	Keys      []string
	Unwritten map[string]string
	// Prefix is the prefix of the keys.
	Prefix string
	// Auth is the name of the Secret that holds its API token
	// (authSecretRef.name), "" when none; AuthAt is where it is written.
	Auth   string
	AuthAt Place
}

// SecretManifest is a v1 Secret of the set.
type SecretManifest struct {
	Name, Namespace string
	At              Place
}

// Read is a workload's reading of a Secret: of one key (an env var's
// secretKeyRef, a volume's item) or of all of them (a volume without
// items; envFrom, which is in EnvFrom).
type Read struct {
	Namespace string
	Workload  string // "Deployment api", for messages
	Secret    string
	Key       string // "" when the whole Secret is read
	Optional  bool
	At        Place // the key, or the name when the whole Secret is read
	NameAt    Place // the Secret's name
}

// EnvFrom is a container's envFrom entry that takes a Secret.
type EnvFrom struct {
	Read
	Container int    // the container's number among the file's containers
	Prefix    string // envFrom[].prefix
}

// Facts are what one file gives the set.
type Facts struct {
	Writers  []Writer
	Secrets  []SecretManifest
	Reads    []Read
	EnvFroms []EnvFrom
	// Templated counts the names left out because a Helm template action
	// writes them: what they are is known only when the chart is rendered.
	Templated int
	// containers numbers the containers seen, for EnvFrom.Container.
	containers int
}

// podSpec returns the path of the pod spec of a workload kind, and
// whether kind is one. A switch, not a map: a map literal costs the
// WebAssembly module code to build it at start.
func podSpec(kind string) ([]string, bool) {
	switch kind {
	case "Pod":
		return podSpecs[0], true
	case "Deployment", "StatefulSet", "DaemonSet", "ReplicaSet", "Job":
		return podSpecs[1], true
	case "CronJob":
		return podSpecs[2], true
	}
	return nil, false
}

// podSpecs are the paths podSpec returns.
var podSpecs = [...][]string{{"spec"}, {"spec", "template", "spec"}, {"spec", "jobTemplate", "spec", "template", "spec"}}

// Add adds the facts of one document of the file. Documents that are
// none of ours, no v1 Secret and no workload give none.
func (f *Facts) Add(d *document.Document) {
	root := d.Root
	if root == nil || root.Kind != document.Mapping {
		return
	}
	apiVersion, kind := root.Get("apiVersion").String(), root.Get("kind").String()
	md := root.Get("metadata")
	name, namespace := md.Get("name"), md.Get("namespace").String()
	if templated(namespace) {
		f.Templated++
		return
	}
	switch {
	case apiVersion == schema.APIVersion:
		if k := schema.Lookup(kind); k != nil {
			f.writer(d, k, name, namespace)
		}
	case apiVersion == "v1" && kind == "Secret":
		if s := name.String(); s != "" {
			if templated(s) {
				f.Templated++
				return
			}
			f.Secrets = append(f.Secrets, SecretManifest{Name: s, Namespace: namespace,
				At: place(d, name, path{}.key("metadata").key("name"))})
		}
	default:
		if steps, ok := podSpec(kind); ok {
			at := path{}
			pod := root
			for _, s := range steps {
				pod, at = pod.Get(s), at.key(s)
			}
			f.pod(d, pod, at, namespace, kind+" "+name.String())
		}
	}
}

// writer adds the facts of a resource of kind k.
func (f *Facts) writer(d *document.Document, k *schema.Kind, name *document.Node, namespace string) {
	spec := d.Root.Get("spec")
	w := Writer{Kind: k.Name, Name: name.String(), Namespace: namespace}
	at := place(d, name, path{}.key("metadata").key("name"))
	w.Secret, w.NameAt = w.Name, at
	if n := spec.Get("connInfoSecretTarget").Get("name"); n.String() != "" {
		w.Secret = n.String()
		at = place(d, n, path{}.key("spec").key("connInfoSecretTarget").key("name"))
	}
	w.At = at
	if w.Secret == "" {
		return
	}
	if templated(w.Secret) {
		f.Templated++
		return
	}
	auth := spec.Get("authSecretRef").Get("name")
	if w.Auth = auth.String(); templated(w.Auth) {
		w.Auth = ""
	}
	w.AuthAt = place(d, auth, path{}.key("spec").key("authSecretRef").key("name"))
	s := secret.Written(k, d)
	w.Disabled, w.Prefix = s.Disabled, s.Prefix
	if !s.Disabled {
		w.Keys = s.Keys
		for _, key := range k.SecretKeys {
			if comp := secret.Component(k, key); comp != "" && !slices.Contains(w.Keys, s.Prefix+key) {
				if w.Unwritten == nil {
					w.Unwritten = map[string]string{}
				}
				w.Unwritten[s.Prefix+key] = comp
			}
		}
	}
	f.Writers = append(f.Writers, w)
}

// pod adds the reads of a pod spec.
func (f *Facts) pod(d *document.Document, pod *document.Node, at path, namespace, workload string) {
	if pod == nil || pod.Kind != document.Mapping {
		return
	}
	read := func(name *document.Node, key *document.Node, optional *document.Node, keyAt, nameAt path) {
		r := Read{Namespace: namespace, Workload: workload, Secret: name.String(), Optional: isTrue(optional)}
		if r.Secret == "" {
			return
		}
		if templated(r.Secret) {
			f.Templated++
			return
		}
		r.At = place(d, name, nameAt)
		r.NameAt = r.At
		if key != nil {
			if r.Key = key.String(); r.Key == "" || templated(r.Key) {
				return
			}
			r.At = place(d, key, keyAt)
		}
		f.Reads = append(f.Reads, r)
	}
	for _, list := range []string{"initContainers", "containers"} {
		cs := pod.Get(list)
		if cs == nil || cs.Kind != document.Sequence {
			continue
		}
		for i, c := range cs.Items {
			cat := at.key(list).index(i)
			f.containers++
			for j, e := range items(c.Get("env")) {
				ref := e.Get("valueFrom").Get("secretKeyRef")
				if ref == nil {
					continue
				}
				rat := cat.key("env").index(j).key("valueFrom").key("secretKeyRef")
				read(ref.Get("name"), ref.Get("key"), ref.Get("optional"), rat.key("key"), rat.key("name"))
			}
			for j, e := range items(c.Get("envFrom")) {
				ref := e.Get("secretRef")
				name := ref.Get("name")
				if name.String() == "" {
					continue
				}
				if templated(name.String()) {
					f.Templated++
					continue
				}
				rat := cat.key("envFrom").index(j).key("secretRef").key("name")
				f.EnvFroms = append(f.EnvFroms, EnvFrom{
					Read: Read{Namespace: namespace, Workload: workload, Secret: name.String(),
						Optional: isTrue(ref.Get("optional")), At: place(d, name, rat), NameAt: place(d, name, rat)},
					Container: f.containers, Prefix: e.Get("prefix").String()})
			}
		}
	}
	for i, v := range items(pod.Get("volumes")) {
		s := v.Get("secret")
		name := s.Get("secretName")
		vat := at.key("volumes").index(i).key("secret")
		list := items(s.Get("items"))
		if len(list) == 0 {
			read(name, nil, s.Get("optional"), path{}, vat.key("secretName"))
			continue
		}
		for j, it := range list {
			read(name, it.Get("key"), s.Get("optional"), vat.key("items").index(j).key("key"), vat.key("secretName"))
		}
	}
}

// items returns the items of a sequence, nil for anything else.
func items(n *document.Node) []*document.Node {
	if n == nil || n.Kind != document.Sequence {
		return nil
	}
	return n.Items
}

func isTrue(n *document.Node) bool { return n != nil && n.Type == document.Bool && n.Bool }

// templated reports whether a name is written by a Helm template action:
// as the template writes it, or as the placeholder that stands for the
// action once a front end has masked the template (internal/helm), which
// starts with check.Masked, as no Kubernetes name does.
func templated(s string) bool {
	return strings.Contains(s, "{{") || s != "" && s[0] == check.Masked
}

// place is where node n of document d is, at path p.
func place(d *document.Document, n *document.Node, p path) Place {
	out := Place{Document: d.Index, Path: p.human, Pointer: p.pointer}
	if n != nil {
		out.Span = Span{n.Start, n.End}
	}
	return out
}

// path is a field path in both notations of a finding.
type path struct{ human, pointer string }

func (p path) key(name string) path {
	// The steps here are member names without dots, slashes or brackets.
	if p.human == "" {
		return path{name, "/" + name}
	}
	return path{p.human + "." + name, p.pointer + "/" + name}
}

func (p path) index(i int) path {
	s := strconv.Itoa(i)
	return path{p.human + "[" + s + "]", p.pointer + "/" + s}
}

// ReadFacts returns the facts of a stream: every document of src, read with the
// default limits. A front end that reads the documents anyway adds each
// one as it goes instead (Facts.Add).
func ReadFacts(src string) *Facts {
	f := &Facts{}
	for i, sp := range document.Split(src) {
		f.Add(document.Parse(src, sp, i, document.DefaultLimits))
	}
	return f
}

// eachRead calls fn with every read of the facts, envFrom entries too.
func (f *Facts) eachRead(fn func(*Read)) {
	for i := range f.Reads {
		fn(&f.Reads[i])
	}
	for i := range f.EnvFroms {
		fn(&f.EnvFroms[i].Read)
	}
}

// Role says what a name written in a file does with its Secret.
type Role int

// Roles.
const (
	Writes   Role = iota // a resource names the connection Secret it writes
	Token                // a resource names the Secret of its API token (authSecretRef.name)
	Defines              // a v1 Secret's metadata.name
	ReadsAll             // a workload names a Secret it reads (secretKeyRef.name, secretRef.name, secretName)
	ReadsKey             // a workload names a key of a Secret
)

// Mention is a Secret's name, or one of its keys, written in a file.
type Mention struct {
	Role              Role
	Namespace, Secret string
	Key               string // ReadsKey: the key
	At                Place
}

// At returns what names a Secret at offset of the file: for the editor's
// definition, references, hover and completion.
func (f *Facts) At(offset int) (Mention, bool) {
	in := func(p Place) bool { return p.End > p.Start && p.Start <= offset && offset <= p.End }
	for i := range f.Writers {
		w := &f.Writers[i]
		switch {
		case in(w.At):
			return Mention{Role: Writes, Namespace: w.Namespace, Secret: w.Secret, At: w.At}, true
		case in(w.NameAt):
			return Mention{Role: Writes, Namespace: w.Namespace, Secret: w.Secret, At: w.NameAt}, true
		case w.Auth != "" && in(w.AuthAt):
			return Mention{Role: Token, Namespace: w.Namespace, Secret: w.Auth, At: w.AuthAt}, true
		}
	}
	for i := range f.Secrets {
		if m := &f.Secrets[i]; in(m.At) {
			return Mention{Role: Defines, Namespace: m.Namespace, Secret: m.Name, At: m.At}, true
		}
	}
	var found Mention
	ok := false
	f.eachRead(func(r *Read) {
		switch {
		case ok:
		case r.Key != "" && in(r.At):
			found, ok = Mention{Role: ReadsKey, Namespace: r.Namespace, Secret: r.Secret, Key: r.Key, At: r.At}, true
		case in(r.NameAt):
			found, ok = Mention{Role: ReadsAll, Namespace: r.Namespace, Secret: r.Secret, At: r.NameAt}, true
		}
	})
	return found, ok
}

// Empty reports whether the facts hold nothing: no writer, Secret, read
// or template left out.
func (f *Facts) Empty() bool {
	return len(f.Writers) == 0 && len(f.Secrets) == 0 && len(f.Reads) == 0 && len(f.EnvFroms) == 0 && f.Templated == 0
}
