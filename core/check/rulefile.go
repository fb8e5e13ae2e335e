package check

import "strings"

// elsewhere are the rules that a package other than core/check finds,
// with the file that finds them: the rules that compare a manifest with
// its previous version, and those across the resources of a run. A rule that some data names (the transitions)
// is found in the file that reads that data.
var elsewhere = [...]struct{ code, file string }{
	{"immutable", "core/change/compare.go"},
	{"restart", "core/change/compare.go"},
	{"deletion", "core/change/deletion.go"},
	{"disk-space", "core/change/transition.go"},
	{"transition", "core/change/transition.go"},
	{"secret-conflict", "core/cross/conflict.go"},
	{"secret-key", "core/cross/key.go"},
	{"secret-prefix", "core/cross/prefix.go"},
}

// File is the file that finds the rule's violations, from the root of
// the repository: core/check/rule_CODE.go (with _ for -) for every rule
// of this package, one file a rule.
func (r Rule) File() string {
	for _, e := range elsewhere {
		if e.code == r.Code {
			return e.file
		}
	}
	return "core/check/rule_" + strings.ReplaceAll(r.Code, "-", "_") + ".go"
}
