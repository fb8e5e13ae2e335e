package check_test

import (
	"bufio"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/mdscheck/mdscheck/core/check"
	"github.com/mdscheck/mdscheck/core/report"
	"github.com/mdscheck/mdscheck/internal/shared"
)

// TestCorpus checks the real manifests of ../shared/corpus, written by
// others, against the verdict each must get in its EXPECT.txt.
func TestCorpus(t *testing.T) {
	corpusDir := shared.Path(t, "corpus")
	f, err := os.Open(filepath.Join(corpusDir, "EXPECT.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	want := map[string][]string{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		name, verdict, ok := strings.Cut(line, ": ")
		if !ok {
			t.Fatalf("bad EXPECT line %q", line)
		}
		if _, seen := want[name]; !seen {
			want[name] = []string{}
		}
		if verdict != "valid" {
			want[name] = append(want[name], verdict)
		}
	}
	files, _ := filepath.Glob(filepath.Join(corpusDir, "*.yaml"))
	if len(files) != len(want) || len(files) < 48 {
		t.Fatalf("%d manifests but %d verdicts", len(files), len(want))
	}
	for _, path := range files {
		name := filepath.Base(path)
		t.Run(name, func(t *testing.T) {
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			res := report.Validate(string(src), check.DefaultOptions)
			var got []string
			for _, d := range res.Diagnostics {
				if d.Severity != check.Error {
					continue
				}
				rule := d.Rule
				if rule == "pattern" && strings.HasSuffix(d.Pointer, "/network") {
					rule = "format" // EXPECT.txt accepts either for CIDR
				}
				got = append(got, "error "+d.Pointer+" "+rule)
			}
			exp, ok := want[name]
			if !ok {
				t.Fatalf("no verdict in EXPECT.txt")
			}
			sort.Strings(got)
			sort.Strings(exp)
			if strings.Join(got, "\n") != strings.Join(exp, "\n") {
				t.Errorf("verdict differs\n got: %q\nwant: %q\nall diagnostics: %+v", got, exp, res.Diagnostics)
			}
			if n := len(res.Documents); n == 0 || !res.Documents[0].Checked {
				t.Errorf("document not checked: %+v", res.Documents)
			}
		})
	}
}
