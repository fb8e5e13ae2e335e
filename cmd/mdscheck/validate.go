package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/spf13/cobra"

	"github.com/mdscheck/mdscheck/core/check"
	"github.com/mdscheck/mdscheck/core/cross"
	"github.com/mdscheck/mdscheck/core/report"
	"github.com/mdscheck/mdscheck/core/secret"
	"github.com/mdscheck/mdscheck/internal/reading"
)

// fileResult is the outcome for one input: its findings in offsets of
// file.Text, which each writer converts to what it prints.
type fileResult struct {
	path string
	file report.File
	// previous marks a file of the previous version (validate
	// --previous), shown for the deletions it holds.
	previous bool
	// ofBuild marks a file a Kustomize build read, shown for the
	// findings placed in it (validate --kustomize): the build is what
	// was checked, and counted.
	ofBuild bool
	// facts are what the file gives the checks across the run's
	// resources (core/cross); nil for a file not checked as an input.
	facts   *cross.Facts
	changes *changeCounts // what --previous counted in the file; nil without it
	// gate is the run's (runGate): what the writers pass the source
	// lines and JSON they show through.
	gate *secret.Gate
}

// counted reports whether r is one of the files the summary counts: an
// input, or a build, not a place that only shows findings.
func (r fileResult) counted() bool { return !r.previous && !r.ofBuild }

// validateFlags are the flags of validate.
type validateFlags struct {
	format, unknown, color *choice
	strict                 bool
	jobs                   int
	maxFindings            int
	stdinName              string
	cfg                    configFlags
	kustomize              []string
	prev                   previousFlags
}

// defaultMaxFindings is how many findings of one file validate shows:
// more than anyone fixes in one go, few enough that a stream of a million
// findings is printed in a moment instead of a minute and a gigabyte.
const defaultMaxFindings = 1000

// maxJobs bounds --jobs: far above any core count that helps, far below
// what would exhaust memory on goroutines and channel buffers.
const maxJobs = 1024

func newValidateCmd() *cobra.Command {
	var f validateFlags
	cmd := &cobra.Command{
		Use:   "validate [flags] PATH...",
		Short: "Check files, directories or standard input",
		Long: `Checks every OpenSearch, Grafana and Kafka manifest (apiVersion
example.io/v1alpha1) in the given files. A directory is searched
recursively for *.yaml and *.yml (in any case), hidden directories
skipped; - reads standard input. Documents of other API groups are left
alone, but for the checks across resources: the connection Secrets that
our resources write and the workloads of all inputs read. Each
--kustomize build is checked as deployed, with the inputs no build read.

Exit status: 0 no errors, 1 errors found (or warnings with --strict),
2 usage or I/O failure.`,
		Example: `  # every manifest below the current directory
  mdscheck validate .

  # one JSON object for a script; flags may follow the paths
  mdscheck validate deploy/ --format json

  # annotations on a pull request, from a GitHub Actions step
  mdscheck validate --format github deploy/

  # a rendered overlay, its findings shown under a name of your choice
  kustomize build overlays/prod | mdscheck validate --stdin-filename overlays/prod -`,
		Args: func(cmd *cobra.Command, paths []string) error {
			if len(paths) == 0 && len(f.kustomize) == 0 {
				return errors.New("no PATH given (use - for standard input)")
			}
			if f.cfg.file != "" && f.cfg.none {
				return errors.New("--config and --no-config contradict each other: give one of them")
			}
			if i := slices.Index(paths, "-"); i >= 0 && slices.Contains(paths[i+1:], "-") {
				return errors.New("standard input (-) is given more than once; it can be read only once")
			}
			if len(paths) == 0 && f.prev.source != "" {
				// Silence would read as "no lifecycle problem".
				return errors.New("--previous compares the files given as PATH, and a --kustomize build has no previous version: " +
					"name the folders of the overlay and its bases as PATH too (validate --previous git:HEAD --kustomize overlays/prod overlays/prod base)")
			}
			return nil
		},
		ValidArgsFunction: completeManifests,
		RunE: func(cmd *cobra.Command, paths []string) error {
			return f.run(cmd, paths)
		},
	}
	f.format = addChoice(cmd, "format", "text", "output format",
		option{"text", "file:line:col: message, the line and a caret underline"},
		option{"json", "one JSON object"},
		option{"sarif", "SARIF 2.1.0, for code scanning"},
		option{"github", "GitHub Actions annotations"})
	f.unknown = addChoice(cmd, "unknown-fields", "error", "how to report members the schema does not know",
		option{"error", "an unknown member is an error"},
		option{"warning", "an unknown member is a warning"},
		option{"off", "unknown members are not reported"})
	f.color = addChoice(cmd, "color", "auto", "colour in text output", colorModes...)
	cmd.Flags().BoolVar(&f.strict, "strict", false, "exit 1 on warnings too, and report mdscheck:ignore comments that silence nothing")
	cmd.Flags().IntVar(&f.jobs, "jobs", runtime.NumCPU(), fmt.Sprintf("documents checked in parallel, 1 to %d", maxJobs))
	mustRegister(cmd.RegisterFlagCompletionFunc("jobs", cobra.NoFileCompletions))
	cmd.Flags().IntVar(&f.maxFindings, "max-findings", defaultMaxFindings,
		"findings shown per file; the rest are counted in one finding that says so (0 shows all)")
	mustRegister(cmd.RegisterFlagCompletionFunc("max-findings", cobra.NoFileCompletions))
	addConfigFlags(cmd, &f.cfg)
	cmd.Flags().StringVar(&f.stdinName, "stdin-filename", "<stdin>", "the `NAME` that findings in standard input (-) show as their path")
	cmd.Flags().StringArrayVar(&f.kustomize, "kustomize", nil, "build the Kustomize overlay in `DIR` and check the result, each finding shown in the file it comes from (repeatable)")
	f.prev.register(cmd)
	return cmd
}

