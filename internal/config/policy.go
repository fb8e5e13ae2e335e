package config

import (
	"github.com/mdscheck/mdscheck/core/check"
	"github.com/mdscheck/mdscheck/core/report"
)

// Policy is the severity per rule code for one file; a code it does not
// hold keeps the severity the check gave it.
type Policy map[string]Level

// Apply returns f with each finding at the severity p sets for its rule,
// and without the findings of rules p turns off. The findings are
// copied: f is left as it was, since callers keep results to reuse.
func (p Policy) Apply(f report.File) report.File {
	if len(p) == 0 {
		return f
	}
	out := make([]check.Diagnostic, 0, len(f.Diagnostics))
	for _, d := range f.Diagnostics {
		switch l := p[d.Rule]; l {
		case Unset:
		case Off:
			continue
		default:
			d.Severity = l.severity()
		}
		out = append(out, d)
	}
	f.Diagnostics = out
	return f
}

// severity is the severity of findings at level l (Error, Warning or
// Information).
func (l Level) severity() check.Severity {
	switch l {
	case Error:
		return check.Error
	case Warning:
		return check.Warning
	}
	return check.Information
}
