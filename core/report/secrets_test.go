package report

import (
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/mdscheck/mdscheck/core/check"
	"github.com/mdscheck/mdscheck/core/secret"
	"github.com/mdscheck/mdscheck/core/text"
	"github.com/mdscheck/mdscheck/internal/leak"
)

// TestSecretRangesOfAValueOverManyLines: a secret value over a million
// lines is one range of the result, not one per line (the JSON output of
// 3 MB of such a value was 196 MB of ranges).
func TestSecretRangesOfAValueOverManyLines(t *testing.T) {
	src := "password: \"" + strings.Repeat(" \\\n", 100_000) + "\"\n"
	f := Validate(src, check.DefaultOptions)
	idx := text.NewIndex(f.Text)
	if len(f.Secrets) != 1 || idx.LineOf(f.Secrets[0].Start) != 0 || idx.LineOf(f.Secrets[0].End) < 100_000 {
		t.Errorf("%d secret ranges, from %+v: want one over the whole value", len(f.Secrets), f.Secrets[:min(2, len(f.Secrets))])
	}
}

// TestSecretWrittenAgainOverLines: a value that reads as a secret of
// another document, written over lines or with escapes, is masked where
// it is written, every line of it.
func TestSecretWrittenAgainOverLines(t *testing.T) {
	head := "apiVersion: example.io/v1alpha1\nkind: Grafana\nmetadata:\n  name: g\nspec:\n  plan: startup-1\n"
	for name, again := range map[string]string{
		"escaped line break": "\"ZqFg\\\n    QysGFb\"",
		"folded quote":       "'ZqFg\n    QysGFb'",
		"escapes":            "\"Zq\\x46gQysGFb\"",
	} {
		secret := "ZqFgQysGFb"
		if name == "folded quote" {
			secret = "ZqFg QysGFb"
		}
		src := head + "  project: p\n  userConfig:\n    smtp_server: {host: h, port: 25, from_address: a@b.c, password: \"" + secret + "\"}\n---\n" +
			head + "  project: " + again + "\n"
		f := Validate(src, check.DefaultOptions)
		kept := src
		for i := len(f.Secrets) - 1; i >= 0; i-- {
			sp := f.Secrets[i]
			kept = kept[:sp.Start] + kept[sp.End:]
		}
		if strings.Contains(kept, "QysGFb") {
			t.Errorf("%s: the text without its secret ranges still holds part of the secret:\n%s", name, kept)
		}
	}
}

// TestOwnWordsStayWhereMdscheckWroteThem: a Secret that holds words of
// mdscheck's (a day an enum allows, a member's name, a phrase of its
// messages) leaves them whole in the findings where mdscheck wrote them,
// as shown and in paths and pointers, while the same secrets stay masked
// where a finding quotes the user's text and where the source shows it.
func TestOwnWordsStayWhereMdscheckWroteThem(t *testing.T) {
	f := Validate(leak.Vocabulary.Text, check.DefaultOptions)
	var shown strings.Builder
	places := map[string]string{}
	for _, d := range f.Diagnostics {
		shown.WriteString(d.Standalone() + "\n")
		places[d.Rule+" "+d.Path] = d.Pointer
	}
	for _, want := range leak.Vocabulary.Said {
		if !strings.Contains(shown.String(), want) {
			t.Errorf("the findings do not say %s:\n%s", want, shown.String())
		}
	}
	for _, hidden := range leak.Vocabulary.Hidden {
		if strings.Contains(shown.String(), hidden) {
			t.Errorf("the findings show the user's %q:\n%s", hidden, shown.String())
		}
	}
	for place, pointer := range map[string]string{"required spec.plan": "/spec/plan", "unknown-field spec.(secret)2": "/spec/(secret)2"} {
		if got, ok := places[place]; !ok || got != pointer {
			t.Errorf("no %s finding at %s (findings at %v)", place, pointer, places)
		}
	}
	// The source keeps the user's day masked where it is written.
	at := strings.Index(f.Text, "compression_type: wednesday") + len("compression_type: ")
	masked := false
	for _, sp := range f.Secrets {
		masked = masked || sp.Start <= at && at+len("wednesday") <= sp.End
	}
	if !masked {
		t.Errorf("the secret written as compression_type's value is not among the spans to mask: %v", f.Secrets)
	}
}

// TestPassLetsTheFilesGateGo: files that pass their secrets to one gate
// keep no gate of their own, so that a set of many small Secrets holds
// one gate, not one per file. Each file's gate is over 10 KiB even for
// three values; what a passed file still holds is its text, results and
// secrets, a few hundred bytes. The secrets stay known: the one gate
// masks every file's.
func TestPassLetsTheFilesGateGo(t *testing.T) {
	const n = 2_000
	srcs := make([]string, n)
	for i := range srcs {
		srcs[i] = fmt.Sprintf("apiVersion: v1\nkind: Secret\nmetadata:\n  name: s%d\nstringData:\n  a: Zq%06dKx\n  b: Lm%06dPw\n", i, i, i)
	}
	kept := func(pass bool) (uint64, *secret.Gate) {
		g := &secret.Gate{}
		files := make([]File, n)
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		for i, src := range srcs {
			files[i] = Validate(src, check.DefaultOptions)
			if pass {
				files[i].Pass(g)
			} else {
				files[i].Feed(g)
			}
		}
		runtime.GC()
		runtime.ReadMemStats(&after)
		runtime.KeepAlive(files)
		return (after.HeapAlloc - min(after.HeapAlloc, before.HeapAlloc)) / n, g
	}
	fed, _ := kept(false)
	passed, g := kept(true)
	t.Logf("kept per file: %d bytes fed, %d passed", fed, passed)
	if passed > 4<<10 {
		t.Errorf("a passed file keeps %d bytes, want at most 4 KiB (fed, it keeps %d)", passed, fed)
	}
	if got := g.Clean("was Zq001234Kx and Lm001999Pw"); got != "was (secret) and (secret)" {
		t.Errorf("the gate of the passed files cleans to %q, want both secrets masked", got)
	}
}
