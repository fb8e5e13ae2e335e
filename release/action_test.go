package release

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"sync"
	"testing"

	"gopkg.in/yaml.v2"
)

// The tests below run action.yml the way a GitHub runner does: each step's
// `run` in bash with its `env` (inputs filled in), a GITHUB_OUTPUT and a
// GITHUB_PATH file per step, PATH grown by what a step added, later steps
// skipped after a failure. GitHub itself is a local server that serves
// the release make release built, so nothing leaves the machine.

// fakeGitHub serves the API's latest release and the release downloads of
// mdscheck/mdscheck from dir, and remembers what it was asked.
type fakeGitHub struct {
	*httptest.Server
	mu       sync.Mutex
	requests []string // paths, in order
	auth     []string // the Authorization header of each API request
	tamper   bool     // serve archives with one byte changed
}

func newFakeGitHub(t *testing.T, dir string) *fakeGitHub {
	gh := &fakeGitHub{}
	const download = "/mdscheck/mdscheck/releases/download/v" + testVersion + "/"
	gh.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		gh.mu.Lock()
		gh.requests = append(gh.requests, r.URL.Path)
		gh.mu.Unlock()
		switch {
		case r.URL.Path == "/api/repos/mdscheck/mdscheck/releases/latest":
			gh.mu.Lock()
			gh.auth = append(gh.auth, r.Header.Get("Authorization"))
			gh.mu.Unlock()
			// Compact, as the API sends it, with tag_name not first.
			fmt.Fprintf(w, `{"url":"%s/api/x","name":"mdscheck %s","tag_name":"v%s","draft":false}`, gh.URL, testVersion, testVersion)
		case strings.HasPrefix(r.URL.Path, download):
			b, err := os.ReadFile(filepath.Join(dir, filepath.Base(r.URL.Path)))
			if err != nil {
				http.NotFound(w, r)
				return
			}
			if gh.tamper && r.URL.Path != download+"checksums.txt" {
				b[len(b)/2] ^= 1
			}
			w.Write(b)
		default:
			http.NotFound(w, r)
		}
	}))
	t.Cleanup(gh.Close)
	return gh
}

func (gh *fakeGitHub) asked() []string {
	gh.mu.Lock()
	defer gh.mu.Unlock()
	return append([]string(nil), gh.requests...)
}

// actionRun is what a workflow sees of one use of the action.
type actionRun struct {
	status  int               // of the failing step, or 0
	log     string            // what the steps printed
	outputs map[string]string // the action's outputs
	path    []string          // what the steps added to PATH
}

// runner is a GitHub runner for one job on the fake GitHub.
type runner struct {
	t         *testing.T
	gh        *fakeGitHub
	os, arch  string // RUNNER_OS, RUNNER_ARCH
	workspace string
	temp      string
	token     string
}

func newRunner(t *testing.T, gh *fakeGitHub) *runner {
	os, arch := runnerPlatform(t)
	return &runner{t: t, gh: gh, os: os, arch: arch, workspace: t.TempDir(), temp: t.TempDir(), token: "ghs_fake"}
}

// runnerPlatform names this machine as RUNNER_OS and RUNNER_ARCH do.
func runnerPlatform(t *testing.T) (string, string) {
	os := map[string]string{"linux": "Linux", "darwin": "macOS", "windows": "Windows"}[runtime.GOOS]
	arch := map[string]string{"amd64": "X64", "arm64": "ARM64"}[runtime.GOARCH]
	if os == "" || arch == "" {
		t.Fatalf("no release for %s/%s to run here", runtime.GOOS, runtime.GOARCH)
	}
	return os, arch
}

type actionFile struct {
	Inputs  map[string]struct{ Default string }
	Outputs map[string]struct{ Value string }
	Runs    struct {
		Using string
		Steps []struct {
			ID    string
			Shell string
			Run   string
			Env   map[string]string
		}
	}
}

var expression = regexp.MustCompile(`\$\{\{\s*(.*?)\s*\}\}`)

