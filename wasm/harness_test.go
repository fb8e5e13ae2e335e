package main

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/mdscheck/mdscheck/internal/wasmbuild"
	"github.com/tetratelabs/wazero"
	"github.com/tetratelabs/wazero/api"
	"github.com/tetratelabs/wazero/imports/wasi_snapshot_preview1"
)

// The tests run the real module, built from this package the way the
// Makefile builds dist/mdscheck.wasm, under wazero's optimising compiler.
// Compiled code is kept in a cache directory, so only the first run after
// a change pays the compile time.

var (
	moduleBytes []byte                // the built module
	engine      wazero.Runtime        // shared by every test
	compiled    wazero.CompiledModule // moduleBytes, compiled once
)

func TestMain(m *testing.M) {
	os.Exit(func() int {
		dir, err := os.MkdirTemp("", "mdscheck-wasm-test")
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		defer os.RemoveAll(dir)
		moduleBytes, err = wasmbuild.Build("..", filepath.Join(dir, "mdscheck.wasm"), true)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		ctx := context.Background()
		pruneCache(wasmbuild.CacheDir())
		engine, err = newRuntime(ctx, wasmbuild.CacheDir())
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		defer engine.Close(ctx)
		if compiled, err = engine.CompileModule(ctx, moduleBytes); err != nil {
			fmt.Fprintln(os.Stderr, "compile:", err)
			return 1
		}
		return m.Run()
	}())
}

// keepCached is how many compiled modules pruneCache leaves: each is some
// 25 MB, and every change of the core makes a new module and a new
// policy (policy/'s tests share the directory), so six keep both of the
// last three.
const keepCached = 6

// pruneCache removes all but the newest keepCached files of each of
// wazero's version directories in dir. A cache hit does not renew a file's
// time, so a module unchanged while others were built may be compiled once
// more; that costs seconds, an unbounded cache costs the disk.
func pruneCache(dir string) {
	subdirs, _ := os.ReadDir(dir)
	for _, sub := range subdirs {
		if !sub.IsDir() {
			continue
		}
		d := filepath.Join(dir, sub.Name())
		entries, _ := os.ReadDir(d)
		type file struct {
			path string
			mod  int64
		}
		var files []file
		for _, e := range entries {
			if info, err := e.Info(); err == nil && info.Mode().IsRegular() {
				files = append(files, file{filepath.Join(d, e.Name()), info.ModTime().UnixNano()})
			}
		}
		slices.SortFunc(files, func(a, b file) int { return cmp.Compare(b.mod, a.mod) })
		for _, f := range files[min(keepCached, len(files)):] {
			os.Remove(f.path)
		}
	}
}

// newRuntime returns a wazero runtime with WASI and, when cache is not
// empty, a compilation cache in that directory.
func newRuntime(ctx context.Context, cache string) (wazero.Runtime, error) {
	cfg := wazero.NewRuntimeConfig()
	if cache != "" {
		cc, err := wazero.NewCompilationCacheWithDir(cache)
		if err != nil {
			return nil, err
		}
		cfg = cfg.WithCompilationCache(cc)
	}
	r := wazero.NewRuntimeWithConfig(ctx, cfg)
	if _, err := wasi_snapshot_preview1.Instantiate(ctx, r); err != nil {
		r.Close(ctx)
		return nil, err
	}
	return r, nil
}

// instance is one instantiated module and its exports, called the way a
// host does.
type instance struct {
	t   testing.TB
	ctx context.Context
	mod api.Module
}

// newInstance instantiates the compiled module; it is closed when the test
// ends.
func newInstance(t testing.TB) *instance {
	t.Helper()
	ctx := context.Background()
	mod, err := engine.InstantiateModule(ctx, compiled,
		wazero.NewModuleConfig().WithName("").WithStartFunctions("_initialize").WithStderr(os.Stderr))
	if err != nil {
		t.Fatal("instantiate:", err)
	}
	t.Cleanup(func() { mod.Close(ctx) })
	return &instance{t: t, ctx: ctx, mod: mod}
}

// call calls an export with i32 arguments and returns its result (or 0).
func (in *instance) call(name string, args ...int32) (uint64, error) {
	params := make([]uint64, len(args))
	for i, a := range args {
		params[i] = api.EncodeI32(a)
	}
	res, err := in.mod.ExportedFunction(name).Call(in.ctx, params...)
	if err != nil || len(res) == 0 {
		return 0, err
	}
	return res[0], nil
}

// must is call for calls that must not fail.
func (in *instance) must(name string, args ...int32) uint64 {
	in.t.Helper()
	r, err := in.call(name, args...)
	if err != nil {
		in.t.Fatalf("%s%v: %v", name, args, err)
	}
	return r
}

// put copies src into a new buffer from alloc.
func (in *instance) put(src string) int32 {
	in.t.Helper()
	ptr := int32(in.must("alloc", int32(len(src))))
	if ptr == 0 {
		in.t.Fatalf("alloc(%d) refused", len(src))
	}
	if !in.mod.Memory().WriteString(uint32(ptr), src) {
		in.t.Fatalf("alloc(%d) = %d is outside memory", len(src), ptr)
	}
	return ptr
}

// take reads a packed result and frees it.
func (in *instance) take(res uint64) string {
	in.t.Helper()
	ptr, n := uint32(res>>32), uint32(res)
	b, ok := in.mod.Memory().Read(ptr, n)
	if !ok || n == 0 {
		in.t.Fatalf("result (%d, %d) is not in memory", ptr, n)
	}
	out := string(b) // copy: the view goes stale when memory grows
	in.must("free", int32(ptr))
	return out
}

// text runs an export on src (written to a fresh buffer, freed after) with
// the given trailing arguments and returns the result JSON.
func (in *instance) text(name, src string, args ...int32) string {
	in.t.Helper()
	ptr := in.put(src)
	defer in.must("free", ptr)
	return in.take(in.must(name, append([]int32{ptr, int32(len(src))}, args...)...))
}

// marshal is the native JSON of v, the reference for the module's output.
func marshal(t testing.TB, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
