// Command example embeds the mdscheck WebAssembly module in a Go program
// with wazero, the way a careful host does: it compiles the module once
// (with a compilation cache directory, so later starts are fast), gives
// each instance a real clock and a memory limit, bounds every call with a
// deadline, keeps a pool of instances, one per goroutine at a time, and
// validates the files named on the command line through the module's ABI
// (docs/embedding.md).
//
//	make wasm
//	go run ./wasm/example examples/broken.yaml
//
// It prints one line per finding, file:line:col: message [rule], with
// 1-based lines and columns counted in characters, and exits 1 when a file
// has errors, 2 when a file or the module cannot be read.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"time"

	"github.com/tetratelabs/wazero"
	"github.com/tetratelabs/wazero/api"
	"github.com/tetratelabs/wazero/imports/wasi_snapshot_preview1"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	flags := flag.NewFlagSet("example", flag.ContinueOnError)
	flags.SetOutput(stderr)
	module := flags.String("module", "dist/mdscheck.wasm", "the WebAssembly module (make wasm builds it)")
	cache := flags.String("cache", defaultCache(), "directory for wazero's compiled code (empty: compile at every start)")
	jobs := flags.Int("jobs", runtime.GOMAXPROCS(0), "files checked at once, each by its own module instance")
	timeout := flags.Duration("timeout", time.Minute, "longest one file's check may take (0: none; a deadline makes every call 3-5 times slower)")
	flags.Usage = func() {
		fmt.Fprintln(stderr, "usage: example [flags] FILE...")
		flags.PrintDefaults()
	}
	if err := flags.Parse(args); err != nil {
		return 2
	}
	files := flags.Args()
	if len(files) == 0 || *jobs < 1 || *timeout < 0 {
		flags.Usage()
		return 2
	}

	ctx := context.Background()
	wasm, err := os.ReadFile(*module)
	if err != nil {
		fmt.Fprintf(stderr, "example: %v (run make wasm first)\n", err)
		return 2
	}
	p, err := newPool(ctx, wasm, settings{cacheDir: *cache, timeout: *timeout}, *jobs)
	if err != nil {
		fmt.Fprintln(stderr, "example:", err)
		return 2
	}
	defer p.close(ctx)

	// Workers take files in turn; each output goes to its file's slot so
	// that the report comes out in the order of the arguments.
	type outcome struct {
		lines  string
		errors bool
		err    error
	}
	results := make([]outcome, len(files))
	next := make(chan int)
	var wg sync.WaitGroup
	for range min(*jobs, len(files)) {
		wg.Go(func() {
			for i := range next {
				var o outcome
				o.lines, o.errors, o.err = checkFile(ctx, p, files[i])
				results[i] = o
			}
		})
	}
	for i := range files {
		next <- i
	}
	close(next)
	wg.Wait()

	status := 0
	for _, r := range results {
		io.WriteString(stdout, r.lines)
		switch {
		case r.err != nil:
			fmt.Fprintln(stderr, "example:", r.err)
			status = 2
		case r.errors && status == 0:
			status = 1
		}
	}
	return status
}

// defaultCache is a directory that outlives the process, so that only the
// first start compiles the module.
func defaultCache() string {
	dir, err := os.UserCacheDir()
	if err != nil {
		return ""
	}
	return filepath.Join(dir, "mdscheck", "wazero")
}

// validation is the part of validate's result that this program prints.
type validation struct {
	Diagnostics []struct {
		Severity string `json:"severity"`
		Rule     string `json:"rule"`
		Message  string `json:"message"`
		Range    struct {
			Start struct {
				Line      int `json:"line"`
				Character int `json:"character"`
			} `json:"start"`
		} `json:"range"`
	} `json:"diagnostics"`
}

// utf32 is the opts value that counts characters in Unicode code points,
// as the columns people read do.
const utf32 = 2

// checkFile validates one file and formats its findings.
func checkFile(ctx context.Context, p *pool, path string) (lines string, hasErrors bool, err error) {
	src, err := os.ReadFile(path)
	if err != nil {
		return "", false, err
	}
	in, err := p.get(ctx)
	if err != nil {
		return "", false, err
	}
	callCtx := ctx
	if p.timeout > 0 {
		var cancel context.CancelFunc
		callCtx, cancel = context.WithTimeout(ctx, p.timeout)
		defer cancel()
	}
	out, err := in.call(callCtx, "validate", src, utf32)
	if err != nil {
		// A trapped or timed-out instance is in an unknown state (wazero
		// has closed one that ran out of time): drop it, never reuse it.
		in.close(ctx)
		if callCtx.Err() != nil {
			return "", false, fmt.Errorf("%s: not checked within %v", path, p.timeout)
		}
		return "", false, fmt.Errorf("%s: %w", path, err)
	}
	p.put(ctx, in)
	var v validation
	if err := json.Unmarshal(out, &v); err != nil {
		return "", false, fmt.Errorf("%s: reading the result: %w", path, err)
	}
	var sb strings.Builder
	for _, d := range v.Diagnostics {
		fmt.Fprintf(&sb, "%s:%d:%d: %s [%s]\n", path, d.Range.Start.Line+1, d.Range.Start.Character+1, d.Message, d.Rule)
		hasErrors = hasErrors || d.Severity == "error"
	}
	return sb.String(), hasErrors, nil
}

// settings are what the host chooses for every instance.
type settings struct {
	cacheDir string        // wazero's compiled code; empty: compile at every start
	timeout  time.Duration // the deadline of one call; 0: none
}

