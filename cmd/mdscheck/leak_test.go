package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unsafe"

	"github.com/mdscheck/mdscheck/core/check"
	"github.com/mdscheck/mdscheck/core/document"
	"github.com/mdscheck/mdscheck/internal/leak"
)

// TestNoSecretInAnyFormat runs every secret attack case through validate
// in each output format, and explain on every secret member: no output,
// on stdout or stderr, may hold a secret.
func TestNoSecretInAnyFormat(t *testing.T) {
	t.Parallel()
	cases := leak.Cases()
	if len(cases) < 500 {
		t.Fatalf("only %d leak cases; the generator lost its members", len(cases))
	}
	for _, c := range cases {
		for _, format := range []string{"text", "json", "sarif", "github"} {
			code, out, errOut := runCLI(t, c.Text, "validate", "--format", format, "--color", "always", "-")
			if code == 2 {
				t.Errorf("%s (%s): exit 2: %s", c.Name, format, errOut)
			}
			if s := c.Leaked(out + errOut); s != "" {
				t.Errorf("%s (%s) prints the secret %q:\n%s%s", c.Name, format, s, out, errOut)
			}
		}
	}
	for _, m := range leak.Members() {
		code, out, errOut := runCLI(t, "", "explain", m.String())
		if code != 0 || !strings.Contains(out, "secret") {
			t.Errorf("explain %s: exit %d, does not say the member is secret:\n%s%s", m, code, out, errOut)
		}
	}
}

// TestNoSecretInARefusedStream: a text over the stream limit is not read,
// but text output still shows its first line under the limit finding.
// Every line of the leak cases where a secret follows its member's key,
// made the first line of such a text, is shown masked. (A line alone
// cannot tell more: the rest of a block scalar or an alias's target looks
// like any other value without the lines around it.)
func TestNoSecretInARefusedStream(t *testing.T) {
	// One buffer over the limit, reused for every line: the rest of it is
	// a comment, so that the text is large without being read.
	buf := bytes.Repeat([]byte{'#'}, document.DefaultLimits.StreamBytes+1<<10)
	seen := map[string]bool{}
	for _, c := range leak.Cases() {
		path, _, _ := strings.Cut(c.Name, "/")
		key := path[strings.LastIndexByte(path, '.')+1:] + ":"
		for _, line := range strings.Split(c.Text, "\n") {
			line = strings.TrimSpace(line)
			if c.Leaked(line) == "" || !strings.Contains(line, key) || seen[line] {
				continue
			}
			seen[line] = true
			n := copy(buf, line+"\n")
			src := unsafe.String(&buf[0], len(buf)) // no copy of 64 MiB a line
			var out bytes.Buffer
			results := checkAll([]input{{path: "big.yaml", src: src}}, check.DefaultOptions, 1, 0, nil)
			if err := textWriter(false)(&out, results); err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(out.String(), "[limit]") {
				t.Fatalf("%q: no limit finding:\n%s", line, out.String())
			}
			if s := c.Leaked(out.String()); s != "" {
				t.Errorf("%s: the first line %q is shown with its secret %q:\n%s", c.Name, line, s, out.String())
			}
			for i := range n {
				buf[i] = '#'
			}
		}
	}
	if len(seen) < 100 {
		t.Errorf("only %d lines with a secret in the leak cases", len(seen))
	}
}

// TestNoSecretOfAPreviousVersion: compared with a previous version that
// held secrets (its project, its resource's name), no output of validate
// --previous holds them, in any format, whether the resource changed or
// is gone.
func TestNoSecretOfAPreviousVersion(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	n := 0
	for _, c := range leak.Mutated(leak.SampleSeed, 2000) {
		if c.Previous == "" {
			continue
		}
		n++
		cur, prev := filepath.Join(dir, "now.yaml"), filepath.Join(dir, "before.yaml")
		if os.WriteFile(cur, []byte(c.Text), 0o600) != nil || os.WriteFile(prev, []byte(c.Previous), 0o600) != nil {
			t.Fatal("cannot write the texts")
		}
		for _, format := range []string{"text", "json", "sarif", "github"} {
			code, out, errOut := runCLI(t, "", "validate", "--format", format, "--previous", prev, cur)
			if code == 2 {
				t.Errorf("%s (%s): exit 2: %s", c.Name, format, errOut)
			}
			if s := c.Leaked(out + errOut); s != "" {
				t.Errorf("%s (%s) prints the secret %q:\n%s%s", c.Name, format, s, out, errOut)
			}
		}
	}
	if n < 50 {
		t.Fatalf("only %d cases with a previous version", n)
	}
}

// TestSecretInAStringOrAComment: a string where a mapping belongs may hold
// the YAML its author meant (userConfig: | with password: S inside), and
// a comment after a secret on its line may be the rest of it (an unquoted
// " #"): neither shows, in a message or in a line under a finding.
func TestSecretInAStringOrAComment(t *testing.T) {
	src := "apiVersion: example.io/v1alpha1\nkind: Grafana\nmetadata:\n  name: g\nspec:\n  plan: startup-1\n  project: p\n" +
		"  userConfig: |\n    smtp_server:\n      password: ZqInsideAString\n---\n" +
		"apiVersion: example.io/v1alpha1\nkind: Grafana\nmetadata:\n  name: g\nspec:\n  plan: startup-1\n  project: p\n" +
		"  userConfig:\n    external_image_storage: {access_key: ZqBefore # ZqAfterTheHash\n      , provider: s3}\n"
	for _, format := range []string{"text", "json", "sarif", "github"} {
		code, out, errOut := runCLI(t, src, "validate", "--format", format, "-")
		if code != 1 {
			t.Errorf("%s: exit %d", format, code)
		}
		for _, s := range []string{"ZqInsideAString", "ZqAfterTheHash", "ZqBefore"} {
			if strings.Contains(out+errOut, s) {
				t.Errorf("%s shows %s:\n%s", format, s, out)
			}
		}
	}
}

// TestSecretInADocumentOfNoKind: a "---" typed above a manifest's secret
// leaves it in a document of no kind; its secret is still masked.
func TestSecretInADocumentOfNoKind(t *testing.T) {
	src := "apiVersion: example.io/v1alpha1\nkind: Grafana\n---\nmetadata:\n  name: d\nspec:\n  userConfig:\n    smtp_server:\n      password: ZqGeavjTEQyk\n"
	_, out, _ := runCLI(t, src, "validate", "--format", "json", "-")
	if !strings.Contains(out, `"secrets"`) || !strings.Contains(out, `"line": 8`) {
		t.Errorf("no secret range on line 9:\n%s", out)
	}
}
