package release

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"

	"gopkg.in/yaml.v2"
)

// docs/ci.md is followed word for word by people setting up CI: these
// tests run its shell and its GitLab job against the fake GitHub with the
// release make release built, and check its workflows and pre-commit
// configuration against action.yml and .pre-commit-hooks.yaml.

// docBlocks returns the fenced blocks of docs/ci.md in language lang
// under the heading named section, up to the next heading.
func docBlocks(t *testing.T, section, lang string) []string {
	t.Helper()
	return blocks(t, "../docs/ci.md", section, lang)
}

// blocks returns the fenced blocks in language lang of a Markdown file
// under the heading named section, up to the next heading.
func blocks(t *testing.T, file, section, lang string) []string {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	doc := string(b)
	start := strings.Index(doc, "# "+section+"\n")
	if start < 0 {
		t.Fatalf("%s has no section %q", file, section)
	}
	doc = doc[start+len(section)+3:]
	if end := regexp.MustCompile(`(?m)^#+ `).FindStringIndex(doc); end != nil {
		doc = doc[:end[0]]
	}
	var blocks []string
	for _, m := range regexp.MustCompile("(?s)```"+lang+"\n(.*?)```").FindAllStringSubmatch(doc, -1) {
		blocks = append(blocks, m[1])
	}
	if len(blocks) == 0 {
		t.Fatalf("no %s block in section %q of %s", lang, section, file)
	}
	return blocks
}

// onThisMachine skips a test whose commands download the linux/amd64
// archive, as the docs' examples do, where that archive cannot run.
func onThisMachine(t *testing.T) {
	if runtime.GOOS+"/"+runtime.GOARCH != "linux/amd64" {
		t.Skipf("the docs' commands fetch the linux/amd64 archive, which cannot run on %s/%s", runtime.GOOS, runtime.GOARCH)
	}
}

// workspace makes a directory with deploy/ holding examples/name.
func workspace(t *testing.T, names ...string) string {
	t.Helper()
	dir := t.TempDir()
	for _, name := range names {
		b, err := os.ReadFile(filepath.Join("..", "examples", name))
		if err != nil {
			t.Fatal(err)
		}
		writeFile(t, filepath.Join(dir, "deploy", name), string(b))
	}
	return dir
}

// The README's two ways to install, word for word: from a clone (of this
// working tree, named as the real one), and from a release archive.
func TestReadmeInstall(t *testing.T) {
	onThisMachine(t)
	install := blocks(t, "../README.md", "Install", "sh")
	if len(install) != 2 {
		t.Fatalf("want 2 sh blocks in the README's Install, the clone and the archive: %q", install)
	}

	repo, rev := hookRepo(t)
	script := strings.ReplaceAll(install[0], "https://github.com/mdscheck/mdscheck", repo)
	// A GOPATH of the test's own, as on a fresh machine where its bin is
	// not on PATH; the module cache stays this machine's. -trimpath keeps
	// the clone's directory, new each run, out of the build cache's keys,
	// so that the install links what the cache holds instead of compiling
	// every package of the module again (4 s of CPU less); the stamp of
	// the commit that this test reads does not depend on it.
	gomodcache, err := exec.Command("go", "env", "GOMODCACHE").Output()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("bash", "-eo", "pipefail", "-c", script)
	cmd.Dir = t.TempDir()
	cmd.Env = append(os.Environ(), "GOPATH="+t.TempDir(), "GOMODCACHE="+strings.TrimSpace(string(gomodcache)), "GOBIN=", "GOFLAGS=-buildvcs=true -trimpath")
	out, err := cmd.CombinedOutput()
	// go install in a clone records the commit; mdscheck version says it.
	if err != nil || !strings.Contains(string(out), "mdscheck ") || !strings.Contains(string(out), "(commit "+rev[:12]+",") {
		t.Errorf("install from a clone: %v\n%s", err, out)
	}

	gh := newFakeGitHub(t, buildRelease(t))
	cmd = exec.Command("bash", "-eo", "pipefail", "-c", strings.ReplaceAll(install[1], "https://github.com", gh.URL))
	cmd.Dir = t.TempDir()
	out, err = cmd.CombinedOutput()
	if want := "mdscheck 1.2.3 (commit 0123456789ab, built 2026-11-23)\n"; err != nil || !strings.HasSuffix(string(out), want) {
		t.Errorf("install from a release archive: %v\n%s\nwant it to end with %q", err, out, want)
	}
}

