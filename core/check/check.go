package check

import (
	"github.com/mdscheck/mdscheck/core/document"
	"github.com/mdscheck/mdscheck/core/field"
	"github.com/mdscheck/mdscheck/core/schema"
	"github.com/mdscheck/mdscheck/core/secret"
	"github.com/mdscheck/mdscheck/core/text"
)

// Options change how findings are reported.
type Options struct {
	// UnknownFields is the severity of unknown-field findings; 0 turns
	// them off.
	UnknownFields Severity
	// UnusedSuppressions reports mdscheck:ignore comments that silence
	// nothing (validate --strict).
	UnusedSuppressions bool
	// Partial is for a text that holds only the members it changes (a
	// Kustomize patch): none is reported missing.
	Partial bool
	// Template is for a Helm chart's template with its actions masked
	// (internal/helm): a scalar that starts with Masked stands for what
	// an action writes. It is not checked, and a mapping with such a key
	// may hold members the text does not show, so none is reported
	// missing.
	Template bool
	// Unguessed masks a document that cannot be read whole, unread, as
	// one refused for its size is (guessUnread): a stream sets it once
	// it has read as much of such documents as its budget allows.
	Unguessed bool
}

// Masked starts the text that stands for a template's action: "~" alone
// is null, and a value that starts with it is rare in a template.
const Masked = '~'

// DefaultOptions report everything as the rules say.
var DefaultOptions = Options{UnknownFields: Error}

// Info describes a document for reports: what it declares and whether it
// was checked.
type Info struct {
	Index      int
	APIVersion string
	Kind       string
	Name       string
	Checked    bool
	// Secrets are the spans of the stream that hold secret values: the
	// text a front end masks wherever it shows the source. For a document
	// that could not be read they are a cautious guess (secret.Guess).
	Secrets []document.Span
	// SecretTexts are the texts of the document's secret values as the
	// cluster reads them, and SecretRaw what may be a secret as written,
	// where the reader cannot say (a document it could not read, an
	// anchor with no value after it): what a front end's gate
	// (secret.Gate) takes out of everything it shows, across the
	// documents and files of its run.
	SecretTexts, SecretRaw []string
}

// Feed registers the secrets of the document info describes with g.
func (info *Info) Feed(g *secret.Gate) {
	for _, t := range info.SecretTexts {
		g.Add(t)
	}
	for _, t := range info.SecretRaw {
		g.AddRaw(t)
	}
}

// guessUnread returns the spans of d, a document that could not be read,
// that may hold secret values, and those of it to mask whole unread. A
// document within the size limit is read for them line by line
// (secret.Guess), its syntax error or other limit notwithstanding. One
// refused for its size, before reading it (over the document size limit,
// or the rest of a stream over the limit of documents that is as large)
// or while reading it (over the limit of tokens), costs no more than its
// refusal, whatever its size: only the line of its finding, which front
// ends show, is guessed (of one over the limit of tokens, met anywhere,
// not even that), and the rest of the document is masked whole wherever
// the text is shown. Its values are not known, so the gate does
// not look for them elsewhere, as for the rest of a stream over the
// stream size limit. Guessed, every word of a quarter of a million
// tokens was a secret for every other document: 52 refused Deployments
// of 1.2 MB took 22 s, and masked the names of the Kafkas they named.
func guessUnread(src string, d *document.Document, unguessed bool) (guessed, rest []document.Span) {
	if unguessed {
		return nil, []document.Span{{Start: d.Start, End: d.End}}
	}
	if d.Err.Limit != "document size" && d.Err.Limit != "tokens" && d.End-d.Start <= document.DefaultLimits.DocumentBytes {
		return secret.Guess(src, d.Start, d.End), nil
	}
	if d.Err.Limit == "tokens" {
		// The limit is met anywhere in the document, a Secret's data
		// too, where the line alone does not say what its values are:
		// all of it is masked, that line too.
		return nil, []document.Span{{Start: d.Start, End: d.End}}
	}
	start, end := text.LineStart(src, d.Err.Start), text.LineEnd(src, d.Err.Start)
	guessed = secret.Guess(src, start, end)
	// The rest is what is before the line and after its line break:
	// the line stays as shown.
	if d.Start < start {
		rest = append(rest, document.Span{Start: d.Start, End: start})
	}
	if after := end + 1; after < d.End {
		rest = append(rest, document.Span{Start: after, End: d.End})
	}
	return guessed, rest
}

