package config

import "testing"

// BenchmarkExcludedAndPolicy is the cost a configuration adds to each file
// of a walk: its excludes matched against the path and its ancestors, and
// the severities of the overrides that match.
func BenchmarkExcludedAndPolicy(b *testing.B) {
	c := Parse("/repo/.mdscheck.yaml", `exclude: ["legacy/**", vendor, "**/*.generated.yaml", "charts/*/templates"]
rules: {deprecated: off, maximum: warning}
overrides:
  - files: ["staging/**"]
    rules: {maximum: error}
  - files: ["staging/eu/**", "**/*.tmpl.yaml"]
    unknownFields: off
`)
	const path = "/repo/staging/eu/west/kafka/events.yaml"
	for b.Loop() {
		if c.Excluded(path) || len(c.Policy(path)) != 3 {
			b.Fatal("wrong result")
		}
	}
}
