package lsp

import (
	"fmt"
	"runtime/debug"
	"time"

	"github.com/mdscheck/mdscheck/core/check"
	"github.com/mdscheck/mdscheck/core/report"
	"github.com/mdscheck/mdscheck/core/secret"
	"github.com/mdscheck/mdscheck/core/text"
	protocol "github.com/tliron/glsp/protocol_3_16"
)

// A change to an idle document is checked at once, so a keystroke shows
// its findings as fast as the check allows. Changes that arrive while a
// check is scheduled or running are coalesced: they are checked after a
// pause of debounce, or after maxDelay while they keep coming, so a burst
// of edits costs a few checks rather than one each.
const (
	debounce = 10 * time.Millisecond
	maxDelay = 100 * time.Millisecond
)

// schedule arranges for d to be checked: at once when it is idle, else
// after delay. A document has one timer; while a check runs, a change only
// marks it to run again.
func (s *server) schedule(d *openDoc, delay time.Duration) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.closed {
		return
	}
	now := time.Now()
	if d.since.IsZero() {
		d.since = now
	}
	switch {
	case d.running:
		d.again = true
	case !d.pending:
		if d.timer == nil {
			d.timer = time.AfterFunc(0, func() { s.check(d) })
		} else {
			d.timer.Reset(0)
		}
		d.pending = true
	case delay == 0 || now.Sub(d.since) < maxDelay:
		d.timer.Reset(delay)
	}
	// Otherwise changes have kept coming for maxDelay: let the armed timer
	// fire.
}

// check runs on the timer's goroutine: it checks a snapshot of d and
// publishes the diagnostics with the snapshot's version. It is the
// document's only worker: a change while it runs marks it to run again.
func (s *server) check(d *openDoc) {
	d.mu.Lock()
	d.pending = false
	if d.closed || d.running {
		d.mu.Unlock()
		return
	}
	d.running = true
	version, src := d.version, d.text
	d.checking, d.ran = src, make(chan struct{})
	d.mu.Unlock()

	settings, enc := s.current(), s.encoding()
	t0 := time.Now()
	res := &checkResult{version: version, text: src, file: report.File{Text: src, Diagnostics: []check.Diagnostic{}}, enc: enc}
	var checked []checkedText
	s.safely("checking a document", func() {
		if settings.Enable {
			res.file, checked = s.run(d, src, settings)
			res.rechecked = len(checked)
		}
	})

	d.mu.Lock()
	d.checks++
	var published time.Time
	// A result that a newer change already outdates is dropped, unless
	// changes have kept coming for so long that an older result is better
	// than none.
	if !d.closed && (!d.again || time.Since(d.since) >= maxDelay) {
		d.last = res
		s.gates.install(d.uri, s.gateOf(d, res.file))
		if settings.Enable {
			// Before the publish: the union of the gates it makes is
			// then made without the index's copy of this text's secrets.
			s.ws.checked(d, src)
		}
		d.since = time.Time{}
		t1 := time.Now()
		published = t1
		// Publish under the lock, so that a close cannot slip between the
		// check of closed and the notification. Not before the previous
		// version's secrets are known: a message may quote one of them.
		if settings.Previous == previousOff || !d.previous.hold(settings.Previous) {
			s.publish(d.uri, version, res.file, enc)
		}
		if s.verbose {
			s.log.Printf("checked version %d: %d documents, %d checked again, %d findings; check %v, publish %v",
				version, len(res.file.Documents), res.rechecked, len(res.file.Diagnostics), t1.Sub(t0), time.Since(t1))
		}
	}
	close(d.ran)
	d.checking = ""
	d.mu.Unlock()

	// Outline the documents just checked that the outline lists, so that a
	// documentSymbol request finds them ready; a newer change stops this
	// (the request computes what is missing).
	if s.wantsSymbols() {
		s.safely("outlining a document", func() {
			for _, t := range checked {
				d.mu.Lock()
				stop := d.again || d.closed
				d.mu.Unlock()
				if stop || t.index >= maxSymbols {
					return
				}
				d.symbols.get(t.text, enc)
			}
		})
	}

	d.mu.Lock()
	d.running = false
	if d.again && !d.closed {
		d.again = false
		// Changes that came while the check ran wait for a pause; a change
		// that came only while the outline was made is checked at once, as
		// it would have been a moment later.
		delay := debounce
		if !published.IsZero() && !d.since.Before(published) {
			delay = 0
		}
		if d.since.IsZero() {
			d.since = time.Now()
		}
		d.timer.Reset(delay)
		d.pending = true
	}
	d.mu.Unlock()
}

// gateOf returns the gate of a document's result, with the secrets of
// its previous version; d.mu is held. It is the gate of f's check, which
// the result keeps anyway: installed (gateSet.install), it becomes the
// document's, rather than a copy of it (of a Secret of 100,000 values,
// each copy costs tens of megabytes). Every message the server sends
// passes the union of the gates, whatever wrote it: diagnostics, hover,
// completion, the outline, a command's answer, a log line.
func (s *server) gateOf(d *openDoc, f report.File) *secret.Gate {
	g := f.Gate()
	if s.current().Previous != previousOff {
		d.previous.secrets(g)
	}
	return g
}

// gateJSON passes an outgoing message through the gates of the open
// documents and the workspace. It takes no lock a sender may hold:
// diagnostics are sent under their document's.
func (s *server) gateJSON(body []byte) []byte {
	var out []byte
	s.gates.use(func(g *secret.Gate) { out = g.JSONKeeping(body, s.own.lookup) })
	return out
}

