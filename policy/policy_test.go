package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tetratelabs/wazero"
	"github.com/tetratelabs/wazero/imports/wasi_snapshot_preview1"
	"github.com/tetratelabs/wazero/sys"

	"github.com/mdscheck/mdscheck/internal/clibuild"
	"github.com/mdscheck/mdscheck/internal/wasmbuild"
)

// The tests run policy.wasm, built as make policy builds it, under wazero
// as a policy server runs a WASI policy: one instance per request, the
// request on stdin, the answer on stdout. Their verdicts are compared with
// those of the mdscheck CLI, built from this tree, on the same objects.

var (
	engine   wazero.Runtime
	compiled wazero.CompiledModule
	cli      string // the mdscheck binary
)

// memoryPages bounds the policy's memory in the tests (64 KiB pages):
// 1 GiB, so a request that made it grow without bound fails a test.
const memoryPages = 1 << 14

func TestMain(m *testing.M) {
	os.Exit(func() int {
		dir, err := os.MkdirTemp("", "mdscheck-policy-test")
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		defer os.RemoveAll(dir)
		wasm := filepath.Join(dir, "policy.wasm")
		build := exec.Command("go", "build", "-trimpath", "-ldflags", "-s -w", "-o", wasm, ".")
		build.Env = append(os.Environ(), "GOOS=wasip1", "GOARCH=wasm")
		if out, err := build.CombinedOutput(); err != nil {
			fmt.Fprintf(os.Stderr, "building policy.wasm: %v\n%s", err, out)
			return 1
		}
		if cli, err = clibuild.Path(); err != nil {
			fmt.Fprintln(os.Stderr, "building mdscheck:", err)
			return 1
		}
		b, err := os.ReadFile(wasm)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		ctx := context.Background()
		// Compiled code is kept between runs in the module tests' cache:
		// compiling the policy took some 4 s of processor time a run.
		cc, err := wazero.NewCompilationCacheWithDir(wasmbuild.CacheDir())
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		engine = wazero.NewRuntimeWithConfig(ctx, wazero.NewRuntimeConfig().WithMemoryLimitPages(memoryPages).WithCompilationCache(cc))
		defer engine.Close(ctx)
		wasi_snapshot_preview1.MustInstantiate(ctx, engine)
		if compiled, err = engine.CompileModule(ctx, b); err != nil {
			fmt.Fprintln(os.Stderr, "compile:", err)
			return 1
		}
		return m.Run()
	}())
}

// run runs the policy with args and stdin and returns its stdout; the
// policy must exit 0.
func run(t *testing.T, stdin []byte, args ...string) []byte {
	t.Helper()
	var out, errOut bytes.Buffer
	cfg := wazero.NewModuleConfig().WithArgs(append([]string{"policy.wasm"}, args...)...).
		WithStdin(bytes.NewReader(stdin)).WithStdout(&out).WithStderr(&errOut).WithName("")
	mod, err := engine.InstantiateModule(context.Background(), compiled, cfg)
	var exit *sys.ExitError
	if errors.As(err, &exit) && exit.ExitCode() == 0 {
		err = nil
	}
	if err != nil {
		t.Fatalf("policy %s: %v\nstderr: %s", strings.Join(args, " "), err, errOut.String())
	}
	if mod != nil {
		mod.Close(context.Background())
	}
	return out.Bytes()
}

// validateAnswer runs validate on stdin and decodes its answer.
func validateAnswer(t *testing.T, stdin []byte) answer {
	t.Helper()
	out := run(t, stdin, "validate")
	var a answer
	if err := json.Unmarshal(out, &a); err != nil {
		t.Fatalf("the answer is not JSON: %v\n%s", err, out)
	}
	if !a.Accepted && (a.Message == "" || a.Code == 0) {
		t.Errorf("a refusal without a message or a code: %s", out)
	}
	return a
}

