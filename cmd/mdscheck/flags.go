package main

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// option is one value of a choice flag and what it does, shown in the
// menus of shell completion.
type option struct{ name, about string }

// choice is a string flag whose value is one of a fixed list. The list
// checks the value, names it in the help and feeds shell completion, so
// the three cannot disagree.
type choice struct {
	value   string
	options []option
}

// addChoice defines the flag name on cmd with the default def.
func addChoice(cmd *cobra.Command, name, def, usage string, options ...option) *choice {
	c := &choice{value: def, options: options}
	cmd.Flags().Var(c, name, usage)
	mustRegister(cmd.RegisterFlagCompletionFunc(name, c.complete))
	return c
}

func (c *choice) String() string { return c.value }

// Type is what the help shows after the flag's name: its values.
func (c *choice) Type() string { return strings.Join(c.names(), "|") }

// Set accepts one of the options; the flag parser prefixes the error with
// the flag's name and the value given.
func (c *choice) Set(v string) error {
	for _, o := range c.options {
		if o.name == v {
			c.value = v
			return nil
		}
	}
	return fmt.Errorf("must be %s", orList(c.names()))
}

func (c *choice) names() []string {
	names := make([]string, len(c.options))
	for i, o := range c.options {
		names[i] = o.name
	}
	return names
}

func (c *choice) complete(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
	out := make([]string, len(c.options))
	for i, o := range c.options {
		out[i] = o.name + "\t" + o.about
	}
	return out, cobra.ShellCompDirectiveNoFileComp
}

// orList joins words as "a, b or c".
func orList(words []string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " or " + words[len(words)-1]
}

// mustRegister stops at a completion registered twice or for a flag that
// does not exist: a mistake in this program, not in its use.
func mustRegister(err error) {
	if err != nil {
		panic(err)
	}
}

// goStyleFlags rewrites -name and -name=value to --name for every long flag
// of the program. The standard flag package, which mdscheck used before,
// took one dash as well as two, and scripts written then must keep
// working; a single letter stays a shorthand, and nothing after -- is
// touched.
func goStyleFlags(root *cobra.Command, args []string) []string {
	long := map[string]bool{"help": true} // cobra adds --help when it runs
	var visit func(c *cobra.Command)
	visit = func(c *cobra.Command) {
		c.Flags().VisitAll(func(f *pflag.Flag) { long[f.Name] = true })
		for _, sub := range c.Commands() {
			visit(sub)
		}
	}
	visit(root)
	out := make([]string, len(args))
	copy(out, args)
	for i, a := range out {
		if a == "--" {
			break
		}
		if len(a) < 3 || a[0] != '-' || a[1] == '-' {
			continue
		}
		name, _, _ := strings.Cut(a[1:], "=")
		if long[name] {
			out[i] = "-" + a
		}
	}
	return out
}
