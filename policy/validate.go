package main

import (
	"encoding/json"
	"strconv"
	"strings"

	"github.com/mdscheck/mdscheck/core/change"
	"github.com/mdscheck/mdscheck/core/check"
	"github.com/mdscheck/mdscheck/core/report"
	"github.com/mdscheck/mdscheck/core/secret"
)

// input is what the policy server writes on stdin for validate.
type input struct {
	Request  request         `json:"request"`
	Settings json.RawMessage `json:"settings"`
}

// request holds the members of an AdmissionRequest the policy reads. The
// objects stay JSON text: the core reads them as YAML, which JSON is.
type request struct {
	Operation string          `json:"operation"`
	Object    json.RawMessage `json:"object"`
	OldObject json.RawMessage `json:"oldObject"`
}

// answer is the answer of validate. Code is the HTTP status the API
// server reports with a refusal.
type answer struct {
	Accepted bool   `json:"accepted"`
	Message  string `json:"message,omitempty"`
	Code     int    `json:"code,omitempty"`
}

// The HTTP status of each kind of refusal.
const (
	codeInvalid  = 400 // the resource has mistakes, or the request is malformed
	codeTooLarge = 413
)

// maxShown is how many findings a refusal's message lists; it counts the
// rest. kubectl prints the message on one line.
const maxShown = 10

// budget bounds the check of one object as the WebAssembly module bounds
// one call: a resource is one document of a few kilobytes, so only a
// hostile request comes near it.
var budget = report.Budget{Bytes: maxInput, Documents: 1, Findings: 1000,
	Message: "an admission request holds one resource; the rest was not checked"}

func validate(in []byte) answer {
	if in == nil {
		return answer{Message: "the request is larger than the policy reads (" + strconv.Itoa(maxInput>>20) + " MiB)", Code: codeTooLarge}
	}
	var req input
	if err := json.Unmarshal(in, &req); err != nil {
		return answer{Message: "the request is not an admission request: " + err.Error(), Code: codeInvalid}
	}
	obj, old := object(req.Request.Object), object(req.Request.OldObject)
	// What the request says wrong quotes words of its own (a rule code
	// of the settings, the operation), which may be secrets of the
	// objects: every message passes the gate of both, as the findings do.
	refuse := func(msg string) answer {
		cur, was := checked(obj), checked(old)
		return answer{Message: gate(&cur, &was).Clean(msg), Code: codeInvalid}
	}
	s, problem := parseSettings(req.Settings)
	if problem != "" {
		return refuse(problem)
	}
	op := req.Request.Operation
	switch {
	case op == "DELETE" && !isObject(old), op != "DELETE" && !isObject(obj), op == "UPDATE" && !isObject(old):
		return refuse("the request of a " + strconv.Quote(trimLong(op)) + " holds no object to check (object or oldObject is missing or not a JSON object)")
	}
	switch op {
	case "CREATE":
		return s.verdict(obj, "")
	case "UPDATE":
		return s.verdict(obj, old)
	case "DELETE":
		// The object is gone: the change from old to nothing is its
		// deletion, which the core refuses while it is protected.
		return s.verdict("", old)
	}
	return refuse("operation " + strconv.Quote(trimLong(req.Request.Operation)) + " is not CREATE, UPDATE or DELETE")
}

// object returns the text of an object of the request, "" for none.
func object(raw json.RawMessage) string {
	if t := string(raw); t != "null" {
		return t
	}
	return ""
}

// isObject reports whether an object's text is a JSON object: what a
// resource is, and what the core reads as a manifest.
func isObject(t string) bool { return strings.HasPrefix(strings.TrimSpace(t), "{") }

// verdict decides on cur, the resource as it would be (or "" when it is
// deleted), with the lifecycle rules against prev when there is one: the
// findings of mdscheck validate --previous, at the severities of s.
func (s settings) verdict(cur, prev string) answer {
	var f, was report.File
	f = checked(cur)
	if prev != "" {
		old := checked(prev)
		was = old
		if cur == "" {
			// Only the deletion counts: what the old version had
			// wrong was admitted then and goes with it.
			f.Diagnostics = nil
		}
		c := change.Streams(prev, cur)
		f.Diagnostics = append(c.Previous[0].Findings, f.Diagnostics...)
		f.Diagnostics = append(f.Diagnostics, c.Current[0].Findings...)
	}
	g := gate(&f, &was)
	f = s.policy.Apply(f)
	errors, warnings := f.Counts()
	if errors == 0 && (!s.strict || warnings == 0) {
		return answer{Accepted: true}
	}
	return answer{Message: g.Clean(refusal(f.Diagnostics, s.strict)), Code: codeInvalid}
}

// gate is the gate of the secrets of the checked objects: what every
// message of validate passes. The codes of the rules, which messages
// name, stay whole.
func gate(files ...*report.File) *secret.Gate {
	g := &secret.Gate{}
	for _, f := range files {
		f.Feed(g)
	}
	if !g.Empty() {
		check.KeepRules(g)
	}
	return g
}

// checked is the check of one object's text, within the budget.
func checked(src string) report.File {
	if src == "" {
		return report.File{}
	}
	st := report.NewStream(src, report.Options{Check: check.DefaultOptions, Budget: budget, NoSecretSpans: true})
	var c report.Checker
	for i := range st.Len() {
		st.Check(&c, i)
	}
	return st.File()
}

// refusal lists the findings that refuse the request: the errors, and
// the warnings too when strict.
func refusal(ds []check.Diagnostic, strict bool) string {
	var b strings.Builder
	shown, more := 0, 0
	for _, d := range ds {
		if d.Severity != check.Error && (!strict || d.Severity != check.Warning) {
			continue
		}
		if shown == maxShown {
			more++
			continue
		}
		if shown > 0 {
			b.WriteString("; ")
		}
		shown++
		if d.Path != "" {
			b.WriteString(d.Path + ": ")
		}
		b.WriteString(d.Message + " (" + d.Rule + ")")
	}
	if more > 0 {
		b.WriteString("; and " + strconv.Itoa(more) + " more")
	}
	return "mdscheck: " + b.String()
}
