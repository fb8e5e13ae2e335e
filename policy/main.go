// Command policy is mdscheck as a Kubewarden admission policy: the core
// that checks manifests in a repository, deciding at admission whether the
// cluster takes an OpenSearch, Grafana or Kafka resource. It is a WASI
// command (Kubewarden's executionMode wasi), built by make policy:
//
//	GOOS=wasip1 GOARCH=wasm go build -trimpath -ldflags '-s -w' -o dist/policy/policy.wasm ./policy
//
// The policy server runs it once per request with one argument:
//
//	validate           stdin {"request": AdmissionRequest, "settings": {...}}
//	                   stdout {"accepted": bool, "message": "...", "code": 400}
//	validate-settings  stdin the settings
//	                   stdout {"valid": bool, "message": "..."}
//
// CREATE checks the object as mdscheck validate checks a file; UPDATE
// adds the lifecycle rules against oldObject, as validate --previous
// does; DELETE refuses a resource whose terminationProtection is true.
// docs/admission.md describes the settings and how to run it.
package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strconv"
)

// maxInput bounds what the policy reads from stdin. The API server takes
// objects up to 3 MiB (etcd's limit is 1.5 MiB); an UPDATE carries two of
// them, JSON-escaped in one envelope.
const maxInput = 8 << 20

func main() {
	if len(os.Args) != 2 {
		fail(usage)
	}
	var answer any
	switch os.Args[1] {
	case "validate":
		answer = validate(read())
	case "validate-settings":
		answer = validateSettings(read())
	case "-h", "--help", "help":
		fmt.Print(usage)
		return
	default:
		fail("unknown command " + strconv.Quote(os.Args[1]) + "\n" + usage)
	}
	b, err := json.Marshal(answer)
	if err != nil { // the answers are plain structs: never
		fail(err.Error())
	}
	os.Stdout.Write(append(b, '\n'))
}

const usage = `usage: policy validate | validate-settings
  validate           reads {"request": AdmissionRequest, "settings": {...}} on stdin,
                     writes {"accepted": bool, "message": "...", "code": N}
  validate-settings  reads the settings on stdin, writes {"valid": bool, "message": "..."}
`

// read returns stdin, or nil when it holds more than maxInput bytes.
func read() []byte {
	b, err := io.ReadAll(io.LimitReader(os.Stdin, maxInput+1))
	if err != nil {
		fail("reading stdin: " + err.Error())
	}
	if len(b) > maxInput {
		return nil
	}
	return b
}

// fail ends a run that has no answer to give: a wrong command line.
func fail(msg string) {
	fmt.Fprint(os.Stderr, msg)
	os.Exit(2)
}
