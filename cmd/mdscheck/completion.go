package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/mdscheck/mdscheck/core/check"
	"github.com/mdscheck/mdscheck/core/schema"
)

// shells maps each shell to cobra's writer of its script. The scripts
// ask `mdscheck __complete ...` at each TAB, so what they offer (kinds,
// member paths) is always what this binary knows.
var shells = map[string]func(root *cobra.Command, w io.Writer) error{
	"bash":       func(root *cobra.Command, w io.Writer) error { return root.GenBashCompletionV2(w, true) },
	"zsh":        (*cobra.Command).GenZshCompletion,
	"fish":       func(root *cobra.Command, w io.Writer) error { return root.GenFishCompletion(w, true) },
	"powershell": (*cobra.Command).GenPowerShellCompletionWithDesc,
}

// shellNames are the keys of shells in the order help lists them.
var shellNames = []string{"bash", "zsh", "fish", "powershell"}

func newCompletionCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "completion bash|zsh|fish|powershell",
		Short: "Print a shell completion script",
		Long: `Prints the script that completes mdscheck's commands, flags, flag values,
paths, and the kinds and member paths of explain and schema (explain
Kafka.spec.us<TAB> gives Kafka.spec.userConfig).

The bash script needs the bash-completion package, as kubectl's does;
the zsh script needs compinit.`,
		Example: `  # bash: this shell, then every new one
  source <(mdscheck completion bash)
  mdscheck completion bash > ~/.local/share/bash-completion/completions/mdscheck

  # zsh: a directory of $fpath, then start a new shell
  mdscheck completion zsh > "${fpath[1]}/_mdscheck"

  # fish
  mdscheck completion fish > ~/.config/fish/completions/mdscheck.fish`,
		ValidArgs: shellNames,
		Args:      exactlyOne("shell: " + orList(shellNames)),
		RunE: func(cmd *cobra.Command, args []string) error {
			write := shells[args[0]]
			if write == nil {
				return fmt.Errorf("no completion for the shell %q: %s", args[0], orList(shellNames))
			}
			return write(cmd.Root(), cmd.OutOrStdout())
		},
	}
}

// completeManifests offers what validate reads: directories and YAML files.
func completeManifests(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
	return []string{"yaml", "yml", "YAML", "YML"}, cobra.ShellCompDirectiveFilterFileExt
}

// completeKinds offers the kind names, for schema.
func completeKinds(_ *cobra.Command, args []string, toComplete string) ([]string, cobra.ShellCompDirective) {
	if len(args) > 0 {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	var out []string
	for _, n := range schema.Names() {
		if strings.HasPrefix(n, toComplete) {
			out = append(out, n)
		}
	}
	return out, cobra.ShellCompDirectiveNoFileComp
}

// completeExplain offers rule codes and kinds, and after KIND. the member
// paths below it. No space follows a completion, so that a dot can
// continue a path.
func completeExplain(cmd *cobra.Command, args []string, toComplete string) ([]string, cobra.ShellCompDirective) {
	const directive = cobra.ShellCompDirectiveNoFileComp | cobra.ShellCompDirectiveNoSpace
	if len(args) > 0 {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	kindName, rest, dotted := strings.Cut(toComplete, ".")
	if dotted {
		if k := schema.Lookup(kindName); k != nil {
			return memberPaths(k.Manifest, kindName, rest), directive
		}
		return nil, directive
	}
	out, _ := completeKinds(cmd, args, toComplete)
	for _, r := range check.Rules {
		if strings.HasPrefix(r.Code, toComplete) {
			out = append(out, r.Code+"\t"+r.Summary)
		}
	}
	return out, directive
}

// memberPaths lists the paths below s, which is at the path at, that
// start with at.rest; each with its type as the description. Names with
// dots in them are offered whole.
func memberPaths(s *schema.Schema, at, rest string) []string {
	if s.Type == schema.Array && s.Items != nil {
		s = s.Items // explain reads a.b as a[].b when a is a list
	}
	var out []string
	for _, p := range s.Properties {
		path := at + "." + p.Name
		if strings.HasPrefix(p.Name, rest) {
			out = append(out, path+"\t"+schema.TypeName(p.Schema))
		}
		if strings.HasPrefix(rest, p.Name+".") {
			out = append(out, memberPaths(p.Schema, path, rest[len(p.Name)+1:])...)
		}
	}
	return out
}
