package lsp_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
)

// The workspace of these tests: resources in one file, a v1 Secret in
// another, workloads that read them in a third, and what must not meet
// them (another namespace, a hidden directory, an excluded one).
var workspaceFiles = map[string]string{
	".mdscheck.yaml": "exclude: [legacy]\n",
	"services.yaml": `apiVersion: example.io/v1alpha1
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
---
apiVersion: example.io/v1alpha1
kind: Kafka
metadata:
  name: metrics
spec:
  project: p
  plan: business-4
---
# Disabled: it writes no Secret, so it shares none with the Kafka logs.
apiVersion: example.io/v1alpha1
kind: OpenSearch
metadata:
  name: logs
spec:
  project: p
  plan: startup-4
  connInfoSecretTargetDisabled: true
---
apiVersion: example.io/v1alpha1
kind: OpenSearch
metadata:
  name: search
spec:
  project: p
  plan: startup-4
  connInfoSecretTargetDisabled: true
---
apiVersion: example.io/v1alpha1
kind: Grafana
metadata:
  name: creds
spec:
  project: p
  plan: startup-1
  authSecretRef:
    name: grafana-token
    key: token
`,
	"secrets.yaml": `apiVersion: v1
kind: Secret
metadata:
  name: creds
stringData:
  password: hunter2-hunter2
---
apiVersion: v1
kind: Secret
metadata:
  name: grafana-token
stringData:
  token: t0k3n-t0k3n
`,
	"other/namespace.yaml": `apiVersion: example.io/v1alpha1
kind: Kafka
metadata:
  name: logs
  namespace: other
spec:
  project: p
  plan: business-4
`,
	// Neither is read: they would conflict with the Kafka metrics.
	"legacy/metrics.yaml":  "apiVersion: example.io/v1alpha1\nkind: Kafka\nmetadata:\n  name: metrics\nspec:\n  project: p\n  plan: business-4\n",
	".hidden/metrics.yaml": "apiVersion: example.io/v1alpha1\nkind: Kafka\nmetadata:\n  name: metrics\nspec:\n  project: p\n  plan: business-4\n",
	"workloads.yaml": `apiVersion: apps/v1
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
            - name: SEARCH
              valueFrom:
                secretKeyRef:
                  name: search
                  key: OPENSEARCH_HOST
            - name: HAND
              valueFrom:
                secretKeyRef:
                  name: made-by-hand
                  key: anything
          envFrom:
            - secretRef:
                name: logs
            - secretRef:
                name: metrics
            - secretRef:
                name: events-conn
      volumes:
        - name: certs
          secret:
            secretName: logs
---
apiVersion: v1
kind: Pod
metadata:
  name: elsewhere
  namespace: prod
spec:
  containers:
    - name: c
      env:
        - name: URI
          valueFrom:
            secretKeyRef:
              name: logs
              key: KAFKA_URI
---
apiVersion: v1
kind: Pod
metadata:
  name: beside
  namespace: other
spec:
  containers:
    - name: c
      env:
        - name: URI
          valueFrom:
            secretKeyRef:
              name: logs
              key: KAFKA_URI
`,
}

// indexedFiles is how many files of workspaceFiles the index reads: all
// YAML files but the configuration, the excluded and the hidden one.
const indexedFiles = 4

// workspaceStats is the workspace part of mdscheck/stats.
type workspaceStats struct {
	Workspace struct {
		Folders  int  `json:"folders"`
		Files    int  `json:"files"`
		Read     int  `json:"read"`
		Indexing bool `json:"indexing"`
	} `json:"workspace"`
	Pending int `json:"pending"`
}

func (s *session) workspaceStats() workspaceStats {
	s.t.Helper()
	var st workspaceStats
	if _, err := s.conn.Call(s.ctx, "mdscheck/stats", nil, &st); err != nil {
		s.t.Fatalf("mdscheck/stats: %v", err)
	}
	return st
}

// indexed waits until the server has read at least n files of the
// workspace and has nothing left to read or check.
func (s *session) indexed(n int) {
	s.t.Helper()
	poll(s.t, fmt.Sprintf("%d files indexed", n), func() bool {
		st := s.workspaceStats()
		return st.Workspace.Read >= n && !st.Workspace.Indexing && st.Pending == 0
	})
}