// clean returns t with every secret of the open documents and the
// workspace taken out.
func (s *server) clean(t string) string {
	s.gates.use(func(g *secret.Gate) { t = g.Clean(t) })
	return t
}

// safely runs f and logs a panic instead of ending the process: a worker
// has no caller to answer with an error.
func (s *server) safely(what string, f func()) {
	defer func() {
		if r := recover(); r != nil {
			s.log.Printf("panic while %s: %v\n%s", what, r, debug.Stack())
		}
	}()
	f()
}

// wantsSymbols reports whether the client asks for document symbols.
func (s *server) wantsSymbols() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.caps.symbols
}

// maxDiagnostics caps the diagnostics published for one file, the note of
// what is left out included. A stream with 348,000 findings published
// 154 MB on every keystroke, seconds of work for server and editor alike;
// no one reads that far, and mdscheck validate lists every finding.
const maxDiagnostics = 1000

// publish sends the diagnostics of one version of a document, their
// offsets as positions in enc: all of them, or the maxDiagnostics-1 most
// severe and a note of how many more there are. Code actions still find
// every finding (findings).
func (s *server) publish(uri string, version int32, f report.File, enc text.Encoding) {
	shown := f.Diagnostics
	if len(shown) > maxDiagnostics {
		shown = mostSevere(shown, maxDiagnostics-1)
	}
	p := protocol.PublishDiagnosticsParams{URI: uri, Diagnostics: make([]protocol.Diagnostic, 0, len(shown)+1)}
	if version >= 0 {
		v := protocol.UInteger(version)
		p.Version = &v
	}
	at := newPositions(f.Text, enc)
	for _, d := range shown {
		p.Diagnostics = append(p.Diagnostics, toProtocol(d, at))
	}
	if left := len(f.Diagnostics) - len(shown); left > 0 {
		sev, source := protocol.DiagnosticSeverityInformation, "mdscheck"
		p.Diagnostics = append(p.Diagnostics, protocol.Diagnostic{Range: protocol.Range{}, Severity: &sev, Source: &source,
			Message: fmt.Sprintf("%d more findings not shown; run mdscheck validate for all", left)})
	}
	s.client.notify(string(protocol.ServerTextDocumentPublishDiagnostics), p)
}

// mostSevere returns n of ds, in their order: errors first, then
// warnings, information and hints, as far as they fit.
func mostSevere(ds []check.Diagnostic, n int) []check.Diagnostic {
	rank := func(d check.Diagnostic) int { return int(severity(d.Severity)) - 1 }
	var per [4]int
	for _, d := range ds {
		per[rank(d)]++
	}
	// Ranks below cut go in whole; of rank cut, the first room.
	cut, room := 0, n
	for cut < len(per) && per[cut] <= room {
		room -= per[cut]
		cut++
	}
	out := make([]check.Diagnostic, 0, n)
	for _, d := range ds {
		switch r := rank(d); {
		case r < cut:
			out = append(out, d)
		case r == cut && room > 0:
			out = append(out, d)
			room--
		}
	}
	return out
}

// diagnosticData travels with each diagnostic to the client and back in a
// codeAction request, and names the finding there: glsp v0.2.2 decodes an
// incoming diagnostic's code as nil, so the rule must come this way.
type diagnosticData struct {
	Rule     string `json:"rule"`
	Pointer  string `json:"pointer"`
	Document int    `json:"document"`
}

// severity is LSP's severity of a finding: the core's values are LSP's,
// and anything else is published as an error.
func severity(s check.Severity) protocol.DiagnosticSeverity {
	if s < check.Error || s > check.Hint {
		return protocol.DiagnosticSeverityError
	}
	return protocol.DiagnosticSeverity(s)
}

// toProtocol turns a core finding into an LSP diagnostic.
func toProtocol(d check.Diagnostic, at *positions) protocol.Diagnostic {
	sev := severity(d.Severity)
	source := "mdscheck"
	out := protocol.Diagnostic{
		Range:           at.rng(d.Start, d.End),
		Severity:        &sev,
		Code:            &protocol.IntegerOrString{Value: d.Rule},
		CodeDescription: &protocol.CodeDescription{HRef: ruleURL(d.Rule)},
		Source:          &source,
		Message:         d.Standalone(), // the problems list shows no line
		Data:            diagnosticData{Rule: d.Rule, Pointer: d.Pointer, Document: d.Document},
	}
	if d.Deprecated {
		out.Tags = []protocol.DiagnosticTag{protocol.DiagnosticTagDeprecated}
	}
	return out
}

// positions converts the offsets of one text to LSP positions in the
// client's encoding. It counts lines as it goes (text.Cursor) rather than
// index the text: findings come in the order of the text, and indexing a
// stream of 2,000 documents on every keystroke (1.5 MB, 63,000 lines)
// would cost a quarter of the keystroke's work.
type positions struct {
	at  *text.Cursor
	enc text.Encoding
}

func newPositions(src string, enc text.Encoding) *positions {
	return &positions{at: text.NewCursor(src), enc: enc}
}

// rng returns the range of the offsets [start, end).
func (p *positions) rng(start, end int) protocol.Range {
	return toRange(p.at.Range(start, end, p.enc))
}

func toRange(r text.Range) protocol.Range {
	return protocol.Range{
		Start: protocol.Position{Line: protocol.UInteger(r.Start.Line), Character: protocol.UInteger(r.Start.Character)},
		End:   protocol.Position{Line: protocol.UInteger(r.End.Line), Character: protocol.UInteger(r.End.Character)},
	}
}
