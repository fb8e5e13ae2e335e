package scanner_test

// The copy must tokenize exactly as goccy/go-yaml does: every patch of
// README.md only saves allocations. These tests run both scanners on the
// YAML Test Suite, the repository's manifests and the benchmark corpus,
// and fuzz them, comparing every field of every token and every error.

import (
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	upstream "github.com/goccy/go-yaml/scanner"
	uptoken "github.com/goccy/go-yaml/token"

	"github.com/mdscheck/mdscheck/core/internal/goccy/scanner"
	"github.com/mdscheck/mdscheck/core/internal/goccy/token"
	"github.com/mdscheck/mdscheck/internal/yamlsuite"
)

// scan is one scanner's reading of a text: a line per token and per error,
// or the panic it ended in.
type scan []string

func (s scan) String() string { return strings.Join(s, "\n") }

// maxScans bounds a hostile input's reading; both scanners stop there.
const maxScans = 1 << 20

func ours(text string) scan {
	var s scanner.Scanner
	// The copy has no String methods (README.md): upstream's name the
	// values, which are the same numbers.
	return record(func() { s.Init(text) }, s.Scan, func(tk *token.Token) string {
		return tokenLine(uptoken.Type(tk.Type).String(), uptoken.CharacterType(tk.CharacterType).String(), uptoken.Indicator(tk.Indicator).String(),
			tk.Value, tk.Origin, tk.Error, tk.Position.Line, tk.Position.Column, tk.Position.Offset,
			tk.Position.IndentNum, tk.Position.IndentLevel)
	})
}

func theirs(text string) scan {
	var s upstream.Scanner
	return record(func() { s.Init(text) }, s.Scan, func(tk *uptoken.Token) string {
		return tokenLine(tk.Type.String(), tk.CharacterType.String(), tk.Indicator.String(),
			tk.Value, tk.Origin, tk.Error, tk.Position.Line, tk.Position.Column, tk.Position.Offset,
			tk.Position.IndentNum, tk.Position.IndentLevel)
	})
}

// record runs a scanner to the end of its text, or to its panic.
func record[S ~[]T, T any](init func(), next func() (S, error), line func(T) string) (out scan) {
	defer func() {
		if r := recover(); r != nil {
			out = append(out, fmt.Sprint("panic: ", r))
		}
	}()
	init()
	for range maxScans {
		tks, err := next()
		if err == io.EOF {
			return out
		}
		for _, tk := range tks {
			out = append(out, line(tk))
		}
		if err != nil {
			out = append(out, "error: "+err.Error())
		}
	}
	return out
}

func tokenLine(typ, char, ind, value, origin, err string, line, col, off, indent, level int) string {
	return fmt.Sprintf("%s %s %s value=%q origin=%q error=%q at %d:%d+%d indent=%d level=%d",
		typ, char, ind, value, origin, err, line, col, off, indent, level)
}

func same(t *testing.T, name, text string) {
	t.Helper()
	a, b := ours(text), theirs(text)
	for i := range max(len(a), len(b)) {
		var x, y string
		if i < len(a) {
			x = a[i]
		}
		if i < len(b) {
			y = b[i]
		}
		if x != y {
			t.Errorf("%s: token %d differs from goccy/go-yaml's\n ours:   %s\n theirs: %s", name, i, x, y)
			return
		}
	}
}

// TestNumbersAndWords holds the number test of token.New to upstream's on
// the scalars where a shortcut could go wrong, in every place a scalar can
// be (token/upstream_test.go fuzzes token.ToNumber itself).
func TestNumbersAndWords(t *testing.T) {
	for _, v := range []string{
		"0", "-0", "+1", "-+1", "+-1", "1_000", "_1", "0x1F", "0o17", "0b101", "017", "08", "0.5", ".5", "5.",
		"1e3", "1.5e3", "-1.5E-3", "1e", ".inf", "-.inf", ".nan", "inf", "nan", "Infinity", "1.2.3",
		"10.0.0.0/8", "1Gi", "500m", "2024-01-01", "12:30", "0x", "0xg", "-", "+", ".", "1__0", "99999999999999999999",
		"0x1p-2", "1_0.5", "-.5", "+.5", "e5", "E5", "opensearch", "my-cluster", "v1", "x1", "~", "null", "true",
	} {
		text := "key: " + v + "\n- " + v + "\n[" + v + ", " + v + "]\n{" + v + ": " + v + "}\n"
		same(t, v, text)
	}
}

const suiteArchive = "../../../../testdata/yaml-suite/data-2022-01-17.tgz"

// TestYAMLTestSuite compares the scanners on every input of the YAML Test
// Suite, valid and invalid.
func TestYAMLTestSuite(t *testing.T) {
	n := 0
	for _, f := range yamlsuite.Read(t, suiteArchive) {
		if filepath.Base(f.Path) == "in.yaml" {
			same(t, f.Path, string(f.Data))
			n++
		}
	}
	if n < 300 {
		t.Fatalf("read only %d inputs of the suite", n)
	}
}

// TestManifests compares them on every YAML file of the repository and,
// when MDSCHECK_CORPUS names it, the benchmark corpus.
func TestManifests(t *testing.T) {
	roots := []string{"../../../../examples", "../../../../testdata", "../../../../cmd", "../../../../lsp"}
	if c := os.Getenv("MDSCHECK_CORPUS"); c != "" {
		roots = append(roots, c)
	}
	n := 0
	for _, root := range roots {
		err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				if os.IsNotExist(err) {
					return nil
				}
				return err
			}
			if d.IsDir() || !(strings.HasSuffix(p, ".yaml") || strings.HasSuffix(p, ".yml")) {
				return nil
			}
			b, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			same(t, p, string(b))
			n++
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if n < 50 {
		t.Fatalf("compared only %d files", n)
	}
}

func FuzzSameAsUpstream(f *testing.F) {
	for _, s := range []string{
		"a: 1\nb: [x, 'y', \"z\\n\"]\n", "- &a {k: v}\n- *a\n", "key: |\n  text\n  more\n", "? complex\n: value\n",
		"%YAML 1.2\n---\na: !!str 1\n...\n", "a:\n  - b: 0x1F\n    c: .inf\n", "\"unterminated\n", "a: b: c\n",
		"k: 1_000\nv: -+1\nw: 1e3\n", "x: >-\n  folded\n\n  text\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		if len(text) > 4096 {
			return
		}
		same(t, "fuzz", text)
	})
}