// checker holds the state of checking one document.
type checker struct {
	src  string
	doc  *document.Document
	kind *schema.Kind
	opts Options
	out  []Diagnostic
	dups map[*document.Node]bool // duplicate keys not yet reported
	// reported is a value the envelope check has already reported on.
	reported *document.Node
	secrets  secret.Values
	// base is the place of the resource being checked: the root, or an
	// item of a List.
	base *field.Path
	// gate is the gate of the document's secrets, once clean made it.
	gate *secret.Gate
}

// Document checks one document of the stream src and returns what it
// declares and every finding, sorted by position.
func Document(src string, d *document.Document, opts Options) (Info, []Diagnostic) {
	info, ds, _ := DocumentGate(src, d, opts)
	return info, ds
}

// DocumentGate is Document, with the gate of the document's secrets that
// the check made to clean its findings, nil when it had none to clean: a
// front end that makes the gate of a file takes it rather than read the
// secrets again (Info.Feed). A document of a quarter of a million values
// that the reader refused was read for them twice, two thirds of a
// module call's 24 s.
func DocumentGate(src string, d *document.Document, opts Options) (Info, []Diagnostic, *secret.Gate) {
	c := &checker{src: src, doc: d, opts: opts}
	info := Info{Index: d.Index}
	if d.Err != nil {
		c.syntax(d.Err)
		var rest []document.Span
		info.Secrets, rest = guessUnread(src, d, opts.Unguessed)
		for _, sp := range info.Secrets {
			info.SecretRaw = append(info.SecretRaw, src[sp.Start:sp.End])
		}
		info.Secrets = append(info.Secrets, rest...)
		if len(c.out) > 0 {
			c.clean(&info)
		}
		return info, c.out, c.gate
	}
	root := d.Root
	if root == nil {
		return info, nil, c.gate
	}
	if root.Kind != document.Mapping {
		// No resource, but what a list or a scalar holds is shown where
		// the document is: its secrets are known by their names, and by
		// a Secret's data that may be in it.
		c.secrets = secret.New(d)
		c.secrets.StrayIn(root)
		c.secrets.SecretData(root)
		c.finish(&info)
		return info, nil, c.gate
	}
	info.APIVersion = root.Get("apiVersion").String()
	info.Kind = root.Get("kind").String()
	nameNode := root.Get("metadata").Get("name")
	info.Name = nameNode.String()
	c.secrets = secret.New(d)
	c.dups = make(map[*document.Node]bool, len(d.Duplicates))
	for _, k := range d.Duplicates {
		c.dups[k] = true
	}
	// A List (what kubectl get -o yaml writes) holds resources of its
	// own; each is checked as a document, at its place under items.
	var top *field.Path // the document's root
	resources, bases := []*document.Node{root}, []*field.Path{top}
	if items := listItems(root); items != nil {
		resources, bases = resources[:0], bases[:0]
		for i, it := range items.Items {
			if it.Kind == document.Mapping {
				resources = append(resources, it)
				bases = append(bases, top.Member("items").Index(i))
			}
		}
	}
	// Every resource's secrets are known before any is checked: an
	// anchor in one may be aliased in another.
	for _, r := range resources {
		c.secrets.Walk(schema.Lookup(r.Get("kind").String()), r)
	}
	if schema.Lookup(info.Kind) == nil {
		// A Secret of the same stream, of any spelling or group, or a
		// part of one: its data is secret too.
		c.secrets.SecretData(root)
	}
	foreign := schema.Lookup(info.Kind) == nil || info.APIVersion != schema.APIVersion
	if foreign {
		// A document of no kind is nobody's resource, maybe a part of
		// ours cut off by a "---" typed above it; whatever a list
		// holds, at any depth and in any shape (a list in a list, items
		// as a mapping), may be one of our resources; and so may a
		// document of a misspelt kind or group, or of another that
		// writes a password. Where the schema cannot place a secret,
		// its name does.
		c.secrets.StrayIn(root)
	}
	for i, r := range resources {
		if c.resource(r, bases[i]) {
			info.Checked = true
		}
	}
	if c.secrets.Has(nameNode) || opts.Template && info.Name != "" && info.Name[0] == Masked {
		info.Name = "" // a secret's value, or a template's placeholder
	}
	if !info.Checked {
		if len(c.out) > 0 && !foreign {
			// A finding on a manifest of ours left unchecked (ignored)
			// shows its line: what the schema cannot place, the names
			// of secret members still do (a document not ours was read
			// so whole above).
			for _, r := range resources {
				for _, pr := range r.Pairs {
					c.secrets.Stray(pr)
				}
			}
		}
		c.finish(&info)
		return info, c.out, c.gate
	}
	c.directive()
	// Duplicates the walk did not reach (inside unchecked members).
	for _, k := range d.Duplicates {
		if c.dups[k] {
			c.duplicate(k, nil)
		}
	}
	if sup := c.readSuppressions(); sup != nil {
		kept := c.out[:0]
		for _, diag := range c.out {
			if !sup.silenced(src, diag) {
				kept = append(kept, diag)
			}
		}
		c.out = kept
		if opts.UnusedSuppressions {
			c.unused(sup)
		}
	}
	c.finish(&info)
	Sort(c.out)
	return info, c.out, c.gate
}

