// Package golden holds the expected output of tests in files a reviewer
// reads in a diff, and the one -update flag that rewrites them all:
//
//	go test ./core/report ./cmd/mdscheck -update
//
// Then review the change of each file like code. Every golden test of the
// project goes through this package, so the flag means the same thing
// everywhere.
package golden

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files with what the tests produce now")

// Update reports whether the tests run with -update: a test that keeps
// its expectations inside a larger file (a page of the docs) rewrites
// them itself when it does.
func Update() bool { return *update }

// Check compares got with the file at path, or writes got to it under
// -update. A difference fails the test with the lines that differ.
func Check(t testing.TB, path string, got string) {
	t.Helper()
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (write it with go test -run '%s' -update)", err, t.Name())
	}
	if string(want) != got {
		d := Diff(string(want), got)
		if d == "" {
			d = "the lines are the same; the line end at the end is not\n"
		}
		t.Errorf("the output differs from %s (-want +got):\n%s(if the change is meant, run go test -run '%s' -update and review the diff)",
			path, d, t.Name())
	}
}

// maxCells bounds the table Diff fills to find the lines two texts have
// in common; beyond it, the lines between the common start and end are
// shown as all removed and all added.
const maxCells = 4 << 20

// Diff returns the lines of want and got that differ, each with its line
// number: "-" for a line only want has, "+" for one only got has.
func Diff(want, got string) string {
	a, b := lines(want), lines(got)
	// Lines both texts start or end with are the same; only the middle
	// needs the table.
	pre := 0
	for pre < len(a) && pre < len(b) && a[pre] == b[pre] {
		pre++
	}
	suf := 0
	for suf < len(a)-pre && suf < len(b)-pre && a[len(a)-1-suf] == b[len(b)-1-suf] {
		suf++
	}
	ma, mb := a[pre:len(a)-suf], b[pre:len(b)-suf]
	var sb strings.Builder
	removed := func(i int) { fmt.Fprintf(&sb, "-%4d | %s\n", pre+i+1, ma[i]) }
	added := func(j int) { fmt.Fprintf(&sb, "+%4d | %s\n", pre+j+1, mb[j]) }
	if (len(ma)+1)*(len(mb)+1) > maxCells {
		for i := range ma {
			removed(i)
		}
		for j := range mb {
			added(j)
		}
		return sb.String()
	}
	// common[i][j] is the length of the longest common subsequence of
	// ma[i:] and mb[j:].
	w := len(mb) + 1
	common := make([]int, (len(ma)+1)*w)
	for i := len(ma) - 1; i >= 0; i-- {
		for j := len(mb) - 1; j >= 0; j-- {
			if ma[i] == mb[j] {
				common[i*w+j] = common[(i+1)*w+j+1] + 1
			} else {
				common[i*w+j] = max(common[(i+1)*w+j], common[i*w+j+1])
			}
		}
	}
	i, j := 0, 0
	for i < len(ma) || j < len(mb) {
		switch {
		case i < len(ma) && j < len(mb) && ma[i] == mb[j]:
			i++
			j++
		case j == len(mb) || i < len(ma) && common[(i+1)*w+j] >= common[i*w+j+1]:
			removed(i)
			i++
		default:
			added(j)
			j++
		}
	}
	return sb.String()
}

// lines splits s into lines without their ends; a final line end does not
// make an empty last line.
func lines(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(strings.TrimSuffix(s, "\n"), "\n")
}
