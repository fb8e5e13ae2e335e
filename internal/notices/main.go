// Command notices writes the third-party licence notices of what an
// mdscheck artifact bundles, read from the dependency trees rather than
// typed: the Go modules linked into a program (go list -deps) with Go's
// own licence for its runtime and standard library, and the npm packages
// a bundle is built from (the production dependencies of a workspace
// package, followed through node_modules as Node resolves them). Each
// component's licence files (LICENSE, COPYING, NOTICE, PATENTS, ...) are
// copied whole.
//
//	go run ./internal/notices -title "the mdscheck playground" \
//	    -go wasip1/wasm:./wasm -npm editors/playground -o dist/playground/THIRD-PARTY-NOTICES
//
// A component without a licence file is an error: a notice cannot be
// left out quietly.
package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strings"
)

// component is one thing bundled: a Go module, Go itself or an npm package.
type component struct {
	name, version string
	dir           string // where its licence files are
}

// listFlag is a flag that may be given more than once.
type listFlag []string

func (l *listFlag) String() string     { return strings.Join(*l, ",") }
func (l *listFlag) Set(v string) error { *l = append(*l, v); return nil }

func main() {
	var goPkgs, npmDirs listFlag
	title := flag.String("title", "mdscheck", "what the notices are for, as the file's first line names it")
	out := flag.String("o", "", "the file to write (default: standard output)")
	flag.Var(&goPkgs, "go", "a Go main package linked into the artifact, as `[GOOS/GOARCH:]PKG` (repeatable)")
	flag.Var(&npmDirs, "npm", "an npm workspace package `DIR` whose production dependencies are bundled (repeatable)")
	flag.Usage = func() {
		fmt.Fprintf(flag.CommandLine.Output(), "usage: notices [-title TEXT] [-o FILE] [-go [GOOS/GOARCH:]PKG]... [-npm DIR]...\n\n"+
			"Writes the licences of the Go modules and npm packages an artifact bundles.\n\n")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() > 0 || len(goPkgs)+len(npmDirs) == 0 {
		flag.Usage()
		os.Exit(2)
	}
	if err := run(*title, *out, goPkgs, npmDirs); err != nil {
		fmt.Fprintln(os.Stderr, "notices:", err)
		os.Exit(1)
	}
}

func run(title, out string, goPkgs, npmDirs []string) error {
	var all []component
	for _, p := range goPkgs {
		c, err := goComponents(p)
		if err != nil {
			return err
		}
		all = append(all, c...)
	}
	for _, d := range npmDirs {
		c, err := npmComponents(d)
		if err != nil {
			return err
		}
		all = append(all, c...)
	}
	var buf bytes.Buffer
	if err := write(&buf, title, all); err != nil {
		return err
	}
	if out == "" {
		_, err := os.Stdout.Write(buf.Bytes())
		return err
	}
	if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
		return err
	}
	return os.WriteFile(out, buf.Bytes(), 0o644)
}

// goComponents lists Go and the modules linked into the main package of
// spec, "[GOOS/GOARCH:]PKG", without the main module (ours: LICENSE).
func goComponents(spec string) ([]component, error) {
	pkg, env := spec, os.Environ()
	if target, p, ok := strings.Cut(spec, ":"); ok {
		goos, goarch, ok := strings.Cut(target, "/")
		if !ok {
			return nil, fmt.Errorf("-go %q: want GOOS/GOARCH:PKG", spec)
		}
		pkg, env = p, append(env, "GOOS="+goos, "GOARCH="+goarch)
	}
	cmd := exec.Command("go", "list", "-deps", "-json=Standard,Module", pkg)
	cmd.Env = env
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	stdout, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("go list -deps %s: %v\n%s", pkg, err, stderr.Bytes())
	}
	goroot, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		return nil, fmt.Errorf("go env GOROOT: %v", err)
	}
	list := []component{{name: "Go (its runtime and standard library)", version: runtime.Version(), dir: strings.TrimSpace(string(goroot))}}
	dec := json.NewDecoder(bytes.NewReader(stdout))
	for {
		var p struct {
			Module *struct {
				Path, Version, Dir string
				Main               bool
			}
		}
		if err := dec.Decode(&p); err == io.EOF {
			break
		} else if err != nil {
			return nil, fmt.Errorf("go list -deps %s: %v", pkg, err)
		}
		if m := p.Module; m != nil && !m.Main {
			list = append(list, component{name: m.Path, version: m.Version, dir: m.Dir})
		}
	}
	return list, nil
}

