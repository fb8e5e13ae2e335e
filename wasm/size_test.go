package main

import (
	"bytes"
	"cmp"
	"compress/gzip"
	"errors"
	"maps"
	"path/filepath"
	"regexp"
	"slices"
	"testing"

	"github.com/mdscheck/mdscheck/internal/wasmbuild"
)

// BenchmarkModuleSize reports the module's size, raw and gzipped (the
// budget is 4.5 MiB and 1.2 MiB), and logs what the code is made of: the size
// of the function bodies per Go package, read from the name section of a
// build without -s -w (go tool nm does not read WebAssembly).
//
//	go test ./wasm -run '^$' -bench ModuleSize -v
func BenchmarkModuleSize(b *testing.B) {
	for b.Loop() { // nothing to time: the sizes are the result
	}
	b.ReportMetric(float64(len(moduleBytes)), "raw-bytes")
	b.ReportMetric(float64(gzipSize(moduleBytes)), "gzip-bytes")

	named, err := wasmbuild.Build("..", filepath.Join(b.TempDir(), "named.wasm"), false)
	if err != nil {
		b.Fatal(err)
	}
	sections, perPackage, perFunc, err := wasmSizes(named)
	if err != nil {
		b.Fatal(err)
	}
	b.Logf("sections: code %d, data %d bytes", sections[10], sections[11])
	logLargest(b, perPackage, 20)
	// The largest functions of the module, where to look next.
	b.Log("largest functions:")
	logLargest(b, perFunc, 40)
}

// logLargest logs the n largest entries of sizes, largest first.
func logLargest(b *testing.B, sizes map[string]int, n int) {
	names := slices.Collect(maps.Keys(sizes))
	slices.SortFunc(names, func(x, y string) int { return cmp.Compare(sizes[y], sizes[x]) })
	for _, name := range names[:min(n, len(names))] {
		b.Logf("%9d  %s", sizes[name], name)
	}
}

// gzipSize is the size of m compressed as a web server would serve it.
func gzipSize(m []byte) int {
	var gz bytes.Buffer
	w, _ := gzip.NewWriterLevel(&gz, gzip.BestCompression)
	w.Write(m)
	w.Close()
	return gz.Len()
}

// pkgOf is the package of a function named in the name section, where Go
// writes "github.com_goccy_go_yaml_parser.__parser_.parseMap" for
// "github.com/goccy/go-yaml/parser.(*parser).parseMap".
var pkgOf = regexp.MustCompile(`^(github\.com_mdscheck_mdscheck_core_[a-z]+|github\.com_goccy_go_yaml_[a-z]+|github\.com_tetratelabs|[a-z0-9_]+)\.`)

// wasmSizes returns the size of each section by id and of the function
// bodies per package and per function.
func wasmSizes(m []byte) (sections map[byte]int, perPackage, perFunc map[string]int, err error) {
	if len(m) < 8 || string(m[:4]) != "\x00asm" {
		return nil, nil, nil, errors.New("not a WebAssembly module")
	}
	uleb := func(i *int) int {
		v, shift := 0, 0
		for *i < len(m) {
			c := m[*i]
			*i++
			v |= int(c&0x7f) << shift
			shift += 7
			if c < 0x80 {
				break
			}
		}
		return v
	}
	sections = map[byte]int{}
	var imports int
	var bodies []int
	names := map[int]string{}
	for i := 8; i < len(m); {
		id := m[i]
		i++
		size := uleb(&i)
		start, end := i, i+size
		if end > len(m) {
			return nil, nil, nil, errors.New("truncated section")
		}
		sections[id] += size
		switch id {
		case 2: // imports: count the functions, whose indices come first
			j := start
			for n := uleb(&j); n > 0; n-- {
				j += uleb(&j)
				j += uleb(&j)
				kind := m[j]
				j++
				switch kind {
				case 0:
					uleb(&j)
					imports++
				case 1:
					j++
					if flags := uleb(&j); flags&1 != 0 {
						uleb(&j)
					}
					uleb(&j)
				case 2:
					if flags := uleb(&j); flags&1 != 0 {
						uleb(&j)
					}
					uleb(&j)
				case 3:
					j += 2
				}
			}
		case 10: // code
			j := start
			for n := uleb(&j); n > 0; n-- {
				before := j
				j += uleb(&j)
				bodies = append(bodies, j-before)
			}
		case 0: // custom: the name section's function names
			j := start
			l := uleb(&j)
			if string(m[j:j+l]) != "name" {
				break
			}
			j += l
			for j < end {
				sub := m[j]
				j++
				subEnd := uleb(&j)
				subEnd += j
				if sub == 1 {
					for n := uleb(&j); n > 0; n-- {
						idx := uleb(&j)
						l := uleb(&j)
						names[idx] = string(m[j : j+l])
						j += l
					}
				}
				j = subEnd
			}
		}
		i = end
	}
	if len(names) == 0 {
		return nil, nil, nil, errors.New("no name section: build without -s")
	}
	perPackage, perFunc = map[string]int{}, map[string]int{}
	for k, size := range bodies {
		name := names[imports+k]
		p := name
		if sm := pkgOf.FindStringSubmatch(name); sm != nil {
			p = sm[1]
		}
		perPackage[p] += size
		perFunc[name] += size
	}
	return sections, perPackage, perFunc, nil
}

// The budget of the module: what every browser downloads (gzipped, as
// servers send it) and every host compiles. It is stated in what users
// feel, the download, with room for correct code: a byte wall of 4,000,000
// had come to decide how code was written (DESIGN.md, size budgets).
const (
	budgetRaw  = 4_718_592 // 4.5 MiB
	budgetGzip = 1_258_291 // 1.2 MiB
)

// TestModuleWithinBudget fails when the module grows over its budget, so
// that the change that makes it grow is the one that has to pay for it.
func TestModuleWithinBudget(t *testing.T) {
	t.Parallel()
	if gz := gzipSize(moduleBytes); len(moduleBytes) > budgetRaw || gz > budgetGzip {
		t.Errorf("the module is %d bytes, %d gzipped; the budget is %d and %d (go test ./wasm -run '^$' -bench ModuleSize -v shows what it is made of)",
			len(moduleBytes), gz, budgetRaw, budgetGzip)
	}
}
