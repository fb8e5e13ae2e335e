package schema

import (
	"strings"
	"testing"
)

// checkRules checks, once the tree is read, that every rule names members
// that are there and of a type it can compare: s is an object of the
// manifest of kind at path, above are the objects that hold it, nearest
// last.
func checkRules(kind, path string, s *Schema, above []*Schema) {
	fail := func(p, what string) { panic("core/schema: kind " + kind + ": " + p + ": " + what) }
	need := func(p string, r Rule, names []string, in *Schema) {
		for _, n := range names {
			m := in.Property(n)
			switch {
			case m == nil:
				fail(p, r.Kind.String()+" names "+n+", which is not a member beside it")
			case (r.Kind == NotAbove || r.Kind == AtMost) && m.Type != Integer && m.Type != Number:
				fail(p, r.Kind.String()+" names "+n+", which is not a number")
			}
		}
	}
	for _, r := range s.Rules {
		if r.Kind.OnObject() {
			need(path, r, r.Names, s)
		}
	}
	above = append(above, s)
	for _, p := range s.Properties {
		at := path + "." + p.Name
		for _, r := range p.Rules {
			switch {
			case r.Kind.OnObject():
				continue
			case (r.Kind == NotAbove || r.Kind == AtMost) && p.Type != Integer && p.Type != Number,
				r.Kind == PathIn && p.Type != String:
				fail(at, r.Kind.String()+" does not apply to type "+p.Type.String())
			case r.Kind == AtMost && p.Unit != "":
				for _, n := range r.Names {
					if u := s.Property(n); u != nil && u.Unit.Per(p.Unit) == 0 {
						fail(at, "at-most names "+n+", whose unit does not convert to "+string(p.Unit))
					}
				}
			}
			need(at, r, r.Names, s)
		}
		if p.SecretKeys != nil && (p.Type != Boolean || len(above) != 1 && !strings.HasSuffix(path, ".userConfig")) {
			fail(at, "secret-keys belongs to a kind or to a boolean member of userConfig")
		}
		for _, t := range p.Transitions() {
			if t.While == "" {
				continue
			}
			if t.Up >= len(above) {
				fail(at, "transition: while goes up more objects than there are")
			}
			if w := above[len(above)-1-t.Up].Property(t.While); w == nil || w.Type != Boolean {
				fail(at, "transition: while names "+t.While+", which is not a boolean member there")
			}
		}
		if p.Type == Object {
			checkRules(kind, at, p.Schema, above)
		}
		if p.Items != nil && p.Items.Type == Object {
			checkRules(kind, at+"[]", p.Items, above)
		}
	}
}

// TestRulesOfTheData checks every rule and transition of the kinds: the
// members they name are there and have a type they can compare, and
// every transition reads.
func TestRulesOfTheData(t *testing.T) {
	for _, name := range Names() {
		checkRules(name, name, Lookup(name).Manifest, nil)
	}
}

// TestRulesNameMembersThatAreThere feeds checkRules trees whose rules name
// what is not there: each must panic with the kind, the member and what
// is wrong.
func TestRulesNameMembersThatAreThere(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"  a integer requires=b\n", "kind K: K.a: requires names b, which is not a member beside it"},
		{"  a integer not-above=b\n  b string\n", "kind K: K.a: not-above names b, which is not a number"},
		{"  a string not-above=b\n  b integer\n", "kind K: K.a: not-above does not apply to type string"},
		{"  a integer path-in=x\n", "kind K: K.a: path-in does not apply to type integer"},
		{"  a integer unit=ms at-most=b\n  b integer unit=kb\n", `f:3: unknown unit "kb"`},
		{"  a integer unit=s at-most=b\n  b integer unit=ms\n", "kind K: K.a: at-most names b, whose unit does not convert to s"},
		{"  a object one-of=b|c\n    b string\n", "kind K: K.a: one-of names c, which is not a member beside it"},
		{"  a string transition=\"changed while ../b: error: w\"\n", "kind K: K.a: transition: while goes up more objects"},
		{"  a string transition=\"changed while b: error: w\"\n  b string\n", "kind K: K.a: transition: while names b, which is not a boolean"},
		{"  a string secret-keys=X\n", "kind K: K.a: secret-keys belongs to a kind or to a boolean member of userConfig"},
	} {
		func() {
			defer func() {
				got, _ := recover().(string)
				if !strings.Contains(got, c.want) {
					t.Errorf("%q: panic %q, want %q", c.text, got, c.want)
				}
			}()
			r := newReader()
			r.read("f", "kind K object\n"+c.text)
			checkRules("K", "K", r.kinds["K"], nil)
		}()
	}
}

