package schema

import (
	"slices"
	"strconv"
	"strings"
)

// Severity is how grave a finding is. The values are those of
// check.Severity and of LSP's DiagnosticSeverity.
type Severity uint8

// Severities of the rules the data states.
const (
	SeverityError       Severity = 1
	SeverityWarning     Severity = 2
	SeverityInformation Severity = 3
)

// severityWords are the words the data files write a Severity in.
var severityWords = [...]string{SeverityError: "error", SeverityWarning: "warning", SeverityInformation: "information"}

func (s Severity) String() string { return severityWords[s] }

// RuleKind is what a rule between members says. Each kind reads one
// attribute of the data files and reports one rule code with one
// severity: the one the specification's wording gives ("must", "needs":
// an error; "should", or a relation it leaves unstated: a warning).
type RuleKind uint8

// The rules between members. Names are members of the object that holds
// the member carrying the rule; for Together and OneOf, which an object
// carries, they are members of that object.
const (
	// Requires: the member needs the member Names[0] beside it. An error
	// (rule requires).
	Requires RuleKind = 1 + iota
	// Together: the object's members Names are set all or none; Words
	// name what they describe together ("a self-hosted GitLab"). A
	// warning (rule requires).
	Together
	// OneOf: the object needs exactly one of Names. A warning (rule
	// one-of).
	OneOf
	// Conflicts: the member and Names[0] are not set together; Words, if
	// any, say why. Between booleans it means not both true, and an unset
	// member counts with its default; Words then say what setting the
	// other one to false keeps. A warning (rule conflict).
	Conflicts
	// NotAbove: the member's number is not above that of the first member
	// of Names that is set. A warning (rule order): the specification
	// states the bounds of each but not their relation.
	NotAbove
	// AtMost: the member's number must not exceed the first member of
	// Names that is set, or else the default of the last one, converted
	// to the member's Unit. Negative numbers stand for "the value of the
	// other member" or "no limit" and are not compared. An error (rule
	// order).
	AtMost
	// PathIn: the string is a path inside what Words name ("the
	// container or bucket") and must not start or end with "/". An error
	// (rule path-slash).
	PathIn
	// Excludes: the member and Names[0] are never set together; Words, if
	// any, say why. It is Conflicts where the operator refuses the
	// manifest (its webhook rejects projectVpcId beside projectVPCRef),
	// so an error (rule conflict). Only between members that are not
	// booleans.
	Excludes
)

// ruleWords are the attribute names of the rule kinds, in the order the
// data files write them.
var ruleWords = [...]string{Requires: "requires", Together: "together", OneOf: "one-of", Conflicts: "conflicts",
	NotAbove: "not-above", AtMost: "at-most", PathIn: "path-in", Excludes: "excludes"}

// ruleCodes are the rule codes the kinds report.
var ruleCodes = [...]string{Requires: "requires", Together: "requires", OneOf: "one-of", Conflicts: "conflict",
	NotAbove: "order", AtMost: "order", PathIn: "path-slash", Excludes: "conflict"}

// String is the attribute that writes the kind in the data files.
func (k RuleKind) String() string { return ruleWords[k] }

// Code is the rule code of the findings of the kind.
func (k RuleKind) Code() string { return ruleCodes[k] }

// Severity is the severity of the findings of the kind.
func (k RuleKind) Severity() Severity {
	switch k {
	case Requires, AtMost, PathIn, Excludes:
		return SeverityError
	}
	return SeverityWarning
}

// OnObject reports whether the kind binds the members of the object that
// carries it (Together, OneOf) rather than the member that carries it and
// its neighbours.
func (k RuleKind) OnObject() bool { return k == Together || k == OneOf }

// Rule is a rule between members, written as an attribute of the member it
// binds, or of the object for Together and OneOf:
//
//	KIND=NAME|NAME...            requires=indices_memory_index_buffer_size
//	KIND="NAME|NAME...; WORDS"   conflicts="projectVPCRef; the reference supplies projectVpcId"
//	path-in=WORDS                path-in="the container or bucket"
type Rule struct {
	Kind  RuleKind
	Names []string // the members it names, in the order written
	Words string   // words for the message, "" when none
}

// Unit is what a number counts, when a rule compares numbers counted in
// different units (log_retention_hours against log_local_retention_ms).
type Unit string

// The units of time the data may name, with their length in ms.
var units = [...]struct {
	name Unit
	ms   int64
}{{"ms", 1}, {"s", 1000}, {"minute", 60000}, {"hour", 3600000}}

// Conversions returns every Per greater than 1 between two units: the
// factors by which a message may state a number in another unit.
func Conversions() []int64 {
	var out []int64
	for _, u := range units {
		for _, v := range units {
			if n := u.name.Per(v.name); n > 1 && !slices.Contains(out, n) {
				out = append(out, n)
			}
		}
	}
	return out
}

