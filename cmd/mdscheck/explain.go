package main

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/mdscheck/mdscheck/core/check"
	"github.com/mdscheck/mdscheck/core/schema"
)

func newExplainCmd() *cobra.Command {
	var format, color *choice
	cmd := &cobra.Command{
		Use:   "explain [flags] RULE|KIND[.PATH]",
		Short: "Describe a rule code or a member of a kind",
		Long: `Describes a rule code (the word in brackets at the end of a finding), or a
member of a kind given as KIND.PATH: its type, constraints, default,
lifecycle, description and members. A bare KIND describes the whole
manifest. A name that is nearly right gets a suggestion.

On a terminal the description is plain text (bold in bold with colour on);
in a pipe or a file it is Markdown, as an editor's hover shows it.`,
		Example: `  mdscheck explain enum
  mdscheck explain Kafka.spec.userConfig.kafka_version
  mdscheck explain 'OpenSearch.spec.userConfig.ip_filter[].network'

  # the Markdown, for a page of documentation
  mdscheck explain Kafka.spec.userConfig --format markdown > kafka.md`,
		Args:              exactlyOne("RULE or KIND[.PATH]"),
		ValidArgsFunction: completeExplain,
		RunE: func(cmd *cobra.Command, args []string) error {
			md, err := explanation(args[0])
			if err != nil {
				return err
			}
			out := cmd.OutOrStdout()
			if format.value == "text" || format.value == "" && isTerminal(out) {
				md = plainMarkdown(md, useColor(color.value, out))
			}
			fmt.Fprint(out, md)
			return nil
		},
	}
	format = addChoice(cmd, "format", "", "output format (default: text on a terminal, markdown otherwise)",
		option{"text", "plain text for a terminal"},
		option{"markdown", "Markdown, as an editor's hover shows it"})
	color = addChoice(cmd, "color", "auto", "bold in text output", colorModes...)
	return cmd
}

// explanation describes a rule code, or a member given as KIND.path.
func explanation(arg string) (string, error) {
	if r := check.LookupRule(arg); r != nil {
		return fmt.Sprintf("**%s**: %s\n\nExample and details: %s\n", r.Code, r.Summary, check.RuleURL(r.Code)), nil
	}
	kindName, rest, dotted := strings.Cut(arg, ".")
	k := schema.Lookup(kindName)
	switch {
	case k == nil && dotted:
		return "", fmt.Errorf("unknown kind %q (%s)%s", kindName, orList(schema.Names()), didYouMean(arg))
	case k == nil:
		return "", fmt.Errorf("%q is neither a rule code nor a kind (%s)%s", arg, orList(schema.Names()), didYouMean(arg))
	}
	s, required, err := schema.ResolveMember(k.Manifest, rest)
	if err != nil {
		return "", fmt.Errorf("%v of %s%s", err, k.Name, didYouMean(arg))
	}
	return schema.DescribeMember(arg, s, required), nil
}
