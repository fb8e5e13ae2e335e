package lsp

import (
	"cmp"
	"slices"
	"strings"
	"sync"

	"github.com/mdscheck/mdscheck/core/check"
	"github.com/mdscheck/mdscheck/core/document"
	"github.com/mdscheck/mdscheck/core/report"
	"github.com/mdscheck/mdscheck/core/secret"
	"github.com/mdscheck/mdscheck/core/text"
	protocol "github.com/tliron/glsp/protocol_3_16"
)

// The lifecycle rules in the editor: an open manifest is compared with its
// version at a git revision (the setting mdscheck.previous, HEAD unless
// the user says otherwise), so that an immutable member changed, a
// restart, a smaller disk or a resource deleted shows as it is typed.
//
// The previous version is read with the git program (previous_git.go) on
// a goroutine of its own, once per file and revision: a check never waits
// for it, but the first diagnostics of a document wait for it: its secrets
// must be known before a message goes out (hold). When it arrives the
// document is checked again. A save may follow a commit, so a
// save reads it again, keeping the text read before until then.

// previousOff is the value of mdscheck.previous that turns the comparison
// off.
const previousOff = "off"

// previousVersion is what a document knows of its previous version.
type previousVersion struct {
	mu      sync.Mutex
	rev     string // the revision text was read at; "" before the first read
	text    string
	found   bool // the file has a version at rev, which text holds
	loading bool
	stale   bool // the revision may have moved since the read (a save)
	held    bool // a check's diagnostics wait for the read (hold)
	// The last comparison, which hover reads while the text is unchanged.
	cmp     *narrowed
	cmpText string
	// The secrets of text, for the document's gate; gateText is the text
	// they were found in.
	gate     *secret.Gate
	gateText string
}

// secrets feeds g with the secrets of the previous version, when one has
// been read: a change message may quote its values, a deletion its name.
func (p *previousVersion) secrets(g *secret.Gate) {
	p.mu.Lock()
	src, found, known, knownText := p.text, p.found, p.gate, p.gateText
	p.mu.Unlock()
	if !found {
		return
	}
	if known == nil || knownText != src {
		known = &secret.Gate{}
		f := report.Validate(src, check.DefaultOptions)
		f.Feed(known)
		p.mu.Lock()
		if p.text == src {
			p.gate, p.gateText = known, src
		}
		p.mu.Unlock()
	}
	g.Merge(known)
}

// hold reports whether diagnostics must wait because the version at rev
// is being read for the first time: until it is, its secrets are unknown,
// and a message may quote one (a value moved out of a secret member since
// the commit). The read checks the document again when it ends.
func (p *previousVersion) hold(rev string) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.loading && p.rev != rev {
		p.held = true
	}
	return p.held
}

// markStale asks for the previous version to be read again at the next
// check: a save may follow a commit, which moves HEAD.
func (p *previousVersion) markStale() {
	p.mu.Lock()
	p.stale = true
	p.mu.Unlock()
}

// previousText returns d's previous version at rev when it has been read,
// and starts reading it when it has not (or may have moved). ok is false
// while it is being read, when the comparison is off, and when the file
// has no version at rev (outside git, a new file).
func (s *server) previousText(d *openDoc, rev string) (string, bool) {
	if rev == previousOff {
		return "", false
	}
	p := &d.previous
	p.mu.Lock()
	defer p.mu.Unlock()
	if (p.rev != rev || p.stale) && !p.loading {
		p.loading, p.stale = true, false
		go s.readPrevious(d, rev)
	}
	if p.rev != rev {
		return "", false
	}
	return p.text, p.found
}

// readPrevious reads d's version at rev and, when it differs from what
// the document had, checks the document again.
func (s *server) readPrevious(d *openDoc, rev string) {
	var src string
	var found bool
	s.safely("reading the previous version", func() {
		if path, ok := uriPath(d.uri); ok {
			src, found = s.gitShow(path, rev)
		}
	})
	p := &d.previous
	p.mu.Lock()
	// Nothing to compare before or now (outside git, a new file): the
	// findings stay as they are, and the document is not checked again.
	changed := (found || p.found) && (p.rev != rev || p.found != found || p.text != src)
	held := p.held
	p.rev, p.text, p.found, p.loading, p.held = rev, src, found, false, false
	if changed {
		p.cmp, p.cmpText = nil, ""
	}
	p.mu.Unlock()
	switch {
	case changed:
		s.schedule(d, 0)
	case held:
		// Nothing to compare (outside git, a new file): the result the
		// first check held goes out as it is.
		s.publishHeld(d)
	}
}

// publishHeld publishes d's last result, which hold kept back: no check
// has published since, since every one held.
func (s *server) publishHeld(d *openDoc) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.closed || d.last == nil {
		return
	}
	s.publish(d.uri, d.last.version, d.last.file, d.last.enc)
}

// comparison returns the comparison of src, d's text, with its previous
// version at rev, or nil when there is none to make.
func (s *server) comparison(d *openDoc, src, rev string) *narrowed {
	prev, ok := s.previousText(d, rev)
	if !ok || prev == src || len(src) > document.DefaultLimits.StreamBytes {
		return nil
	}
	p := &d.previous
	p.mu.Lock()
	c, ct := p.cmp, p.cmpText
	p.mu.Unlock()
	if c != nil && ct == src {
		return c
	}
	c = narrow(prev, src)
	p.mu.Lock()
	if p.rev == rev && p.text == prev {
		p.cmp, p.cmpText = c, src
	}
	p.mu.Unlock()
	return c
}

// addChanges adds to f, the findings of src, what the comparison with the
// previous version finds: the lifecycle findings on the members that
// changed, a deletion on the first line.
func (s *server) addChanges(d *openDoc, src, rev string, f *report.File) {
	c := s.comparison(d, src, rev)
	if c == nil {
		return
	}
	ds := c.findings()
	if len(ds) == 0 {
		return
	}
	f.Diagnostics = append(f.Diagnostics, ds...)
	slices.SortStableFunc(f.Diagnostics, func(a, b check.Diagnostic) int {
		return cmp.Or(cmp.Compare(a.Document, b.Document), cmp.Compare(a.Start, b.Start))
	})
}

// previousHover is what hover adds on a member that changed since the
// previous version: its value there, never a secret's.
func (s *server) previousHover(d *openDoc, src string, pos protocol.Position, enc text.Encoding) string {
	rev := s.current().Previous
	c := s.comparison(d, src, rev)
	if c == nil {
		return ""
	}
	was, changed := c.before(text.NewIndex(src).Offset(position(pos), enc))
	if !changed {
		return ""
	}
	out := "\n\n---\n\nAt " + codeSpan(rev) + ": "
	switch {
	case !was.Set:
		return out + "not set.\n"
	case was.Secret:
		return out + "a secret value (not shown).\n"
	}
	return out + codeSpan(was.Value) + "\n"
}

// codeSpan writes s as Markdown code, fenced by more backticks than it
// holds in a row.
func codeSpan(s string) string {
	run, longest := 0, 0
	for _, r := range s {
		if r == '`' {
			run++
			longest = max(longest, run)
		} else {
			run = 0
		}
	}
	fence := strings.Repeat("`", longest+1)
	if longest > 0 {
		return fence + " " + s + " " + fence
	}
	return fence + s + fence
}
