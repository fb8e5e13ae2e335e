package main

import (
	"errors"
	"fmt"
	"io"

	"github.com/spf13/cobra"
)

// newRoot builds the command tree afresh for each run, so that no flag
// value survives from one run to the next (tests call run many times).
func newRoot(stdin io.Reader, stdout, stderr io.Writer) *cobra.Command {
	root := &cobra.Command{
		Use:   "mdscheck",
		Short: "Check manifests of managed data services",
		Long: `mdscheck checks manifests of managed data services: the kinds OpenSearch,
Grafana and Kafka of apiVersion example.io/v1alpha1. It reports every
mistake at once, with file, line, column, what is allowed and a rule code.
Other Kubernetes objects in the same files are left alone.

Flags go before or after the arguments; -- ends the flags.`,
		Example: `  mdscheck validate .
  mdscheck validate deploy/ --format json
  mdscheck explain Kafka.spec.userConfig.kafka_version
  source <(mdscheck completion bash)`,
		// --version prints the same line as the version command.
		Version: currentBuild().String(),
		// run prints errors and chooses the exit status, the same way
		// for every command.
		SilenceErrors: true,
		SilenceUsage:  true,
		// Our own completion command carries an example like every
		// other command, and says no to a shell it does not know.
		CompletionOptions: cobra.CompletionOptions{DisableDefaultCmd: true},
	}
	root.SetVersionTemplate("mdscheck {{.Version}}\n")
	root.SetIn(stdin)
	root.SetOut(stdout)
	root.SetErr(stderr)
	root.AddCommand(newValidateCmd(), newLSPCmd(), newExplainCmd(), newSchemaCmd(), newVersionCmd(), newCompletionCmd())
	return root
}

// noArgs refuses arguments with a word a person understands (cobra's own
// calls an argument an unknown command).
func noArgs(cmd *cobra.Command, args []string) error {
	if len(args) > 0 {
		return fmt.Errorf("unexpected argument %q", args[0])
	}
	return nil
}

// exactlyOne wants one argument, described as what in the error.
func exactlyOne(what string) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		switch {
		case len(args) == 0:
			return errors.New("missing " + what)
		case len(args) > 1:
			return fmt.Errorf("unexpected argument %q after %s", args[1], args[0])
		}
		return nil
	}
}
