//go:build unix

package reading

import (
	"os"
	"syscall"
)

// openFlags open a file for reading without waiting: a FIFO put in a
// file's place after it was asked about opens at once (and is then
// refused) instead of waiting for a writer. For a regular file the flag
// changes nothing.
const openFlags = os.O_RDONLY | syscall.O_NONBLOCK
