package report

import (
	"fmt"
	"strings"
	"testing"

	"github.com/mdscheck/mdscheck/core/check"
)

// TestStreamGuessesWithinABudget: of a stream of large Secrets that cannot
// be read, those past the stream's budget of guessed text are masked
// whole, unread, and the others guessed: every value is masked wherever
// the text is shown, and the gate holds no more than the budget's raw
// secrets.
func TestStreamGuessesWithinABudget(t *testing.T) {
	var b strings.Builder
	for d := 0; d < 6; d++ {
		fmt.Fprintf(&b, "---\napiVersion: v1\nkind: Secret\nmetadata:\n  name: s%d\nstringData:\n", d)
		for i := 0; b.Len() < (d+1)*(maxGuessed/2); i++ {
			fmt.Fprintf(&b, "  k%d: Zq7%07dxW\n", i, d*1_000_000+i)
		}
		b.WriteString("  broken: [\n")
	}
	src := b.String()
	f := Validate(src, check.DefaultOptions)
	raw := 0
	for _, t := range f.SecretRaw {
		raw += len(t)
	}
	if raw > maxGuessed+maxGuessed/2+1024 {
		t.Errorf("%d bytes of raw secrets registered, over the budget of %d", raw, maxGuessed)
	}
	// Every value of every document lies in a secret span.
	masked := make([]bool, len(src))
	for _, sp := range f.Secrets {
		for i := sp.Start; i < sp.End; i++ {
			masked[i] = true
		}
	}
	for i := strings.Index(src, "Zq7"); i >= 0; {
		if !masked[i] {
			t.Fatalf("a value at %d is not masked: %q", i, src[i:i+12])
		}
		next := strings.Index(src[i+1:], "Zq7")
		if next < 0 {
			break
		}
		i += 1 + next
	}
}