// cliVerdict is mdscheck validate's verdict on the fixture's objects: the
// object (or an empty file for a DELETE) with --previous oldObject when
// there is one, the settings as .mdscheck.yaml, and --strict with
// strict. It returns whether validate exited 0, and what it printed.
func cliVerdict(t *testing.T, in input) (bool, string) {
	t.Helper()
	dir := t.TempDir()
	write := func(name string, raw json.RawMessage) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(object(raw)), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	var settings map[string]json.RawMessage
	if len(in.Settings) > 0 {
		if err := json.Unmarshal(in.Settings, &settings); err != nil {
			t.Fatal(err)
		}
	}
	args := []string{"validate"}
	if string(settings["strict"]) == "true" {
		args = append(args, "--strict")
	}
	delete(settings, "strict")
	cfg, _ := json.Marshal(settings)
	args = append(args, "--config", write(".mdscheck.yaml", cfg))
	if object(in.Request.OldObject) != "" {
		args = append(args, "--previous", write("previous.json", in.Request.OldObject))
	}
	args = append(args, write("current.json", in.Request.Object))
	out, err := exec.Command(cli, args...).CombinedOutput()
	var exit *exec.ExitError
	if err != nil && !(errors.As(err, &exit) && exit.ExitCode() == 1) {
		t.Fatalf("mdscheck %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return err == nil, string(out)
}

// firstError is the message of the first error the CLI printed, "" for
// none.
func firstError(out string) string {
	for _, line := range strings.Split(out, "\n") {
		if _, msg, ok := strings.Cut(line, ": error: "); ok {
			msg, _, _ = strings.Cut(msg, " [")
			return msg
		}
	}
	return ""
}

// fixtures returns the AdmissionRequest fixtures of testdata by name.
func fixtures(t *testing.T) map[string][]byte {
	t.Helper()
	paths, err := filepath.Glob("testdata/*.json")
	if err != nil || len(paths) == 0 {
		t.Fatalf("no fixtures: %v", err)
	}
	fs := map[string][]byte{}
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		fs[strings.TrimSuffix(filepath.Base(p), ".json")] = b
	}
	return fs
}

// TestFixturesAgreeWithCLI: the policy accepts a request exactly when
// mdscheck validate (with --previous for UPDATE and DELETE) passes the
// same objects, and each fixture's name says which it is, so that a
// policy and a CLI that agreed on accepting everything would fail.
func TestFixturesAgreeWithCLI(t *testing.T) {
	for name, b := range fixtures(t) {
		t.Run(name, func(t *testing.T) {
			var in input
			if err := json.Unmarshal(b, &in); err != nil {
				t.Fatal(err)
			}
			a := validateAnswer(t, b)
			passed, out := cliVerdict(t, in)
			if a.Accepted != passed {
				t.Errorf("the policy answers %+v, the CLI passes: %v\n%s", a, passed, out)
			}
			if want := strings.HasPrefix(name, "accept-"); a.Accepted != want {
				t.Errorf("accepted = %v, want %v (message %q)", a.Accepted, want, a.Message)
			}
			if msg := firstError(out); !a.Accepted && !strings.Contains(a.Message, msg) {
				t.Errorf("the refusal %q does not say the CLI's finding %q", a.Message, msg)
			}
		})
	}
}

// TestNoSecretInAnswers: a secret of the object (a client_secret) that a
// finding would quote, or that a resource's name repeats, is in no
// answer, while the refusal still says what is wrong.
func TestNoSecretInAnswers(t *testing.T) {
	const secret = "never-shown-in-output"
	for name, b := range fixtures(t) {
		if !strings.HasPrefix(name, "refuse-") || !bytes.Contains(b, []byte(secret)) {
			continue
		}
		t.Run(name, func(t *testing.T) {
			out := run(t, b, "validate")
			if bytes.Contains(out, []byte(secret)) {
				t.Errorf("the answer holds the secret: %s", out)
			}
			var a answer
			if err := json.Unmarshal(out, &a); err != nil || a.Accepted || a.Message == "" {
				t.Errorf("want a refusal with a message, got %s", out)
			}
		})
	}
}

// TestProtectedDeleteSaysHow: the refusal of a DELETE names the guard and
// how to lift it, as the CLI's finding does.
func TestProtectedDeleteSaysHow(t *testing.T) {
	a := validateAnswer(t, fixtures(t)["refuse-delete-kafka-protected"])
	if a.Accepted || !strings.Contains(a.Message, "terminationProtection to false") || a.Code != codeInvalid {
		t.Errorf("got %+v", a)
	}
}

// TestStrictRefusesWarnings: with strict, the warning of a deletion that
// loses data refuses it, as validate --strict fails.
func TestStrictRefusesWarnings(t *testing.T) {
	var in map[string]any
	if err := json.Unmarshal(fixtures(t)["accept-delete-kafka"], &in); err != nil {
		t.Fatal(err)
	}
	in["settings"] = map[string]any{"strict": true}
	b, _ := json.Marshal(in)
	a := validateAnswer(t, b)
	if a.Accepted || !strings.Contains(a.Message, "deletes the service and its data") {
		t.Errorf("got %+v", a)
	}
	var req input
	if err := json.Unmarshal(b, &req); err != nil {
		t.Fatal(err)
	}
	if passed, out := cliVerdict(t, req); passed {
		t.Errorf("the CLI passes with --strict:\n%s", out)
	}
}

// TestValidateSettings: settings are checked as .mdscheck.yaml is, with
// its messages, and what names files is refused.
func TestValidateSettings(t *testing.T) {
	for _, c := range []struct {
		settings string
		valid    bool
		says     string
	}{
		{`{}`, true, ""},
		{``, true, ""},
		{`{"rules": {"maximum": "warning", "deprecated": "off"}, "unknownFields": "warning", "strict": true}`, true, ""},
		{`{"rules": {"maximum": "warnin"}}`, false, `did you mean "warning"?`},
		{`{"rules": {"maximun": "off"}}`, false, `"maximum"`},
		{`{"unknownFields": "information"}`, false, "unknownFields"},
		{`{"strict": "yes"}`, false, "strict is true or false"},
		{`{"exclude": ["a/**"]}`, false, "an admission request has none"},
		{`{"rule": {}}`, false, "rules"},
		{`[1, 2]`, false, "settings"},
	} {
		out := run(t, []byte(c.settings), "validate-settings")
		var a settingsAnswer
		if err := json.Unmarshal(out, &a); err != nil {
			t.Fatalf("%s: the answer is not JSON: %s", c.settings, out)
		}
		if a.Valid != c.valid || !strings.Contains(a.Message, c.says) || (!a.Valid && a.Message == "") {
			t.Errorf("%s: got %+v, want valid %v saying %q", c.settings, a, c.valid, c.says)
		}
	}
	// validate refuses a request whose settings are wrong, with the same message.
	a := validateAnswer(t, []byte(`{"request": {"operation": "CREATE", "object": {}}, "settings": {"rules": {"maximum": "warnin"}}}`))
	if a.Accepted || !strings.Contains(a.Message, `did you mean "warning"?`) {
		t.Errorf("got %+v", a)
	}
}

// TestRequestMessagesPassTheObjectsGate: a word of the request itself (a
// rule code of the settings, the operation) that is a secret of the
// object or of the old object is masked in the answer, which still says
// what is wrong.
func TestRequestMessagesPassTheObjectsGate(t *testing.T) {
	const s = "qz7xk2plmn4vr8tw"
	withSecret := `{"apiVersion": "example.io/v1alpha1", "kind": "Grafana", "metadata": {"name": "g"}, "spec": {"plan": "startup-1", "project": "p", "userConfig": {"auth_generic_oauth": {"client_secret": "` + s + `"}}}}`
	plain := `{"apiVersion": "example.io/v1alpha1", "kind": "Grafana", "metadata": {"name": "g"}, "spec": {"plan": "startup-1", "project": "p"}}`
	for name, c := range map[string]struct{ in, says string }{
		"a rule code, the object's":     {`{"request": {"operation": "CREATE", "object": ` + withSecret + `}, "settings": {"rules": {"` + s + `": "error"}}}`, "unknown rule code"},
		"a rule code, the old object's": {`{"request": {"operation": "UPDATE", "object": ` + plain + `, "oldObject": ` + withSecret + `}, "settings": {"rules": {"` + s + `": "off"}}}`, "unknown rule code"},
		"the operation":                 {`{"request": {"operation": "` + s + `", "object": ` + withSecret + `}}`, "is not CREATE, UPDATE or DELETE"},
	} {
		t.Run(name, func(t *testing.T) {
			a := validateAnswer(t, []byte(c.in))
			if a.Accepted || strings.Contains(a.Message, s) || !strings.Contains(a.Message, c.says) {
				t.Errorf("got %+v, want a refusal saying %q without the secret", a, c.says)
			}
		})
	}
}

// TestValidateSettingsMasksOnlySecrets: settings that hold a secret under
// a secret's name have it masked, and nothing else: the words of the
// messages (the keys, the path of the docs) stay whole.
func TestValidateSettingsMasksOnlySecrets(t *testing.T) {
	const s = "qz7xk2plmn4vr8tw"
	out := run(t, []byte(`{"rules": {"`+s+`": "error"}, "client_secret": "`+s+`"}`), "validate-settings")
	var a settingsAnswer
	if err := json.Unmarshal(out, &a); err != nil {
		t.Fatalf("the answer is not JSON: %s", out)
	}
	for _, says := range []string{"the keys here are exclude, unknownFields, rules and overrides", "docs/rules.md", "unknown rule code"} {
		if !strings.Contains(a.Message, says) {
			t.Errorf("%q does not say %q", a.Message, says)
		}
	}
	if a.Valid || strings.Contains(a.Message, s) {
		t.Errorf("got %+v, want invalid settings without the secret", a)
	}
}

// TestHostileRequests: whatever stdin holds, the policy answers with a
// refusal that says why, within its memory limit, and never traps.
func TestHostileRequests(t *testing.T) {
	deep := strings.Repeat(`{"a":`, 200_000) + "1" + strings.Repeat("}", 200_000)
	deepYAML := `{"request": {"operation": "CREATE", "object": {"kind": "Kafka", "spec": ` +
		strings.Repeat("[", 5_000) + strings.Repeat("]", 5_000) + `}}}`
	wide := `{"request": {"operation": "CREATE", "object": {"apiVersion": "example.io/v1alpha1", "kind": "Kafka", "metadata": {"name": "x"}, "spec": {` +
		strings.Repeat(`"k": 1, `, 300_000) + `"k": 1}}}}`
	for name, c := range map[string]struct {
		in   string
		says string
	}{
		"empty":             {"", "not an admission request"},
		"not JSON":          {"apiVersion: v1", "not an admission request"},
		"deep JSON":         {deep, "not an admission request"},
		"deep object":       {deepYAML, "mdscheck:"},
		"many keys":         {wide, "mdscheck:"},
		"over the limit":    {`{"request": {"object": "` + strings.Repeat("x", maxInput) + `"}}`, "larger than the policy reads"},
		"unknown operation": {`{"request": {"operation": "PATCH", "object": {}}}`, `"PATCH" is not CREATE, UPDATE or DELETE`},
		"no object":         {`{"request": {"operation": "CREATE"}}`, "holds no object"},
		"no old object":     {`{"request": {"operation": "DELETE", "object": {}}}`, "holds no object"},
		"object a string":   {`{"request": {"operation": "CREATE", "object": "kind: Kafka"}}`, "holds no object"},
	} {
		t.Run(name, func(t *testing.T) {
			a := validateAnswer(t, []byte(c.in))
			if a.Accepted || !strings.Contains(a.Message, c.says) {
				t.Errorf("got %+v, want a refusal saying %q", trimAnswer(a), c.says)
			}
		})
	}
}

// trimAnswer shortens an answer's message for a test's report.
func trimAnswer(a answer) answer {
	if len(a.Message) > 300 {
		a.Message = a.Message[:300] + "..."
	}
	return a
}
