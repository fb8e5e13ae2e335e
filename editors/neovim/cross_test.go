package neovim_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/mdscheck/mdscheck/internal/editortest"
)

// services writes the Secret the workloads read, in its own file.
const services = `apiVersion: example.io/v1alpha1
kind: Kafka
metadata:
  name: logs
spec:
  project: p
  plan: business-4
`

// workloads reads the Kafka's Secret: one key it writes, one it does not.
const workloads = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: api
spec:
  template:
    spec:
      containers:
        - name: api
          env:
            - name: BROKER
              valueFrom:
                secretKeyRef:
                  name: logs
                  key: KAFKA_HOST
            - name: URI
              valueFrom:
                secretKeyRef:
                  name: logs
                  key: KAFKA_URI
`

// TestNeovimAcrossFiles: in the workloads of a repository, Neovim shows
// the secret-key diagnostic that only the Kafka of another file explains,
// and going to the definition of the Secret's name opens that file at
// the Kafka's name.
func TestNeovimAcrossFiles(t *testing.T) {
	t.Parallel()
	nvim := findNvim(t)
	bin := editortest.BuildServer(t)
	dir := t.TempDir()
	for _, d := range []string{".git", "services", "apps"} {
		if err := os.MkdirAll(filepath.Join(dir, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	kafka := filepath.Join(dir, "services", "kafka.yaml")
	file := filepath.Join(dir, "apps", "api.yaml")
	editortest.WriteFile(t, kafka, services)
	editortest.WriteFile(t, file, workloads)

	lines := strings.Split(workloads, "\n")
	nameLine := slices.Index(lines, "                  name: logs")
	uriLine := slices.Index(lines, "                  key: KAFKA_URI")
	var r struct {
		Nvim           string       `json:"nvim"`
		Error          string       `json:"error"`
		Log            []string     `json:"log"`
		Diagnostics    []diagnostic `json:"diagnostics"`
		DefinitionFile string       `json:"definition_file"`
		DefinitionLine int          `json:"definition_line"`
		DefinitionCol  int          `json:"definition_col"`
		DefinitionText string       `json:"definition_text"`
	}
	raw := runNvimRaw(t, nvim, dir, "test/cross.lua", map[string]string{
		"MDSCHECK_BIN":           bin,
		"MDSCHECK_E2E_FILE":      file,
		"MDSCHECK_E2E_NAME_LINE": strconv.Itoa(nameLine),
		"MDSCHECK_E2E_NAME_COL":  strconv.Itoa(len("                  name: l")),
	})
	if err := json.Unmarshal(raw, &r); err != nil {
		t.Fatalf("results: %v\n%s", err, raw)
	}
	if r.Error != "" {
		t.Fatalf("the test script failed in Neovim %s: %s\nmessages: %q", r.Nvim, r.Error, r.Log)
	}

	want := []diagnostic{{Line: uriLine, Col: len("                  key: "), Code: "secret-key", Severity: errorSeverity,
		Message: `the Kafka "logs" in services/kafka.yaml writes no key "KAFKA_URI" in its Secret "logs"`}}
	if len(r.Diagnostics) != 1 || r.Diagnostics[0].Line != want[0].Line || r.Diagnostics[0].Col != want[0].Col ||
		r.Diagnostics[0].Code != want[0].Code || r.Diagnostics[0].Severity != want[0].Severity ||
		!strings.Contains(r.Diagnostics[0].Message, want[0].Message) {
		t.Errorf("diagnostics:\n got %s\nwant %s (the message saying so)", show(r.Diagnostics), show(want))
	}
	if r.DefinitionFile != kafka || r.DefinitionLine != 3 || r.DefinitionCol != len("  name: ") || r.DefinitionText != "  name: logs" {
		t.Errorf("definition of the Secret's name: %s line %d column %d (%q), want %s line 3 column %d",
			r.DefinitionFile, r.DefinitionLine, r.DefinitionCol, r.DefinitionText, kafka, len("  name: "))
	}
	if len(r.Log) > 0 {
		t.Errorf("messages shown to the user: %q", r.Log)
	}
}
