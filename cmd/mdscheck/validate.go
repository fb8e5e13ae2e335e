package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"

	"github.com/mdscheck/mdscheck/core/check"
	"github.com/mdscheck/mdscheck/core/document"
	"github.com/mdscheck/mdscheck/core/report"
	"github.com/mdscheck/mdscheck/core/text"
)

const validateUsage = `Usage: mdscheck validate [flags] PATH...

Checks every OpenSearch, Grafana and Kafka manifest (apiVersion
example.io/v1alpha1) in the given files. A directory is searched
recursively for *.yaml and *.yml; - reads standard input. Documents of
other API groups are left alone.

Exit status: 0 no errors, 1 errors found (or warnings with --strict),
2 usage or I/O failure.

Flags:
`

// input is one text to check.
type input struct {
	path string
	src  string
}

// fileResult is the outcome for one input.
type fileResult struct {
	path string
	src  string
	file report.File
}

func validate(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fl := flag.NewFlagSet("validate", flag.ContinueOnError)
	fl.SetOutput(stderr)
	format := fl.String("format", "text", "output format: text, json, sarif or github")
	strict := fl.Bool("strict", false, "exit 1 on warnings too")
	unknown := fl.String("unknown-fields", "error", "severity of unknown fields: error, warning or off")
	jobs := fl.Int("jobs", runtime.NumCPU(), fmt.Sprintf("documents checked in parallel, 1 to %d", maxJobs))
	color := fl.String("color", "auto", "colour in text output: auto, always or never")
	fl.Usage = func() {
		fmt.Fprint(stderr, validateUsage)
		fl.PrintDefaults()
	}
	if err := fl.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if *jobs < 1 || *jobs > maxJobs {
		fmt.Fprintf(stderr, "mdscheck: --jobs must be from 1 to %d, not %d\n", maxJobs, *jobs)
		return 2
	}
	opts := check.DefaultOptions
	switch *unknown {
	case "error":
	case "warning":
		opts.UnknownFields = check.Warning
	case "off":
		opts.UnknownFields = 0
	default:
		fmt.Fprintf(stderr, "mdscheck: --unknown-fields must be error, warning or off, not %q\n", *unknown)
		return 2
	}
	var write func(io.Writer, []fileResult) error
	switch *format {
	case "text":
		write = textWriter(useColor(*color, stdout))
	case "json":
		write = writeJSON
	case "sarif":
		write = writeSARIF
	case "github":
		write = writeGitHub
	default:
		fmt.Fprintf(stderr, "mdscheck: --format must be text, json, sarif or github, not %q\n", *format)
		return 2
	}
	if fl.NArg() == 0 {
		fmt.Fprintln(stderr, "mdscheck: no PATH given (use - for standard input)")
		fl.Usage()
		return 2
	}
	inputs, ioFailed := collect(fl.Args(), stdin, stderr)
	var prog *progress
	if isTerminal(stderr) {
		prog = &progress{w: stderr}
	}
	results := checkAll(inputs, opts, *jobs, prog)
	if ioFailed && len(results) == 0 && *format == "text" {
		return 2 // nothing was read: the errors above say why, a summary would mislead
	}
	if err := write(stdout, results); err != nil {
		fmt.Fprintf(stderr, "mdscheck: %v\n", err)
		return 2
	}
	if ioFailed {
		return 2
	}
	for _, r := range results {
		e, w := r.file.Counts()
		if e > 0 || (*strict && w > 0) {
			return 1
		}
	}
	return 0
}

// maxJobs bounds --jobs: far above any core count that helps, far below
// what would exhaust memory on goroutines and channel buffers.
const maxJobs = 1024

// collect reads the inputs in a stable order: arguments as given,
// directories sorted. Read failures are reported and flagged.
func collect(paths []string, stdin io.Reader, stderr io.Writer) ([]input, bool) {
	var out []input
	failed := false
	fail := func(err error) {
		fmt.Fprintf(stderr, "mdscheck: %v\n", err)
		failed = true
	}
	limit := int64(document.DefaultLimits.StreamBytes)
	read := func(path string, r io.Reader) {
		b, err := io.ReadAll(io.LimitReader(r, limit+1))
		if err != nil {
			fail(fmt.Errorf("%s: %w", path, err))
			return
		}
		out = append(out, input{path: path, src: string(b)})
	}
	for _, p := range paths {
		if p == "-" {
			read("<stdin>", stdin)
			continue
		}
		st, err := os.Stat(p)
		if err != nil {
			fail(err)
			continue
		}
		if !st.IsDir() {
			readFile(p, read, fail)
			continue
		}
		var files []string
		err = filepath.WalkDir(p, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				fail(err)
				return nil
			}
			if d.IsDir() {
				if path != p && strings.HasPrefix(d.Name(), ".") {
					return filepath.SkipDir
				}
				return nil
			}
			if ext := filepath.Ext(path); ext != ".yaml" && ext != ".yml" {
				return nil
			}
			// A FIFO, socket or device would block the walk or never end;
			// only regular files (or links to them) are read.
			if st, err := os.Stat(path); err == nil && !st.Mode().IsRegular() {
				fmt.Fprintf(stderr, "mdscheck: %s: skipped, not a regular file\n", path)
				return nil
			}
			files = append(files, path)
			return nil
		})
		if err != nil {
			fail(err)
		}
		sort.Strings(files)
		for _, f := range files {
			readFile(f, read, fail)
		}
	}
	return out, failed
}

func readFile(path string, read func(string, io.Reader), fail func(error)) {
	f, err := os.Open(path)
	if err != nil {
		fail(err)
		return
	}
	defer f.Close()
	read(path, f)
}

// checkAll checks the documents of all inputs on jobs workers. Documents,
// not files, are the unit of work, so one large stream uses every core.
func checkAll(inputs []input, opts check.Options, jobs int, prog *progress) []fileResult {
	type unit struct {
		file, doc int
		span      document.Span
	}
	results := make([][]report.Checked, len(inputs))
	extra := make([][]check.Diagnostic, len(inputs))
	var units []unit
	for i, in := range inputs {
		spans, tooBig := report.Spans(in.src)
		if tooBig != nil {
			extra[i] = []check.Diagnostic{*tooBig}
			continue
		}
		results[i] = make([]report.Checked, len(spans))
		for j, sp := range spans {
			units = append(units, unit{i, j, sp})
		}
	}
	jobs = min(jobs, max(len(units), 1)) // no idle workers
	var wg sync.WaitGroup
	next := make(chan unit, jobs*4)
	for w := 0; w < jobs; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for u := range next {
				results[u.file][u.doc] = report.CheckDocument(inputs[u.file].src, u.span, u.doc, opts)
				prog.done()
			}
		}()
	}
	prog.start(len(units))
	defer prog.stop()
	for _, u := range units {
		next <- u
	}
	close(next)
	wg.Wait()
	out := make([]fileResult, len(inputs))
	for i, in := range inputs {
		out[i] = fileResult{path: in.path, src: in.src, file: report.Build(in.src, results[i], extra[i], text.UTF16)}
	}
	return out
}