// memoryLimitPages bounds each instance's linear memory to 1 GiB (pages of
// 64 KiB), where wazero would allow 4 GiB. The module itself stays below
// that on the largest inputs it was tried with (650 MiB for a million
// tiny documents, docs/embedding.md); an instance that reaches the limit
// traps, and checkFile drops it.
const memoryLimitPages = 1 << 14

// pool compiles the module once and hands out instances. An instance's
// exports are not re-entrant, so each is used by one goroutine at a time;
// idle ones wait in the channel for the next request.
type pool struct {
	runtime  wazero.Runtime
	compiled wazero.CompiledModule
	idle     chan *instance
	timeout  time.Duration
}

// newPool compiles wasm (from the cache directory when it was compiled
// before) for a pool that keeps up to size idle instances.
func newPool(ctx context.Context, wasm []byte, s settings, size int) (*pool, error) {
	// The optimising compiler where wazero has one. A deadline needs the
	// compiled code to look for it: wazero then checks at every loop
	// iteration whether the call's context is done, and closes the
	// instance when it is. That costs time in every call (see
	// docs/embedding.md), so it is on only when a deadline is asked for.
	// Each instance's memory is reserved at its limit at once: a slice
	// of address space that takes pages only as the module touches them,
	// where growing it as the module asks would copy it to a new slice
	// at every step and leave the old ones to the collector (3.9 MB of
	// Secrets took 450-510 MB of RSS so, and 186 MB reserved).
	cfg := wazero.NewRuntimeConfig().
		WithMemoryLimitPages(memoryLimitPages).
		WithMemoryCapacityFromMax(true).
		WithCloseOnContextDone(s.timeout > 0)
	if s.cacheDir != "" {
		cache, err := wazero.NewCompilationCacheWithDir(s.cacheDir)
		if err != nil {
			return nil, err
		}
		cfg = cfg.WithCompilationCache(cache)
	}
	r := wazero.NewRuntimeWithConfig(ctx, cfg)
	// The module imports WASI preview 1 only, and asks it for nothing but
	// the clock and random numbers: no files, no network.
	if _, err := wasi_snapshot_preview1.Instantiate(ctx, r); err != nil {
		r.Close(ctx)
		return nil, err
	}
	compiled, err := r.CompileModule(ctx, wasm)
	if err != nil {
		r.Close(ctx)
		return nil, fmt.Errorf("compiling the module: %w", err)
	}
	return &pool{runtime: r, compiled: compiled, idle: make(chan *instance, size), timeout: s.timeout}, nil
}

// get returns an idle instance or a new one.
func (p *pool) get(ctx context.Context) (*instance, error) {
	select {
	case in := <-p.idle:
		return in, nil
	default:
	}
	// Anonymous instances (no name) may coexist in one runtime; the start
	// function of a reactor is _initialize, never _start. Go's runtime in
	// the module paces its garbage collector by the clock, and wazero's
	// default clock is fake (it steps 1 ms at every reading): give it the
	// real one.
	cfg := wazero.NewModuleConfig().WithName("").WithStartFunctions("_initialize").WithStderr(os.Stderr).
		WithSysWalltime().WithSysNanotime()
	mod, err := p.runtime.InstantiateModule(ctx, p.compiled, cfg)
	if err != nil {
		return nil, fmt.Errorf("instantiating the module: %w", err)
	}
	in := &instance{mod: mod}
	if v, err := in.fn("abi_version").Call(ctx); err != nil || len(v) != 1 || api.DecodeI32(v[0]) != 1 {
		mod.Close(ctx)
		return nil, errors.New("the module does not speak ABI version 1")
	}
	return in, nil
}

// put returns an instance for reuse, or closes it when enough are idle.
func (p *pool) put(ctx context.Context, in *instance) {
	select {
	case p.idle <- in:
	default:
		in.close(ctx)
	}
}

func (p *pool) close(ctx context.Context) {
	p.runtime.Close(ctx) // closes every instance with it
}

// instance is one instantiated module.
type instance struct {
	mod api.Module
}

func (in *instance) fn(name string) api.Function { return in.mod.ExportedFunction(name) }

func (in *instance) close(ctx context.Context) { in.mod.Close(ctx) }

// call runs validate, complete or hover on src: copy the text into a
// buffer from alloc, call, copy the result out of memory, free both
// buffers. args follow the text's pointer and length (for complete and
// hover: line, character, opts; for validate: opts).
func (in *instance) call(ctx context.Context, name string, src []byte, args ...uint64) ([]byte, error) {
	r, err := in.fn("alloc").Call(ctx, api.EncodeI32(int32(len(src))))
	if err != nil {
		return nil, err
	}
	ptr := uint32(r[0])
	if ptr == 0 {
		return nil, fmt.Errorf("the module refused a buffer of %d bytes", len(src))
	}
	defer in.fn("free").Call(ctx, uint64(ptr))
	if !in.mod.Memory().Write(ptr, src) {
		return nil, errors.New("alloc returned a buffer outside memory")
	}
	r, err = in.fn(name).Call(ctx, append([]uint64{uint64(ptr), uint64(len(src))}, args...)...)
	if err != nil {
		return nil, err
	}
	outPtr, outLen := uint32(r[0]>>32), uint32(r[0])
	view, ok := in.mod.Memory().Read(outPtr, outLen)
	if !ok {
		return nil, errors.New("the result lies outside memory")
	}
	// Copy: the view aliases linear memory, which the next call may move.
	out := append([]byte(nil), view...)
	if _, err := in.fn("free").Call(ctx, uint64(outPtr)); err != nil {
		return nil, err
	}
	var failed struct {
		Error string `json:"error"`
	}
	if json.Unmarshal(out, &failed) == nil && failed.Error != "" {
		return nil, errors.New(failed.Error)
	}
	return out, nil
}