// startIn starts a server on the workspace folder dir.
func startIn(t *testing.T, dir string, edit ...func(*protocol.InitializeParams)) *session {
	t.Helper()
	s, _ := start(t, append([]func(*protocol.InitializeParams){func(p *protocol.InitializeParams) {
		p.WorkspaceFolders = protocol.NewNullable([]protocol.WorkspaceFolder{{URI: uri.File(dir), Name: filepath.Base(dir)}})
	}}, edit...)...)
	return s
}

// lineOf returns the 0-based line of the n-th (from 1) line of src that
// contains what, and the character where what starts on it.
func lineOf(t *testing.T, src, what string, n int) protocol.Position {
	t.Helper()
	for i, l := range strings.Split(src, "\n") {
		if c := strings.Index(l, what); c >= 0 {
			if n--; n == 0 {
				return pos(uint32(i), uint32(c))
			}
		}
	}
	t.Fatalf("no line %d with %q", n, what)
	return protocol.Position{}
}

// crossFindings lists the findings of the three cross rules in ds as
// "line rule severity: message", in order.
func crossFindings(ds []protocol.Diagnostic) []string {
	var out []string
	for _, d := range ds {
		if c := code(d); strings.HasPrefix(c, "secret-") {
			out = append(out, fmt.Sprintf("%d %s %d: %s", d.Range.Start.Line, c, d.Severity, message(d)))
		}
	}
	slices.Sort(out)
	return out
}

// waitCross waits until the last diagnostics published for u have
// exactly the cross findings want, each "LINE RULE SEVERITY: EXCERPT",
// and returns them.
func (s *session) waitCross(u uri.URI, want ...string) []protocol.Diagnostic {
	s.t.Helper()
	want = slices.Sorted(slices.Values(want))
	match := func(ds []protocol.Diagnostic) bool {
		got := crossFindings(ds)
		if len(got) != len(want) {
			return false
		}
		for i, w := range want {
			head, excerpt, _ := strings.Cut(w, ": ")
			if !strings.HasPrefix(got[i], head+": ") || !strings.Contains(got[i], excerpt) {
				return false
			}
		}
		return true
	}
	deadline := time.After(waitLimit())
	for {
		s.mu.Lock()
		var last []protocol.Diagnostic
		if list := s.diags[u]; len(list) > 0 {
			last = list[len(list)-1].Diagnostics
		}
		ch := s.changed
		s.mu.Unlock()
		if match(last) {
			return last
		}
		select {
		case <-ch:
		case <-deadline:
			s.t.Fatalf("timed out waiting for the cross findings of %s\n got %q\nwant %q\nserver log:\n%s", u, crossFindings(last), want, s.p.stderr.String())
		}
	}
}

// workspaceRepo writes workspaceFiles to a new repository, with changes
// (a file's text, or "" to leave it out), and returns its directory.
func workspaceRepo(t *testing.T, changes map[string]string) string {
	t.Helper()
	files := map[string]string{}
	for name, text := range workspaceFiles {
		files[name] = text
	}
	for name, text := range changes {
		if text == "" {
			delete(files, name)
		} else {
			files[name] = text
		}
	}
	return repo(t, files)
}