// use runs the action with the inputs given (the others take their
// defaults from action.yml).
func (r *runner) use(inputs map[string]string) actionRun {
	t := r.t
	t.Helper()
	root, _ := filepath.Abs("..")
	b, err := os.ReadFile(filepath.Join(root, "action.yml"))
	if err != nil {
		t.Fatal(err)
	}
	var action actionFile
	if err := yaml.Unmarshal(b, &action); err != nil {
		t.Fatal(err)
	}
	if action.Runs.Using != "composite" {
		t.Fatalf("runs.using is %q", action.Runs.Using)
	}
	for name := range inputs {
		if _, ok := action.Inputs[name]; !ok {
			t.Fatalf("action.yml has no input %q", name)
		}
	}

	steps := map[string]map[string]string{} // step id -> its outputs
	var eval func(string) string
	eval = func(s string) string {
		return expression.ReplaceAllStringFunc(s, func(m string) string {
			// Enough of the expression language for action.yml: names
			// and literals joined by ||, the first non-empty one wins.
			for _, operand := range strings.Split(expression.FindStringSubmatch(m)[1], "||") {
				operand = strings.TrimSpace(operand)
				var v string
				switch {
				case strings.HasPrefix(operand, "'"):
					v = strings.Trim(operand, "'")
				case strings.HasPrefix(operand, "inputs."):
					name := strings.TrimPrefix(operand, "inputs.")
					in, ok := action.Inputs[name]
					if !ok {
						t.Fatalf("action.yml uses the undeclared input %s", name)
					}
					v = in.Default
					if given, ok := inputs[name]; ok {
						v = given
					}
					v = eval(v)
				case operand == "github.token":
					v = r.token
				case operand == "github.action_repository":
					v = "" // as for `uses: ./`; the default names the real one
				case strings.HasPrefix(operand, "steps."):
					parts := strings.Split(operand, ".") // steps.ID.outputs.NAME
					v = steps[parts[1]][parts[3]]
				default:
					t.Fatalf("the test's runner does not know the expression %q", operand)
				}
				if v != "" {
					return v
				}
			}
			return ""
		})
	}

	run := actionRun{outputs: map[string]string{}}
	var log strings.Builder
	for _, step := range action.Runs.Steps {
		if step.Shell != "bash" {
			t.Fatalf("step %s: shell %q", step.ID, step.Shell)
		}
		dir := t.TempDir()
		outputFile, pathFile := filepath.Join(dir, "output"), filepath.Join(dir, "path")
		for _, f := range []string{outputFile, pathFile} {
			writeFile(t, f, "")
		}
		env := []string{
			"PATH=" + strings.Join(append(run.path, os.Getenv("PATH")), string(os.PathListSeparator)),
			"HOME=" + r.workspace,
			"GITHUB_ACTION_PATH=" + root,
			"GITHUB_WORKSPACE=" + r.workspace,
			"GITHUB_OUTPUT=" + outputFile,
			"GITHUB_PATH=" + pathFile,
			"GITHUB_SERVER_URL=" + r.gh.URL,
			"GITHUB_API_URL=" + r.gh.URL + "/api",
			"RUNNER_OS=" + r.os,
			"RUNNER_ARCH=" + r.arch,
			"RUNNER_TEMP=" + r.temp,
		}
		for k, v := range step.Env {
			env = append(env, k+"="+eval(v))
		}
		// The runner's own way of running a bash step.
		cmd := exec.Command("bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", eval(step.Run))
		cmd.Dir, cmd.Env = r.workspace, env
		cmd.Stdout, cmd.Stderr = &log, &log
		err := cmd.Run()
		steps[step.ID] = readOutputs(t, outputFile)
		run.path = append(readLines(t, pathFile), run.path...)
		if err != nil {
			run.status = exitCode(err)
			break // later steps are skipped, as on a runner
		}
	}
	run.log = log.String()
	for name, out := range action.Outputs {
		run.outputs[name] = eval(out.Value)
	}
	return run
}

// readOutputs reads the name=value lines of a GITHUB_OUTPUT file.
func readOutputs(t *testing.T, path string) map[string]string {
	t.Helper()
	outputs := map[string]string{}
	for _, line := range readLines(t, path) {
		if k, v, ok := strings.Cut(line, "="); ok {
			outputs[k] = v
		}
	}
	return outputs
}