// run checks the paths and prints the findings in the chosen format.
func (f *validateFlags) run(cmd *cobra.Command, paths []string) error {
	stdout, stderr := cmd.OutOrStdout(), cmd.ErrOrStderr()
	if f.jobs < 1 || f.jobs > maxJobs {
		return fmt.Errorf("--jobs must be from 1 to %d, not %d", maxJobs, f.jobs)
	}
	if f.maxFindings < 0 {
		return fmt.Errorf("--max-findings must be 0 (all) or more, not %d", f.maxFindings)
	}
	opts := check.DefaultOptions
	// Strict also means no stale suppression: an ignore that silences
	// nothing would hide the next mistake on its line.
	opts.UnusedSuppressions = f.strict
	switch f.unknown.value {
	case "warning":
		opts.UnknownFields = check.Warning
	case "off":
		opts.UnknownFields = 0
	}
	var write func(io.Writer, []fileResult) error
	switch f.format.value {
	case "text":
		write = textWriter(useColor(f.color.value, stdout))
	case "json":
		write = writeJSON
	case "sarif":
		write = writeSARIF
	case "github":
		write = writeGitHub
	}
	cfgs, err := f.cfg.open(stderr)
	if err != nil {
		return err
	}
	inputs, ioFailed := collect(paths, cmd.InOrStdin(), f.stdinName, stderr, cfgs.skip)
	if cfgs.failed(stderr, inputs, opts) {
		return exitStatus(2) // a mistake in a configuration would change what is reported
	}
	var prog *progress
	if isTerminal(stderr) {
		prog = &progress{w: stderr}
	}
	results := checkAll(inputs, opts, f.jobs, f.maxFindings, prog)
	builds, buildFailed := overlays(f.kustomize, opts, stderr)
	ioFailed = ioFailed || buildFailed
	results = foldBuildPlaces(acrossResources(results, builds, stderr))
	// The comparison's findings come first, so that the configuration
	// sets their severities too.
	compared, err := f.prev.apply(paths, inputs, results, opts, f.jobs, cfgs.skip, stderr)
	var failed exitStatus
	switch {
	case errors.As(err, &failed):
		// The previous version could not be read, and stderr says so:
		// today's findings are still reported, and the exit status is 2.
		ioFailed = true
	case err != nil:
		return err
	default:
		results = compared
	}
	cfgs.apply(results, unknownFlag(cmd, f.unknown.value))
	for i := range results {
		results[i].file.Cap(f.maxFindings) // a build's, a previous file's
	}
	if ioFailed && len(results) == 0 && f.format.value == "text" {
		return exitStatus(2) // nothing was read: the errors above say why, a summary would mislead
	}
	gate := runGate(results, f.prev.read)
	var out bytes.Buffer
	if err := write(&out, results); err != nil {
		fmt.Fprintf(stderr, "mdscheck: %v\n", err)
		return exitStatus(2)
	}
	shown := out.Bytes()
	if f.format.value == "json" || f.format.value == "sarif" {
		shown = gate.JSON(shown) // every string of the output, whatever wrote it
	}
	if _, err := stdout.Write(shown); err != nil {
		fmt.Fprintf(stderr, "mdscheck: %v\n", err)
		return exitStatus(2)
	}
	if ioFailed {
		return exitStatus(2)
	}
	for _, r := range results {
		e, w := r.file.Counts()
		if e > 0 || (f.strict && w > 0) {
			return exitStatus(1)
		}
	}
	return nil
}

