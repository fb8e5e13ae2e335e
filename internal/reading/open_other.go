//go:build !unix

package reading

import "os"

// openFlags open a file for reading; there are no FIFOs to wait on here.
const openFlags = os.O_RDONLY
