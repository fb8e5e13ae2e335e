package release

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"debug/buildinfo"
	"debug/elf"
	"debug/macho"
	"debug/pe"
	"encoding/hex"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
)

// The release every test here uses: built once, by make release, with
// the build information a tag v1.2.3 would give.
const (
	testVersion = "1.2.3"
	testCommit  = "0123456789ab"
	testDate    = "2026-11-23T20:15:00Z"
)

type target struct{ os, arch string }

func (tg target) String() string { return tg.os + "/" + tg.arch }

// targets are the platforms a release has an archive for.
var targets = []target{
	{"linux", "amd64"}, {"linux", "arm64"},
	{"darwin", "amd64"}, {"darwin", "arm64"},
	{"windows", "amd64"}, {"windows", "arm64"},
}

// Cross-compiling all six archives takes minutes of processor time, so
// make test builds two: this machine's (the one TestReleaseBinaryRuns
// runs) and the Windows zip, so that both kinds of archive are made,
// checked and installed by the Action. make test-release builds all six.
var releaseAll = flag.Bool("release-all", false, "build and check the archives of all six platforms, not only this machine's and windows/amd64")

// built are the platforms whose archives buildRelease builds.
func built() []target {
	if *releaseAll {
		return targets
	}
	host := target{runtime.GOOS, runtime.GOARCH}
	if !slices.Contains(targets, host) {
		host = targets[0] // a machine no release is for still checks a tarball
	}
	zip := target{"windows", "amd64"}
	if host == zip {
		return []target{zip}
	}
	return []target{host, zip}
}

// needBuilt skips a test of tg's archive when buildRelease did not build
// it, saying how to run it.
func needBuilt(t *testing.T, tg target) {
	t.Helper()
	if !slices.Contains(built(), tg) {
		t.Skipf("%s is cross-compiled only with -release-all: make test-release", tg)
	}
}

func archiveName(goos, arch string) string {
	ext := ".tar.gz"
	if goos == "windows" {
		ext = ".zip"
	}
	return fmt.Sprintf("mdscheck_%s_%s_%s%s", testVersion, goos, arch, ext)
}

var (
	releaseOnce sync.Once
	releaseDir  string // dist/ of the release: release/ in it holds the archives
	releaseErr  error
	scratch     string // removed when the tests end
)

func TestMain(m *testing.M) {
	code := m.Run()
	if scratch != "" {
		os.RemoveAll(scratch)
	}
	os.Exit(code)
}

// buildRelease runs make release once for all the tests of the package,
// into a dist/ that already holds a WebAssembly module and the archive of
// an older version, as a developer's would.
func buildRelease(t *testing.T) string {
	t.Helper()
	releaseOnce.Do(func() {
		if scratch, releaseErr = os.MkdirTemp("", "mdscheck-release-"); releaseErr != nil {
			return
		}
		dist := filepath.Join(scratch, "dist")
		for name, text := range map[string]string{
			"mdscheck.wasm": "not ours to touch",
			"release/mdscheck_1.2.2_linux_amd64.tar.gz": "an older release",
		} {
			if err := os.MkdirAll(filepath.Dir(filepath.Join(dist, name)), 0o755); err != nil {
				releaseErr = err
				return
			}
			if err := os.WriteFile(filepath.Join(dist, name), []byte(text), 0o644); err != nil {
				releaseErr = err
				return
			}
		}
		var platforms []string
		for _, tg := range built() {
			platforms = append(platforms, tg.String())
		}
		cmd := exec.Command("make", "-s", "release", "VERSION="+testVersion, "COMMIT="+testCommit,
			"DATE="+testDate, "RELEASE_DIR="+filepath.Join(dist, "release"),
			"RELEASE_TARGETS="+strings.Join(platforms, " "))
		cmd.Dir = ".."
		if out, err := cmd.CombinedOutput(); err != nil {
			releaseErr = fmt.Errorf("make release: %v\n%s", err, out)
			return
		}
		releaseDir = dist
	})
	if releaseErr != nil {
		t.Fatal(releaseErr)
	}
	return filepath.Join(releaseDir, "release")
}

