package report

import (
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mdscheck/mdscheck/core/check"
	"github.com/mdscheck/mdscheck/core/text"
)

var update = flag.Bool("update", false, "rewrite the expected JSON beside each testdata manifest")

// TestGolden checks every manifest in testdata/ against the JSON beside it:
// the whole result, documents, ranges, messages and fixes. Review a change
// of a golden file like code.
func TestGolden(t *testing.T) {
	files, err := filepath.Glob("../../testdata/*.yaml")
	if err != nil || len(files) == 0 {
		t.Fatalf("no golden manifests in testdata/ (%v)", err)
	}
	for _, path := range files {
		name := filepath.Base(path)
		t.Run(name, func(t *testing.T) {
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			got, err := json.MarshalIndent(Validate(string(src), text.UTF16, check.DefaultOptions), "", "  ")
			if err != nil {
				t.Fatal(err)
			}
			got = append(got, '\n')
			golden := strings.TrimSuffix(path, ".yaml") + ".json"
			if *update {
				if err := os.WriteFile(golden, got, 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run go test ./core/report -run TestGolden -update)", err)
			}
			if string(got) != string(want) {
				t.Errorf("result differs from %s (run with -update and review the diff):\n%s", filepath.Base(golden), got)
			}
			// A file named valid-* must have no errors.
			if strings.HasPrefix(name, "valid-") {
				var f File
				_ = json.Unmarshal(got, &f)
				if e, _ := f.Counts(); e > 0 {
					t.Errorf("valid manifest has %d errors", e)
				}
			}
		})
	}
}
