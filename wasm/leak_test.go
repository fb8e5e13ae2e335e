package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/mdscheck/mdscheck/core/text"
	"github.com/mdscheck/mdscheck/internal/leak"
)

// TestNoSecretFromTheModule runs the sample of the secret attack cases
// (every way once, every member once; core/lang runs them all on the
// functions the module calls) through the module under wazero: validate, and hover and completion at each line's
// start and at each secret range the module reports. No result may hold
// a secret.
func TestNoSecretFromTheModule(t *testing.T) {
	t.Parallel()
	in := newInstance(t)
	cases := leak.Sample()
	for _, c := range cases {
		ptr := in.put(c.Text)
		n := int32(len(c.Text))
		res := in.take(in.must("validate", ptr, n, 0))
		if s := c.Leaked(res); s != "" {
			t.Errorf("%s: validate shows the secret %q: %s", c.Name, s, res)
		}
		var file struct {
			Secrets []text.Range `json:"secrets"`
		}
		if err := json.Unmarshal([]byte(res), &file); err != nil {
			t.Fatalf("%s: %v", c.Name, err)
		}
		idx := text.NewIndex(c.Text)
		var probes []text.Position
		for line := 0; line < idx.Lines(); line++ {
			probes = append(probes, text.Position{Line: line})
		}
		for _, r := range file.Secrets {
			probes = append(probes, r.Start, r.End)
		}
		for _, p := range probes {
			for _, export := range []string{"hover", "complete"} {
				out := in.take(in.must(export, ptr, n, int32(p.Line), int32(p.Character), 0))
				if s := c.Leaked(out); s != "" {
					t.Errorf("%s: %s at %+v shows the secret %q: %s", c.Name, export, p, s, out)
				}
			}
		}
		if c.Previous != "" {
			// Compared with a previous version that held secrets of its
			// own: neither version's may show.
			pp := in.put(c.Previous)
			out := in.take(in.must("validate_change", pp, int32(len(c.Previous)), ptr, n, 0))
			if s := c.Leaked(out); s != "" {
				t.Errorf("%s: validate_change shows the secret %q: %s", c.Name, s, out)
			}
			in.must("free", pp)
		}
		in.must("free", ptr)
	}
}

// TestOwnWordsStayWholeInTheModule: the module's validate, under wazero,
// keeps mdscheck's own words whole in its findings though a Secret holds
// them, and masks them where a finding quotes the user's text.
func TestOwnWordsStayWholeInTheModule(t *testing.T) {
	t.Parallel()
	in := newInstance(t)
	src := leak.Vocabulary.Text
	ptr := in.put(src)
	res := in.take(in.must("validate", ptr, int32(len(src)), 0))
	in.must("free", ptr)
	var file struct {
		Diagnostics []struct{ Message, Path string }
	}
	if err := json.Unmarshal([]byte(res), &file); err != nil {
		t.Fatalf("%v: %s", err, res)
	}
	var said strings.Builder
	for _, d := range file.Diagnostics {
		said.WriteString(d.Path + ": " + d.Message + "\n")
	}
	got := said.String()
	for _, want := range append(leak.Vocabulary.Said, "spec.plan: ") {
		if !strings.Contains(got, want) {
			t.Errorf("validate does not say %s:\n%s", want, got)
		}
	}
	for _, hidden := range leak.Vocabulary.Hidden {
		if strings.Contains(res, hidden) {
			t.Errorf("validate shows the user's %q: %s", hidden, res)
		}
	}
}

// TestOwnWordsInTheModulesAnswers: hover and completion in the module say
// what the schema says though a Secret's file holds its words
// (SERVICE=kafka, MODE=connect), and mask the user's text they quote (a
// resource named connect, its connection Secret's name).
func TestOwnWordsInTheModulesAnswers(t *testing.T) {
	t.Parallel()
	in := newInstance(t)
	src := "apiVersion: v1\nkind: Secret\nmetadata:\n  name: env\nstringData:\n  app.env: |\n    SERVICE=kafka\n    MODE=connect\n" +
		"---\napiVersion: example.io/v1alpha1\nkind: Kafka\nmetadata:\n  name: connect\nspec:\n  plan: business-4\n  project: demo\n  userConfig:\n    ip_filter: []\n    \n"
	if out := in.text("hover", src, 17, 6, 0); !strings.Contains(out, "allowed to connect") || strings.Contains(out, "(secret)") {
		t.Errorf("hover on ip_filter masks the schema's words: %s", out)
	}
	if out := in.text("hover", src, 10, 2, 0); !strings.Contains(out, "Connection Secret `(secret)`") || !strings.Contains(out, "`Kafka`") {
		t.Errorf("hover on kind: %s", out)
	}
	out := in.text("complete", src, 18, 4, 0)
	if !strings.Contains(out, `"label":"kafka"`) || strings.Contains(out, "(secret)") {
		t.Errorf("completion in userConfig: %.600s", out)
	}
}

// TestSeveritiesStayWholeInTheModule: a Secret's file holding the word
// error leaves the severity of every finding as the contract spells it.
func TestSeveritiesStayWholeInTheModule(t *testing.T) {
	t.Parallel()
	in := newInstance(t)
	src := "apiVersion: v1\nkind: Secret\nmetadata:\n  name: env\nstringData:\n  app.env: |\n    LEVEL=error\n    MODE=warning\n" +
		"---\napiVersion: example.io/v1alpha1\nkind: Kafka\nmetadata:\n  name: k\nspec:\n  plan: business-4\n  project: demo\n  cloudName: 7\n"
	out := in.text("validate", src, 0)
	if !strings.Contains(out, `"severity":"error"`) || strings.Contains(out, `"severity":"(secret)"`) {
		t.Errorf("severities: %s", out)
	}
}

// TestNoSecretPastTheBudget: a text longer than one call checks, whose
// Secret past the budget holds a value that a Kafka before it writes
// again: the Kafka's finding says what is wrong but quotes nothing of the
// user's, in validate and in a set.
func TestNoSecretPastTheBudget(t *testing.T) {
	t.Parallel()
	in := newInstance(t)
	const s = "Zq7xK2pLm9Tr0ub4xW"
	var b strings.Builder
	b.WriteString("apiVersion: example.io/v1alpha1\nkind: Kafka\nmetadata:\n  name: events\nspec:\n  plan: business-4\n  project: \"" + s + "!\"\n")
	for b.Len() < 5<<20 {
		b.WriteString("---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: filler\ndata:\n  k: " + strings.Repeat("x", 200) + "\n")
	}
	b.WriteString("---\napiVersion: v1\nkind: Secret\nmetadata:\n  name: s\nstringData:\n  api: " + s + "\n")
	src := b.String()
	out := in.text("validate", src, 0)
	if !strings.Contains(out, `"rule":"pattern"`) || !strings.Contains(out, `"rule":"limit"`) || strings.Contains(out, s) {
		t.Errorf("validate past the budget: %.1500s", out)
	}
	set := marshal(t, []map[string]string{{"name": "k.yaml", "text": src}})
	if out := in.text("validate_set", set, 0); strings.Contains(out, s) || !strings.Contains(out, `"rule":"pattern"`) {
		t.Errorf("validate_set past the budget: %.1500s", out)
	}
}
