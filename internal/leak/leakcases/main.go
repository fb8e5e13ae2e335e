// Command leakcases writes the secret leak attack cases (package leak) as
// JSON, for the tests that run outside Go: the npm package's and the
// playground's. `go run ./internal/leak/leakcases > cases.json`
package main

import (
	"encoding/json"
	"os"

	"github.com/mdscheck/mdscheck/internal/leak"
)

func main() {
	enc := json.NewEncoder(os.Stdout)
	if err := enc.Encode(leak.Cases()); err != nil {
		os.Stderr.WriteString("leakcases: " + err.Error() + "\n")
		os.Exit(1)
	}
}
