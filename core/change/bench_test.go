package change

import (
	"strconv"
	"strings"
	"testing"
)

// BenchmarkCompare compares two streams of 200 OpenSearch manifests with
// a full ip_filter each, one member of every other one changed: the cost
// of --previous on a large repository, on top of the check.
//
//	go test ./core/change -run '^$' -bench Compare -benchmem
func BenchmarkCompare(b *testing.B) {
	var prev, cur strings.Builder
	for i := range 200 {
		var filter strings.Builder
		for j := range 100 {
			filter.WriteString("      - network: 10.0." + strconv.Itoa(j) + ".0/24\n")
		}
		spec := "  disk_space: 100GiB\n  userConfig:\n    ip_filter:\n" + filter.String()
		prev.WriteString(search("r"+strconv.Itoa(i), "  project: p\n"+spec) + "---\n")
		project := "p"
		if i%2 == 0 {
			project = "q"
		}
		cur.WriteString(search("r"+strconv.Itoa(i), "  project: "+project+"\n"+spec) + "---\n")
	}
	p, c := prev.String(), cur.String()
	b.SetBytes(int64(len(p) + len(c)))
	for b.Loop() {
		if got := Streams(p, c); len(got.Current[0].Findings) != 100 {
			b.Fatalf("%d findings, want 100", len(got.Current[0].Findings))
		}
	}
}
