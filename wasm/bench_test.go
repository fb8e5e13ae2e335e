package main

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/mdscheck/mdscheck/core/check"
	"github.com/mdscheck/mdscheck/core/lang"
	"github.com/mdscheck/mdscheck/core/report"
	"github.com/mdscheck/mdscheck/core/text"
	"github.com/mdscheck/mdscheck/internal/filejson"
	"github.com/tetratelabs/wazero"
)

// The numbers of docs/performance.md (## WebAssembly):
//
//	go test ./wasm -run '^$' -bench 'Compile|Instantiate|FirstCall|Overhead' -count 3
//	go test ./wasm -run '^$' -bench 'Medium|Small' -benchtime 2s -count 5
//	go test ./wasm -run '^$' -bench ModuleSize -v
//
// The per-call benchmarks run on the deterministic corpus of
// ../shared/tools/gencorpus ($MDSCHECK_CORPUS, else $TMPDIR/mdscheck-corpus).

func corpusFile(b *testing.B, name string) string {
	dir := os.Getenv("MDSCHECK_CORPUS")
	if dir == "" {
		dir = filepath.Join(os.TempDir(), "mdscheck-corpus")
	}
	src, err := os.ReadFile(filepath.Join(dir, name))
	if err != nil {
		b.Skipf("no generated corpus (%v); run go run ../shared/tools/gencorpus/main.go -out %s", err, dir)
	}
	return string(src)
}

const medium = "medium/kafka-medium.yaml"

// BenchmarkCompileCold is the optimising compiler on the module with an
// empty compilation cache: what a host pays once per module version.
func BenchmarkCompileCold(b *testing.B) {
	ctx := context.Background()
	for b.Loop() {
		r, err := newRuntime(ctx, b.TempDir())
		if err != nil {
			b.Fatal(err)
		}
		if _, err := r.CompileModule(ctx, moduleBytes); err != nil {
			b.Fatal(err)
		}
		r.Close(ctx)
	}
}

// BenchmarkCompileCached is the same with the code in the cache directory:
// what every later start of the host pays.
func BenchmarkCompileCached(b *testing.B) {
	ctx := context.Background()
	dir := b.TempDir()
	warm, err := newRuntime(ctx, dir)
	if err != nil {
		b.Fatal(err)
	}
	if _, err := warm.CompileModule(ctx, moduleBytes); err != nil {
		b.Fatal(err)
	}
	warm.Close(ctx)
	for b.Loop() {
		r, err := newRuntime(ctx, dir)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := r.CompileModule(ctx, moduleBytes); err != nil {
			b.Fatal(err)
		}
		r.Close(ctx)
	}
}

// BenchmarkInstantiate is one more instance of a compiled module, with
// _initialize (Go's runtime start-up): the price of one more host thread.
func BenchmarkInstantiate(b *testing.B) {
	ctx := context.Background()
	for b.Loop() {
		mod, err := engine.InstantiateModule(ctx, compiled,
			wazero.NewModuleConfig().WithName("").WithStartFunctions("_initialize"))
		if err != nil {
			b.Fatal(err)
		}
		mod.Close(ctx)
	}
}

// BenchmarkFirstCall is the first validate of the medium manifest on a
// fresh instance (instantiation not counted): page faults, heap growth and
// the first use of every table.
func BenchmarkFirstCall(b *testing.B) {
	src := corpusFile(b, medium)
	for b.Loop() {
		b.StopTimer()
		in := newInstance(b)
		ptr := in.put(src)
		b.StartTimer()
		in.take(in.must("validate", ptr, int32(len(src)), 0))
		b.StopTimer()
		in.mod.Close(in.ctx)
		b.StartTimer()
	}
}

// BenchmarkCallOverhead is the fixed price of one call: validate of the
// empty text, its JSON read and freed.
func BenchmarkCallOverhead(b *testing.B) {
	in := newInstance(b)
	for b.Loop() {
		in.take(in.must("validate", 0, 0, 0))
	}
}

// BenchmarkValidateMedium is the steady state on the 300-line manifest:
// write the text, validate, read the JSON, free both buffers.
func BenchmarkValidateMedium(b *testing.B) {
	benchWasm(b, corpusFile(b, medium), "validate")
}

// BenchmarkValidateMediumNative is the same work natively (report.Validate
// and encoding/json): the denominator of the wasm/native ratio.
func BenchmarkValidateMediumNative(b *testing.B) {
	src := corpusFile(b, medium)
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		if _, err := json.Marshal(filejson.Of(report.Validate(src, check.DefaultOptions), text.UTF16)); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkValidateSmall and its native twin: a 36-line manifest, where
// the fixed cost of a call shows.
func BenchmarkValidateSmall(b *testing.B) {
	benchWasm(b, readExample(b, "grafana.yaml"), "validate")
}

func BenchmarkValidateSmallNative(b *testing.B) {
	src := readExample(b, "grafana.yaml")
	for b.Loop() {
		if _, err := json.Marshal(filejson.Of(report.Validate(src, check.DefaultOptions), text.UTF16)); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkCompleteMedium and BenchmarkHoverMedium: editor requests in
// the medium manifest, in wasm and natively: completion at the start of a
// key under spec (the members not yet written), hover on
// maintenanceWindowDow.
var completeAt, hoverAt = text.Position{Line: 15, Character: 2}, text.Position{Line: 15, Character: 4}

func BenchmarkCompleteMedium(b *testing.B) {
	benchWasm(b, corpusFile(b, medium), "complete", int32(completeAt.Line), int32(completeAt.Character))
}

func BenchmarkHoverMedium(b *testing.B) {
	benchWasm(b, corpusFile(b, medium), "hover", int32(hoverAt.Line), int32(hoverAt.Character))
}

func BenchmarkCompleteMediumNative(b *testing.B) {
	src := corpusFile(b, medium)
	for b.Loop() {
		if _, err := json.Marshal(lang.Complete(src, completeAt, text.UTF16)); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkHoverMediumNative(b *testing.B) {
	src := corpusFile(b, medium)
	for b.Loop() {
		if _, err := json.Marshal(lang.Hover(src, hoverAt, text.UTF16)); err != nil {
			b.Fatal(err)
		}
	}
}

// benchWasm calls fn on src as a host does for each request: alloc and
// write the text, call, read and free the result, free the text.
func benchWasm(b *testing.B, src, fn string, pos ...int32) {
	in := newInstance(b)
	in.text(fn, src, append(pos, 0)...) // warm up: first call costs apart
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		in.text(fn, src, append(pos, 0)...)
	}
}

func readExample(b *testing.B, name string) string {
	src, err := os.ReadFile(filepath.Join("..", "examples", name))
	if err != nil {
		b.Fatal(err)
	}
	return string(src)
}
