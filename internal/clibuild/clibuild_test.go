package clibuild

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

// TestBuiltOnceForEveryPackage: the program runs, and a build that finds
// it up to date (another package's test binary, a later run) leaves the
// file as it was instead of linking it again.
func TestBuiltOnceForEveryPackage(t *testing.T) {
	bin, err := Path()
	if err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(bin, "version").Output()
	if err != nil || !strings.HasPrefix(string(out), "mdscheck ") {
		t.Fatalf("%s version: %v, %q", bin, err, out)
	}
	before, err := os.Stat(bin)
	if err != nil {
		t.Fatal(err)
	}
	again, err := build() // as another process would, without the Once
	if err != nil || again != bin {
		t.Fatalf("the second build: %q, %v; want %q", again, err, bin)
	}
	after, err := os.Stat(bin)
	if err != nil || !os.SameFile(before, after) {
		t.Errorf("the second build replaced %s (%v)", bin, err)
	}
	// What go build would do now: nothing to link, the program is up to
	// date (it only touches the file).
	plan, err := exec.Command("go", "build", "-n", "-o", bin, "github.com/mdscheck/mdscheck/cmd/mdscheck").CombinedOutput()
	if err != nil || strings.Contains(string(plan), "/link ") {
		t.Errorf("go build would link %s again (%v):\n%s", bin, err, plan)
	}
}
