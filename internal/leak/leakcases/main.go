// Command leakcases writes the secret leak attack cases (package leak) as
// JSON, for the tests that run outside Go: the npm package's and the
// playground's. `go run ./internal/leak/leakcases > cases.json`; with
// -sample, leak.Sample(): each attack once, for a layer that passes the
// module's results on.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"

	"github.com/mdscheck/mdscheck/internal/leak"
)

func main() {
	sample := flag.Bool("sample", false, "write leak.Sample(), each way and style once, instead of every case")
	flag.Usage = func() {
		fmt.Fprintln(flag.CommandLine.Output(), "usage: leakcases [-sample] > cases.json\n\nWrites the secret leak attack cases as JSON.")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() > 0 {
		flag.Usage()
		os.Exit(2)
	}
	cases := leak.Cases()
	if *sample {
		cases = leak.Sample()
	}
	if err := json.NewEncoder(os.Stdout).Encode(cases); err != nil {
		fmt.Fprintln(os.Stderr, "leakcases:", err)
		os.Exit(1)
	}
}
