package cross

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/mdscheck/mdscheck/core/document"
)

// streams are the files of testdata, each a stream of many documents.
func streams(t *testing.T) map[string]string {
	t.Helper()
	files, err := filepath.Glob("testdata/*/*.yaml")
	if err != nil || len(files) == 0 {
		t.Fatalf("no testdata: %v", err)
	}
	out := map[string]string{}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		out[f] = string(b)
	}
	return out
}

// TestAppend: the facts of each document read alone, appended in the
// stream's order, are the facts of the stream.
func TestAppend(t *testing.T) {
	for name, src := range streams(t) {
		var joined Facts
		for i, sp := range document.Split(src) {
			text := src[sp.Start:sp.End]
			joined.Append(ReadFacts(text), sp.Start, i)
		}
		if want := ReadFacts(src); !reflect.DeepEqual(&joined, want) {
			t.Errorf("%s: appended\n%+v\nwant\n%+v", name, joined, *want)
		}
	}
}