// TestReleaseArchives checks what a person downloading a release gets:
// one archive for each platform, named as the Action and docs say, with
// checksums that match, and inside each the binary for that platform.
// Without -release-all the platforms not built are reported as skipped.
func TestReleaseArchives(t *testing.T) {
	dir := buildRelease(t)
	platforms := built()

	var want []string
	for _, tg := range platforms {
		want = append(want, archiveName(tg.os, tg.arch))
	}
	want = append(want, "checksums.txt")
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range entries {
		got = append(got, e.Name())
	}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("make release wrote %q, want %q (the older release is gone)", got, want)
	}
	if b, err := os.ReadFile(filepath.Join(dir, "..", "mdscheck.wasm")); err != nil || string(b) != "not ours to touch" {
		t.Errorf("make release touched dist/mdscheck.wasm: %q, %v", b, err)
	}

	sums := readChecksums(t, filepath.Join(dir, "checksums.txt"))
	for _, tg := range targets {
		name := archiveName(tg.os, tg.arch)
		t.Run(tg.String(), func(t *testing.T) {
			needBuilt(t, tg)
			path := filepath.Join(dir, name)
			if sum := fileSHA256(t, path); sums[name] != sum {
				t.Errorf("checksums.txt says %q, the file's SHA-256 is %s", sums[name], sum)
			}
			exe := "mdscheck"
			if tg.os == "windows" {
				exe = "mdscheck.exe"
			}
			files := readArchive(t, path)
			var names []string
			for n := range files {
				names = append(names, n)
			}
			slices.Sort(names)
			if want := []string{"LICENSE", "README.md", "THIRD-PARTY-NOTICES", exe}; !slices.Equal(names, want) {
				t.Fatalf("archive holds %q, want %q", names, want)
			}
			// Every module linked into this binary, as its own build
			// information says, has its licence in the notices.
			info, err := buildinfo.Read(bytes.NewReader(files[exe].data))
			if err != nil {
				t.Fatal(err)
			}
			notices := string(files["THIRD-PARTY-NOTICES"].data)
			for _, m := range info.Deps {
				if !strings.Contains(notices, "\n"+m.Path+" "+m.Version+"\n====") {
					t.Errorf("THIRD-PARTY-NOTICES has no notice of %s %s", m.Path, m.Version)
				}
			}
			if !strings.Contains(notices, "\nGo (its runtime and standard library) "+info.GoVersion+"\n") {
				t.Errorf("THIRD-PARTY-NOTICES has no notice of Go %s", info.GoVersion)
			}
			if !strings.Contains(string(files["LICENSE"].data), "Apache License") {
				t.Error("LICENSE is not the Apache License")
			}
			if tg.os != "windows" && files[exe].mode&0o111 == 0 {
				t.Errorf("%s is not executable: mode %v", exe, files[exe].mode)
			}
			if goos, arch := binaryPlatform(t, files[exe].data); goos != tg.os || arch != tg.arch {
				t.Errorf("%s is a binary for %s/%s", exe, goos, arch)
			}
		})
	}
	if len(sums) != len(platforms) {
		t.Errorf("checksums.txt has %d lines, want %d", len(sums), len(platforms))
	}
}

// TestReleaseBinaryRuns unpacks the archive for this machine and runs it
// as a person would after the download.
func TestReleaseBinaryRuns(t *testing.T) {
	bin := unpackedBinary(t, buildRelease(t))

	out, err := exec.Command(bin, "version").Output()
	if want := "mdscheck 1.2.3 (commit 0123456789ab, built 2026-11-23)\n"; err != nil || string(out) != want {
		t.Errorf("mdscheck version: %v, %q, want %q", err, out, want)
	}
	out, _ = exec.Command(bin, "version", "--json").Output()
	if !strings.Contains(string(out), `"date": "`+testDate+`"`) {
		t.Errorf("mdscheck version --json: %s", out)
	}

	examples, _ := filepath.Abs("../examples")
	cmd := exec.Command(bin, "validate", "--color", "never", examples)
	out, err = cmd.Output()
	if code := exitCode(err); code != 1 || !strings.Contains(string(out), "broken.yaml:") || !strings.Contains(string(out), "[pattern]") {
		t.Errorf("validate examples/: exit %d (want 1, broken.yaml has mistakes), output:\n%s", code, out)
	}
	valid := []string{"validate"}
	for _, f := range []string{"opensearch.yaml", "grafana.yaml", "kafka.yaml"} {
		valid = append(valid, filepath.Join(examples, f))
	}
	if out, err := exec.Command(bin, valid...).CombinedOutput(); err != nil {
		t.Errorf("validate on the valid examples: %v\n%s", err, out)
	}
}

