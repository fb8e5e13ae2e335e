package main

import (
	"github.com/spf13/cobra"

	"github.com/mdscheck/mdscheck/lsp"
)

// newLSPCmd runs the language server on stdin and stdout; logs go to
// stderr. Editors start it as `mdscheck lsp` (VS Code's client adds
// --stdio, which is accepted).
func newLSPCmd() *cobra.Command {
	var verbose bool
	cmd := &cobra.Command{
		Use:   "lsp [--verbose]",
		Short: "Run the language server on standard input and output",
		Long: `Runs the language server (LSP) on standard input and output, for editors:
diagnostics as you type, completion, hover, quick fixes and an outline.
Logs go to standard error.`,
		Example: `  # what an editor runs
  mdscheck lsp

  # keep a log of every message and check
  mdscheck lsp --verbose 2> mdscheck-lsp.log`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			opts := lsp.Options{Log: cmd.ErrOrStderr(), Verbose: verbose, Version: version}
			if status := lsp.Serve(cmd.InOrStdin(), cmd.OutOrStdout(), opts); status != 0 {
				return exitStatus(status)
			}
			return nil
		},
	}
	cmd.Flags().Bool("stdio", true, "speak LSP on stdin and stdout (the only transport; accepted for clients that pass it)")
	cmd.Flags().BoolVar(&verbose, "verbose", false, "log every message's method and duration, and every check (to stderr)")
	cmd.Flags().Int("clientProcessId", 0, "accepted for clients that pass it; the server ends when its input ends")
	return cmd
}
