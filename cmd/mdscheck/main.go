// Command mdscheck checks manifests of managed data services (OpenSearch,
// Grafana, Kafka; apiVersion example.io/v1alpha1): in CI with `validate`,
// in editors with `lsp`.
package main

import (
	"fmt"
	"io"
	"os"
)

// version is set at build time with -ldflags "-X main.version=...".
var version = "dev"

const usage = `mdscheck checks manifests of managed data services
(OpenSearch, Grafana, Kafka; apiVersion example.io/v1alpha1).

Usage:
  mdscheck validate [flags] PATH...   check files, directories (*.yaml, *.yml) or - (stdin)
  mdscheck lsp                        run the language server on stdin/stdout
  mdscheck explain RULE|KIND[.PATH]   describe a rule code or a member
  mdscheck schema KIND                print the JSON Schema of a kind
  mdscheck version                    print the version

Run 'mdscheck validate --help' for the flags of validate.
`

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return 2
	}
	switch args[0] {
	case "validate":
		return validate(args[1:], stdin, stdout, stderr)
	case "lsp":
		return serveLSP(args[1:], stdin, stdout, stderr)
	case "explain":
		return explain(args[1:], stdout, stderr)
	case "schema":
		return printSchema(args[1:], stdout, stderr)
	case "version", "--version", "-v":
		fmt.Fprintf(stdout, "mdscheck %s\n", version)
		return 0
	case "help", "-h", "--help":
		fmt.Fprint(stdout, usage)
		return 0
	}
	fmt.Fprintf(stderr, "mdscheck: unknown command %q\n\n%s", args[0], usage)
	return 2
}
