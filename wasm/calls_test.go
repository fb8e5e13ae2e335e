package main

import (
	"strings"
	"testing"

	"github.com/mdscheck/mdscheck/core/text"
)

// These tests run natively: the call layer is plain Go, the same code the
// module runs.

func TestGuardTurnsPanicsIntoErrorObjects(t *testing.T) {
	t.Parallel()
	var nilMap map[string]int
	cases := []struct {
		name string
		fn   func() ([]byte, error)
		want string
	}{
		{"runtime error", func() ([]byte, error) { nilMap["x"] = 1; return nil, nil },
			`{"error":"internal error: assignment to entry in nil map"}`},
		{"other panic", func() ([]byte, error) { panic("password: hunter2") }, `{"error":"internal error"}`},
		{"error", func() ([]byte, error) { return nil, errString("opts: bad") }, `{"error":"opts: bad"}`},
		{"result", func() ([]byte, error) { return []byte(`[]`), nil }, `[]`},
	}
	for _, c := range cases {
		if got := string(guard(c.fn)); got != c.want {
			t.Errorf("%s: guard = %s, want %s", c.name, got, c.want)
		}
	}
}

type errString string

func (e errString) Error() string { return string(e) }

func TestEncodingFromOpts(t *testing.T) {
	t.Parallel()
	for opts, want := range map[int32]text.Encoding{0: text.UTF16, 1: text.UTF8, 2: text.UTF32} {
		if got, err := encoding(opts); err != nil || got != want {
			t.Errorf("encoding(%d) = %v, %v; want %v", opts, got, err, want)
		}
	}
	for opts, want := range map[int32]string{3: "position encoding 3", 4: "only bits 0-1", -1: "only bits 0-1", 1 << 8: "only bits 0-1"} {
		if _, err := encoding(opts); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("encoding(%d) error = %v, want %q", opts, err, want)
		}
	}
}
