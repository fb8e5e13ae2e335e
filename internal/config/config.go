// Package config reads mdscheck's configuration file, .mdscheck.yaml: the
// files to leave alone (exclude) and the severity of each rule code, for
// the whole repository and for the files that overrides name. The CLI and
// the language server read it alike; docs/configuration.md describes the
// format.
//
// The file is read with the core's own YAML reader (core/document), so
// every problem in it has an exact position, and checked strictly: an
// unknown key, rule code or severity, or a malformed glob, is a Problem,
// with a did-you-mean where one is near.
package config

import (
	"path/filepath"
	"strings"

	"github.com/bmatcuk/doublestar/v4"
)

// Names are the file names of a configuration file, the preferred first:
// when a directory holds both, only the first is read.
var Names = []string{".mdscheck.yaml", ".mdscheck.yml"}

// IsName reports whether the base name of path is a configuration file's.
func IsName(path string) bool {
	base := filepath.Base(path)
	for _, n := range Names {
		if base == n {
			return true
		}
	}
	return false
}

// Level is the severity a rule code is reported with, or Off.
type Level uint8

// Levels. Unset is the zero value: the rule's own severity applies.
const (
	Unset Level = iota
	Error
	Warning
	Information
	Off
)

var levelNames = [...]string{"", "error", "warning", "information", "off"}

// String returns the level as the configuration writes it.
func (l Level) String() string { return levelNames[l] }

// ParseLevel reads a level as the configuration writes it; ok is false for
// anything else (Unset included).
func ParseLevel(s string) (Level, bool) {
	for i, n := range levelNames {
		if i > 0 && n == s {
			return Level(i), true
		}
	}
	return Unset, false
}

// Config is one configuration file.
type Config struct {
	// Path is the file as it was named or found.
	Path string
	// Dir is the absolute directory of the file: its globs are relative
	// to it.
	Dir string
	// Src is the text that was read.
	Src string
	// Exclude are the globs of the files and directories never checked.
	Exclude []string
	// Rules set the severity per rule code for every file.
	Rules map[string]Level
	// Overrides set severities for the files they name; a later one wins
	// over an earlier one, and all over Rules.
	Overrides []Override
	// Problems are the mistakes in the file, in the order of the text.
	// What they concern is left out of the fields above; the rest applies.
	Problems []Problem
}

// Override sets the severity of rule codes for some files.
type Override struct {
	Files []string
	Rules map[string]Level
}

// Problem is a mistake in a configuration file.
type Problem struct {
	// Start and End are byte offsets in the text.
	Start, End int
	Message    string
	// Replace, when not "", is what the text from Start to End most
	// likely should say (the did-you-mean).
	Replace string
}

// Excluded reports whether the file or directory at path is excluded by c:
// whether an exclude glob matches it, or a directory that holds it, as a
// path relative to c.Dir. A nil Config excludes nothing.
func (c *Config) Excluded(path string) bool {
	if c == nil {
		return false
	}
	return matchAny(c.Exclude, c.Dir, path)
}

// Policy returns the severity per rule code for the file at path: the
// rules, then each override whose files match it, in order.
func (c *Config) Policy(path string) Policy {
	p := Policy{}
	if c == nil {
		return p
	}
	for code, l := range c.Rules {
		p[code] = l
	}
	for _, o := range c.Overrides {
		if matchAny(o.Files, c.Dir, path) {
			for code, l := range o.Rules {
				p[code] = l
			}
		}
	}
	return p
}

// NewExclusions returns a Config that only excludes globs relative to dir,
// for the command line's --exclude; the first bad glob is an error.
func NewExclusions(dir string, globs []string) (*Config, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	c := &Config{Dir: abs}
	for _, g := range globs {
		clean, msg := cleanGlob(g)
		if msg != "" {
			return nil, &GlobError{Glob: g, Message: msg}
		}
		c.Exclude = append(c.Exclude, clean)
	}
	return c, nil
}

// GlobError is a glob that cannot be used.
type GlobError struct {
	Glob, Message string
}

func (e *GlobError) Error() string { return "glob " + quote(e.Glob) + ": " + e.Message }

// cleanGlob returns the glob as matched (a leading ./ dropped), or why it
// cannot be used.
func cleanGlob(g string) (string, string) {
	switch {
	case g == "":
		return "", "an empty glob matches nothing"
	case strings.Contains(g, `\`) && filepath.Separator == '\\':
		return "", "write paths with /, not \\"
	case strings.HasPrefix(g, "/") || filepath.IsAbs(g):
		return "", "globs are relative to the directory of the configuration; drop the leading /"
	case g == ".." || strings.HasPrefix(g, "../"):
		return "", "a glob is matched inside the directory of the configuration; .. leaves it"
	case !doublestar.ValidatePattern(g):
		return "", "not a valid glob (an unclosed [ or {, or a \\ at the end)"
	}
	for strings.HasPrefix(g, "./") {
		g = g[2:]
	}
	if g == "" || g == "." {
		g = "**"
	}
	return strings.TrimSuffix(g, "/"), ""
}

// matchAny reports whether a glob matches path, relative to dir, or one
// of the directories that hold it below dir. A glob names a directory to
// mean everything in it, as legacy and legacy/** both do.
func matchAny(globs []string, dir, path string) bool {
	if len(globs) == 0 {
		return false
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return false
	}
	rel, err := filepath.Rel(dir, abs)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return false // outside dir: none of its globs apply
	}
	rel = filepath.ToSlash(rel)
	for {
		for _, g := range globs {
			if doublestar.MatchUnvalidated(g, rel) {
				return true
			}
		}
		i := strings.LastIndexByte(rel, '/')
		if i < 0 {
			return false
		}
		rel = rel[:i]
	}
}
