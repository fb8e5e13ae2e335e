package main

import (
	"flag"
	"fmt"
	"io"

	"github.com/mdscheck/mdscheck/lsp"
)

// serveLSP runs the language server on stdin and stdout; logs go to
// stderr. Editors start it as `mdscheck lsp` (VS Code's client adds
// --stdio, which is accepted).
func serveLSP(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("mdscheck lsp", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Bool("stdio", true, "speak LSP on stdin and stdout (the only transport; accepted for clients that pass it)")
	verbose := fs.Bool("verbose", false, "log every message's method and duration, and every check (to stderr)")
	fs.Int("clientProcessId", 0, "accepted for clients that pass it; the server ends when its input ends")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "Usage: mdscheck lsp [--verbose]\n\nRuns the language server on stdin and stdout; logs go to stderr.")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if err == flag.ErrHelp {
			return 0
		}
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "mdscheck lsp: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	return lsp.Serve(stdin, stdout, lsp.Options{Log: stderr, Verbose: *verbose, Version: version})
}