// TestWorkspaceFindings: the three rules across the files of a workspace
// folder, in the open file's diagnostics, with the server's conventions;
// and nothing where names meet only across namespaces, through a
// disabled resource, in a Secret from elsewhere, in an excluded or a
// hidden directory.
func TestWorkspaceFindings(t *testing.T) {
	t.Parallel()
	dir := workspaceRepo(t, nil)
	s := startIn(t, dir)
	src := workspaceFiles["workloads.yaml"]
	u := uri.File(filepath.Join(dir, "workloads.yaml"))
	s.openAsync(u, src)
	line := func(what string, n int) int { return int(lineOf(t, src, what, n).Line) }
	ds := s.waitCross(u,
		fmt.Sprintf("%d secret-key 1: the Kafka \"logs\" in services.yaml writes no key \"KAFKA_URI\" in its Secret \"logs\"", line("key: KAFKA_URI", 1)),
		fmt.Sprintf("%d secret-key 1: which the OpenSearch \"search\" in services.yaml does not write: it sets connInfoSecretTargetDisabled: true", line("key: OPENSEARCH_HOST", 1)),
		fmt.Sprintf("%d secret-prefix 2: the Secret \"metrics\" and of the Secret \"logs\" above", line("name: metrics", 1)),
		fmt.Sprintf("%d secret-key 1: the Kafka \"logs\" in other/namespace.yaml writes no key \"KAFKA_URI\"", line("key: KAFKA_URI", 3)),
	)
	for _, d := range ds {
		if !strings.HasPrefix(code(d), "secret-") {
			continue
		}
		if src, _ := d.Source.Get(); src != "mdscheck" || !strings.HasSuffix(string(d.CodeDescription.Href), "docs/rules.md#"+code(d)) {
			t.Errorf("%s: source %q, href %q", code(d), src, d.CodeDescription.Href)
		}
		if at := lineOf(t, src, "KAFKA_URI", 1); code(d) == "secret-key" && d.Range.Start.Line == at.Line &&
			(d.Range != rng(at.Line, at.Character, at.Line, at.Character+uint32(len("KAFKA_URI")))) {
			t.Errorf("the secret-key finding is at %v, want the key %v", d.Range, at)
		}
	}

	// The resources' own file: the Grafana is named like a v1 Secret of
	// a file no one opened; the Kafka metrics meets no copy of itself.
	su := uri.File(filepath.Join(dir, "services.yaml"))
	services := workspaceFiles["services.yaml"]
	s.openAsync(su, services)
	s.waitCross(su, fmt.Sprintf("%d secret-conflict 1: the connection Secret \"creds\" has the name of a Secret of this set in secrets.yaml",
		lineOf(t, services, "name: creds", 1).Line))
}

// registrations holds, by session, the registrations its client
// received (client/registerCapability), as "METHOD ID OPTIONS".
var registrations sync.Map

// RegisterCapability records a registration; the client accepts it.
func (c client) RegisterCapability(_ context.Context, p *protocol.RegistrationParams) error {
	c.s.mu.Lock()
	defer c.s.mu.Unlock()
	var list []string
	if v, ok := registrations.Load(c.s); ok {
		list = v.([]string)
	}
	for _, r := range p.Registrations {
		list = append(list, r.Method+" "+r.ID+" "+string(r.RegisterOptions))
	}
	registrations.Store(c.s, list)
	c.s.notifyLocked()
	return nil
}

// watched tells the server that files of dir changed on disk.
func (s *session) watched(dir string, changes map[string]protocol.FileChangeType) {
	s.t.Helper()
	var events []protocol.FileEvent
	for name, typ := range changes {
		events = append(events, protocol.FileEvent{URI: uri.File(filepath.Join(dir, name)), Type: typ})
	}
	if err := s.srv.DidChangeWatchedFiles(s.ctx, &protocol.DidChangeWatchedFilesParams{Changes: events}); err != nil {
		s.t.Fatal(err)
	}
}

