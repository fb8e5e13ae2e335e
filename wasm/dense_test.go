//go:build linux

package main

import (
	"testing"

	"github.com/mdscheck/mdscheck/core/text"
	"github.com/mdscheck/mdscheck/internal/dense"
)

// maxDenseMemory bounds the module's linear memory after validate of 28
// Secrets of 17,000 short values each (3.9 MB): when the result's gate
// was built again from the secrets' texts, it grew to 481 MiB (its
// collector does not run beside the call, so what both gates of the same
// secrets allocate is live at the peak); with the file's own, 242 MiB.
const maxDenseMemory = 360 << 20

func TestDenseSecretsStayInMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("3.9 MB of secrets take a minute in wasm")
	}
	src := dense.Secrets(28, 850)
	want, _ := validateJSON(src, text.UTF16) // the same call, natively
	in := newInstance(t)
	got := in.text("validate", src, 0)
	mem := in.mod.Memory().Size()
	t.Logf("%d bytes of Secrets: linear memory %d MiB", len(src), mem>>20)
	if got != string(want) {
		t.Errorf("the result differs from the native core's (%d bytes, want %d)", len(got), len(want))
	}
	if mem > maxDenseMemory {
		t.Errorf("linear memory grew to %d MiB, more than %d MiB", mem>>20, maxDenseMemory>>20)
	}
}
