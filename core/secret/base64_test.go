package secret

import (
	"encoding/base64"
	"testing"
)

// TestDecodeBase64 reads a Secret's data value as the cluster does, and as
// its author may have written it.
func TestDecodeBase64(t *testing.T) {
	const s = "pass~~~word>>>?"
	for _, enc := range []string{
		base64.StdEncoding.EncodeToString([]byte(s)),
		base64.RawStdEncoding.EncodeToString([]byte(s)),
		base64.URLEncoding.EncodeToString([]byte(s)),
		"cGFzc35+fndvcmQ+\n  Pj4/",
	} {
		if got, ok := decodeBase64(enc); !ok || got != s {
			t.Errorf("%q: %q %t, want %q", enc, got, ok, s)
		}
	}
	for _, enc := range []string{"", "not base64!", base64.StdEncoding.EncodeToString([]byte{0xff, 0xfe, 0x00})} {
		if got, ok := decodeBase64(enc); ok {
			t.Errorf("%q: decoded to %q, want no text", enc, got)
		}
	}
}
