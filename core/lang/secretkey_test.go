package lang

import (
	"strings"
	"testing"

	"github.com/mdscheck/mdscheck/core/text"
)

// deployment is the head of a workload with one secretKeyRef, up to its
// key; the cases add the rest.
const deployment = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: api
  namespace: prod # where it runs
spec:
  template:
    spec:
      containers:
        - name: api
          env:
            - name: BROKER
              valueFrom:
                secretKeyRef:
`

// pod is the head of a Pod with one Secret volume, up to the members of
// its secret; the cases add them.
const pod = `apiVersion: v1
kind: Pod
metadata:
  name: api
  namespace: prod
spec:
  containers:
    - name: api
      volumeMounts:
        - name: certs
          mountPath: /certs
  volumes:
    - name: certs
      secret:
`

func TestSecretKeyAt(t *testing.T) {
	for _, c := range []struct {
		name, text string
		want       SecretKey // Range is checked against the word
		ok         bool
		word       string // what Range covers
	}{
		{"typing after the name", deployment + "                  name: \"logs\"\n                  key: KAF|\n",
			SecretKey{Secret: "logs", Namespace: "prod", Typed: "KAF"}, true, "KAF"},
		{"the name below, the rest of the word after the cursor", deployment + "                  key: KAF|KA_HOST\n                  name: logs\n",
			SecretKey{Secret: "logs", Namespace: "prod", Typed: "KAF"}, true, "KAFKA_HOST"},
		{"nothing typed yet, text that does not parse", deployment + "                  name: logs\n                  key: |\n  broken: [\n",
			SecretKey{Secret: "logs", Namespace: "prod"}, true, ""},
		{"no name yet", deployment + "                  key: |\n",
			SecretKey{Namespace: "prod"}, true, ""},
		{"the name of a sibling mapping is not the Secret's", deployment + "                  key: |\n              name: OTHER\n",
			SecretKey{Namespace: "prod"}, true, ""},
		{"the key of a configMapKeyRef", "kind: Pod\nspec:\n  containers:\n    - env:\n        - valueFrom:\n            configMapKeyRef:\n              name: c\n              key: |\n", SecretKey{}, false, ""},
		{"the name, not the key", deployment + "                  name: lo|\n", SecretKey{}, false, ""},
		{"a document without a namespace", "kind: Pod\nmetadata:\n  name: p\nspec:\n  containers:\n    - env:\n        - valueFrom:\n            secretKeyRef: \n              name: s\n              key: |\n",
			SecretKey{Secret: "s"}, true, ""},
		{"a volume's item, secretName above", pod + "          secretName: certs\n          items:\n            - path: ca.pem\n              key: KAFKA_C|\n",
			SecretKey{Secret: "certs", Namespace: "prod", Typed: "KAFKA_C"}, true, "KAFKA_C"},
		{"a volume's second item, secretName below", pod + "          items:\n            - key: KAFKA_CA_CERT\n              path: ca.pem\n            - key: |\n              path: key.pem\n          secretName: certs\n          optional: true\n",
			SecretKey{Secret: "certs", Namespace: "prod"}, true, ""},
		{"a volume's items not indented", pod + "          secretName: certs\n          items:\n          - key: |\n",
			SecretKey{Secret: "certs", Namespace: "prod"}, true, ""},
		{"the secretName of another volume is not this one's", pod + "          items:\n            - key: |\n    - name: other\n      secret:\n        secretName: other\n",
			SecretKey{Namespace: "prod"}, true, ""},
		{"a projected volume's items name their Secret otherwise", pod[:strings.LastIndex(pod, "secret:")] + "projected:\n          sources:\n            - secret:\n                name: certs\n                items:\n                  - key: |\n",
			SecretKey{}, false, ""},
		{"a volume item's path, not its key", pod + "          secretName: certs\n          items:\n            - path: |\n", SecretKey{}, false, ""},
	} {
		src, pos := at(c.text)
		got, ok := SecretKeyAt(src, pos, text.UTF16)
		if ok != c.ok {
			t.Errorf("%s: ok = %v", c.name, ok)
			continue
		}
		if !ok {
			continue
		}
		idx := text.NewIndex(src)
		word := src[idx.Offset(got.Range.Start, text.UTF16):idx.Offset(got.Range.End, text.UTF16)]
		got.Range = text.Range{}
		if got != c.want || word != c.word {
			t.Errorf("%s: got %+v over %q, want %+v over %q", c.name, got, word, c.want, c.word)
		}
	}
}

// TestSecretKeyAtInAStream reads the cursor's document only: the
// namespace and the name are those of the document the cursor is in.
func TestSecretKeyAtInAStream(t *testing.T) {
	other := "apiVersion: v1\nkind: Pod\nmetadata:\n  name: other\n  namespace: dev\n---\n"
	src, pos := at(other + deployment + "                  name: logs\n                  key: |\n")
	got, ok := SecretKeyAt(src, pos, text.UTF16)
	if !ok || got.Namespace != "prod" || got.Secret != "logs" || got.Range.Start.Line != pos.Line {
		t.Errorf("in the second document: %+v %v", got, ok)
	}
}
