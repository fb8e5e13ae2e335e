package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// repo is a git repository in a temporary directory, built commit by
// commit as a test needs it.
type repo struct {
	t   *testing.T
	dir string
}

// newRepo makes an empty repository whose git reads no configuration of
// the machine's user.
func newRepo(t *testing.T) *repo {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Fatal("these tests need the git program: apt-get install git")
	}
	t.Setenv("GIT_CONFIG_GLOBAL", os.DevNull)
	t.Setenv("GIT_CONFIG_NOSYSTEM", "1")
	for _, v := range []string{"GIT_AUTHOR_NAME", "GIT_COMMITTER_NAME"} {
		t.Setenv(v, "Test")
	}
	for _, v := range []string{"GIT_AUTHOR_EMAIL", "GIT_COMMITTER_EMAIL"} {
		t.Setenv(v, "test@example.com")
	}
	r := &repo{t: t, dir: t.TempDir()}
	r.git("init", "-q", "-b", "main")
	return r
}

func (r *repo) git(args ...string) string {
	r.t.Helper()
	out, err := exec.Command("git", append([]string{"-C", r.dir}, args...)...).CombinedOutput()
	if err != nil {
		r.t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

// write writes the files (path relative to the repository, content; an
// empty content removes the file) and commits them all.
func (r *repo) commit(files ...string) {
	r.t.Helper()
	for i := 0; i < len(files); i += 2 {
		p := filepath.Join(r.dir, files[i])
		if files[i+1] == "" {
			if err := os.Remove(p); err != nil {
				r.t.Fatal(err)
			}
			continue
		}
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			r.t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(files[i+1]), 0o644); err != nil {
			r.t.Fatal(err)
		}
	}
	r.git("add", "-A")
	r.git("commit", "-q", "--allow-empty", "-m", "change")
}

// kafka is a Kafka manifest named name in project, with more spec lines.
func kafka(name, project, more string) string {
	return "apiVersion: example.io/v1alpha1\nkind: Kafka\nmetadata:\n  name: " + name + "\nspec:\n  plan: business-4\n  project: " + project + "\n" + more
}

// summary is the JSON output's summary with the counts of --previous.
type summary struct {
	Errors   int  `json:"errors"`
	Warnings int  `json:"warnings"`
	Created  *int `json:"created"`
	Changed  *int `json:"changed"`
	Deleted  *int `json:"deleted"`
	LeftOut  *int `json:"leftOut"`
}

type jsonOut struct {
	Files []struct {
		Path        string `json:"path"`
		Previous    bool   `json:"previous"`
		Diagnostics []struct {
			Rule     string `json:"rule"`
			Severity string `json:"severity"`
			Pointer  string `json:"pointer"`
			Message  string `json:"message"`
			Range    struct {
				Start struct{ Line int } `json:"start"`
			} `json:"range"`
		} `json:"diagnostics"`
	} `json:"files"`
	Summary summary `json:"summary"`
}

func decode(t *testing.T, out string) jsonOut {
	t.Helper()
	var j jsonOut
	if err := json.Unmarshal([]byte(out), &j); err != nil {
		t.Fatalf("%v in\n%s", err, out)
	}
	return j
}

// counts says the summary's counts of resources as created/changed/deleted.
func (s summary) counts() string {
	n := func(p *int) string {
		if p == nil {
			return "none"
		}
		return string(rune('0' + *p))
	}
	return n(s.Created) + "/" + n(s.Changed) + "/" + n(s.Deleted)
}

// TestPreviousGitProjectChanged is the contract's "done when": the last
// commit changed spec.project, and the comparison with HEAD~1 fails on
// that line with an immutable error, from the top of the work tree and
// from a directory below it.
func TestPreviousGitProjectChanged(t *testing.T) {
	r := newRepo(t)
	r.commit("deploy/kafka.yaml", kafka("events", "streaming", ""))
	r.commit("deploy/kafka.yaml", kafka("events", "analytics", ""))
	for _, dir := range []string{r.dir, filepath.Join(r.dir, "deploy")} {
		t.Chdir(dir)
		code, out, errOut := runCLI(t, "", "validate", "--color", "never", "--previous", "git:HEAD~1", ".")
		want := "kafka.yaml:7:12: error: project cannot change after creation: it was \"streaming\", now \"analytics\" [immutable]"
		if code != 1 || !strings.Contains(out, want) {
			t.Errorf("in %s: exit %d, want 1 and %q in\n%s%s", dir, code, want, out, errOut)
		}
		if !strings.Contains(out, "compared with the previous version: 0 created, 1 changed, 0 deleted") {
			t.Errorf("in %s: the summary does not count the change:\n%s", dir, out)
		}
	}
}

func TestPreviousGitScenarios(t *testing.T) {
	a := kafka("a", "p", "")
	b := kafka("b", "p", "")
	protected := kafka("b", "p", "  terminationProtection: true\n")
	for _, tc := range []struct {
		name    string
		before  []string // files of the first commit
		after   []string // the second commit's changes
		code    int
		counts  string // created/changed/deleted
		finding string // rule severity path line, or ""
	}{
		{"unchanged", []string{"k/a.yaml", a}, nil, 0, "0/0/0", ""},
		{"renamed file", []string{"k/a.yaml", a}, []string{"k/a.yaml", "", "k/renamed.yaml", a}, 0, "0/0/0", ""},
		{"moved between files", []string{"k/a.yaml", a, "k/b.yaml", b}, []string{"k/a.yaml", "", "k/b.yaml", a + "---\n" + b}, 0, "0/0/0", ""},
		{"created", []string{"k/a.yaml", a}, []string{"k/b.yaml", b}, 0, "1/0/0", ""},
		{"deleted", []string{"k/a.yaml", a, "k/b.yaml", b}, []string{"k/b.yaml", ""}, 0, "0/0/1",
			"deletion warning git:HEAD~1:k/b.yaml 4"},
		{"protected deletion", []string{"k/a.yaml", a, "k/b.yaml", protected}, []string{"k/b.yaml", ""}, 1, "0/0/1",
			"deletion error git:HEAD~1:k/b.yaml 4"},
		{"resource renamed", []string{"k/a.yaml", a}, []string{"k/a.yaml", kafka("a2", "p", "")}, 0, "1/0/1",
			"deletion warning git:HEAD~1:k/a.yaml 4"},
		{"hidden directories are not read", []string{"k/a.yaml", a, "k/.old/b.yaml", b}, []string{"k/.old/b.yaml", ""}, 0, "0/0/0", ""},
		{"project changed", []string{"k/a.yaml", a}, []string{"k/a.yaml", kafka("a", "q", "")}, 1, "0/1/0",
			"immutable error k/a.yaml 7"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := newRepo(t)
			r.commit(tc.before...)
			r.commit(tc.after...)
			t.Chdir(r.dir)
			code, out, errOut := runCLI(t, "", "validate", "--format", "json", "--previous", "git:HEAD~1", "k")
			j := decode(t, out)
			if code != tc.code || j.Summary.counts() != tc.counts {
				t.Errorf("exit %d, created/changed/deleted %s; want %d, %s\n%s%s", code, j.Summary.counts(), tc.code, tc.counts, out, errOut)
			}
			if tc.finding != "" && strings.Contains(tc.finding, "git:") {
				_, sarif, _ := runCLI(t, "", "validate", "--format", "sarif", "--previous", "git:HEAD~1", "k")
				if !strings.Contains(sarif, `"uri": "k/`) || !strings.Contains(sarif, "(in the previous version, git:HEAD~1:k/") {
					t.Errorf("SARIF places the deletion elsewhere:\n%s", sarif)
				}
			}
			var got []string
			for _, f := range j.Files {
				for _, d := range f.Diagnostics {
					got = append(got, d.Rule+" "+d.Severity+" "+f.Path+" "+string(rune('0'+d.Range.Start.Line+1)))
					if f.Previous != strings.HasPrefix(f.Path, "git:") {
						t.Errorf("%s: previous is %v", f.Path, f.Previous)
					}
				}
			}
			want := []string{}
			if tc.finding != "" {
				want = []string{strings.Replace(tc.finding, "k/a.yaml", filepath.Join("k", "a.yaml"), 1)}
			}
			if strings.Join(got, "\n") != strings.Join(want, "\n") {
				t.Errorf("findings %q, want %q", got, want)
			}
		})
	}
}

