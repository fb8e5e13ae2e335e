//go:build unix

package config

import (
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestLoadAFIFO: a configuration that is a FIFO is refused at once, not
// opened: opening one waits for a writer, and the CLI and the language
// server would wait with it.
func TestLoadAFIFO(t *testing.T) {
	p := filepath.Join(t.TempDir(), ".mdscheck.yaml")
	if err := syscall.Mkfifo(p, 0o644); err != nil {
		t.Skip("no FIFOs here:", err)
	}
	done := make(chan error, 1)
	go func() {
		_, err := Load(p)
		done <- err
	}()
	select {
	case err := <-done:
		if err == nil || !strings.Contains(err.Error(), "not a regular file") {
			t.Errorf("Load of a FIFO: %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Load of a FIFO still waits after 10 s")
	}
}
