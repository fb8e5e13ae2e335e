package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestExplainFormats: Markdown in a pipe, plain text with --format text,
// bold in colour only when colour is on.
func TestExplainFormats(t *testing.T) {
	cases := []struct {
		args        []string
		want, avoid []string
	}{
		{nil, []string{"**Kafka.spec.maintenanceWindowDow**: string", "- one of `monday`"}, []string{"\x1b"}},
		{[]string{"--format", "markdown", "--color", "always"}, []string{"**Kafka.spec.maintenanceWindowDow**"}, []string{"\x1b"}},
		{[]string{"--format", "text"}, []string{"Kafka.spec.maintenanceWindowDow: string", "• one of monday, tuesday"}, []string{"**", "`", "\x1b"}},
		{[]string{"--format", "text", "--color", "always"}, []string{"\x1b[1mKafka.spec.maintenanceWindowDow\x1b[0m: string"}, []string{"**", "`"}},
	}
	for _, c := range cases {
		args := append([]string{"explain", "Kafka.spec.maintenanceWindowDow"}, c.args...)
		code, out, errOut := runCLI(t, "", args...)
		if code != 0 {
			t.Fatalf("%q: exit %d, %s", args, code, errOut)
		}
		for _, w := range c.want {
			if !strings.Contains(out, w) {
				t.Errorf("%q: no %q in\n%s", args, w, out)
			}
		}
		for _, a := range c.avoid {
			if strings.Contains(out, a) {
				t.Errorf("%q: %q in\n%s", args, a, out)
			}
		}
	}
}

// TestExplainOnTerminal runs explain on a real terminal (a pty from
// script(1)): plain text there, bold unless NO_COLOR or --color never,
// and Markdown when asked for.
func TestExplainOnTerminal(t *testing.T) {
	script, err := exec.LookPath("script")
	if err != nil {
		t.Skip("no script(1) to make a terminal")
	}
	dir, env := installSelf(t)
	onTerminal := func(extraEnv string, args ...string) string {
		cmd := exec.Command(script, "-q", "-e", "-c", filepath.Join(dir, "mdscheck")+" explain Kafka.spec.plan "+strings.Join(args, " "), os.DevNull)
		cmd.Env = append(env, "TERM=xterm", "NO_COLOR=", extraEnv)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%q: %v\n%s", args, err, out)
		}
		return strings.ReplaceAll(string(out), "\r\n", "\n")
	}
	const bold, plain, markdown = "\x1b[1mKafka.spec.plan\x1b[0m: string, required\n", "Kafka.spec.plan: string, required\n", "**Kafka.spec.plan**: string, required\n"
	for _, c := range []struct {
		env  string
		args []string
		want string
	}{
		{"", nil, bold},
		{"NO_COLOR=1", nil, plain},
		{"", []string{"--color", "never"}, plain},
		{"NO_COLOR=1", []string{"--color", "always"}, bold},
		{"", []string{"--format", "markdown"}, markdown},
	} {
		if out := onTerminal(c.env, c.args...); !strings.HasPrefix(out, c.want) {
			t.Errorf("%s %q on a terminal:\n%q\nwant it to start with %q", c.env, c.args, out, c.want)
		}
	}
}

// TestExplainRuleLinksTheWeb: the documentation of a rule is linked where
// it is after an install, on the web, at a section the page has.
func TestExplainRuleLinksTheWeb(t *testing.T) {
	code, out, _ := runCLI(t, "", "explain", "enum")
	const url = "https://github.com/mdscheck/mdscheck/blob/main/docs/rules.md#enum"
	if code != 0 || !strings.Contains(out, url+"\n") {
		t.Errorf("exit %d, no link to %s:\n%s", code, url, out)
	}
	doc, err := os.ReadFile("../../docs/rules.md")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(doc), "\n### `enum`\n") {
		t.Errorf("docs/rules.md has no section enum for the link to land on")
	}
}

// TestExplainNoMember: a path with a member its kind lacks is an error
// that names the member and the members before it, whatever follows (a
// path of 10,000 steps, a name of 100,000 letters): one short line, not
// the path again.
func TestExplainNoMember(t *testing.T) {
	for arg, want := range map[string]string{
		"Kafka.nope":                       `mdscheck: no member "nope" of Kafka`,
		"Kafka.spec.userConfig[x]":         `mdscheck: no member "x" in "spec.userConfig" of Kafka`,
		"Kafka.spec.userConfig.kafka.nope": `mdscheck: no member "nope" in "spec.userConfig.kafka" of Kafka`,
		"Kafka.spec.userConfig.kafka" + strings.Repeat(".kafka", 10_000): `mdscheck: no member "kafka" in "spec.userConfig.kafka" of Kafka`,
		"Kafka.spec." + strings.Repeat("y", 100_000):                     `mdscheck: no member "` + strings.Repeat("y", 64) + `..." in "spec" of Kafka`,
	} {
		code, _, errOut := runCLI(t, "", "explain", arg)
		if first, _, _ := strings.Cut(errOut, "\n"); code != 2 || first != want {
			t.Errorf("explain %.60q: exit %d, first line %.200q, want exit 2 and %q", arg, code, first, want)
		}
	}
}
