package neovim_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mdscheck/mdscheck/internal/editortest"
)

// services writes the Secrets the workloads read, in its own file: the
// Kafka logs its Secret of the default name and prefix, the Kafka events
// one of another name with another prefix.
const services = `apiVersion: example.io/v1alpha1
kind: Kafka
metadata:
  name: logs
spec:
  project: p
  plan: business-4
---
apiVersion: example.io/v1alpha1
kind: Kafka
metadata:
  name: events
spec:
  project: p
  plan: business-4
  connInfoSecretTarget:
    name: events-conn
    prefix: EV_
`

// workloads reads the Kafkas' Secrets: keys they write, one the Kafka
// logs does not write, and a Secret volume of the Kafka logs.
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
            - name: EVENTS_PASSWORD
              valueFrom:
                secretKeyRef:
                  name: events-conn
                  key: EV_PASSWORD
          volumeMounts:
            - name: certs
              mountPath: /certs
      volumes:
        - name: certs
          secret:
            secretName: logs
            items:
              - key: KAFKA_CA_CERT
                path: ca.pem
`

// jobs reads the Kafka logs' Secret from a third file.
const jobs = `apiVersion: batch/v1
kind: CronJob
metadata:
  name: compact
spec:
  schedule: "0 3 * * *"
  jobTemplate:
    spec:
      template:
        spec:
          restartPolicy: OnFailure
          containers:
            - name: compact
              image: compact:1
              env:
                - name: PASSWORD
                  valueFrom:
                    secretKeyRef:
                      name: logs
                      key: KAFKA_PASSWORD
