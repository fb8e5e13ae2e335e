package token

import (
	"strings"
	"testing"
)

// TestKeywordStarts holds New's shortcut (keywordStarts) to the keyword
// lists: a keyword starting otherwise would be read as a string.
func TestKeywordStarts(t *testing.T) {
	if len(reservedKeywordMap) < 19 {
		t.Fatalf("only %d reserved keywords", len(reservedKeywordMap))
	}
	for k := range reservedKeywordMap {
		if k == "" || strings.IndexByte(keywordStarts, k[0]) < 0 {
			t.Errorf("keyword %q starts with a byte missing from keywordStarts", k)
		}
	}
}
