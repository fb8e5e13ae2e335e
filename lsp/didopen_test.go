package lsp

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	protocol "github.com/tliron/glsp/protocol_3_16"
)

// didOpenSeeds are params the fast way takes and params it leaves to
// encoding/json: escapes, surrogates, invalid UTF-8, other members, a
// duplicate, a name in another case, a text that is no string.
var didOpenSeeds = []string{
	`{"textDocument":{"uri":"file:///a.yaml","languageId":"yaml","version":3,"text":"a: 1\nb: \"x\"\t\\ \/ \b\f\r \u00e9 \ud83d\ude00 \ud800 \udc00x \u0041"}}`,
	`{"textDocument":{"text":"kind: Kafka\n","version":1,"uri":"file:///b.yaml","languageId":"yaml"}}`,
	"{\"textDocument\":{\"uri\":\"u\",\"text\":\"\xff\xfe bad \xc3\x28 utf8 \xef\xbf\xbd\"}}",
	`{"textDocument":{"uri":"u","text":"control ` + "\x01" + ` char"}}`,
	`{"textDocument":{"uri":"u","text":"bad escape \q"}}`,
	`{"textDocument":{"uri":"u","text":"short \u12"}}`,
	`{"textDocument":{"uri":"u","text":"a","text":"b"}}`,
	`{"textDocument":{"uri":"u","TEXT":"upper","text":"lower"}}`,
	`{"textDocument":{"uri":"u","text":"lower","TEXT":"upper"}}`,
	`{"textDocument":{"uri":"u","text":42}}`,
	`{"textDocument":{"uri":"u","text":"x"},"extra":true}`,
	`{"textDocument":null}`,
	`{"textDocument":{"uri":"u","version":"not a number","text":"x"}}`,
	`{}`, `[]`, `"x"`, `{"textDocument":{"uri":"u","text":"unterminated}}`,
}

// TestDidOpenAsEncodingJSON holds decodeDidOpen to what encoding/json
// reads (glsp's way): the same params, or an error where it has one.
func TestDidOpenAsEncodingJSON(t *testing.T) {
	for _, s := range didOpenSeeds {
		sameAsEncodingJSON(t, s)
	}
	big := strings.Repeat("key: \"v\" # é 😀\n", 100000)
	q, _ := json.Marshal(big)
	sameAsEncodingJSON(t, `{"textDocument":{"uri":"file:///big.yaml","languageId":"yaml","version":1,"text":`+string(q)+`}}`)
}

func FuzzDidOpenAsEncodingJSON(f *testing.F) {
	for _, s := range didOpenSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) { sameAsEncodingJSON(t, s) })
}

func sameAsEncodingJSON(t *testing.T, params string) {
	t.Helper()
	var want protocol.DidOpenTextDocumentParams
	wantErr := json.Unmarshal([]byte(params), &want)
	got, err := decodeDidOpen(json.RawMessage(params))
	switch {
	case (err != nil) != (wantErr != nil):
		t.Errorf("%.80q: error %v, encoding/json's %v", params, err, wantErr)
	case err == nil && !reflect.DeepEqual(*got, want):
		t.Errorf("%.80q: read %+.80v, encoding/json %+.80v", params, *got, want)
	}
}
