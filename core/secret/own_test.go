package secret

import (
	"strings"
	"testing"

	"github.com/mdscheck/mdscheck/core/document"
)

// ownText writes a text of pieces: those in braces are mdscheck's own,
// the rest the user's. It returns the text and its own spans.
func ownText(pieces ...string) (string, []document.Span) {
	var b strings.Builder
	var own []document.Span
	for _, p := range pieces {
		if t, ok := strings.CutPrefix(p, "{"); ok {
			t = strings.TrimSuffix(t, "}")
			own = append(own, document.Span{Start: b.Len(), End: b.Len() + len(t)})
			b.WriteString(t)
			continue
		}
		b.WriteString(p)
	}
	return b.String(), own
}

// ownPieces writes s back with its own spans in braces, as ownText reads
// them.
func ownPieces(s string, own []document.Span) string {
	var b strings.Builder
	last := 0
	for _, o := range own {
		b.WriteString(s[last:o.Start])
		b.WriteString("{" + s[o.Start:o.End] + "}")
		last = o.End
	}
	b.WriteString(s[last:])
	return b.String()
}

// TestCleanOwnKeepsOnlyWhereMdscheckWrote: a secret that is also a word
// of mdscheck's vocabulary stays where mdscheck wrote the word, and is
// masked where the message quotes the user's text, however the two meet.
func TestCleanOwnKeepsOnlyWhereMdscheckWrote(t *testing.T) {
	for _, tc := range []struct {
		name, secret string
		pieces       []string
		want         string
	}{
		{"the enum list whole, the quoted value masked", "wednesday",
			[]string{`"wednesday"`, "{ is not allowed; must be one of monday, tuesday, wednesday, thursday}"},
			`"{(secret)}"{ is not allowed; must be one of monday, tuesday, wednesday, thursday}`},
		{"a fixed phrase of the message", "is not allowed",
			[]string{`"hunterx"`, "{ is not allowed; must be one of a, b}"},
			`"hunterx"{ is not allowed; must be one of a, b}`},
		{"the same word in the user's text around it", "plan",
			[]string{"{spec.}", "plan2"},
			"{spec.}(secret)2"},
		{"a form that runs from the user's text into mdscheck's", "xyz is not",
			[]string{`"abc xyz`, `{ is not allowed}`},
			`"abc (secret){ allowed}`},
		{"a text with no own words is cleaned whole", "monday",
			[]string{"must be one of monday"},
			"must be one of (secret)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var g Gate
			g.Add(tc.secret)
			s, own := ownText(tc.pieces...)
			g.CleanOwn(&s, &own)
			if shown := ownPieces(s, own); shown != strings.ReplaceAll(tc.want, "{(secret)}", Masked) {
				t.Errorf("CleanOwn = %s\nwant      %s", shown, tc.want)
			}
		})
	}
}

// TestCleanOwnAgain: a front end's gate, which knows more secrets, cleans
// a text the document's gate cleaned, on the spans CleanOwn returned.
func TestCleanOwnAgain(t *testing.T) {
	var doc, run Gate
	doc.Add("hunterx")
	run.Add("hunterx")
	run.Add("wednesday")
	run.Add("ZqwgnKRB")
	s, own := ownText(`"hunterx"`, "{ is not allowed; must be one of monday, wednesday (did you mean }", "ZqwgnKRB", "{?)}")
	doc.CleanOwn(&s, &own)
	run.CleanOwn(&s, &own)
	want := `"(secret)"{ is not allowed; must be one of monday, wednesday (did you mean }(secret){?)}`
	if got := ownPieces(s, own); got != want {
		t.Errorf("cleaned twice: %s\nwant           %s", got, want)
	}
}

// TestJSONCleansKeptTextsAsTheirOwn: a text a front end cleaned and kept
// stays whole in JSON where mdscheck wrote it, and loses there what
// another gate merged in knows.
func TestJSONCleansKeptTextsAsTheirOwn(t *testing.T) {
	var doc, other Gate
	doc.Add("wednesday")
	other.Add("hunterx")
	s, own := ownText(`"hunterx"`, "{ is not allowed; must be one of monday, wednesday}")
	doc.CleanOwn(&s, &own)
	doc.Keep(s, own)
	var run Gate
	run.Merge(&doc)
	run.Merge(&other)
	out := string(run.JSON([]byte(`{"message":` + jsonQuote(s) + `,"name":"wednesday"}`)))
	want := `{"message":"\"(secret)\" is not allowed; must be one of monday, wednesday","name":"(secret)"}`
	if out != want {
		t.Errorf("JSON = %s\nwant   %s", out, want)
	}
}

func jsonQuote(s string) string { return `"` + jsonEscape(s) + `"` }
