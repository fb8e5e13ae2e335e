package report

import (
	"encoding/json"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"

	"github.com/mdscheck/mdscheck/core/check"
	"github.com/mdscheck/mdscheck/core/document"
)

// manyFindings is a stream of n documents with seven findings each, and a
// secret each: every bound of a Stream has something to cut.
func manyFindings(n int) string {
	doc := "apiVersion: example.io/v1alpha1\nkind: Grafana\nmetadata: {name: g}\n" +
		"spec: {plan: p, project: p, bad1: 1, bad2: 2, bad3: 3, bad4: 4, bad5: 5, bad6: 6, bad7: 7, " +
		"userConfig: {smtp_server: {host: h, port: 25, from_address: a@b.c, password: S3CRETPASS}}}\n---\n"
	return strings.Repeat(doc, n)
}

// jsonOf is f as a test compares it: everything but its text and secrets'
// texts, which are never marshalled.
func jsonOf(t *testing.T, f File) string {
	t.Helper()
	b, err := json.Marshal(f)
	if err != nil {
		t.Fatal(err)
	}
	return string(b) + " " + f.Text
}

// TestStreamCapInAnyOrder: with a cap, the documents checked in any order
// and concurrently give what they give in order; the findings past the
// cap are counted, and one more says so where the first left out was.
func TestStreamCapInAnyOrder(t *testing.T) {
	src := manyFindings(40) // 280 findings
	inOrder := func() File {
		s := NewStream(src, Options{Check: check.DefaultOptions, Cap: 100})
		var c Checker
		for i := range s.Len() {
			s.Check(&c, i)
		}
		return s.File()
	}()
	if len(inOrder.Diagnostics) != 101 || inOrder.Omitted.Errors != 180 {
		t.Fatalf("%d findings, %d left out; want 100 and one that counts 180", len(inOrder.Diagnostics), inOrder.Omitted.Errors)
	}
	// 14 documents hold 98 findings: the third of the 15th is the first
	// left out.
	if last := inOrder.Diagnostics[100]; last.Rule != "limit" || last.Document != 14 || !strings.HasPrefix(last.Message, "180 more findings") {
		t.Errorf("the last finding: %+v", last)
	}
	if e, _ := inOrder.Counts(); e != 280 {
		t.Errorf("Counts: %d errors, want 280", e)
	}
	for seed := range uint64(5) {
		s := NewStream(src, Options{Check: check.DefaultOptions, Cap: 100, Lock: new(sync.Mutex)})
		order := rand.New(rand.NewPCG(seed, 1)).Perm(s.Len())
		var wg sync.WaitGroup
		for w := range 3 {
			wg.Go(func() {
				var c Checker
				for k := w; k < len(order); k += 3 {
					s.Check(&c, order[k])
				}
			})
		}
		wg.Wait()
		if got, want := jsonOf(t, s.File()), jsonOf(t, inOrder); got != want {
			t.Errorf("order %v: the result differs from the one in order", order)
		}
	}
}

// TestStreamBudget: a budget of documents, bytes or findings stops the
// check before the first document over it, with one limit finding of no
// document on its first line, first among the findings, and a text that
// ends with that line.
func TestStreamBudget(t *testing.T) {
	src := manyFindings(10)
	spans := document.Split(src)
	for _, c := range []struct {
		name   string
		budget Budget
		kept   int // documents checked
	}{
		{"documents", Budget{Documents: 4}, 4},
		{"bytes", Budget{Bytes: spans[3].Start}, 3},
		{"bytes within the first", Budget{Bytes: 1}, 1},
		{"findings", Budget{Findings: 20}, 3}, // 7 a document: the third brings 21
		{"no bound", Budget{}, 11},
	} {
		c.budget.Message = "over the budget"
		s := NewStream(src, Options{Check: check.DefaultOptions, Budget: c.budget})
		var ch Checker
		checked := 0
		for i := range s.Len() {
			if !s.Check(&ch, i) {
				break
			}
			checked++
		}
		f := s.File()
		if len(f.Documents) != c.kept || checked != c.kept {
			t.Errorf("%s: %d documents checked, %d in the result; want %d", c.name, checked, len(f.Documents), c.kept)
		}
		if c.kept == len(spans) {
			if !s.Complete() || f.Text != src {
				t.Errorf("%s: not complete", c.name)
			}
			continue
		}
		at := spans[c.kept].Start
		if d := f.Diagnostics[0]; s.Complete() || d.Rule != "limit" || d.Document != -1 || d.Message != "over the budget" ||
			d.Start != at || d.End != at+3 || f.Text != src[:at+3] {
			t.Errorf("%s: the first finding %+v, the text ends at %d; want the limit at %d", c.name, d, len(f.Text), at)
		}
	}
}

// TestStreamMemo: a stream checked again with its memo checks only the
// documents whose text changed, and its result is the whole check's.
func TestStreamMemo(t *testing.T) {
	var m Memo
	run := func(src string) (File, int) {
		s := NewStream(src, Options{Check: check.DefaultOptions, Memo: &m})
		var c Checker
		for i := range s.Len() {
			s.Check(&c, i)
		}
		return s.File(), s.Len()
	}
	src := manyFindings(6)
	if _, n := run(src); n != 7 {
		t.Fatalf("the first check checked %d documents, want all 7", n)
	}
	edited := strings.Replace(src, "bad3: 3", "bad3: 3, bad8: 8", 2) + "a: [\n"
	got, n := run(edited)
	if n != 3 { // two documents edited, and the last, which grew
		t.Errorf("the check after an edit checked %d documents, want 3", n)
	}
	if got, want := jsonOf(t, got), jsonOf(t, Validate(edited, check.DefaultOptions)); got != want {
		t.Errorf("with the memo:\n%s\nwant:\n%s", got, want)
	}
	sp := document.Split(edited)[2]
	if info, ok := m.Info(edited[sp.Start:sp.End]); !ok || info.Kind != "Grafana" || len(info.SecretTexts) == 0 {
		t.Errorf("the memo's info of a document: %+v, %v", info, ok)
	}
}
