package secret

import (
	"slices"
	"testing"

	"github.com/mdscheck/mdscheck/core/document"
)

// TestKeyRefsNameKeys: in a workload, the key a secretKeyRef,
// configMapKeyRef or volume item reads is a key's name, not a secret,
// though OpenSearch calls a secret member key; a key elsewhere, and one
// that cannot be a key's name, still is.
func TestKeyRefsNameKeys(t *testing.T) {
	const src = `apiVersion: apps/v1
kind: Deployment
spec:
  template:
    spec:
      containers:
        - env:
            - name: A
              valueFrom:
                secretKeyRef: {name: logs, key: KAFKA_HOST}
            - name: B
              valueFrom:
                configMapKeyRef: {name: cfg, key: settings.json}
            - name: C
              valueFrom:
                secretKeyRef: {name: logs, key: "not a key: S3CRET-ONE"}
      volumes:
        - secret:
            secretName: logs
            items:
              - {key: KAFKA_CA_CERT, path: ca.pem}
        - configMap:
            name: cfg
            items:
              - {key: app.yaml, path: app.yaml}
  storage:
    key: S3CRET-TWO
    password: S3CRET-THREE
`
	d := document.Parse(src, document.Span{End: len(src)}, 0, document.DefaultLimits)
	v := New(d)
	v.StrayIn(d.Root)
	got := v.Texts()
	for _, name := range []string{"KAFKA_HOST", "settings.json", "KAFKA_CA_CERT", "app.yaml"} {
		if slices.Contains(got, name) {
			t.Errorf("the key name %q is taken for a secret", name)
		}
	}
	for _, s := range []string{"not a key: S3CRET-ONE", "S3CRET-TWO", "S3CRET-THREE"} {
		if !slices.Contains(got, s) {
			t.Errorf("the secret %q is not found; found %q", s, got)
		}
	}
}