func TestPreviousGitErrors(t *testing.T) {
	notRepo := t.TempDir()
	if err := os.WriteFile(filepath.Join(notRepo, "a.yaml"), []byte(kafka("a", "p", "")), 0o644); err != nil {
		t.Fatal(err)
	}
	r := newRepo(t)
	r.commit("a.yaml", kafka("a", "p", ""))
	for _, tc := range []struct {
		name string
		dir  string
		args []string
		want string
	}{
		{"not in a repository", notRepo, []string{"--previous", "git:HEAD", "a.yaml"}, "is not in a git repository"},
		{"unknown revision", r.dir, []string{"--previous", "git:no-such-branch", "."}, `unknown revision "no-such-branch"`},
		{"revision before the first commit", r.dir, []string{"--previous", "git:HEAD~1", "."}, `unknown revision "HEAD~1"`},
		{"an option for a revision", r.dir, []string{"--previous", "git:--output=x", "."}, `"--output=x" is not a revision`},
		{"no revision", r.dir, []string{"--previous", "git:", "."}, "name a revision"},
		{"no such previous file", r.dir, []string{"--previous", "missing.yaml", "."}, "missing.yaml"},
		{"new-only alone", r.dir, []string{"--new-only", "."}, "--new-only needs --previous"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Chdir(tc.dir)
			code, out, errOut := runCLI(t, "", append([]string{"validate"}, tc.args...)...)
			if code != 2 || !strings.Contains(errOut, tc.want) {
				t.Errorf("exit %d, want 2 and %q on stderr:\n%s%s", code, tc.want, errOut, out)
			}
		})
	}
	if _, err := os.Stat(filepath.Join(r.dir, "x")); err == nil {
		t.Error("a revision that starts with - reached git as an option")
	}
}