// checkAll checks the documents of all inputs on jobs workers. Documents,
// not files, are the unit of work, so one large stream uses every core.
//
// Each file keeps at most limit findings, in document order (none left
// out when it is 0); the rest are counted, as their documents are
// checked, in one finding that says so (report.Options.Cap): a million
// findings are never held or printed.
func checkAll(inputs []input, opts check.Options, jobs, limit int, prog *progress) []fileResult {
	type unit struct{ file, doc int }
	streams := make([]*report.Stream, len(inputs))
	texts := make([]string, len(inputs)) // what is read of each input
	var units []unit
	for i, in := range inputs {
		texts[i] = in.as.Text(in.src)
		streams[i] = report.NewStream(in.src, report.Options{Check: in.as.Options(opts), Read: texts[i], Cap: limit, Lock: new(sync.Mutex)})
		for j := range streams[i].Len() {
			units = append(units, unit{i, j})
		}
	}
	jobs = min(jobs, max(len(units), 1)) // no idle workers
	// Workers take the units in batches of consecutive documents, by an
	// atomic counter rather than one by one over a channel, and each reuses
	// the memory of reading (report.Checker): so the second core checks
	// documents instead of collecting garbage and handing over work. Small
	// batches still share out the last documents evenly. The worker that
	// checks a file's last document builds the file's result, so that for
	// a directory of small files that is not left to one core either.
	out := make([]fileResult, len(inputs))
	build := func(i int) {
		out[i] = fileResult{path: inputs[i].path, file: streams[i].File(), facts: streams[i].Facts()}
		if inputs[i].as == reading.Template {
			templateSecrets(&out[i].file, texts[i])
		}
		streams[i] = nil // the findings are in out[i] now
	}
	left := make([]atomic.Int32, len(inputs)) // documents not yet checked
	for i := range inputs {
		n := streams[i].Len()
		left[i].Store(int32(n))
		if n == 0 {
			build(i)
		}
	}
	batch := min(max(len(units)/(jobs*32), 1), 16)
	var claimed atomic.Int64
	var wg sync.WaitGroup
	prog.start(len(units))
	defer prog.stop()
	for w := 0; w < jobs; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c := report.Checker{Facts: true}
			for {
				end := int(claimed.Add(int64(batch)))
				start := end - batch
				if start >= len(units) {
					return
				}
				for _, u := range units[start:min(end, len(units))] {
					streams[u.file].Check(&c, u.doc)
					prog.done()
					if left[u.file].Add(-1) == 0 {
						build(u.file)
					}
				}
			}
		}()
	}
	wg.Wait()
	return out
}
