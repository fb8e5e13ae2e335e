package lsp

import (
	"reflect"
	"strings"
	"testing"

	"github.com/mdscheck/mdscheck/core/cross"
)

// TestStreamFacts: the facts of a stream, read again after edits that
// change one document, add one, remove one and copy one, are the facts
// of the text read whole; a stream of many documents is read on every
// processor with the same result.
func TestStreamFacts(t *testing.T) {
	var b strings.Builder
	for f := range 4 {
		if f > 0 {
			b.WriteString("---\n")
		}
		b.WriteString(genFile(f)) // 84 documents: read in parallel
	}
	large := b.String()
	small := genFile(7)
	var c streamFacts
	for _, step := range []struct{ what, src string }{
		{"opened", small},
		{"a resource renamed", strings.Replace(small, "name: kafka-7-", "name: kafka-renamed-", 1)},
		{"a document added", small + "---\n" + genFile(8)},
		{"a document removed", small[strings.Index(small, "---\n")+4:]},
		{"a document twice", small + "---\n" + small},
		{"many documents", large},
		{"many documents, one changed", strings.Replace(large, "key: KAFKA_PORT", "key: KAFKA_PORTS", 1)},
	} {
		got, want := c.of(step.src), cross.ReadFacts(step.src)
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: the facts differ from the stream's read whole", step.what)
		}
		if len(want.Writers) == 0 || len(want.Reads) == 0 {
			t.Fatalf("%s: a stream with no facts proves nothing", step.what)
		}
	}
}
