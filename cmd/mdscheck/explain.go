package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/mdscheck/mdscheck/core/check"
	"github.com/mdscheck/mdscheck/core/schema"
)

// explain describes a rule code, or a member given as KIND.path.
func explain(args []string, stdout, stderr io.Writer) int {
	if len(args) != 1 {
		fmt.Fprintln(stderr, "usage: mdscheck explain RULE|KIND[.PATH]   (for example: explain enum, explain Kafka.spec.userConfig.kafka_version)")
		return 2
	}
	arg := args[0]
	if r := check.LookupRule(arg); r != nil {
		fmt.Fprintf(stdout, "%s: %s\nSee docs/rules.md#%s for an example.\n", r.Code, r.Summary, r.Code)
		return 0
	}
	kindName, rest, _ := strings.Cut(arg, ".")
	k := schema.Lookup(kindName)
	if k == nil {
		fmt.Fprintf(stderr, "mdscheck: %q is neither a rule code nor a kind (%s)\n", arg, strings.Join(schema.Names(), ", "))
		return 2
	}
	s, required, err := schema.ResolveMember(k.Manifest, rest)
	if err != nil {
		fmt.Fprintf(stderr, "mdscheck: %v\n", err)
		return 2
	}
	fmt.Fprint(stdout, schema.DescribeMember(arg, s, required))
	return 0
}