// unpackedBinary unpacks the archive for the machine the tests run on
// and returns its binary.
func unpackedBinary(t *testing.T, dir string) string {
	t.Helper()
	files := readArchive(t, filepath.Join(dir, archiveName(runtime.GOOS, runtime.GOARCH)))
	exe := "mdscheck"
	if runtime.GOOS == "windows" {
		exe += ".exe"
	}
	bin := filepath.Join(t.TempDir(), exe)
	if err := os.WriteFile(bin, files[exe].data, 0o755); err != nil {
		t.Fatal(err)
	}
	return bin
}

func exitCode(err error) int {
	if err == nil {
		return 0
	}
	if e, ok := err.(*exec.ExitError); ok {
		return e.ExitCode()
	}
	return -1
}

// readChecksums reads sha256sum's "HASH  NAME" lines.
func readChecksums(t *testing.T, path string) map[string]string {
	t.Helper()
	sums := map[string]string{}
	for _, line := range readLines(t, path) {
		sum, name, ok := strings.Cut(line, "  ")
		if !ok || len(sum) != 64 {
			t.Fatalf("%s: %q is not a sha256sum line", path, line)
		}
		sums[name] = sum
	}
	return sums
}

// readLines returns the lines of a text file.
func readLines(t *testing.T, path string) []string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return strings.FieldsFunc(string(b), func(r rune) bool { return r == '\n' })
}

func fileSHA256(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

type archived struct {
	data []byte
	mode os.FileMode
}

// readArchive returns the files of a .tar.gz or .zip by name.
func readArchive(t *testing.T, path string) map[string]archived {
	t.Helper()
	files := map[string]archived{}
	if strings.HasSuffix(path, ".zip") {
		z, err := zip.OpenReader(path)
		if err != nil {
			t.Fatal(err)
		}
		defer z.Close()
		for _, f := range z.File {
			r, err := f.Open()
			if err != nil {
				t.Fatal(err)
			}
			b, err := io.ReadAll(r)
			r.Close()
			if err != nil {
				t.Fatal(err)
			}
			files[f.Name] = archived{b, f.Mode()}
		}
		return files
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	gz, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	tr := tar.NewReader(gz)
	for {
		h, err := tr.Next()
		if err == io.EOF {
			return files
		}
		if err != nil {
			t.Fatal(err)
		}
		b, err := io.ReadAll(tr)
		if err != nil {
			t.Fatal(err)
		}
		files[h.Name] = archived{b, h.FileInfo().Mode()}
	}
}

// binaryPlatform reads the operating system and architecture a binary
// was built for from its header.
func binaryPlatform(t *testing.T, b []byte) (goos, arch string) {
	t.Helper()
	r := strings.NewReader(string(b))
	if f, err := elf.NewFile(r); err == nil {
		return "linux", map[elf.Machine]string{elf.EM_X86_64: "amd64", elf.EM_AARCH64: "arm64"}[f.Machine]
	}
	if f, err := macho.NewFile(r); err == nil {
		return "darwin", map[macho.Cpu]string{macho.CpuAmd64: "amd64", macho.CpuArm64: "arm64"}[f.Cpu]
	}
	if f, err := pe.NewFile(r); err == nil {
		return "windows", map[uint16]string{pe.IMAGE_FILE_MACHINE_AMD64: "amd64", pe.IMAGE_FILE_MACHINE_ARM64: "arm64"}[f.Machine]
	}
	t.Fatal("neither ELF, Mach-O nor PE")
	return "", ""
}