// finish records the secrets of a document that was read and takes them
// out of its findings.
func (c *checker) finish(info *Info) {
	info.Secrets = c.secrets.Spans(c.src, c.doc.Start, c.doc.End)
	info.SecretTexts = c.secrets.Texts()
	info.SecretRaw = c.secrets.Raw(c.src)
	if len(c.out) > 0 {
		c.clean(info)
	}
}

// clean makes the gate of the document's secrets and cleans the
// findings with it, keeping it for DocumentGate.
func (c *checker) clean(info *Info) {
	c.gate = &secret.Gate{}
	info.Feed(c.gate)
	c.scrub(c.gate)
}

// scrub is the document's own guard of the promise that no output holds
// a secret: every message, path and pointer loses every form of a secret
// it still holds (secret.Gate), and a fix that would write one is
// dropped. Messages are written not to quote secrets in the first place;
// this catches a rule that forgets. Front ends pass everything through a
// gate of their whole run again.
func (c *checker) scrub(g *secret.Gate) {
	if g.Empty() {
		return
	}
	for i := range c.out {
		c.out[i].Clean(g)
	}
}

// listItems returns the items of a kind: List document (apiVersion v1),
// or nil.
func listItems(root *document.Node) *document.Node {
	if root.Get("kind").String() != "List" || root.Get("apiVersion").String() != "v1" {
		return nil
	}
	if items := root.Get("items"); items != nil && items.Kind == document.Sequence {
		return items
	}
	return nil
}

// resource checks one resource: the document's root, or an item of a
// List at base. It reports whether the resource is ours and was checked.
func (c *checker) resource(root *document.Node, base *field.Path) bool {
	c.base, c.kind, c.reported = base, nil, nil
	if ignored(root) {
		return false
	}
	if !c.envelope(root) {
		return false
	}
	c.value(root, c.kind.Manifest, base, nil)
	return true
}

// IgnoreAnnotation, set to the string "true" in a resource's
// metadata.annotations, leaves the resource unchecked: a document a team
// knows to be wrong for now (a fixture, a manifest of a kind's next
// version) without a comment on every line.
const IgnoreAnnotation = "mdscheck.example.io/ignore"

