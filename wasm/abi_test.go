package main

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/tetratelabs/wazero/api"
)

func TestABIVersion(t *testing.T) {
	t.Parallel()
	if v := int32(newInstance(t).must("abi_version")); v != 1 {
		t.Fatalf("abi_version() = %d, want 1", v)
	}
}

// TestExports pins the ABI's signatures: a host binds to these types.
func TestExports(t *testing.T) {
	t.Parallel()
	i32, i64 := api.ValueTypeI32, api.ValueTypeI64
	want := map[string][2][]api.ValueType{
		"_initialize": {nil, nil},
		"abi_version": {nil, {i32}},
		"alloc":       {{i32}, {i32}},
		"free":        {{i32}, nil},
		"validate":    {{i32, i32, i32}, {i64}},
		"complete":    {{i32, i32, i32, i32, i32}, {i64}},
		"hover":       {{i32, i32, i32, i32, i32}, {i64}},
	}
	got := compiled.ExportedFunctions()
	for name, sig := range want {
		f, ok := got[name]
		if !ok {
			t.Errorf("%s is not exported", name)
			continue
		}
		if !slices.Equal(f.ParamTypes(), sig[0]) || !slices.Equal(f.ResultTypes(), sig[1]) {
			t.Errorf("%s: params %v results %v, want %v %v", name, f.ParamTypes(), f.ResultTypes(), sig[0], sig[1])
		}
	}
	if _, ok := compiled.ExportedMemories()["memory"]; !ok {
		t.Error("memory is not exported")
	}
}

// TestImportsOnlyWASI: the module runs on any host with WASI preview 1
// and asks for nothing else.
func TestImportsOnlyWASI(t *testing.T) {
	t.Parallel()
	fns := compiled.ImportedFunctions()
	if len(fns) == 0 {
		t.Fatal("no imports at all: is this a Go wasip1 module?")
	}
	for _, f := range fns {
		if mod, name, _ := f.Import(); mod != "wasi_snapshot_preview1" {
			t.Errorf("imports %s.%s", mod, name)
		}
	}
	if m := compiled.ImportedMemories(); len(m) != 0 {
		t.Errorf("imports %d memories", len(m))
	}
}

// errorOf returns the error object's message, or fails.
func errorOf(t *testing.T, what, result string) string {
	t.Helper()
	var e struct {
		Error *string `json:"error"`
	}
	if err := json.Unmarshal([]byte(result), &e); err != nil || e.Error == nil || *e.Error == "" {
		t.Fatalf("%s = %s, want {\"error\": ...}", what, result)
	}
	return *e.Error
}

func TestAllocRefusesWhatItCannotGive(t *testing.T) {
	t.Parallel()
	in := newInstance(t)
	for _, size := range []int32{-1, -1 << 31, maxAlloc + 1, 1<<31 - 1} {
		if p := in.must("alloc", size); p != 0 {
			t.Errorf("alloc(%d) = %d, want 0", size, p)
		}
	}
	a, b := in.must("alloc", 0), in.must("alloc", 0)
	if a == 0 || a == b {
		t.Errorf("alloc(0) twice = %d, %d: want two distinct buffers", a, b)
	}
}