// npmComponents lists the packages the production dependencies of the
// npm package in dir lead to, found as Node finds them: in the
// node_modules of the requiring package's directory or of a directory
// above it. Workspace packages (ours, linked into node_modules) are
// followed but not listed: LICENSE covers them.
func npmComponents(dir string) ([]component, error) {
	dir, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	var list []component
	seen := map[string]bool{}
	var visit func(pkgDir string) error
	visit = func(pkgDir string) error {
		real, err := filepath.EvalSymlinks(pkgDir)
		if err != nil {
			return err
		}
		if seen[real] {
			return nil
		}
		seen[real] = true
		var pj struct {
			Name, Version        string
			Dependencies         map[string]string
			OptionalDependencies map[string]string
		}
		b, err := os.ReadFile(filepath.Join(real, "package.json"))
		if err != nil {
			return err
		}
		if err := json.Unmarshal(b, &pj); err != nil {
			return fmt.Errorf("%s: %v", filepath.Join(real, "package.json"), err)
		}
		if real != dir && slices.Contains(strings.Split(filepath.ToSlash(real), "/"), "node_modules") {
			list = append(list, component{name: pj.Name, version: pj.Version, dir: real})
		}
		names := make([]string, 0, len(pj.Dependencies))
		for name := range pj.Dependencies {
			names = append(names, name)
		}
		sort.Strings(names)
		for _, name := range names {
			found, err := resolve(pkgDir, name)
			if err != nil {
				return fmt.Errorf("%s (a dependency of %s): %v", name, pj.Name, err)
			}
			if err := visit(found); err != nil {
				return err
			}
		}
		// An optional dependency npm did not install is not bundled.
		for name := range pj.OptionalDependencies {
			if found, err := resolve(pkgDir, name); err == nil {
				if err := visit(found); err != nil {
					return err
				}
			}
		}
		return nil
	}
	if err := visit(dir); err != nil {
		return nil, err
	}
	return list, nil
}

// resolve finds package name from the package in from, as Node does.
func resolve(from, name string) (string, error) {
	for d := from; ; d = filepath.Dir(d) {
		candidate := filepath.Join(d, "node_modules", filepath.FromSlash(name))
		if _, err := os.Stat(filepath.Join(candidate, "package.json")); err == nil {
			return candidate, nil
		}
		if filepath.Dir(d) == d {
			return "", errors.New("not installed (run npm ci at the repository root)")
		}
	}
}

// licenceFiles are the names of the files a component's licence is in,
// compared in upper case by their start: LICENSE.txt, LICENSE.MIT,
// COPYING, NOTICE (which Apache-2.0 asks to pass on), PATENTS (Go's).
var licenceFiles = []string{"LICENSE", "LICENCE", "COPYING", "NOTICE", "PATENTS"}

// texts returns the licence files of c, by name.
func texts(c component) ([]string, [][]byte, error) {
	entries, err := os.ReadDir(c.dir)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %v", c.name, err)
	}
	var names []string
	var bodies [][]byte
	for _, e := range entries {
		upper := strings.ToUpper(e.Name())
		if e.IsDir() || !slices.ContainsFunc(licenceFiles, func(p string) bool { return strings.HasPrefix(upper, p) }) {
			continue
		}
		b, err := os.ReadFile(filepath.Join(c.dir, e.Name()))
		if err != nil {
			return nil, nil, err
		}
		names, bodies = append(names, e.Name()), append(bodies, b)
	}
	if len(names) == 0 {
		return nil, nil, fmt.Errorf("%s %s has no licence file in %s", c.name, c.version, c.dir)
	}
	return names, bodies, nil
}

// write writes the notices of the components, each once, sorted by name
// after Go.
func write(w io.Writer, title string, all []component) error {
	seen := map[string]bool{}
	var list []component
	for _, c := range all {
		if key := c.name + "@" + c.version; !seen[key] {
			seen[key] = true
			list = append(list, c)
		}
	}
	sort.SliceStable(list, func(i, j int) bool {
		if gi, gj := strings.HasPrefix(list[i].name, "Go "), strings.HasPrefix(list[j].name, "Go "); gi != gj {
			return gi
		}
		return list[i].name < list[j].name
	})
	fmt.Fprintf(w, "Third-party notices of %s\n\nIt contains code of the components below, each under the licence\nthat follows its name further down. mdscheck itself is under the\nApache License 2.0 (LICENSE).\n\n", title)
	for _, c := range list {
		fmt.Fprintf(w, "- %s %s\n", c.name, c.version)
	}
	rule := strings.Repeat("=", 72)
	for _, c := range list {
		names, bodies, err := texts(c)
		if err != nil {
			return err
		}
		fmt.Fprintf(w, "\n%s\n%s %s\n%s\n", rule, c.name, c.version, rule)
		for i, name := range names {
			fmt.Fprintf(w, "\n--- %s ---\n\n%s", name, bytes.TrimRight(bodies[i], "\n"))
			fmt.Fprintln(w)
		}
	}
	return nil
}