// TestWorkspaceFilesChangeOnDisk: a client that lets the server register
// file watchers is asked to watch the YAML files; a file changed,
// deleted or created on disk changes the diagnostics of another file
// open in the editor.
func TestWorkspaceFilesChangeOnDisk(t *testing.T) {
	t.Parallel()
	dir := workspaceRepo(t, nil)
	s := startIn(t, dir, func(p *protocol.InitializeParams) {
		yes := true
		p.Capabilities.Workspace.DidChangeWatchedFiles = &protocol.DidChangeWatchedFilesClientCapabilities{DynamicRegistration: &yes}
	})
	s.waitFor("the registration of the watchers of the workspace and of its configuration", func() bool {
		v, _ := registrations.Load(s)
		list, _ := v.([]string)
		registered := func(glob string) bool {
			return slices.ContainsFunc(list, func(r string) bool {
				return strings.HasPrefix(r, "workspace/didChangeWatchedFiles ") && strings.Contains(r, `"`+glob+`"`)
			})
		}
		return registered("**/*.{yaml,yml}") && registered("**/.mdscheck.yaml")
	})
	src := workspaceFiles["workloads.yaml"]
	u := uri.File(filepath.Join(dir, "workloads.yaml"))
	s.openAsync(u, src)
	line := func(what string, n int) int { return int(lineOf(t, src, what, n).Line) }
	uriKey := fmt.Sprintf("%d secret-key 1: the Kafka \"logs\" in services.yaml writes no key \"KAFKA_URI\"", line("key: KAFKA_URI", 1))
	search := fmt.Sprintf("%d secret-key 1: does not write: it sets connInfoSecretTargetDisabled: true", line("key: OPENSEARCH_HOST", 1))
	other := fmt.Sprintf("%d secret-key 1: in other/namespace.yaml", line("key: KAFKA_URI", 3))
	prefix := fmt.Sprintf("%d secret-prefix 2: the Secret \"metrics\"", line("name: metrics", 1))
	s.waitCross(u, uriKey, search, other, prefix)

	// The Kafka metrics goes, and the Kafka logs writes KAFKA_URI... by
	// another name: the prefix finding goes, the key finding stays.
	services := strings.Replace(workspaceFiles["services.yaml"], "  name: metrics\n", "  name: metrics-v2\n", 1)
	writeFile(t, filepath.Join(dir, "services.yaml"), services)
	s.watched(dir, map[string]protocol.FileChangeType{"services.yaml": protocol.FileChangeTypeChanged})
	s.waitCross(u, uriKey, search, other)

	// The other namespace's file is deleted: its reader meets nothing.
	if err := os.Remove(filepath.Join(dir, "other", "namespace.yaml")); err != nil {
		t.Fatal(err)
	}
	s.watched(dir, map[string]protocol.FileChangeType{"other/namespace.yaml": protocol.FileChangeTypeDeleted})
	s.waitCross(u, uriKey, search)

	// A new file writes the Secret made by hand, with no key "anything".
	writeFile(t, filepath.Join(dir, "new.yml"), "apiVersion: example.io/v1alpha1\nkind: Grafana\nmetadata:\n  name: made-by-hand\nspec:\n  project: p\n  plan: startup-1\n")
	s.watched(dir, map[string]protocol.FileChangeType{"new.yml": protocol.FileChangeTypeCreated})
	s.waitCross(u, uriKey, search, fmt.Sprintf("%d secret-key 1: the Grafana \"made-by-hand\" in new.yml writes no key \"anything\"", line("key: anything", 1)))
}

// TestWorkspaceOpenBuffers: an open document's text stands for its file,
// saved or not: an edit changes another open file's diagnostics, and
// closing it unsaved puts the file on disk back.
func TestWorkspaceOpenBuffers(t *testing.T) {
	t.Parallel()
	dir := workspaceRepo(t, nil)
	s := startIn(t, dir)
	s.indexed(indexedFiles)
	src, services := workspaceFiles["workloads.yaml"], workspaceFiles["services.yaml"]
	u, su := uri.File(filepath.Join(dir, "workloads.yaml")), uri.File(filepath.Join(dir, "services.yaml"))
	s.openAsync(u, src)
	line := func(what string, n int) int { return int(lineOf(t, src, what, n).Line) }
	uriKey := fmt.Sprintf("%d secret-key 1: the Kafka \"logs\" in services.yaml writes no key \"KAFKA_URI\"", line("key: KAFKA_URI", 1))
	search := fmt.Sprintf("%d secret-key 1: does not write: it sets connInfoSecretTargetDisabled: true", line("key: OPENSEARCH_HOST", 1))
	other := fmt.Sprintf("%d secret-key 1: in other/namespace.yaml", line("key: KAFKA_URI", 3))
	prefix := fmt.Sprintf("%d secret-prefix 2: the Secret \"metrics\"", line("name: metrics", 1))
	s.waitCross(u, uriKey, search, other, prefix)
	published := s.published(u)

	// An edit of the resources that changes nothing the workloads read
	// publishes nothing for them.
	s.open(su, services)
	plan := lineOf(t, services, "plan: business-4", 1)
	s.diagnostics(su, s.edit(su, replace(plan.Line, 8, plan.Line, 18, "business-8")))
	s.indexed(indexedFiles)
	if n := s.published(u); n != published {
		t.Errorf("the workloads were published %d times more after an edit that changes nothing they read", n-published)
	}

	// The search engine is enabled, unsaved: its key is written.
	disabled := lineOf(t, services, "connInfoSecretTargetDisabled: true", 2)
	s.edit(su, replace(disabled.Line, 0, disabled.Line+1, 0, ""))
	s.waitCross(u, uriKey, other, prefix)

	// Closed unsaved: the file on disk is in force again.
	if err := s.srv.DidClose(s.ctx, &protocol.DidCloseTextDocumentParams{TextDocument: docID(su)}); err != nil {
		t.Fatal(err)
	}
	s.waitCross(u, uriKey, search, other, prefix)
}