`

// spot is a 0-based line and byte column, as cross.lua puts the cursor.
type spot struct {
	Line int `json:"line"`
	Col  int `json:"col"`
}

// typing is lines a user types below line After, and where the cursor
// then is.
type typing struct {
	After int      `json:"after"`
	Lines []string `json:"lines"`
	At    spot     `json:"at"`
}

// steps are where cross.lua puts the cursor and what it types.
type steps struct {
	Hover      []spot   `json:"hover"`
	Definition spot     `json:"definition"`
	References []spot   `json:"references"`
	Completion []typing `json:"completion"`
}

// qfItem is an entry of the quickfix list as Neovim shows it: 1-based
// line and column.
type qfItem struct {
	File string `json:"file"`
	Line int    `json:"line"`
	Col  int    `json:"col"`
	Text string `json:"text"`
}

// menuItem is an entry of the completion menu: the word it inserts, the
// menu text beside it (the item's detail) and the range it replaces.
type menuItem struct {
	Word string `json:"word"`
	Menu string `json:"menu"`
	Line int    `json:"line"`
	From int    `json:"from"`
	To   int    `json:"to"`
}

type completion struct {
	Prefix string     `json:"prefix"`
	Items  []menuItem `json:"items"`
}

// valueAt is where the value of the n-th line of src that reads line (a
// "key: value" line) starts.
func valueAt(t *testing.T, src, line string, n int) spot {
	t.Helper()
	for i, l := range strings.Split(src, "\n") {
		if l == line {
			if n--; n == 0 {
				return spot{Line: i, Col: strings.Index(l, ": ") + 2}
			}
		}
	}
	t.Fatalf("no line %q in\n%s", line, src)
	return spot{}
}

// TestNeovimAcrossFiles: in the workloads of a repository, Neovim shows
// the secret-key diagnostic that only the Kafka of another file explains;
// hover on the keys the workloads read names the Kafka that writes each,
// its kind and file; going to the definition of the Secret's name opens
// that file at the Kafka's name; there, the references of each Kafka's
// names list every reader in the quickfix list, in their files and
// lines; and a key typed in a secretKeyRef or in an item of a Secret
// volume completes with the keys its Kafka writes, prefix included.
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
	jobsFile := filepath.Join(dir, "apps", "jobs.yaml")
	editortest.WriteFile(t, kafka, services)
	editortest.WriteFile(t, file, workloads)
	editortest.WriteFile(t, jobsFile, jobs)

	const envKey, itemKey = "                  key: ", "                key: "
	evAfter := valueAt(t, workloads, envKey+"EV_PASSWORD", 1).Line + 1
	itemAfter := valueAt(t, workloads, "                path: ca.pem", 1).Line + 1
	st := steps{
		Hover: []spot{valueAt(t, workloads, envKey+"KAFKA_HOST", 1), valueAt(t, workloads, envKey+"EV_PASSWORD", 1),
			valueAt(t, workloads, "              - key: KAFKA_CA_CERT", 1)},
		Definition: valueAt(t, workloads, "                  name: logs", 1),
		References: []spot{valueAt(t, services, "  name: logs", 1), valueAt(t, services, "    name: events-conn", 1),
			valueAt(t, services, "  name: events", 1)},
		Completion: []typing{
			{After: evAfter, Lines: []string{"            - name: EVENTS_HOST", "              valueFrom:", "                secretKeyRef:",
				"                  name: events-conn", envKey + "EV_"}, At: spot{Line: evAfter + 4, Col: len(envKey + "EV_")}},
			{After: itemAfter, Lines: []string{"              - path: key.pem", itemKey + "KAFKA_AC"},
				At: spot{Line: itemAfter + 1, Col: len(itemKey + "KAFKA_AC")}},
		},
	}
	stepsJSON, err := json.Marshal(st)
	if err != nil {
		t.Fatal(err)
	}
	var r struct {
		Nvim           string       `json:"nvim"`
		Error          string       `json:"error"`
		Log            []string     `json:"log"`
		Diagnostics    []diagnostic `json:"diagnostics"`
		Hover          []string     `json:"hover"`
		DefinitionFile string       `json:"definition_file"`
		DefinitionLine int          `json:"definition_line"`
		DefinitionCol  int          `json:"definition_col"`
		DefinitionText string       `json:"definition_text"`
		References     [][]qfItem   `json:"references"`
		Completion     []completion `json:"completion"`
	}
	raw := runNvimRaw(t, nvim, dir, "test/cross.lua", map[string]string{
		"MDSCHECK_BIN":       bin,
		"MDSCHECK_E2E_FILE":  file,
		"MDSCHECK_E2E_FILES": "3",
		"MDSCHECK_E2E_STEPS": string(stepsJSON),
	})
	if err := json.Unmarshal(raw, &r); err != nil {
		t.Fatalf("results: %v\n%s", err, raw)
	}
	if r.Error != "" {
		t.Fatalf("the test script failed in Neovim %s: %s\nmessages: %q", r.Nvim, r.Error, r.Log)
	}

	uri := valueAt(t, workloads, envKey+"KAFKA_URI", 1)
	want := []diagnostic{{Line: uri.Line, Col: uri.Col, Code: "secret-key", Severity: errorSeverity,
		Message: `the Kafka "logs" in services/kafka.yaml writes no key "KAFKA_URI" in its Secret "logs"`}}
	if len(r.Diagnostics) != 1 || r.Diagnostics[0].Line != want[0].Line || r.Diagnostics[0].Col != want[0].Col ||
		r.Diagnostics[0].Code != want[0].Code || r.Diagnostics[0].Severity != want[0].Severity ||
		!strings.Contains(r.Diagnostics[0].Message, want[0].Message) {
		t.Errorf("diagnostics:\n got %s\nwant %s (the message saying so)", show(r.Diagnostics), show(want))
	}

	wantHover := []string{
		"**Key `KAFKA_HOST`** of the Secret `logs`\n\n- written by the Kafka `logs` in `services/kafka.yaml`",
		"**Key `EV_PASSWORD`** of the Secret `events-conn`\n\n- written by the Kafka `events` in `services/kafka.yaml`",
		"**Key `KAFKA_CA_CERT`** of the Secret `logs`\n\n- written by the Kafka `logs` in `services/kafka.yaml`",
	}
	if !slices.Equal(r.Hover, wantHover) {
		t.Errorf("hover on the keys read:\n got %q\nwant %q", r.Hover, wantHover)
	}

	if r.DefinitionFile != kafka || r.DefinitionLine != 3 || r.DefinitionCol != len("  name: ") || r.DefinitionText != "  name: logs" {
		t.Errorf("definition of the Secret's name: %s line %d column %d (%q), want %s line 3 column %d",
			r.DefinitionFile, r.DefinitionLine, r.DefinitionCol, r.DefinitionText, kafka, len("  name: "))
	}

	// vim.lsp.buf.references includes the declaration; Neovim lists the
	// entries by file, then by line.
	in := func(file, src, line string, n int) qfItem {
		s := valueAt(t, src, line, n)
		return qfItem{File: file, Line: s.Line + 1, Col: s.Col + 1, Text: line}
	}
	eventsReaders := []qfItem{in(file, workloads, "                  name: events-conn", 1), in(kafka, services, "    name: events-conn", 1)}
	wantRefs := [][]qfItem{
		{in(file, workloads, "                  name: logs", 1), in(file, workloads, "                  name: logs", 2),
			in(file, workloads, "            secretName: logs", 1), in(jobsFile, jobs, "                      name: logs", 1),
			in(kafka, services, "  name: logs", 1)},
		eventsReaders,
		eventsReaders,
	}
	for i, what := range []string{"the Kafka logs' metadata.name", "the Kafka events' connInfoSecretTarget.name", "the Kafka events' metadata.name"} {
		var got []qfItem
		if i < len(r.References) {
			got = r.References[i]
		}
		if !slices.Equal(got, wantRefs[i]) {
			t.Errorf("references of %s:\n got %+v\nwant %+v", what, got, wantRefs[i])
		}
	}

	// The completion menu: the keys the Kafka writes, prefix included,
	// those of components it leaves off last and saying so; each replaces
	// the word typed.
	menu := func(typed typing, prefix string, words ...string) completion {
		c := completion{Prefix: prefix}
		for _, w := range words {
			detail, comp, _ := strings.Cut(w, " ")
			c.Items = append(c.Items, menuItem{Word: detail, Menu: comp, Line: typed.At.Line, From: typed.At.Col - len(prefix), To: typed.At.Col})
		}
		return c
	}
	const ev, logs = "Kafka events (services/kafka.yaml)", "Kafka logs (services/kafka.yaml)"
	wantCompletion := []completion{
		menu(st.Completion[0], "EV_", "EV_HOST "+ev, "EV_PORT "+ev, "EV_USERNAME "+ev, "EV_PASSWORD "+ev, "EV_ACCESS_CERT "+ev,
			"EV_ACCESS_KEY "+ev, "EV_SASL_HOST "+ev, "EV_SASL_PORT "+ev, "EV_CA_CERT "+ev,
			"EV_CONNECT_HOST only with spec.userConfig.kafka_connect", "EV_CONNECT_PORT only with spec.userConfig.kafka_connect",
			"EV_REST_HOST only with spec.userConfig.kafka_rest", "EV_REST_PORT only with spec.userConfig.kafka_rest",
			"EV_SCHEMA_REGISTRY_HOST only with spec.userConfig.schema_registry", "EV_SCHEMA_REGISTRY_PORT only with spec.userConfig.schema_registry"),
		menu(st.Completion[1], "KAFKA_AC", "KAFKA_ACCESS_CERT "+logs, "KAFKA_ACCESS_KEY "+logs),
	}
	if !slices.EqualFunc(r.Completion, wantCompletion, func(a, b completion) bool {
		return a.Prefix == b.Prefix && slices.Equal(a.Items, b.Items)
	}) {
		t.Errorf("completion menus:\n got %+v\nwant %+v", r.Completion, wantCompletion)
	}
	if len(r.Log) > 0 {
		t.Errorf("messages shown to the user: %q", r.Log)
	}
}