func TestCIDocsShellStep(t *testing.T) {
	onThisMachine(t)
	gh := newFakeGitHub(t, buildRelease(t))
	script := docBlocks(t, "A plain shell step", "sh")[0]
	script = strings.ReplaceAll(script, "https://github.com", gh.URL)

	dir := workspace(t, "kafka.yaml", "grafana.yaml")
	cmd := exec.Command("bash", "-eo", "pipefail", "-c", script)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err != nil || !strings.Contains(string(out), "mdscheck_1.2.3_linux_amd64.tar.gz: OK") {
		t.Errorf("the shell step on valid manifests: %v\n%s", err, out)
	}

	dir = workspace(t, "broken.yaml")
	cmd = exec.Command("bash", "-eo", "pipefail", "-c", script)
	cmd.Dir = dir
	out, err = cmd.CombinedOutput()
	if exitCode(err) != 1 || !strings.Contains(string(out), "deploy/broken.yaml:15:12: error:") {
		t.Errorf("the shell step on a broken manifest: exit %d, want 1; output:\n%s", exitCode(err), out)
	}
}

// TestCIDocsGitLabJob runs the script of the GitLab job (all but the
// apt-get line: this machine has curl and jq) and reads the Code Quality
// report as GitLab would.
func TestCIDocsGitLabJob(t *testing.T) {
	onThisMachine(t)
	gh := newFakeGitHub(t, buildRelease(t))
	filter := docBlocks(t, "GitLab CI", "jq")[0]
	var job map[string]struct {
		Variables map[string]string
		Script    []string
		Artifacts struct {
			Reports struct{ Codequality string }
		}
	}
	if err := yaml.Unmarshal([]byte(docBlocks(t, "GitLab CI", "yaml")[0]), &job); err != nil {
		t.Fatal(err)
	}
	j := job["mdscheck"]
	var lines []string
	for _, line := range j.Script {
		if !strings.HasPrefix(line, "apt-get ") {
			lines = append(lines, strings.ReplaceAll(line, "https://github.com", gh.URL))
		}
	}

	dir := workspace(t, "broken.yaml", "kafka.yaml")
	writeFile(t, filepath.Join(dir, ".gitlab", "mdscheck-codequality.jq"), filter)
	cmd := exec.Command("bash", "-eo", "pipefail", "-c", strings.Join(lines, "\n"))
	cmd.Dir = dir
	cmd.Env = os.Environ()
	for k, v := range j.Variables {
		cmd.Env = append(cmd.Env, k+"="+v)
	}
	out, err := cmd.CombinedOutput()
	if exitCode(err) != 1 || !strings.Contains(string(out), "deploy/broken.yaml:15:12: error:") {
		t.Errorf("the job on a broken manifest: exit %d, want 1 and the finding in the log; output:\n%s", exitCode(err), out)
	}

	b, err := os.ReadFile(filepath.Join(dir, j.Artifacts.Reports.Codequality))
	if err != nil {
		t.Fatal(err)
	}
	var report []struct {
		Description string
		CheckName   string `json:"check_name"`
		Fingerprint string
		Severity    string
		Location    struct {
			Path  string
			Lines struct{ Begin int }
		}
	}
	if err := json.Unmarshal(b, &report); err != nil {
		t.Fatalf("%s: %v\n%s", j.Artifacts.Reports.Codequality, err, b)
	}
	fingerprints := map[string]bool{}
	found := false
	for _, r := range report {
		if r.Description == "" || r.CheckName == "" || r.Location.Path == "" || r.Location.Lines.Begin < 1 ||
			!strings.Contains("info minor major critical blocker", r.Severity) || r.Severity == "" {
			t.Errorf("not a Code Quality issue: %+v", r)
		}
		if fingerprints[r.Fingerprint] {
			t.Errorf("fingerprint %q twice: GitLab would show one issue", r.Fingerprint)
		}
		fingerprints[r.Fingerprint] = true
		if r.Location.Path == "deploy/broken.yaml" && r.Location.Lines.Begin == 15 && r.CheckName == "pattern" && r.Severity == "major" {
			found = true
		}
	}
	if !found {
		t.Errorf("no major pattern issue at deploy/broken.yaml line 15 in:\n%s", b)
	}
}

