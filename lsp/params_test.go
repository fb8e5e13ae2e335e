package lsp

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/sourcegraph/jsonrpc2"
)

// TestHeldParamsReachTheHandlerIntact sends large messages through the
// stream's decoding as the connection does, and checks that the handler
// gets the params the client wrote, byte for byte, while what is not a
// well-formed request keeps the library's own reading.
func TestHeldParamsReachTheHandlerIntact(t *testing.T) {
	text := strings.Repeat("key: \"v\\u00e9\" # \u2028 </script> \\\\ \"mdscheck:held-params:1\"\n", 4000)
	quoted, _ := json.Marshal(text)
	params := `{"textDocument":{"uri":"file:///big.yaml","languageId":"yaml","version":1,"text":` + string(quoted) + `}}`
	var h heldParams
	for _, c := range []struct {
		name, body string
		held       bool
	}{
		{"notification", `{"jsonrpc":"2.0","method":"textDocument/didOpen","params":` + params + `}`, true},
		{"request, params first", `{"params":` + params + `,"jsonrpc":"2.0","id":"7","method":"x"}`, true},
		{"small", `{"jsonrpc":"2.0","method":"x","params":{"a":1}}`, false},
		{"a response", `{"jsonrpc":"2.0","id":1,"result":` + params + `}`, false},
		{"params not JSON", `{"jsonrpc":"2.0","method":"x","params":{"a":` + string(quoted) + ` 1}}`, false},
	} {
		body := h.hold([]byte(c.body))
		if held := len(body) < len(c.body); held != c.held {
			t.Errorf("%s: held %v, want %v", c.name, held, c.held)
			continue
		}
		if !c.held {
			continue
		}
		var req jsonrpc2.Request
		if err := json.Unmarshal(body, &req); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if got := h.take(*req.Params); string(got) != params {
			t.Errorf("%s: the handler got %d bytes of params, not the %d the client sent", c.name, len(got), len(params))
		}
		if again := h.take(*req.Params); len(again) > 100 {
			t.Errorf("%s: the params were given out twice", c.name)
		}
	}
}