// Per returns how many v make one u (Unit("hour").Per("ms") is 3600000),
// or 0 when either is not a unit of time or u is smaller than v.
func (u Unit) Per(v Unit) int64 {
	var a, b int64
	for _, x := range units {
		if x.name == u {
			a = x.ms
		}
		if x.name == v {
			b = x.ms
		}
	}
	if a == 0 || b == 0 || a%b != 0 {
		return 0
	}
	return a / b
}

// Change is what a transition rule watches between two versions of a
// resource.
type Change uint8

// The changes a transition rule can watch.
const (
	// Changed: the member's value differs, appears or disappears.
	Changed Change = 1 + iota
	// FromTo: the value goes from From to To.
	FromTo
	// Decreased: the value becomes smaller (a number, or a disk size).
	Decreased
	// Removed: the member is set before and left out after.
	Removed
)

// Transition is a lifecycle rule of a member beyond the flags of
// Lifecycle: what a change of it between the previous and the new
// version of a resource means. The specification states these in prose
// ("States and transitions", and the tables' notes); core/change reports
// them. The data writes one as
//
//	transition="CHANGE[ while PATH]: SEVERITY[ CODE]: WORDS"
//
// where CHANGE is changed, decreased, removed or FROM to TO (values as
// written in YAML); PATH is a boolean member, from the object holding
// this member, each ../ one object up; CODE is the rule code, transition
// when left out. A member may carry several.
type Transition struct {
	Change   Change
	From, To string // for FromTo: the values as written in YAML
	// While, when not "", is a boolean member that the rule depends on: it
	// applies only while that member is true (in the previous or the new
	// version). It is a member of the object Up objects above the one
	// that holds this member (0: a neighbour).
	While    string
	Up       int
	Severity Severity
	Code     string // the rule code: transition, or a code of its own (disk-space)
	Words    string // what the change does or needs, for the message
}

// changeWords are the words of the data files for the changes without
// values.
var changeWords = [...]string{Changed: "changed", Decreased: "decreased", Removed: "removed"}

// rule reads the value of a rule attribute of kind k.
func (r *reader) rule(k RuleKind, value string) Rule {
	if k == PathIn {
		return Rule{Kind: k, Words: value}
	}
	names, words, _ := strings.Cut(value, "; ")
	rule := Rule{Kind: k, Names: strings.Split(names, "|"), Words: words}
	for _, n := range rule.Names {
		if n == "" || strings.IndexByte(n, ' ') >= 0 {
			r.fail(k.String() + ": " + strconv.Quote(n) + " is not a member name; write NAME|NAME, then \"; \" and words")
		}
	}
	switch {
	case k.OnObject() && len(rule.Names) < 2:
		r.fail(k.String() + " names two members or more")
	case (k == Requires || k == Conflicts || k == Excludes) && len(rule.Names) != 1:
		r.fail(k.String() + " names one member")
	case k == Together && words == "":
		r.fail("together needs words for its message: together=\"A|B; what they describe\"")
	}
	return rule
}

// Transitions returns the lifecycle rules of changes of the member, in
// the order written. They are read from the data on each call, so that
// a program that compares no versions (the WebAssembly module) carries no
// reader for them; go test ./core/schema reads every one.
func (s *Schema) Transitions() []Transition {
	var out []Transition
	for _, v := range s.transitions {
		out = append(out, readTransition(v))
	}
	return out
}

// readTransition reads the value of a transition attribute. A malformed
// one panics: the data is part of the program.
func readTransition(value string) Transition {
	fail := func(what string) { panic("core/schema: transition=\"" + value + "\": " + what) }
	change, rest, ok1 := strings.Cut(value, ": ")
	sev, words, ok2 := strings.Cut(rest, ": ")
	if !ok1 || !ok2 || words == "" {
		fail("a transition is \"CHANGE[ while PATH]: SEVERITY[ CODE]: WORDS\"")
	}
	t := Transition{Words: words}
	if c, path, ok := strings.Cut(change, " while "); ok {
		for strings.HasPrefix(path, "../") {
			path, t.Up = path[3:], t.Up+1
		}
		if path == "" || strings.ContainsAny(path, "/ ") {
			fail("while names a member, after ../ for each object up")
		}
		change, t.While = c, path
	}
	if from, to, ok := strings.Cut(change, " to "); ok {
		t.Change, t.From, t.To = FromTo, from, to
	}
	for c, w := range changeWords {
		if w != "" && w == change {
			t.Change = Change(c)
		}
	}
	if t.Change == 0 {
		fail("unknown change " + strconv.Quote(change) + "; changed, decreased, removed or FROM to TO")
	}
	sev, t.Code, _ = strings.Cut(sev, " ")
	if t.Code == "" {
		t.Code = "transition"
	}
	for v, w := range severityWords {
		if w != "" && w == sev {
			t.Severity = Severity(v)
		}
	}
	if t.Severity == 0 {
		fail("unknown severity " + strconv.Quote(sev) + "; error, warning or information")
	}
	return t
}