// TestWorkspaceLeavesOut: what never meets the workspace's resources: a
// Kustomize patch of one of them, a name a Helm template writes (two
// charts with one template), a file outside the workspace folder.
func TestWorkspaceLeavesOut(t *testing.T) {
	t.Parallel()
	template := "apiVersion: example.io/v1alpha1\nkind: Kafka\nmetadata:\n  name: {{ .Release.Name }}\nspec:\n  project: p\n  plan: business-4\n"
	dir := workspaceRepo(t, map[string]string{
		"deploy/kustomization.yaml":     "patches:\n  - path: plan.yaml\n",
		"deploy/plan.yaml":              "apiVersion: example.io/v1alpha1\nkind: Kafka\nmetadata:\n  name: logs\nspec:\n  plan: business-8\n",
		"charts/a/Chart.yaml":           "apiVersion: v2\nname: a\nversion: 0.1.0\n",
		"charts/a/templates/kafka.yaml": template,
		"charts/b/Chart.yaml":           "apiVersion: v2\nname: b\nversion: 0.1.0\n",
		"charts/b/templates/kafka.yaml": template,
	})
	s := startIn(t, dir)
	s.indexed(indexedFiles + 6)
	services := workspaceFiles["services.yaml"]
	su := uri.File(filepath.Join(dir, "services.yaml"))
	s.openAsync(su, services)
	s.waitCross(su, fmt.Sprintf("%d secret-conflict 1: has the name of a Secret of this set in secrets.yaml", lineOf(t, services, "name: creds", 1).Line))
	tu := uri.File(filepath.Join(dir, "charts", "a", "templates", "kafka.yaml"))
	s.openAsync(tu, template)
	s.waitCross(tu)

	// Outside the folder, a Kafka of the same name meets only its file.
	outside := uri.File(filepath.Join(t.TempDir(), "logs.yaml"))
	s.openAsync(outside, services)
	s.waitCross(outside)
	s.indexed(indexedFiles + 6)
	s.waitCross(su, fmt.Sprintf("%d secret-conflict 1: has the name of a Secret of this set in secrets.yaml", lineOf(t, services, "name: creds", 1).Line))
}

// TestWorkspaceFolders: a folder added to the workspace joins it, under
// its name in messages, and a folder removed leaves it.
func TestWorkspaceFolders(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	services, apps := filepath.Join(root, "services"), filepath.Join(root, "apps")
	writeFile(t, filepath.Join(services, "services.yaml"), workspaceFiles["services.yaml"])
	src := workspaceFiles["workloads.yaml"]
	writeFile(t, filepath.Join(apps, "workloads.yaml"), src)
	s := startIn(t, services)
	s.indexed(1)
	u := uri.File(filepath.Join(apps, "workloads.yaml"))
	s.openAsync(u, src)
	s.waitCross(u) // outside the workspace: it meets only itself

	folders := func(added, removed string) {
		t.Helper()
		var ev protocol.WorkspaceFoldersChangeEvent
		if added != "" {
			ev.Added = []protocol.WorkspaceFolder{{URI: uri.File(added), Name: filepath.Base(added)}}
		}
		if removed != "" {
			ev.Removed = []protocol.WorkspaceFolder{{URI: uri.File(removed), Name: filepath.Base(removed)}}
		}
		if err := s.srv.DidChangeWorkspaceFolders(s.ctx, &protocol.DidChangeWorkspaceFoldersParams{Event: ev}); err != nil {
			t.Fatal(err)
		}
	}
	folders(apps, "")
	line := func(what string, n int) int { return int(lineOf(t, src, what, n).Line) }
	s.waitCross(u,
		fmt.Sprintf("%d secret-key 1: the Kafka \"logs\" in services/services.yaml writes no key \"KAFKA_URI\"", line("key: KAFKA_URI", 1)),
		fmt.Sprintf("%d secret-key 1: the OpenSearch \"search\" in services/services.yaml does not write", line("key: OPENSEARCH_HOST", 1)),
		fmt.Sprintf("%d secret-prefix 2: the Secret \"metrics\"", line("name: metrics", 1)))
	folders("", services)
	s.waitCross(u)
}
