package release

import (
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// The hooks of .pre-commit-hooks.yaml, run by the real pre-commit as a
// person uses them: named in .pre-commit-config.yaml, installed with
// `pre-commit install`, and then git commit refuses a broken manifest.
//
// The golang hook builds mdscheck from source (`go install ./...` in a
// GOPATH of pre-commit's own). Its modules come from this machine's module
// cache, served as a GOPROXY: go test downloaded every one of them before
// any test ran, so the test needs no network.

func TestPreCommitHookBuiltFromSource(t *testing.T) {
	out, err := exec.Command("go", "env", "GOMODCACHE", "GOCACHE", "GOFLAGS").Output()
	if err != nil {
		t.Fatal(err)
	}
	goenv := strings.Split(string(out), "\n")
	env := []string{
		"GOPROXY=file://" + filepath.ToSlash(filepath.Join(goenv[0], "cache", "download")),
		"GOSUMDB=off", // go.sum has every sum; nothing to ask
		// The hook runs with a HOME of its own; the build cache stays this
		// machine's, which holds mdscheck's packages already.
		"GOCACHE=" + goenv[1],
		// The module cache of pre-commit's GOPATH must be removable, and
		// -trimpath keeps that GOPATH, new each time, out of the build
		// cache's keys: the next run builds nothing again.
		"GOFLAGS=-modcacherw -trimpath " + goenv[2],
	}
	testPreCommitHook(t, "mdscheck", env)
}

func TestPreCommitHookOnPath(t *testing.T) {
	bin := unpackedBinary(t, buildRelease(t))
	testPreCommitHook(t, "mdscheck-system", []string{"PATH=" + filepath.Dir(bin) + string(os.PathListSeparator) + os.Getenv("PATH")})
}

func testPreCommitHook(t *testing.T, hook string, env []string) {
	preCommit, err := exec.LookPath("pre-commit")
	if err != nil {
		t.Fatal("pre-commit not found: make test installs it (scripts/need.sh), or apt-get install pre-commit")
	}
	hooks, rev := hookRepo(t)
	home := t.TempDir()
	env = append(append(os.Environ(), "PRE_COMMIT_HOME="+home, "HOME="+home), env...)

	project := t.TempDir()
	git(t, project, env, "init", "-q")
	writeFile(t, filepath.Join(project, ".pre-commit-config.yaml"),
		"repos:\n  - repo: "+hooks+"\n    rev: "+rev+"\n    hooks:\n      - id: "+hook+"\n")
	for name, from := range map[string]string{"deploy/kafka.yaml": "kafka.yaml", "deploy/broken.yml": "broken.yaml"} {
		b, err := os.ReadFile(filepath.Join("..", "examples", from))
		if err != nil {
			t.Fatal(err)
		}
		writeFile(t, filepath.Join(project, name), string(b))
	}
	// YAML that is not ours passes; a file that is not YAML is not given
	// to mdscheck at all (it would read it as YAML and fail).
	writeFile(t, filepath.Join(project, "config/settings.yaml"), "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: x}\n")
	writeFile(t, filepath.Join(project, "notes.txt"), "key: [unclosed\n")
	git(t, project, env, "add", ".")

	install := exec.Command(preCommit, "install")
	install.Dir, install.Env = project, env
	if out, err := install.CombinedOutput(); err != nil {
		t.Fatalf("pre-commit install: %v\n%s", err, out)
	}
	commit := func() (string, int) {
		cmd := exec.Command("git", "-c", "user.name=test", "-c", "user.email=test@example.com", "-c", "commit.gpgsign=false",
			"commit", "-q", "-m", "manifests")
		cmd.Dir, cmd.Env = project, append(env, "PRE_COMMIT_COLOR=never")
		out, err := cmd.CombinedOutput()
		return string(out), exitCode(err)
	}

	out, code := commit()
	if code != 1 || !strings.Contains(out, "deploy/broken.yml:15:12: error:") || !strings.Contains(out, "Failed") {
		t.Errorf("git commit of a broken manifest: exit %d, want 1 and broken.yml's finding; output:\n%s", code, out)
	}
	if strings.Contains(out, "notes.txt") {
		t.Errorf("notes.txt was checked:\n%s", out)
	}
	git(t, project, env, "rm", "-q", "--cached", "deploy/broken.yml")
	out, code = commit()
	if code != 0 || !strings.Contains(out, "Passed") {
		t.Errorf("git commit of valid files: exit %d, want 0; output:\n%s", code, out)
	}
}

// hookRepo makes a git repository of the working tree as it is (what git
// tracks and the new files it does not ignore), for pre-commit to clone,
// and returns it with its one commit.
func hookRepo(t *testing.T) (repo, rev string) {
	t.Helper()
	root, _ := filepath.Abs("..")
	list := exec.Command("git", "ls-files", "-z", "--cached", "--others", "--exclude-standard")
	list.Dir = root
	out, err := list.Output()
	if err != nil {
		t.Fatalf("git ls-files: %v", err)
	}
	// Named as the real repository, so that `git clone URL` makes mdscheck/.
	repo = filepath.Join(t.TempDir(), "mdscheck")
	for _, name := range strings.Split(strings.TrimRight(string(out), "\x00"), "\x00") {
		if err := copyFile(filepath.Join(root, name), filepath.Join(repo, name)); os.IsNotExist(err) {
			continue // deleted in the working tree
		} else if err != nil {
			t.Fatal(err)
		}
	}
	git(t, repo, nil, "init", "-q")
	git(t, repo, nil, "add", ".")
	git(t, repo, nil, "commit", "-q", "-m", "hooks")
	head := exec.Command("git", "rev-parse", "HEAD")
	head.Dir = repo
	out, err = head.Output()
	if err != nil {
		t.Fatal(err)
	}
	return repo, strings.TrimSpace(string(out))
}

func copyFile(from, to string) error {
	src, err := os.Open(from)
	if err != nil {
		return err
	}
	defer src.Close()
	info, err := src.Stat()
	if err != nil || info.IsDir() { // a submodule or the like: not needed
		return err
	}
	if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
		return err
	}
	dst, err := os.OpenFile(to, os.O_CREATE|os.O_WRONLY|os.O_TRUNC, info.Mode().Perm())
	if err != nil {
		return err
	}
	if _, err := io.Copy(dst, src); err != nil {
		dst.Close()
		return err
	}
	return dst.Close()
}

// git runs git in dir with env (nil: this process's).
func git(t *testing.T, dir string, env []string, args ...string) {
	t.Helper()
	cmd := exec.Command("git", append([]string{"-c", "user.name=test", "-c", "user.email=test@example.com", "-c", "commit.gpgsign=false"}, args...)...)
	cmd.Dir, cmd.Env = dir, env
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
}