// actionStep is a step of a workflow, as far as these tests look.
type actionStep struct {
	Uses string
	With map[string]string
}

// checkSteps checks that the steps that use the action give it only
// inputs it has, and returns how many there were.
func checkSteps(t *testing.T, where string, steps []actionStep) int {
	t.Helper()
	var action actionFile
	b, err := os.ReadFile("../action.yml")
	if err != nil {
		t.Fatal(err)
	}
	if err := yaml.Unmarshal(b, &action); err != nil {
		t.Fatal(err)
	}
	uses := 0
	for _, step := range steps {
		if !strings.HasPrefix(step.Uses, "mdscheck/mdscheck@") {
			continue
		}
		uses++
		for name := range step.With {
			if _, ok := action.Inputs[name]; !ok {
				t.Errorf("%s: the action has no input %q", where, name)
			}
		}
	}
	return uses
}

// checkPreCommitConfig checks that a .pre-commit-config.yaml names one
// hook, and one that exists.
func checkPreCommitConfig(t *testing.T, where, block string) {
	t.Helper()
	var hooks []struct{ ID string }
	b, err := os.ReadFile("../.pre-commit-hooks.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if err := yaml.Unmarshal(b, &hooks); err != nil {
		t.Fatal(err)
	}
	var config struct {
		Repos []struct {
			Repo  string
			Hooks []struct{ ID string }
		}
	}
	if err := yaml.Unmarshal([]byte(block), &config); err != nil {
		t.Fatalf("%s: %v", where, err)
	}
	if len(config.Repos) != 1 || len(config.Repos[0].Hooks) != 1 {
		t.Fatalf("%s: want one repository with one hook: %+v", where, config)
	}
	id := config.Repos[0].Hooks[0].ID
	for _, h := range hooks {
		if h.ID == id {
			return
		}
	}
	t.Errorf("%s uses hook %q; .pre-commit-hooks.yaml has %+v", where, id, hooks)
}

// The workflows of the docs give the action only inputs it has.
func TestCIDocsWorkflowsUseTheAction(t *testing.T) {
	uses := 0
	for _, section := range []string{"GitHub Actions", "Code scanning"} {
		for _, block := range docBlocks(t, section, "yaml") {
			var workflow struct {
				Jobs map[string]struct{ Steps []actionStep }
			}
			if err := yaml.Unmarshal([]byte(block), &workflow); err != nil {
				t.Fatalf("%s: %v", section, err)
			}
			for _, job := range workflow.Jobs {
				uses += checkSteps(t, "docs/ci.md, "+section, job.Steps)
			}
		}
	}
	if uses != 2 {
		t.Errorf("%d uses of the action in the docs, want 2", uses)
	}
}

func TestCIDocsPreCommitConfig(t *testing.T) {
	checkPreCommitConfig(t, "docs/ci.md", docBlocks(t, "pre-commit", "yaml")[0])
}

// The README's step and pre-commit configuration, likewise.
func TestReadmeCISnippets(t *testing.T) {
	snippets := blocks(t, "../README.md", "Install", "yaml")
	if len(snippets) != 2 {
		t.Fatalf("want 2 yaml blocks in the README's Install, a step and a pre-commit configuration: %q", snippets)
	}
	var steps []actionStep
	if err := yaml.Unmarshal([]byte(snippets[0]), &steps); err != nil {
		t.Fatal(err)
	}
	if checkSteps(t, "README", steps) != 1 {
		t.Errorf("the README's step does not use the action:\n%s", snippets[0])
	}
	checkPreCommitConfig(t, "README", snippets[1])
}