// TestBadArgumentsAreReported: a host's mistake costs it one result, an
// error object, and the instance goes on working.
func TestBadArgumentsAreReported(t *testing.T) {
	t.Parallel()
	in := newInstance(t)
	src := "apiVersion: example.io/v1alpha1\nkind: Kafka\n"
	ptr := in.put(src)
	n := int32(len(src))
	memEnd := int32(in.mod.Memory().Size())
	freed := in.put(src)
	in.must("free", freed)
	cases := []struct {
		name string
		args []int32
		want string
	}{
		{"ptr beyond memory", []int32{memEnd + 64, 8, 0}, "not inside a live buffer"},
		{"ptr at the end of memory", []int32{memEnd - 4, 8, 0}, "not inside a live buffer"},
		{"ptr 0", []int32{0, 8, 0}, "not inside a live buffer"},
		{"len negative", []int32{ptr, -1, 0}, "negative"},
		{"len huge", []int32{ptr, 1<<31 - 1, 0}, "not inside a live buffer"},
		{"len past the buffer", []int32{ptr, n + 1, 0}, "not inside a live buffer"},
		{"freed buffer", []int32{freed, n, 0}, "not inside a live buffer"},
		{"encoding 3", []int32{ptr, n, 3}, "position encoding 3"},
		{"reserved opts bits", []int32{ptr, n, 4}, "only bits 0-1"},
	}
	for _, c := range cases {
		for _, fn := range []string{"validate", "complete", "hover"} {
			args := c.args
			if fn != "validate" { // line and character before opts
				args = []int32{c.args[0], c.args[1], 0, 0, c.args[2]}
			}
			res, err := in.call(fn, args...)
			if err != nil {
				t.Fatalf("%s with %s trapped: %v", fn, c.name, err)
			}
			if msg := errorOf(t, fn+" with "+c.name, in.take(res)); !strings.Contains(msg, c.want) {
				t.Errorf("%s with %s: error %q does not say %q", fn, c.name, msg, c.want)
			}
		}
	}
	// Freeing what is not a live buffer does nothing.
	for _, p := range []int32{0, freed, memEnd + 64, ptr + 1} {
		in.must("free", p)
	}
	// A pointer inside a buffer is fine, and so is an empty text anywhere.
	// (An error result is {"error": ...}; findings of severity "error" are fine.)
	if got := in.take(in.must("validate", ptr+1, n-1, 0)); strings.HasPrefix(got, `{"error"`) {
		t.Errorf("validate inside a buffer = %s", got)
	}
	if got := in.take(in.must("validate", 0, 0, 0)); got != `{"documents":[],"diagnostics":[]}` {
		t.Errorf("validate(0, 0) = %s", got)
	}
	// The instance still works.
	if got := in.take(in.must("validate", ptr, n, 0)); !strings.Contains(got, `"kind":"Kafka"`) {
		t.Errorf("after the bad calls validate = %s", got)
	}
}

// TestTrapIsNotFatalToTheHost: when an instance does trap (here its
// memory is overwritten behind its back, as a host bug could do), the call
// returns an error to the host, and a new instance of the same compiled
// module works.
func TestTrapIsNotFatalToTheHost(t *testing.T) {
	t.Parallel()
	in := newInstance(t)
	mem := in.mod.Memory()
	junk := make([]byte, mem.Size())
	for i := range junk {
		junk[i] = 0xff
	}
	mem.Write(0, junk)
	src := "apiVersion: example.io/v1alpha1\nkind: Kafka\n"
	_, err := in.call("validate", 0, 0, 0)
	if err == nil {
		t.Fatal("validate on scribbled memory returned normally; want a trap")
	}
	t.Logf("the trap as the host sees it: %v", strings.SplitN(err.Error(), "\n", 2)[0])
	fresh := newInstance(t)
	if got := fresh.text("validate", src, 0); !strings.Contains(got, `"kind":"Kafka"`) {
		t.Errorf("a fresh instance after a trap: validate = %s", got)
	}
}

// TestMemoryStaysBounded: calls in a row, each result freed, leave memory
// where it settles: no call keeps what it made. (Before the module yielded to Go's
// scheduler after each call, a stalled garbage collection made it grow to
// gigabytes here.)
func TestMemoryStaysBounded(t *testing.T) {
	t.Parallel()
	// A small manifest with a few findings keeps the test quick; every
	// call still allocates the parse, the checks and the JSON.
	src := "apiVersion: example.io/v1alpha1\nkind: Grafana\nmetadata:\n  name: g\nspec:\n  plan: startup-1\n" +
		"  project: my project\n  userConfig:\n    alerting_enabled: true\n    public_access: {grafana: yes}\n"
	in := newInstance(t)
	ptr := in.put(src)
	// The heap settles when the collector's cycles find as much garbage
	// as the calls make, which takes a number of calls that moves with
	// any change of what a call allocates; a leak never settles: 200
	// bytes a call take a new 64 KiB page every few hundred calls. So the
	// test waits for a long run of calls without a new page.
	const quiet, most = 3000, 30000
	last, since := in.mod.Memory().Size(), 0
	for i := 1; i <= most; i++ {
		in.take(in.must("validate", ptr, int32(len(src)), 0))
		if size := in.mod.Memory().Size(); size != last {
			last, since = size, 0
			continue
		}
		if since++; since == quiet {
			t.Logf("memory settled at %d KiB after %d calls", last>>10, i)
			return
		}
	}
	t.Errorf("memory still grows after %d calls: %d KiB, never %d calls without a new page", most, last>>10, quiet)
}
