package check

import "github.com/mdscheck/mdscheck/core/secret"

// Rule documents one rule code. The codes are stable: tools and people
// match on them.
type Rule struct {
	Code    string
	Summary string
}

// Rules lists every rule code mdscheck reports, in the order of
// docs/rules.md.
var Rules = []Rule{
	{"yaml-syntax", "The text is not valid YAML, or an alias refers to no anchor of its document."},
	{"limit", "The input exceeds a limit that keeps checking fast and safe (size, nesting, keys per mapping, alias expansion)."},
	{"duplicate-key", "A key appears twice in one mapping; Kubernetes keeps only the last."},
	{"type", "A value has the wrong type, for example a number where a string is required."},
	{"enum", "A value is not one of the allowed values."},
	{"const", "A value that has exactly one allowed value differs from it (apiVersion)."},
	{"required", "A required member is missing or null."},
	{"unknown-field", "A member the schema does not know, usually a typo."},
	{"pattern", "A string does not match the regular expression of the specification."},
	{"format", "A string does not have the named shape (e-mail, CIDR, time of day, single line, ...)."},
	{"min-length", "A string is shorter than allowed (counted in Unicode code points)."},
	{"max-length", "A string is longer than allowed (counted in Unicode code points)."},
	{"minimum", "A number is below its minimum."},
	{"maximum", "A number is above its maximum, or beyond the 64-bit range."},
	{"max-items", "A list has more items than allowed."},
	{"deprecated", "A deprecated member is set."},
	{"yaml-compat", "A value that Kubernetes reads differently from YAML 1.2 tools (yes, on, 0777, 1_000)."},
	{"requires", "A member is set without another member it needs."},
	{"conflict", "Two members are set that should not be set together."},
	{"one-of", "An object needs one of several members, or only one of them."},
	{"order", "A member must not exceed another one (a minimum above a maximum, a local retention above the total)."},
	{"path-slash", "A path that must not start or end with a slash does."},
	{"disk-unit", "A disk size without a unit (102400), which the operator accepts and ignores."},
	{"suppression", "An mdscheck:ignore comment names no rule code, or (with --strict) silences nothing."},
	// Found by comparing with the previous version (core/change).
	{"immutable", "A member that cannot change after creation changed, appeared or disappeared since the previous version."},
	{"deletion", "A resource of the previous version is gone: the service and its data will be deleted, or cannot be while protected."},
	{"disk-space", "The disk size went down (the data is re-balanced) or was removed (the current size stays)."},
	{"restart", "A member whose change restarts all instances of the service changed."},
	{"transition", "A change that the specification's prose of a kind forbids or explains (a renamed schema topic, a shard balance setting turned off)."},
	// Found across the resources of a run (core/cross).
	{"secret-conflict", "Two resources write the same connection Secret, or one named like a Secret of the set or like the resource's own token Secret."},
	{"secret-key", "A workload reads a key that the resource writing the Secret does not write, or reads the Secret of a resource that writes none."},
	{"secret-prefix", "One container's envFrom takes two connection Secrets whose keys are the same environment variables."},
}

// RuleURL is where the documentation of a rule is, with an example: on the
// web, since docs/ is not installed with the command or the extension.
func RuleURL(code string) string {
	return "https://github.com/mdscheck/mdscheck/blob/main/docs/rules.md#" + code
}

// KeepRules declares the codes of the rules, the addresses of their
// pages, their summaries and the severities safe in g (secret.Gate.Safe):
// mdscheck's own words, which every output names, stay whole where a
// secret is spelt like one.
func KeepRules(g *secret.Gate) {
	for _, r := range Rules {
		g.Safe(r.Code)
		g.Safe(RuleURL(r.Code))
		g.Safe(r.Summary) // SARIF's rule descriptions
	}
	// The severities, which a host switches on: a Secret's file holding
	// X=error made the module's every finding's "(secret)".
	for _, s := range []Severity{Error, Warning, Information, Hint} {
		g.Safe(s.String())
	}
}

// LookupRule returns the rule with code, or nil.
func LookupRule(code string) *Rule {
	for i := range Rules {
		if Rules[i].Code == code {
			return &Rules[i]
		}
	}
	return nil
}
