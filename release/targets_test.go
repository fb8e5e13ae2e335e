package release

import (
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"
)

// documentedTargets are the make targets README.md's table names.
func documentedTargets(t *testing.T) []string {
	t.Helper()
	readme, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, table, ok := strings.Cut(string(readme), "\n## Make targets\n")
	if !ok {
		t.Fatal("README.md has no Make targets section")
	}
	table, _, _ = strings.Cut(table, "\n## ")
	var targets []string
	for _, line := range strings.Split(table, "\n") {
		if !strings.HasPrefix(line, "| `make ") {
			continue
		}
		first, _, _ := strings.Cut(line[1:], "|")
		for _, m := range regexp.MustCompile("`make ([a-z-]+)`").FindAllStringSubmatch(first, -1) {
			targets = append(targets, m[1])
		}
	}
	if len(targets) < 10 {
		t.Fatalf("only %d targets found in README.md's table: %q", len(targets), targets)
	}
	return targets
}

// npmCommand is a recipe line that needs the npm workspace installed.
var npmCommand = regexp.MustCompile(`(^|[\s;&|])(npm|npx) `)

// Every make target README.md names works on a fresh clone: a target
// that runs npm installs the workspace first (scripts/need.sh), as `make
// test` does, instead of stopping at "Cannot find package 'esbuild'".
// make -n -B prints every command a target would run from scratch, in
// order, without running any; a clone without node_modules runs them all.
func TestDocumentedTargetsInstallWhatTheyUse(t *testing.T) {
	if _, err := exec.LookPath("make"); err != nil {
		t.Fatal("make not found: apt-get install make")
	}
	for _, target := range documentedTargets(t) {
		cmd := exec.Command("make", "-n", "-B", target)
		cmd.Dir = ".."
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Errorf("make -n %s: %v\n%s", target, err, out)
			continue
		}
		installed := false
		for _, line := range strings.Split(string(out), "\n") {
			if strings.Contains(line, "scripts/need.sh") {
				installed = true
			}
			if npmCommand.MatchString(line) && !installed {
				t.Errorf("make %s runs %q before scripts/need.sh installs the npm packages", target, strings.TrimSpace(line))
				break
			}
		}
	}
}
