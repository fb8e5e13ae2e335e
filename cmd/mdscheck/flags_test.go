package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestFlagsAnywhere: flags after the paths are flags, as in kubectl; --
// ends them; the one-dash spelling of the standard flag package, which
// scripts may still use, keeps working.
func TestFlagsAnywhere(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.yaml")
	if err := os.WriteFile(bad, []byte(invalid), 0o644); err != nil {
		t.Fatal(err)
	}
	isJSON := func(out string) bool { return json.Valid([]byte(out)) && strings.HasPrefix(out, "{") }
	for _, args := range [][]string{
		{"validate", dir, "--format", "json"},
		{"validate", dir, "--format=json"},
		{"validate", "--strict", dir, "--format", "json", "--color", "never"},
		{"validate", "-format", "json", dir},
		{"validate", dir, "-format=json"},
	} {
		code, out, errOut := runCLI(t, "", args...)
		if code != 1 || !isJSON(out) {
			t.Errorf("%q: exit %d, not JSON:\n%s%s", args, code, out, errOut)
		}
	}
	// After --, a word that looks like a flag is a path.
	code, out, errOut := runCLI(t, "", "validate", dir, "--", "--format")
	if code != 2 || !strings.Contains(errOut, "--format: no such file") || !strings.Contains(out, "bad.yaml:7:12") {
		t.Errorf("-- does not end the flags: exit %d\n%s%s", code, out, errOut)
	}
	// "-" among the paths is standard input, before or after the flags.
	code, out, _ = runCLI(t, invalid, "validate", "-", "--format", "github")
	if code != 1 || !strings.HasPrefix(out, "::error file=<stdin>,") {
		t.Errorf("- then flags: exit %d\n%s", code, out)
	}
}

// TestUsageErrors: a mistake on the command line exits 2 and says what is
// wrong and where to read more, on stderr.
func TestUsageErrors(t *testing.T) {
	cases := []struct {
		args []string
		says string
	}{
		{[]string{"validate", ".", "--frob"}, "unknown flag: --frob"},
		{[]string{"validate", ".", "--format", "xml"}, `invalid argument "xml" for "--format" flag: must be text, json, sarif or github`},
		{[]string{"validate", ".", "--unknown-fields", "loud"}, "must be error, warning or off"},
		{[]string{"validate", ".", "--color", "sometimes"}, "must be auto, always or never"},
		{[]string{"validate", "--format", "json"}, "no PATH given"},
		{[]string{"explain"}, "missing RULE or KIND[.PATH]"},
		{[]string{"explain", "enum", "type"}, `unexpected argument "type"`},
		{[]string{"schema"}, "missing KIND"},
		{[]string{"lsp", "extra"}, `unexpected argument "extra"`},
		{[]string{"version", "extra"}, `unexpected argument "extra"`},
		{[]string{"frobnicate"}, `unknown command "frobnicate"`},
	}
	for _, c := range cases {
		code, out, errOut := runCLI(t, "", c.args...)
		if code != 2 || out != "" || !strings.Contains(errOut, c.says) || !strings.Contains(errOut, "--help' for usage") {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want 2 and %q", c.args, code, out, errOut, c.says)
		}
	}
	// A bare mdscheck is a usage error too, and lists the commands.
	code, out, errOut := runCLI(t, "")
	if code != 2 || out != "" || !strings.Contains(errOut, "validate") || !strings.Contains(errOut, "explain") {
		t.Errorf("bare mdscheck: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
}

// TestHelp: --help, -h and help COMMAND print on stdout and exit 0; the
// help of every command says what it does and shows an example.
func TestHelp(t *testing.T) {
	root := newRoot(nil, nil, nil)
	for _, c := range root.Commands() {
		if c.Hidden {
			continue
		}
		for _, args := range [][]string{{c.Name(), "--help"}, {c.Name(), "-h"}, {"help", c.Name()}, {c.Name(), "-help"}} {
			code, out, errOut := runCLI(t, "", args...)
			if code != 0 || errOut != "" {
				t.Errorf("%q: exit %d, stderr %q", args, code, errOut)
			}
			if !strings.Contains(out, c.Long) || !strings.Contains(out, "Examples:\n"+c.Example) {
				t.Errorf("%q does not say what %s does with an example:\n%s", args, c.Name(), out)
			}
		}
		if c.Long == "" || !strings.Contains(c.Example, "mdscheck "+c.Name()) {
			t.Errorf("%s has no description or no example of its use", c.Name())
		}
	}
	for _, args := range [][]string{{"--help"}, {"-h"}, {"help"}} {
		code, out, _ := runCLI(t, "", args...)
		if code != 0 || !strings.Contains(out, "Available Commands:") || !strings.Contains(out, "validate") {
			t.Errorf("%q: exit %d\n%s", args, code, out)
		}
	}
	// The line itself is version_test.go's.
	for _, args := range [][]string{{"version"}, {"--version"}, {"-v"}} {
		if code, out, _ := runCLI(t, "", args...); code != 0 || out != "mdscheck "+currentBuild().String()+"\n" {
			t.Errorf("%q: exit %d, %q", args, code, out)
		}
	}
}