// copyExamples puts examples/ into the workspace as manifests/.
func (r *runner) copyExamples() {
	for _, name := range []string{"broken.yaml", "kafka.yaml", "grafana.yaml"} {
		b, err := os.ReadFile(filepath.Join("..", "examples", name))
		if err != nil {
			r.t.Fatal(err)
		}
		writeFile(r.t, filepath.Join(r.workspace, "manifests", name), string(b))
	}
}

// TestActionAnnotatesAPullRequest is the common use: the latest release,
// annotations in the log, and a SARIF file for code scanning.
func TestActionAnnotatesAPullRequest(t *testing.T) {
	gh := newFakeGitHub(t, buildRelease(t))
	r := newRunner(t, gh)
	r.copyExamples()
	run := r.use(map[string]string{"paths": "manifests", "sarif-file": "mdscheck.sarif"})

	if run.status != 1 {
		t.Errorf("the action ended with %d, want 1 (broken.yaml has errors); log:\n%s", run.status, run.log)
	}
	// The annotation of the first mistake in examples/broken.yaml, at the
	// path GitHub shows it on.
	if want := "::error file=manifests/broken.yaml,line=15,col=12,"; !strings.Contains(run.log, want) {
		t.Errorf("no annotation %q in the log:\n%s", want, run.log)
	}
	if strings.Contains(run.log, "file=manifests/kafka.yaml") {
		t.Errorf("an annotation on the valid kafka.yaml:\n%s", run.log)
	}
	exe := "mdscheck"
	if r.os == "Windows" {
		exe += ".exe"
	}
	wantOutputs := map[string]string{
		"version":    testVersion,
		"path":       filepath.Join(r.temp, "mdscheck-"+testVersion, exe),
		"exit-code":  "1",
		"sarif-file": "mdscheck.sarif",
	}
	for k, want := range wantOutputs {
		if run.outputs[k] != want {
			t.Errorf("output %s = %q, want %q", k, run.outputs[k], want)
		}
	}
	if want := []string{filepath.Join(r.temp, "mdscheck-"+testVersion)}; strings.Join(run.path, "\n") != want[0] {
		t.Errorf("PATH gained %q, want %q", run.path, want)
	}

	var sarif struct {
		Version string
		Runs    []struct {
			Tool    struct{ Driver struct{ Version string } }
			Results []json.RawMessage
		}
	}
	b, err := os.ReadFile(filepath.Join(r.workspace, "mdscheck.sarif"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &sarif); err != nil {
		t.Fatalf("mdscheck.sarif: %v", err)
	}
	// The driver's version shows that the downloaded binary ran, not
	// some other mdscheck on PATH.
	if sarif.Version != "2.1.0" || len(sarif.Runs) != 1 || sarif.Runs[0].Tool.Driver.Version != testVersion || len(sarif.Runs[0].Results) == 0 {
		t.Errorf("mdscheck.sarif is not the SARIF of the findings of mdscheck %s:\n%.400s", testVersion, b)
	}

	// The latest release was asked of the API, with the workflow's token.
	if asked := gh.asked(); len(asked) == 0 || asked[0] != "/api/repos/mdscheck/mdscheck/releases/latest" {
		t.Errorf("asked %q", asked)
	}
	if len(gh.auth) != 1 || gh.auth[0] != "Bearer ghs_fake" {
		t.Errorf("API requests had Authorization %q", gh.auth)
	}
}

// Valid manifests pass; a pinned version needs no API call; paths on
// lines of their own, and extra flags, reach mdscheck.
func TestActionPassesValidManifests(t *testing.T) {
	gh := newFakeGitHub(t, buildRelease(t))
	r := newRunner(t, gh)
	r.copyExamples()
	run := r.use(map[string]string{
		"version": "v" + testVersion,
		"paths":   "manifests/kafka.yaml\nmanifests/grafana.yaml",
		"args":    "--strict --unknown-fields error",
	})
	if run.status != 0 || run.outputs["exit-code"] != "0" || strings.Contains(run.log, "::error") {
		t.Errorf("status %d, outputs %v, log:\n%s", run.status, run.outputs, run.log)
	}
	for _, p := range gh.asked() {
		if strings.HasPrefix(p, "/api/") {
			t.Errorf("a pinned version asked the API: %s", p)
		}
	}
	// A flag mdscheck does not know is its usage error, status 2.
	run = r.use(map[string]string{"version": testVersion, "paths": "manifests", "args": "--no-such-flag"})
	if run.status != 2 || !strings.Contains(run.log, "no-such-flag") {
		t.Errorf("--no-such-flag: status %d, log:\n%s", run.status, run.log)
	}
}

// Each runner gets the archive of its platform; Windows the zip.
func TestActionInstallsForEachRunner(t *testing.T) {
	dir := buildRelease(t)
	for _, c := range []struct {
		os, arch string
		target   target
		exe      string
	}{
		{"Linux", "X64", target{"linux", "amd64"}, "mdscheck"},
		{"Linux", "ARM64", target{"linux", "arm64"}, "mdscheck"},
		{"macOS", "X64", target{"darwin", "amd64"}, "mdscheck"},
		{"macOS", "ARM64", target{"darwin", "arm64"}, "mdscheck"},
		{"Windows", "X64", target{"windows", "amd64"}, "mdscheck.exe"},
		{"Windows", "ARM64", target{"windows", "arm64"}, "mdscheck.exe"},
	} {
		t.Run(c.os+"/"+c.arch, func(t *testing.T) {
			needBuilt(t, c.target)
			archive := archiveName(c.target.os, c.target.arch)
			gh := newFakeGitHub(t, dir)
			r := newRunner(t, gh)
			r.os, r.arch = c.os, c.arch
			// Only the install step: the binary is not for this machine.
			run := r.use(map[string]string{"version": testVersion})
			want := filepath.Join(r.temp, "mdscheck-"+testVersion, c.exe)
			if run.outputs["path"] != want {
				t.Fatalf("path %q, want %q; log:\n%s", run.outputs["path"], want, run.log)
			}
			got, _ := os.ReadFile(want)
			files := readArchive(t, filepath.Join(dir, archive))
			if string(got) != string(files[c.exe].data) {
				t.Errorf("%s is not the one in %s", want, archive)
			}
		})
	}
}

func TestActionRefusesATamperedArchive(t *testing.T) {
	gh := newFakeGitHub(t, buildRelease(t))
	gh.tamper = true
	r := newRunner(t, gh)
	run := r.use(map[string]string{"version": testVersion})
	if run.status != 1 || !strings.Contains(run.log, "does not match checksums.txt") {
		t.Errorf("status %d, log:\n%s", run.status, run.log)
	}
	if len(run.path) != 0 || run.outputs["version"] != "" {
		t.Errorf("a tampered archive was installed: PATH gained %q, outputs %v", run.path, run.outputs)
	}
	if _, err := os.Stat(filepath.Join(r.temp, "mdscheck-"+testVersion)); !os.IsNotExist(err) {
		t.Errorf("a tampered archive was unpacked (%v)", err)
	}
}

// What the action says when it cannot help, as an error annotation.
func TestActionExplainsWhatItCannotInstall(t *testing.T) {
	gh := newFakeGitHub(t, buildRelease(t))
	for _, c := range []struct {
		name, os, arch, version, want string
	}{
		{"32-bit runner", "Linux", "X86", testVersion, "::error title=mdscheck::mdscheck has no release for the runner architecture 'X86'"},
		{"no such release", "Linux", "X64", "9.9.9", "::error title=mdscheck::could not download " + gh.URL + "/mdscheck/mdscheck/releases/download/v9.9.9/mdscheck_9.9.9_linux_amd64.tar.gz: is v9.9.9 a release of mdscheck/mdscheck?"},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := newRunner(t, gh)
			r.os, r.arch = c.os, c.arch
			run := r.use(map[string]string{"version": c.version})
			if run.status != 1 || !strings.Contains(run.log, c.want) {
				t.Errorf("status %d, log:\n%s\nwant the line %q", run.status, run.log, c.want)
			}
		})
	}
}
