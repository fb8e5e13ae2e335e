package main

import (
	"bytes"
	"debug/buildinfo"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/mdscheck/mdscheck/internal/clibuild"
)

// notices runs the command's work into a file and returns its text.
func notices(t *testing.T, goPkgs, npmDirs []string) string {
	t.Helper()
	out := filepath.Join(t.TempDir(), "THIRD-PARTY-NOTICES")
	if err := run("the test", out, goPkgs, npmDirs); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// section reports whether text has the notice of name at version with a
// licence text under it.
func section(text, name, version string) bool {
	_, after, ok := strings.Cut(text, "\n"+name+" "+version+"\n"+strings.Repeat("=", 72)+"\n\n--- ")
	return ok && len(after) > 100
}

// Every module Go linked into the built program and the wasm module (as
// the binaries' own build information says) has its notice, and so has
// Go itself.
func TestEveryLinkedModuleHasItsNotice(t *testing.T) {
	for _, c := range []struct{ goos, goarch, pkg string }{
		{"", "", "../../cmd/mdscheck"},
		{"wasip1", "wasm", "../../wasm"},
	} {
		spec, bin, err := c.pkg, "", error(nil)
		if c.goos == "" {
			bin, err = clibuild.Path() // the program the other packages' tests run
		} else {
			bin = filepath.Join(t.TempDir(), "bin")
			build := exec.Command("go", "build", "-o", bin, c.pkg)
			build.Env = append(os.Environ(), "GOOS="+c.goos, "GOARCH="+c.goarch)
			spec = c.goos + "/" + c.goarch + ":" + c.pkg
			if out, berr := build.CombinedOutput(); berr != nil {
				err = fmt.Errorf("%v\n%s", berr, out)
			}
		}
		if err != nil {
			t.Fatalf("go build %s: %v", c.pkg, err)
		}
		info := readBuildInfo(t, bin)
		text := notices(t, []string{spec}, nil)
		if !section(text, "Go (its runtime and standard library)", info.GoVersion) || !strings.Contains(text, "--- PATENTS ---") {
			t.Errorf("%s: no notice of Go %s", c.pkg, info.GoVersion)
		}
		if len(info.Deps) == 0 {
			t.Fatalf("%s: no modules in the build information", c.pkg)
		}
		for _, m := range info.Deps {
			if !section(text, m.Path, m.Version) {
				t.Errorf("%s links %s %s, which has no notice", c.pkg, m.Path, m.Version)
			}
		}
	}
}

// Every package npm itself lists in the playground's and the VS Code
// extension's production dependency trees has its notice; the
// workspace's own packages (the wasm package) have none.
func TestEveryBundledNpmPackageHasItsNotice(t *testing.T) {
	if _, err := os.Stat("../../node_modules/.package-lock.json"); err != nil {
		t.Fatal("node_modules is not installed: run npm ci at the repository root (make need-npm)")
	}
	for _, ws := range []string{"editors/playground", "editors/vscode"} {
		cmd := exec.Command("npm", "ls", "--omit=dev", "--all", "--parseable", "--workspace", ws)
		cmd.Dir = "../.."
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("npm ls --workspace %s: %v", ws, err)
		}
		text := notices(t, nil, []string{"../../" + ws})
		checked := 0
		for _, dir := range strings.Fields(string(out)) {
			if !strings.Contains(filepath.ToSlash(dir), "/node_modules/") {
				continue // the workspace root or one of our packages
			}
			if real, err := filepath.EvalSymlinks(dir); err == nil && !strings.Contains(filepath.ToSlash(real), "/node_modules/") {
				continue
			}
			var pj struct{ Name, Version string }
			readJSON(t, filepath.Join(dir, "package.json"), &pj)
			if !section(text, pj.Name, pj.Version) {
				t.Errorf("%s bundles %s %s, which has no notice", ws, pj.Name, pj.Version)
			}
			checked++
		}
		if checked == 0 {
			t.Errorf("npm ls listed no package for %s", ws)
		}
		if strings.Contains(text, "@mdscheck/") {
			t.Errorf("%s: a notice for our own package", ws)
		}
	}
}

// A bundled package without a licence file stops the build, named.
func TestAComponentWithoutALicenceIsAnError(t *testing.T) {
	dir := t.TempDir()
	write := func(path, text string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, path)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, path), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("app/package.json", `{"name": "app", "dependencies": {"left-pad": "1"}}`)
	write("node_modules/left-pad/package.json", `{"name": "left-pad", "version": "1.3.0"}`)
	err := run("the test", filepath.Join(dir, "out"), nil, []string{filepath.Join(dir, "app")})
	if err == nil || !strings.Contains(err.Error(), "left-pad 1.3.0 has no licence file") {
		t.Errorf("got %v", err)
	}
	write("node_modules/left-pad/LICENSE", "WTFPL")
	if err := run("the test", filepath.Join(dir, "out"), nil, []string{filepath.Join(dir, "app")}); err != nil {
		t.Errorf("with its licence: %v", err)
	}
	write("app/package.json", `{"name": "app", "dependencies": {"right-pad": "1"}}`)
	err = run("the test", filepath.Join(dir, "out"), nil, []string{filepath.Join(dir, "app")})
	if err == nil || !strings.Contains(err.Error(), "right-pad (a dependency of app): not installed") {
		t.Errorf("a missing package: %v", err)
	}
}

func readJSON(t *testing.T, path string, v any) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
}

// readBuildInfo reads what Go recorded in a binary. debug/buildinfo
// reads no WebAssembly, so for one the text between the markers the
// linker puts around it is parsed (cmd/go/internal/modload's infoStart
// and infoEnd).
func readBuildInfo(t *testing.T, bin string) *debug.BuildInfo {
	t.Helper()
	if info, err := buildinfo.ReadFile(bin); err == nil {
		return info
	}
	b, err := os.ReadFile(bin)
	if err != nil {
		t.Fatal(err)
	}
	const start, end = "0w\xaf\x0c\x92t\b\x02A\xe1\xc1\x07\xe6\xd6\x18\xe6", "\xf92C1\x86\x18 r\x00\x82B\x10A\x16\xd8\xf2"
	_, rest, ok := bytes.Cut(b, []byte(start))
	text, _, ok2 := bytes.Cut(rest, []byte(end))
	if !ok || !ok2 {
		t.Fatalf("%s: no build information", bin)
	}
	info, err := debug.ParseBuildInfo(string(text))
	if err != nil {
		t.Fatalf("%s: %v", bin, err)
	}
	if info.GoVersion == "" {
		info.GoVersion = runtime.Version() // the modinfo text has no go line
	}
	return info
}
