package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// complete asks what the shells ask at a TAB: the candidates for the last
// word of line, and the directive (no space, no files, ...).
func complete(t *testing.T, line ...string) (candidates []string, directive string) {
	t.Helper()
	code, out, errOut := runCLI(t, "", append([]string{"__complete"}, line...)...)
	if code != 0 {
		t.Fatalf("__complete %q: exit %d, %s", line, code, errOut)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	for _, l := range lines[:len(lines)-1] {
		name, _, _ := strings.Cut(l, "\t")
		candidates = append(candidates, name)
	}
	return candidates, lines[len(lines)-1]
}

func TestCompletion(t *testing.T) {
	const noFiles, noSpaceNoFiles = ":4", ":6"
	cases := []struct {
		line      []string
		want      []string // among the candidates
		notWanted string   // not among them
		directive string
	}{
		{[]string{""}, []string{"validate", "explain", "schema", "lsp", "completion", "version"}, "", noFiles},
		{[]string{"validate", "--"}, []string{"--format", "--strict", "--unknown-fields", "--color", "--jobs"}, "", noFiles},
		{[]string{"validate", "--format", ""}, []string{"text", "json", "sarif", "github"}, "", noFiles},
		{[]string{"validate", ".", "--unknown-fields", ""}, []string{"error", "warning", "off"}, "", noFiles},
		{[]string{"validate", "--color", ""}, []string{"auto", "always", "never"}, "", noFiles},
		{[]string{"validate", "--jobs", ""}, nil, "", noFiles},
		{[]string{"explain", ""}, []string{"Kafka", "OpenSearch", "Grafana", "enum", "unknown-field"}, "", noSpaceNoFiles},
		{[]string{"explain", "K"}, []string{"Kafka"}, "OpenSearch", noSpaceNoFiles},
		{[]string{"explain", "Kafka."}, []string{"Kafka.spec", "Kafka.metadata"}, "", noSpaceNoFiles},
		{[]string{"explain", "Kafka.spec.us"}, []string{"Kafka.spec.userConfig"}, "Kafka.spec.plan", noSpaceNoFiles},
		{[]string{"explain", "Kafka.spec.userConfig.kafka_v"}, []string{"Kafka.spec.userConfig.kafka_version"}, "", noSpaceNoFiles},
		// Through a list to the members of its items.
		{[]string{"explain", "OpenSearch.spec.userConfig.ip_filter."}, []string{"OpenSearch.spec.userConfig.ip_filter.network"}, "", noSpaceNoFiles},
		{[]string{"explain", "Nope.sp"}, nil, "", noSpaceNoFiles},
		{[]string{"explain", "enum", ""}, nil, "", noFiles},
		{[]string{"explain", "enum", "--format", ""}, []string{"text", "markdown"}, "", noFiles},
		{[]string{"explain", "--color", ""}, []string{"auto", "always", "never"}, "", noFiles},
		{[]string{"schema", ""}, []string{"Grafana", "Kafka", "OpenSearch"}, "enum", noFiles},
		{[]string{"schema", "Open"}, []string{"OpenSearch"}, "Kafka", noFiles},
		{[]string{"completion", ""}, []string{"bash", "zsh", "fish", "powershell"}, "", noFiles},
	}
	for _, c := range cases {
		got, directive := complete(t, c.line...)
		if directive != c.directive {
			t.Errorf("%q: directive %s, want %s", c.line, directive, c.directive)
		}
		have := map[string]bool{}
		for _, g := range got {
			have[g] = true
		}
		for _, w := range c.want {
			if !have[w] {
				t.Errorf("%q: %q not offered; got %q", c.line, w, got)
			}
		}
		if c.want == nil && len(got) > 0 || have[c.notWanted] {
			t.Errorf("%q: offers %q", c.line, got)
		}
	}
	// Paths of validate: directories and YAML files in any case.
	if got, directive := complete(t, "validate", ""); directive != ":8" || !strings.Contains(strings.Join(got, " "), "YAML") {
		t.Errorf("validate paths: %q %s", got, directive)
	}
}

func TestCompletionScripts(t *testing.T) {
	for shell, says := range map[string]string{
		"bash":       "complete -o default -F __start_mdscheck mdscheck",
		"zsh":        "#compdef mdscheck",
		"fish":       "complete -c mdscheck",
		"powershell": "Register-ArgumentCompleter",
	} {
		code, out, errOut := runCLI(t, "", "completion", shell)
		if code != 0 || !strings.Contains(out, says) || !strings.Contains(out, "__complete") {
			t.Errorf("completion %s: exit %d, %s\n%.300s", shell, code, errOut, out)
		}
	}
}

// TestShellsComplete sources the scripts in a real bash and fish and
// presses TAB: the script calls this test binary back as mdscheck. A
// shell that is not installed is skipped.
func TestShellsComplete(t *testing.T) {
	bin, env := installSelf(t)
	// Each shell gets the script's file and the command line, and prints
	// the candidates one a line.
	shells := map[string][]string{
		// The script needs _get_comp_words_by_ref of the bash-completion
		// package; without the package, a stand-in as simple as the
		// command lines below. compopt acts only while bash itself runs a
		// completion.
		"bash": {"--norc", "-c", `
if [ -r /usr/share/bash-completion/bash_completion ]; then
  source /usr/share/bash-completion/bash_completion
else
  _get_comp_words_by_ref() { cur=${COMP_WORDS[COMP_CWORD]}; prev=${COMP_WORDS[COMP_CWORD-1]}; words=("${COMP_WORDS[@]}"); cword=$COMP_CWORD; }
fi
compopt() { :; }
source "$1"
read -ra COMP_WORDS <<< "$2"; [[ $2 == *" " ]] && COMP_WORDS+=("")
COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); COMP_LINE=$2; COMP_POINT=${#COMP_LINE}
__start_mdscheck; printf '%s\n' "${COMPREPLY[@]}"`, "bash"},
		"fish": {"--no-config", "-c", `source $argv[1]; complete -C $argv[2] | string replace -r '\t.*' ''; true`},
	}
	for shell, args := range shells {
		path, err := exec.LookPath(shell)
		if err != nil {
			// make test installs the shells (scripts/need.sh).
			t.Errorf("no %s to complete in: apt-get install -y %s", shell, shell)
			continue
		}
		_, script, _ := runCLI(t, "", "completion", shell)
		scriptFile := filepath.Join(bin, "mdscheck."+shell)
		if err := os.WriteFile(scriptFile, []byte(script), 0o644); err != nil {
			t.Fatal(err)
		}
		press := func(line string) string {
			cmd := exec.Command(path, append(args, scriptFile, line)...)
			cmd.Env = env
			var errOut strings.Builder
			cmd.Stderr = &errOut
			out, err := cmd.Output()
			if err != nil || errOut.Len() > 0 {
				t.Fatalf("%s, %s: %v\n%s", shell, line, err, errOut.String())
			}
			return strings.Join(strings.Fields(string(out)), " ")
		}
		for line, want := range map[string]string{
			"mdscheck explain Kafka.spec.us":  "Kafka.spec.userConfig",
			"mdscheck val":                    "validate",
			"mdscheck validate . --format j":  "json",
			"mdscheck schema Open":            "OpenSearch",
			"mdscheck explain Grafana.metada": "Grafana.metadata",
		} {
			// fish offers a path that may go on both with and without its dot.
			if got := press(line); got != want && got != want+" "+want+"." {
				t.Errorf("%s: %s<TAB> gives %q, want %q", shell, line, got, want)
			}
		}
	}
}