// ignored reports whether the resource root asks not to be checked. Only
// the string "true" counts, as Kubernetes reads annotations: an unquoted
// true is no string, and the check then says so.
func ignored(root *document.Node) bool {
	v := root.Get("metadata").Get("annotations").Get(IgnoreAnnotation)
	return v != nil && v.Type == document.String && v.Text == "true"
}

func (c *checker) report(d Diagnostic) {
	d.Document = c.doc.Index
	if d.Severity == 0 {
		return
	}
	c.out = append(c.out, d)
}

// at makes a diagnostic on the span of n.
func at(n *document.Node, p *field.Path, sev Severity, rule, msg string) Diagnostic {
	d := Diagnostic{Start: n.Start, End: n.End, Severity: sev, Rule: rule, Message: msg}
	d.place(p)
	return d
}

// value checks n against s. key is the entry n is the value of, when any.
func (c *checker) value(n *document.Node, s *schema.Schema, p *field.Path, key *document.Node) {
	if n.IsNull() || n == c.reported || c.opts.Template && n.Text != "" && n.Text[0] == Masked {
		return // an optional null is dropped by the cluster; required is checked by the parent
	}
	if s.Deprecated != "" && key != nil {
		c.deprecated(key, s, p)
	}
	switch s.Type {
	case schema.Object:
		if n.Kind != document.Mapping {
			c.mistyped(n, s, p)
			return
		}
		if s.Free {
			c.secrets.StrayIn(n) // unchecked, but shown by a finding's line
			return
		}
		c.object(n, s, p, key)
	case schema.StringMap:
		if n.Kind != document.Mapping {
			c.mistyped(n, s, p)
			return
		}
		c.stringMap(n, s, p)
	case schema.Array:
		if n.Kind != document.Sequence {
			c.mistyped(n, s, p)
			return
		}
		if s.MaxItems > 0 && len(n.Items) > s.MaxItems {
			c.maxItems(n, s, p)
		}
		for i, it := range n.Items {
			if it.IsNull() {
				c.report(at(it, p.Index(i), Error, "type", "must be "+article(s.Items)+"; an empty item is null"))
				continue
			}
			c.value(it, s.Items, p.Index(i), nil)
		}
	default:
		c.scalar(n, s, p)
	}
}

// mistyped reports a value of the wrong type where a collection belongs.
// What it holds is placed by no schema: the names of secret members say
// which of its values are secret (vault: - token: S).
func (c *checker) mistyped(n *document.Node, s *schema.Schema, p *field.Path) {
	c.secrets.StrayIn(n)
	if s.HoldsSecret() {
		// An object that holds a secret, written as a scalar or a list:
		// what it holds may be the secret pasted in its place
		// (smtp_server: S), and the type's message would quote it.
		c.secrets.Add(n)
	}
	c.typeError(n, s, p)
}

func (c *checker) object(n *document.Node, s *schema.Schema, p *field.Path, key *document.Node) {
	c.keys(n, p)
	open := c.opts.Partial
	for _, pr := range n.Pairs {
		if c.dups[pr.Key] {
			c.duplicate(pr.Key, p.Key(pr.Key.Text))
		}
		prop := s.Property(pr.Key.Text)
		if prop == nil && c.opts.Template && pr.Key.Text != "" && pr.Key.Text[0] == Masked {
			// A key a template writes may be any member's name, a
			// secret's too ({{ "client_secret" }}: S).
			c.secrets.Add(pr.Value)
			open = true
			continue
		}
		if prop == nil {
			// A misspelt secret member (passwrd) still holds a secret, and
			// so does a secret member of another place or kind.
			if near := s.Property(nearest(pr.Key.Text, s)); near != nil && near.HoldsSecret() {
				c.secrets.Add(pr.Value)
			} else {
				c.secrets.Stray(pr)
			}
			c.unknown(pr.Key, s, p)
			continue
		}
		c.value(pr.Value, prop.Schema, p.Member(prop.Name), pr.Key)
	}
	c.between(n, s, p, key, open)
	if open {
		return
	}
	c.required(n, s, p, key)
}
