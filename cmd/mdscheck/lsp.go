package main

import (
	"fmt"
	"io"
)

func serveLSP(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fmt.Fprintln(stderr, "mdscheck: the language server is not built yet")
	return 2
}
