package lsp

import "testing"

func TestTopLevelID(t *testing.T) {
	cases := []struct {
		msg     string
		id      string // "" for none
		request bool
	}{
		{`{"jsonrpc":"2.0","id":-1,"method":"x"}`, `-1`, true},
		{`{"method":"x","params":{"id":7,"s":"\"id\": 8"},"id":"a\"b"}`, `"a\"b"`, true},
		{` { "id" : 1.5e3 , "method":"x" } `, `1.5e3`, true},
		{`{"\u0069d":3,"method":"x"}`, `3`, true},
		{`{"id":1,"id":2,"method":"x"}`, `2`, true},
		{`{"id":4,"result":{"method":1}}`, `4`, false}, // the client's answer to the server
		{`{"method":"didOpen","params":{"text":"id: 1\\"}}`, ``, true},
		{`{"id":1,"method":`, ``, false},
		{`[{"id":1}]`, ``, false},
		{`{}`, ``, false},
	}
	for _, c := range cases {
		start, end, request := topLevelID([]byte(c.msg))
		id := ""
		if start >= 0 {
			id = c.msg[start:end]
		}
		if id != c.id || request != c.request && c.id != "" {
			t.Errorf("%s: id %q, request %t; want %q, %t", c.msg, id, request, c.id, c.request)
		}
	}
}

func TestRequestIDsRoundTrip(t *testing.T) {
	var ids requestIDs
	in := ids.incoming([]byte(`{"id":-7,"method":"x"}`))
	if string(in) != `{"id":"1","method":"x"}` {
		t.Fatalf("incoming: %s", in)
	}
	if out := ids.outgoing([]byte(`{"id":"1","result":null,"jsonrpc":"2.0"}`)); string(out) != `{"id":-7,"result":null,"jsonrpc":"2.0"}` {
		t.Errorf("outgoing: %s", out)
	}
	if len(ids.held) != 0 {
		t.Errorf("the id is still held after its response: %v", ids.held)
	}
	// The server's own requests and notifications pass untouched.
	for _, msg := range []string{`{"id":3,"jsonrpc":"2.0","method":"workspace/configuration"}`, `{"jsonrpc":"2.0","method":"x"}`} {
		if out := ids.outgoing([]byte(msg)); string(out) != msg {
			t.Errorf("outgoing changed %s to %s", msg, out)
		}
	}
}