// TestPreviousLeavesOutWhatIsExcluded: a file that the configuration or
// --exclude leaves out today is left out of the previous version too;
// taken from git alone, its resources would be reported deleted.
func TestPreviousLeavesOutWhatIsExcluded(t *testing.T) {
	r := newRepo(t)
	r.commit(".mdscheck.yaml", "exclude: [\"legacy/**\"]\n",
		"legacy/k.yaml", kafka("k-legacy", "p", "  terminationProtection: true\n"),
		"app/k.yaml", kafka("k", "p", ""),
		"app/x.yaml", kafka("k-x", "p", ""))
	t.Chdir(r.dir)
	for _, args := range [][]string{
		{"validate", "--previous", "git:HEAD", "."},
		{"validate", "--previous", "git:HEAD", "--exclude", "app/x.yaml", "."},
		{"validate", "--previous", "git:HEAD", "--exclude", "app/x.yaml", "app"},
		{"validate", "--previous", "git:HEAD", "--exclude", "app/x.yaml", "app/x.yaml", "app/k.yaml"},
	} {
		code, out, errOut := runCLI(t, "", args...)
		if code != 0 || !strings.Contains(out, "0 deleted") {
			t.Errorf("%s: exit %d\n%s%s", strings.Join(args, " "), code, out, errOut)
		}
	}
	// A directory read as the previous version obeys the exclusions too.
	code, out, errOut := runCLI(t, "", "validate", "--previous", "app", "--exclude", "app/x.yaml", "app")
	if code != 0 || !strings.Contains(out, "0 deleted") {
		t.Errorf("--previous app: exit %d\n%s%s", code, out, errOut)
	}
}

// TestPreviousPairsPerFolder: one resource written in a folder per
// environment (each applied to its own cluster) is one resource per
// folder: an unchanged tree has no finding, a change is compared with its
// own folder's previous version, and a folder's deletion is a deletion
// even while another folder still has the name.
func TestPreviousPairsPerFolder(t *testing.T) {
	r := newRepo(t)
	r.commit("dev/kafka.yaml", kafka("events", "streaming-dev", "  disk_space: 100GiB\n"),
		"prod/kafka.yaml", kafka("events", "streaming-prod", "  disk_space: 900GiB\n  terminationProtection: true\n"))
	t.Chdir(r.dir)
	code, out, errOut := runCLI(t, "", "validate", "--color", "never", "--previous", "git:HEAD", ".")
	if code != 0 || !strings.Contains(out, "0 created, 0 changed, 0 deleted") {
		t.Errorf("unchanged: exit %d\n%s%s", code, out, errOut)
	}
	write(t, filepath.Join(r.dir, "dev/kafka.yaml"), kafka("events", "streaming-dev", "  disk_space: 90GiB\n"))
	code, out, errOut = runCLI(t, "", "validate", "--color", "never", "--previous", "git:HEAD", ".")
	if code != 0 || !strings.Contains(out, `disk_space goes down from "100GiB" to "90GiB"`) || strings.Contains(out, "immutable") {
		t.Errorf("dev changed: exit %d\n%s%s", code, out, errOut)
	}
	if err := os.Remove(filepath.Join(r.dir, "prod/kafka.yaml")); err != nil {
		t.Fatal(err)
	}
	code, out, errOut = runCLI(t, "", "validate", "--color", "never", "--previous", "git:HEAD", ".")
	if code != 1 || !strings.Contains(out, "git:HEAD:prod/kafka.yaml") || !strings.Contains(out, "terminationProtection: true") {
		t.Errorf("prod deleted: exit %d\n%s%s", code, out, errOut)
	}
}
