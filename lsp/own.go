package lsp

import (
	"sync"

	"github.com/mdscheck/mdscheck/core/document"
)

// ownAnswers are texts of answers that mdscheck wrote in its own words, in
// part or whole (a hover's description of a member, the completion items
// of the schema), each with the spans of those words: gateJSON cleans
// such a text as secret.Gate.CleanOwn does. A Secret's file that holds
// MODE=connect or SERVICE=kafka had every hover say "allowed to
// (secret)" and offer a member "(secret)". A form of a secret that runs
// out of those words, the user's text an answer quotes, is masked still.
//
// The texts are those of the last answers only: an answer is sent right
// after it is made, and a text mdscheck wrote is safe to keep so again
// (secret.Gate.Keep), but a session of hovers must not grow without end.
type ownAnswers struct {
	mu sync.Mutex
	m  map[string][]document.Span
}

// maxOwnAnswers bounds the texts ownAnswers holds.
const maxOwnAnswers = 4096

// add records text with own, its spans of mdscheck's words.
func (o *ownAnswers) add(text string, own []document.Span) {
	if len(own) == 0 {
		return
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.m == nil || len(o.m) >= maxOwnAnswers {
		o.m = map[string][]document.Span{}
	}
	o.m[text] = own
}

// lookup returns the spans of mdscheck's words in text, if it is a text
// of an answer.
func (o *ownAnswers) lookup(text string) ([]document.Span, bool) {
	o.mu.Lock()
	defer o.mu.Unlock()
	own, ok := o.m[text]
	return own, ok
}