// TestTransitionErrors feeds readTransition malformed values: each must
// panic with the value and what is wrong.
func TestTransitionErrors(t *testing.T) {
	for _, c := range []struct{ value, want string }{
		{"changed", "a transition is"},
		{"grew: error: w", `unknown change "grew"`},
		{"changed: fatal: w", `unknown severity "fatal"`},
		{"changed while ../: error: w", "while names a member"},
	} {
		func() {
			defer func() {
				got, _ := recover().(string)
				if want := `core/schema: transition="` + c.value + `": ` + c.want; !strings.HasPrefix(got, want) {
					t.Errorf("%q: panic %q, want %q...", c.value, got, want)
				}
			}()
			readTransition(c.value)
		}()
	}
}

// TestTransitionsRead reads a transition of each shape the data uses.
func TestTransitionsRead(t *testing.T) {
	for _, c := range []struct {
		value string
		want  Transition
	}{
		{"changed while ../schema_registry: error: w", Transition{Change: Changed, While: "schema_registry", Up: 1, Severity: SeverityError, Code: "transition", Words: "w"}},
		{"true to false: information: w: x", Transition{Change: FromTo, From: "true", To: "false", Severity: SeverityInformation, Code: "transition", Words: "w: x"}},
		{"decreased: warning disk-space: w", Transition{Change: Decreased, Severity: SeverityWarning, Code: "disk-space", Words: "w"}},
		{"removed: information disk-space: w", Transition{Change: Removed, Severity: SeverityInformation, Code: "disk-space", Words: "w"}},
	} {
		if got := readTransition(c.value); got != c.want {
			t.Errorf("%q: got %+v, want %+v", c.value, got, c.want)
		}
	}
}

// TestSpecProseRulesAreData holds the data to the rules the specification
// states in prose ("States and transitions" of part 1, and the notes of
// its tables and part 3's): each is a transition or a flag of the member
// it is about, in every kind that has the member.
func TestSpecProseRulesAreData(t *testing.T) {
	member := func(kind string, path ...string) *Schema {
		s := Lookup(kind).Manifest
		for _, name := range path {
			p := s.Property(name)
			if p == nil {
				t.Fatalf("%s has no member %s", kind, strings.Join(path, "."))
			}
			s = p.Schema
		}
		return s
	}
	for _, c := range []struct {
		kind string
		path []string
		want Transition
	}{
		// 4. A disk_space reduction causes re-balancing; removing the field keeps the current size.
		{"OpenSearch", []string{"spec", "disk_space"}, Transition{Change: Decreased, Severity: SeverityWarning, Code: "disk-space"}},
		{"Grafana", []string{"spec", "disk_space"}, Transition{Change: Removed, Severity: SeverityInformation, Code: "disk-space"}},
		// topic_name: it can be switched only while the registry is disabled.
		{"Kafka", []string{"spec", "userConfig", "schema_registry_config", "topic_name"},
			Transition{Change: Changed, While: "schema_registry", Up: 1, Severity: SeverityError, Code: "transition"}},
		// prefer_primary: switching back to false does not redistribute.
		{"OpenSearch", []string{"spec", "userConfig", "opensearch", "cluster.routing.allocation.balance.prefer_primary"},
			Transition{Change: FromTo, From: "true", To: "false", Severity: SeverityInformation, Code: "transition"}},
	} {
		found := false
		for _, got := range member(c.kind, c.path...).Transitions() {
			got.Words = ""
			found = found || got == c.want
		}
		if !found {
			t.Errorf("%s %s: no transition %+v", c.kind, strings.Join(c.path, "."), c.want)
		}
	}
	// 5. While terminationProtection is true, the service cannot be deleted.
	for _, kind := range Names() {
		if member(kind, "spec", "terminationProtection").Lifecycle&PreventsDeletion == 0 {
			t.Errorf("%s spec.terminationProtection does not prevent deletion", kind)
		}
	}
}
