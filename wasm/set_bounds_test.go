//go:build linux

package main

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/mdscheck/mdscheck/core/text"
	"github.com/mdscheck/mdscheck/internal/benchrepo"
)

// sharedSet is the argument of validate_set for benchrepo.Shared: the
// texts JSON-encoded, each with the escapes of its line breaks, as a
// host sends them.
func sharedSet(t testing.TB, s benchrepo.Shared) string {
	t.Helper()
	var set []setEntry
	for _, f := range s.Files() {
		set = append(set, setEntry{f.Name, f.Text})
	}
	b, err := json.Marshal(set)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestValidateSetOfSharedNamesStaysBounded: a set of 10,000 texts that
// all write or read one Secret's name, which ran the module out of
// memory (every escaped text of the set copied into a buffer the size of
// the rest of the set) after 11 s, is answered within a call's bounds
// (its allocations counted natively; BenchmarkValidateSetOfSharedNames
// has its time),
// the same as natively, with at most two findings per text: each
// conflict names one other writer and counts the rest.
func TestValidateSetOfSharedNamesStaysBounded(t *testing.T) {
	if testing.Short() {
		t.Skip("the set takes seconds in wasm")
	}
	shared := benchrepo.Shared{Texts: 10_000}
	src := sharedSet(t, shared)
	var want []byte
	var err error
	cost := costOf(func() { want, err = validateSetJSON(src, text.UTF16) }) // not parallel: the counts are the process's
	if err != nil {
		t.Fatal(err)
	}

	in := newInstance(t)
	got := in.text("validate_set", src, 0)
	mem := in.mod.Memory().Size()
	t.Logf("%d texts, %d bytes: natively %d allocations, %d MiB; linear memory %d MiB",
		shared.Texts, len(src), cost.mallocs, cost.bytes>>20, mem>>20)
	if got != string(want) {
		t.Errorf("the result differs from the native core's (%d bytes, want %d)", len(got), len(want))
	}
	cost.within(t, "validate_set")
	if mem >= maxLinearMemory {
		t.Errorf("linear memory grew to %d MiB", mem>>20)
	}

	var res struct {
		Files []struct {
			Name        string
			Diagnostics []struct{ Rule, Message string }
		}
	}
	if err := json.Unmarshal([]byte(got), &res); err != nil || len(res.Files) != shared.Texts {
		t.Fatalf("validate_set answered %d files (%v): %.300s", len(res.Files), err, got)
	}
	total := 0
	for i, f := range res.Files {
		total += len(f.Diagnostics)
		if len(f.Diagnostics) > 2 {
			t.Fatalf("%s has %d findings, want at most 2: %v", f.Name, len(f.Diagnostics), f.Diagnostics)
		}
		n := shared.Others(i)
		for _, d := range f.Diagnostics {
			if d.Rule == "secret-conflict" && strings.Contains(d.Message, "is also written by") &&
				!strings.Contains(d.Message, fmt.Sprintf(" (and %d more)", n-1)) {
				t.Fatalf("%s: %q, want it to count the %d other writers after the one it names", f.Name, d.Message, n-1)
			}
		}
	}
	if total < shared.Texts/2 {
		t.Errorf("%d findings in %d texts, want a conflict for each writer", total, shared.Texts)
	}
}

// TestValidateSetOverTheTexts: a set of more texts than one call checks
// is answered, not refused: the first maxTexts texts are checked, and the
// first text left out has an entry of its own whose limit finding says
// which limit, what was checked and how many texts were not. The texts
// are empty: no budget of documents cuts the set before.
func TestValidateSetOverTheTexts(t *testing.T) {
	if testing.Short() {
		t.Skip("the set takes seconds in wasm")
	}
	var b strings.Builder
	b.WriteString("[")
	for i := range maxTexts + 3 {
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, `{"name":"t%d.yaml","text":""}`, i)
	}
	b.WriteString("]")
	got := newInstance(t).text("validate_set", b.String(), 0)
	var res struct {
		Error string
		Files []struct {
			Name        string
			Diagnostics []struct{ Rule, Message string }
		}
	}
	if err := json.Unmarshal([]byte(got), &res); err != nil || res.Error != "" {
		t.Fatalf("validate_set answered %.300s (%v)", got, err)
	}
	if len(res.Files) != maxTexts+1 {
		t.Fatalf("%d files in the answer, want the %d checked and the first left out", len(res.Files), maxTexts+1)
	}
	for _, f := range res.Files[:maxTexts] {
		if len(f.Diagnostics) != 0 {
			t.Fatalf("%s, checked, has findings %v", f.Name, f.Diagnostics)
		}
	}
	last := res.Files[maxTexts]
	want := fmt.Sprintf("one call checks at most %d texts of a set; the first %d were checked, this text and the 2 after it not, "+
		"and nothing was checked across the texts of the set", maxTexts, maxTexts)
	if last.Name != fmt.Sprintf("t%d.yaml", maxTexts) || len(last.Diagnostics) != 1 ||
		last.Diagnostics[0].Rule != "limit" || last.Diagnostics[0].Message != want {
		t.Errorf("the first text left out: %s with %v, want t%d.yaml with one limit finding %q", last.Name, last.Diagnostics, maxTexts, want)
	}
}

// BenchmarkValidateSetOfSharedNames is TestValidateSetOfSharedNamesStaysBounded's
// call in the module, with its processor time:
//
//	go test ./wasm -run '^$' -bench ValidateSetOfSharedNames -benchtime 1x -count 3
func BenchmarkValidateSetOfSharedNames(b *testing.B) {
	src := sharedSet(b, benchrepo.Shared{Texts: 10_000})
	var cpu time.Duration
	for b.Loop() {
		in := newInstance(b)
		cpu += callCPU(func() { in.text("validate_set", src, 0) })
		in.mod.Close(in.ctx)
	}
	b.ReportMetric(float64(cpu)/float64(b.N), "cpu-ns/op")
}
