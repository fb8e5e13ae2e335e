package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/mdscheck/mdscheck/core/check"
	"github.com/mdscheck/mdscheck/core/report"
	"github.com/mdscheck/mdscheck/core/secret"
	"github.com/mdscheck/mdscheck/core/text"
	"github.com/mdscheck/mdscheck/internal/config"
)

// configFlags are validate's flags about the configuration file and the
// files left out.
type configFlags struct {
	file    string
	none    bool
	exclude []string
}

func addConfigFlags(cmd *cobra.Command, f *configFlags) {
	cmd.Flags().StringVar(&f.file, "config", "", "read the configuration from `FILE` for every input, rather than the .mdscheck.yaml found above each")
	cmd.Flags().BoolVar(&f.none, "no-config", false, "read no configuration file")
	cmd.Flags().StringArrayVar(&f.exclude, "exclude", nil, "skip the files and directories that `GLOB` matches, relative to the current directory (repeatable)")
	mustRegister(cmd.RegisterFlagCompletionFunc("config", func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		return []string{"yaml", "yml"}, cobra.ShellCompDirectiveFilterFileExt
	}))
	mustRegister(cmd.RegisterFlagCompletionFunc("exclude", cobra.NoFileCompletions))
}

// configs are the configurations of one run of validate.
type configs struct {
	fixed  *config.Config // --config: for every input
	none   bool           // --no-config
	cli    *config.Config // --exclude
	finder config.Finder
	stderr io.Writer
	// unreadable are the errors of the configuration files that could
	// not be read, each said once.
	unreadable map[string]bool
}

// open returns the configurations the flags ask for; an error is a usage
// error (a --config file that cannot be read, a bad --exclude glob).
func (f *configFlags) open(stderr io.Writer) (*configs, error) {
	c := &configs{none: f.none, stderr: stderr, unreadable: map[string]bool{}}
	var err error
	if c.cli, err = config.NewExclusions(".", f.exclude); err != nil {
		return nil, fmt.Errorf("--exclude: %w", err)
	}
	if f.file != "" {
		if c.fixed, err = config.Load(f.file); err != nil {
			return nil, fmt.Errorf("--config: %w", err)
		}
	}
	return c, nil
}

// lookup returns the configuration that applies to the file at path (to
// the files in it, for a directory), or nil.
func (c *configs) lookup(path string, dir bool) *config.Config {
	switch {
	case c.none:
		return nil
	case c.fixed != nil:
		return c.fixed
	}
	find := c.finder.For
	if dir {
		find = c.finder.In
	}
	cfg, err := find(path)
	if err != nil {
		// The finder keeps the error: say it once, not once per file.
		if msg := err.Error(); !c.unreadable[msg] {
			c.unreadable[msg] = true
			fmt.Fprintf(c.stderr, "mdscheck: %v\n", err)
		}
		return nil
	}
	return cfg
}

// skip reports whether collect leaves out the file or directory at path:
// --exclude or the exclude of its configuration matches it. A directory
// is left out by the configuration of the files in it, the one that would
// exclude them one by one. A path the user named is left out too, so that
// a list of files from a script or pre-commit obeys the configuration,
// with a note saying so.
func (c *configs) skip(path string, dir, named bool) bool {
	by := ""
	switch {
	case !named && config.IsName(path):
		return true // a configuration, not a manifest
	case c.cli.Excluded(path):
		by = "--exclude"
	default:
		cfg := c.lookup(path, dir)
		if !cfg.Excluded(path) {
			return false
		}
		by = relative(cfg.Path)
	}
	if named {
		fmt.Fprintf(c.stderr, "mdscheck: %s: skipped, excluded by %s (--no-config checks it)\n", path, by)
	}
	return true
}

// failed prints the problems of every configuration read, file:line:col
// each, and reports whether there were any or one could not be read.
func (c *configs) failed(w io.Writer, inputs []input, opts check.Options) bool {
	var all []*config.Config
	if c.fixed != nil {
		all = append(all, c.fixed)
	}
	all = append(all, c.finder.Loaded()...)
	slices.SortFunc(all, func(a, b *config.Config) int { return strings.Compare(a.Path, b.Path) })
	bad := len(c.unreadable) > 0
	var g *secret.Gate
	for _, cfg := range all {
		if len(cfg.Problems) == 0 {
			continue
		}
		if g == nil {
			// A problem may quote a value of the configuration that is a
			// secret of a manifest (rules: {pattern: S}): the manifests
			// are read for their secrets before any problem is shown.
			// Only a run that stops here pays for it.
			g = inputsGate(inputs, opts)
		}
		bad = true
		idx := text.NewIndex(cfg.Src)
		for _, p := range cfg.Problems {
			pos := idx.Position(p.Start, text.UTF32)
			fmt.Fprintf(w, "%s:%d:%d: error: %s\n", relative(cfg.Path), pos.Line+1, pos.Character+1, g.Clean(p.Message))
		}
	}
	return bad
}

// inputsGate is the gate of the secrets of every input.
func inputsGate(inputs []input, opts check.Options) *secret.Gate {
	g := &secret.Gate{}
	for _, in := range inputs {
		f := report.Validate(in.as.Text(in.src), opts)
		f.Feed(g)
	}
	return g
}

// unknownFlag returns the level --unknown-fields gives when the user gave
// it, else Unset: only a flag given wins over the configuration.
func unknownFlag(cmd *cobra.Command, value string) config.Level {
	if !cmd.Flags().Changed("unknown-fields") {
		return config.Unset
	}
	l, _ := config.ParseLevel(value)
	return l
}

// apply puts each file's findings at the severities its configuration
// sets, then at those of the flags the user gave (unknown, Unset when
// not given), which win.
func (c *configs) apply(results []fileResult, unknown config.Level) {
	for i := range results {
		p := c.lookup(results[i].path, false).Policy(results[i].path)
		if unknown != config.Unset {
			p["unknown-field"] = unknown
		}
		results[i].file = p.Apply(results[i].file)
	}
}

// relative returns path relative to the current directory when it is
// below it, as a user would type it.
func relative(path string) string {
	wd, err := os.Getwd()
	if err != nil {
		return path
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return path
	}
	if rel, err := filepath.Rel(wd, abs); err == nil && !strings.HasPrefix(rel, "..") {
		return rel
	}
	return path
}
