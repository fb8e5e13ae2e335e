//go:build unix

package clibuild

import (
	"os"
	"syscall"
)

// lock holds an exclusive lock on the file at name until unlock is
// called (or the process ends, which releases it too).
func lock(name string) (unlock func(), err error) {
	f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, err
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX); err != nil {
		f.Close()
		return nil, err
	}
	return func() { f.Close() }, nil
}
