//go:build !unix

package clibuild

import (
	"os"
	"time"
)

// lock holds the file at name, created exclusively, until unlock removes
// it; without flock, a lock left by a killed process is taken over after
// a minute, longer than a link takes.
func lock(name string) (unlock func(), err error) {
	for start := time.Now(); ; time.Sleep(100 * time.Millisecond) {
		f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o644)
		if err == nil {
			f.Close()
			return func() { os.Remove(name) }, nil
		}
		if !os.IsExist(err) {
			return nil, err
		}
		if time.Since(start) > time.Minute {
			os.Remove(name)
		}
	}
}
