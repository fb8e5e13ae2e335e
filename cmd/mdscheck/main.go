// Command mdscheck checks manifests of managed data services (OpenSearch,
// Grafana, Kafka; apiVersion example.io/v1alpha1): in CI with `validate`,
// in editors with `lsp`.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"runtime/debug"
)

func main() {
	tuneCollector(os.Args[1:])
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// tuneCollector lets the heap grow to three times what is live before a
// collection (GOGC=200), up to a soft limit of 896 MiB past which the
// collector works as often as it must. A check allocates much that dies
// at once (each document's tokens and tree), and the live heap is small,
// so the default GOGC=100 collects twenty times in a 1.5 MB stream: 200
// takes a tenth off the command's time on two cores (docs/performance.md).
// More gains nothing here, where the fresh pages of a larger heap cost as
// much in page faults as the collections they spare. The limit bounds the
// runtime's memory, not the process's: at 1 GiB, a stream of 200,000
// Secrets kept 961-1,055 MB resident, over the promise of 1 GiB; at 896
// MiB there is room for the binary and what the runtime does not count.
// The language server keeps GOGC=100: it lives long and keeps every open
// file's results. It has the same soft limit, for the promise of 1 GiB is
// every front end's. GOGC and GOMEMLIMIT, when set, win.
func tuneCollector(args []string) {
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(896 << 20)
	}
	if len(args) > 0 && args[0] == "lsp" {
		return
	}
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(200)
	}
}

// exitStatus is the error a command returns to end with a given status
// once it has said what there is to say: 1 for findings, 2 for failures
// it has reported itself.
type exitStatus int

func (s exitStatus) Error() string { return fmt.Sprintf("exit status %d", int(s)) }

// run runs the command line args and returns the exit status: 0 no
// errors, 1 errors found, 2 a usage or I/O failure.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	root := newRoot(stdin, stdout, stderr)
	if len(args) == 0 {
		root.SetOut(stderr) // a bare "mdscheck" is a usage error: help on stderr, status 2
		root.Help()
		return 2
	}
	root.SetArgs(goStyleFlags(root, args))
	cmd, err := root.ExecuteC()
	var status exitStatus
	switch {
	case err == nil:
		return 0
	case errors.As(err, &status):
		return int(status)
	}
	// Anything else is a usage error: a flag, an argument or a command
	// that does not exist.
	fmt.Fprintf(stderr, "mdscheck: %v\nRun '%s --help' for usage.\n", err, cmd.CommandPath())
	return 2
}
